import Foundation
import NutriLanguage

/// What "ran 5 km", "30 minutes of yoga" or "cycled for an hour" says: the activity, how long, how far, and the MET.
public struct ExerciseReading: Sendable, Equatable {
    public var activity: ExerciseActivity
    public var minutes: Double
    public var distanceKm: Double?
    /// Whether the duration was worked out from the distance at the activity's typical speed.
    public var durationFromDistance: Bool
    /// The repetitions counted when the duration was estimated from them ("did 20 pushups"), and the seconds each.
    public var repetitions: ExerciseRepetitions?
    /// The MET used: the activity's, or the one for the actual speed.
    public var met: Double

    /// Why a message could not be read as exercise.
    public enum Problem: Error, Equatable {
        /// No known activity ("I did some exercise").
        case noActivity
        /// An activity with neither a time nor (for distance sports) a distance.
        case noAmount(ExerciseActivity)
        /// A distance for an activity where distance does not apply ("5 km of yoga").
        case distanceOnly(ExerciseActivity)
        /// A duration that is zero, negative, endless or longer than a day, with the words that stated it.
        case badDuration(minutes: Double, written: String)
        /// A distance that is zero, negative or beyond anyone's day (over 300 km), with the words that stated it.
        case badDistance(km: Double, written: String)
        /// Distance and time that imply an impossible speed.
        case tooFast(ExerciseActivity, kmh: Double)
    }

    /// The minutes one exercise may last: more than none, up to a day.
    public static let minutesPerExercise = Double.leastNonzeroMagnitude...1440
    /// The kilometers one exercise may cover: more than none, up to 300 km.
    public static let kilometersPerExercise = Double.leastNonzeroMagnitude...300

    /// Reads an exercise from a phrase with the activity table.
    public static func read(_ phrase: MeasureText, table: ExerciseTable) -> Result<ExerciseReading, Problem> {
        guard let (activity, _) = table.activity(in: phrase.words) else { return .failure(.noActivity) }
        let duration = DurationReader.stated(in: phrase)
        // "swam 20 laps": a count of laps is a distance when the activity has a lap length (exercise-laps.tsv).
        let distance: (amount: Double, written: String)? = DistanceReader.stated(in: phrase).map { ($0.amount, $0.written) }
            ?? table.lapDistance(in: phrase.words, numbers: phrase.bareNumbers, activity: activity).map { ($0.meters, $0.written) }
        // "walked 2 km each way", "20 minutes each way": out and back, twice the amount said.
        let ways = table.saysEachWay(phrase.words) ? 2.0 : 1
        let minutes = duration.map { $0.amount * ways }
        let km = distance.map { $0.amount / 1000 * ways }
        // The amounts keep their sign and size ("-5 km", "1e308 km"), so nothing absurd is logged as something else.
        if let duration, !minutesPerExercise.contains(duration.amount) {
            return .failure(.badDuration(minutes: duration.amount, written: duration.written))
        }
        if let km, !kilometersPerExercise.contains(km) { return .failure(.badDistance(km: km, written: distance?.written ?? "")) }
        switch (minutes, km) {
        case let (minutes?, km?):
            let kmh = km / (minutes / 60)
            if let fastest = table.fastest(for: activity), kmh > fastest * 1.5 { return .failure(.tooFast(activity, kmh: kmh)) }
            if activity.typicalKmh == nil, kmh > 60 { return .failure(.tooFast(activity, kmh: kmh)) }
            return .success(ExerciseReading(activity: activity, minutes: minutes, distanceKm: km, durationFromDistance: false,
                                            met: table.met(for: activity, kmh: kmh)))
        case let (minutes?, nil):
            return .success(ExerciseReading(activity: activity, minutes: minutes, distanceKm: nil, durationFromDistance: false,
                                            met: activity.met))
        case let (nil, km?):
            guard let kmh = activity.typicalKmh else { return .failure(.distanceOnly(activity)) }
            let minutes = km / kmh * 60
            guard minutes <= minutesPerExercise.upperBound else { return .failure(.badDistance(km: km, written: distance?.written ?? "")) }
            return .success(ExerciseReading(activity: activity, minutes: minutes, distanceKm: km, durationFromDistance: true,
                                            met: activity.met))
        case (nil, nil):
            guard let reps = table.repetitions(in: phrase.words, numbers: phrase.bareNumbers) else { return .failure(.noAmount(activity)) }
            guard minutesPerExercise.contains(reps.minutes) else {
                return .failure(.badDuration(minutes: reps.minutes, written: "\(TrackingText.decimal(reps.count)) repetitions"))
            }
            var reading = ExerciseReading(activity: activity, minutes: reps.minutes, distanceKm: nil, durationFromDistance: false,
                                          met: activity.met)
            reading.repetitions = reps
            return .success(reading)
        }
    }

    /// Energy burned by a person of `weightKg`: MET × kg × hours.
    public func kcal(weightKg: Double) -> Double {
        EnergyFormulas.exerciseKcal(met: met, weightKg: weightKg, minutes: minutes)
    }
}
