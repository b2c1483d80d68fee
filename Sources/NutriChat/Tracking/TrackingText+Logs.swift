import Foundation
import NutriLanguage
import NutriStore

extension TrackingText {
    // MARK: - Weight

    func weightLogged(_ kg: Double, date: String, today: String, statedOther: Bool, replaced: WeightRecord?) -> String {
        let when = date == today ? "today" : date
        var text = "Logged your weight for \(when): \(weight(kg))\(statedOther ? " (\(otherWeight(kg)))" : "")."
        if let replaced, abs(replaced.kilograms - kg) >= 0.05 { text += " It replaces \(weight(replaced.kilograms)) logged earlier that day." }
        return text
    }

    func weightTrend(_ trend: WeightTrend) -> String {
        guard let latest = trend.latest else { return "" }
        var text = ""
        if trend.points.count >= 2 { text += " 7-day average: \(weight(latest.average))." }
        if let change = trend.changePerWeekKg {
            let weeks = max(1, Int((Double(trend.spanDays) / 7).rounded()))
            let direction = abs(change) < 0.05 ? "steady" : change < 0 ? "down \(weight(-change)) a week" : "up \(weight(change)) a week"
            text += " Trend: \(direction) over the last \(weeks) week\(weeks == 1 ? "" : "s")."
        }
        return text
    }

    /// After a weight given without a unit: which unit it was read in.
    func bareWeight(_ value: Double) -> String {
        units == .imperial
            ? " (I read \(Self.decimal(value)) as pounds; say \"\(Self.decimal(value)) kg\" if you meant kilograms.)"
            : " (I read \(Self.decimal(value)) as kilograms; say \"\(Self.decimal(value)) lb\" if you meant pounds.)"
    }

    func toTarget(current: Double, target: Double) -> String {
        let gap = current - target
        if abs(gap) < 0.1 { return " You've reached your target of \(weight(target))!" }
        return " \(weight(abs(gap))) to go to your target of \(weight(target))."
    }

    /// "down 2 lb" with no weight logged yet.
    func changeWithoutWeight(_ change: String, down: Bool) -> String {
        "\(down ? "Down" : "Up") \(change) from what? I have no weight logged yet — tell me your current weight, e.g. \"I weigh 80 kg\". Nothing changed."
    }

    /// " That's 2 pounds down from 75.7 kg on 2026-11-14."
    func changeFrom(_ last: WeightRecord, by change: String, down: Bool, today: String) -> String {
        " That's \(change) \(down ? "down" : "up") from \(weight(last.kilograms))\(last.date == today ? " earlier today" : " on \(last.date)")."
    }

    var weightMissing: String { "What do you weigh? e.g. \"I weigh 80 kg\" or \"I weigh 176 lb\"." }
    var noWeights: String { "You haven't logged a weight yet. Say e.g. \"I weigh 80 kg\"." }

    func weightDeleted(_ record: WeightRecord) -> String { "Deleted your weight for \(record.date) (\(weight(record.kilograms)))." }
    func noWeight(on date: String) -> String { "There's no weight logged for \(date)." }

    func weightUndone(restored: WeightRecord?) -> String {
        guard let restored else { return "Removed the weight you just logged." }
        return "Put back your earlier weight for \(restored.date): \(weight(restored.kilograms))."
    }

    func weightSummary(_ trend: WeightTrend, chart: [String], target: Double?) -> String {
        guard let latest = trend.latest else { return noWeights }
        var text = "Your latest weight: \(weight(latest.kilograms)) on \(latest.date)." + weightTrend(trend)
        if let target { text += toTarget(current: latest.kilograms, target: target) }
        if !chart.isEmpty { text += "\n" + chart.joined(separator: "\n") }
        return text
    }

    // MARK: - Exercise

    /// "Logged running: 5 km in 30 min — 343 kcal (MET …). Logged yoga: 30 min — 89 kcal (MET …). Exercise today:
    /// 432 kcal.", with one note when the body weight was assumed.
    func exercisesLogged(_ logged: [(record: ExerciseRecord, reading: ExerciseReading)], dayTotal: Double, date: String,
                         today: String) -> String {
        // The day is said once, in the first line ("Logged running on 2026-11-26: …. Logged yoga: …").
        var text = logged.enumerated().map { index, log in
            exerciseLine(log.record, reading: log.reading, date: index == 0 ? date : today, today: today)
        }.joined(separator: " ")
        text += " Exercise \(date == today ? "today" : "that day"): \(Self.kcal(dayTotal))."
        if logged.contains(where: \.record.weightAssumed) { text += Self.assumedWeightNote }
        return text
    }

    /// "Logged running: 5 km in 30 min — 343 kcal (MET 9.8 × 70 kg × 0.5 h)."
    private func exerciseLine(_ record: ExerciseRecord, reading: ExerciseReading, date: String, today: String) -> String {
        "Logged \(record.activity)\(date == today ? "" : " on \(date)"): \(exerciseAmount(reading)) — \(Self.kcal(record.kcal)) \(metWorking(record.met, weightKg: record.bodyWeightKg, minutes: record.minutes))."
    }

    /// "Running 5 km, about 31 min at a typical 9.7 km/h, burns about 354 kcal (MET 9.8 × 70 kg × 0.52 h). Nothing
    /// logged — tell me when you've done it.": the answer to "how many calories does running 5 km burn".
    func burnEstimate(_ reading: ExerciseReading, weightKg: Double, weightAssumed: Bool) -> String {
        let kcal = (reading.kcal(weightKg: weightKg) * 10).rounded() / 10
        var text = "\(reading.activity.name.prefix(1).uppercased() + reading.activity.name.dropFirst()), \(exerciseAmount(reading)), burns about \(Self.kcal(kcal)) \(metWorking(reading.met, weightKg: weightKg, minutes: reading.minutes)). Nothing logged — tell me when you've done it."
        if weightAssumed { text += Self.assumedWeightNote }
        return text
    }

    static let assumedWeightNote = " I used 70 kg for your weight since I don't know it yet — tell me \"I weigh …\" for a better estimate."

    /// "5 km, about 31 min at a typical 9.7 km/h", "5 km in 30 min", "20 reps, about 1 min (estimated at 3 s a rep)".
    private func exerciseAmount(_ reading: ExerciseReading) -> String {
        if let km = reading.distanceKm {
            return reading.durationFromDistance
                ? "\(distance(km)), about \(Self.minutes(reading.minutes)) at a typical \(speed(reading.activity.typicalKmh ?? 0))"
                : "\(distance(km)) in \(Self.minutes(reading.minutes))"
        } else if let reps = reading.repetitions {
            let time = reading.minutes < 1 ? "\(Self.decimal(reading.minutes * 60, 0)) s" : Self.minutes(reading.minutes)
            return "\(Self.decimal(reps.count, 0)) reps, about \(time) (estimated at \(Self.decimal(reps.secondsEach)) s a rep)"
        }
        return Self.minutes(reading.minutes)
    }

    /// "(MET 9.8 × 70 kg × 0.5 h)".
    private func metWorking(_ met: Double, weightKg: Double, minutes: Double) -> String {
        "(MET \(Self.decimal(met)) × \(Self.decimal(weightKg)) kg × \(Self.decimal(minutes / 60, 2)) h)"
    }

    func exerciseProblem(_ problem: ExerciseReading.Problem) -> String {
        switch problem {
        case .noActivity:
            return "I didn't recognise the activity. Try e.g. \"ran 5 km\", \"30 minutes of yoga\" or \"cycled for an hour\"."
        case .noAmount(let activity):
            return askExerciseAmount(activity)
        case .distanceOnly(let activity):
            return "How long was the \(activity.name)? Distance doesn't tell me much there — e.g. \"30 minutes of \(activity.name)\"."
        case .badDuration(let minutes, let written):
            return Self.refused(written, negative: minutes < 0, kind: "time", fallback: Self.minutes(max(0, minutes)))
                + " — I take up to 24 hours for one exercise. Nothing logged."
        case .badDistance(let km, let written):
            return Self.refused(written, negative: km < 0, kind: "distance", fallback: distance(max(0, km)))
                + " — I take up to 300 km for one exercise. Nothing logged."
        case .tooFast(let activity, let kmh):
            return "That's \(speed(kmh)) — too fast for \(activity.name). Check the distance and time? Nothing logged."
        }
    }

    /// The start of a refusal naming the amount as the person typed it: "A distance can't be negative (-5 km)",
    /// "1e308 km doesn't look right".
    static func refused(_ written: String, negative: Bool, kind: String, fallback: String) -> String {
        let said = written.isEmpty ? fallback : written
        return negative ? "A \(kind) can't be negative (\(said))" : "\(said) doesn't look right"
    }

    /// Water that cannot be right: a negative, endless or more-than-20-litre amount, named as typed.
    func waterRefused(_ measure: MeasureText.Measure) -> String {
        Self.refused(measure.written, negative: measure.amount < 0, kind: "drink", fallback: "That amount")
            + " — I take up to 20 litres of water at a time. Nothing logged."
    }

    func askExerciseAmount(_ activity: ExerciseActivity) -> String {
        activity.typicalKmh == nil
            ? "How long was the \(activity.name)? e.g. \"45 minutes\""
            : "How long or how far was the \(activity.name)? e.g. \"45 minutes\" or \"\(units == .imperial ? "3 miles" : "5 km")\""
    }

    func exerciseUndone(_ records: [ExerciseRecord]) -> String {
        "Removed \(Self.list(records.map { "\($0.activity) (\(Self.kcal($0.kcal)))" }))."
    }

    // MARK: - Preferences

    /// "vegetarian", "allergic to peanuts", "intolerant to lactose", "you don't eat pork".
    static func describe(_ kind: PreferenceRecord.Kind, _ text: String) -> String {
        switch kind {
        case .diet: return "you're \(text)"
        case .allergy: return "you're allergic to \(text)"
        case .intolerance: return "you're intolerant to \(text)"
        case .avoid: return "you don't eat \(text)"
        }
    }

    func preferencesSaved(_ items: [PreferenceStatement.Item], replacedDiets: [String]) -> String {
        var kinds: [PreferenceRecord.Kind] = []
        for item in items where !kinds.contains(item.kind) { kinds.append(item.kind) }
        let described = kinds.map { kind in Self.describe(kind, Self.list(items.filter { $0.kind == kind }.map(\.text))) }
        var text = "Noted: " + Self.list(described) + "."
        if !replacedDiets.isEmpty { text += " (Instead of \(Self.list(replacedDiets)).)" }
        return text + " I'll mention it gently if something you log looks like it conflicts."
    }

    func preferencesRemoved(_ removed: [PreferenceRecord], missing: [String]) -> String {
        var parts: [String] = []
        if !removed.isEmpty { parts.append("Removed: " + Self.list(removed.map { Self.describe($0.kind, $0.text) }) + ".") }
        if !missing.isEmpty { parts.append("I had nothing saved about \(Self.list(missing)).") }
        return parts.joined(separator: " ")
    }

    func preferences(_ records: [PreferenceRecord]) -> String {
        guard !records.isEmpty else {
            return "You haven't told me any food preferences. You can say e.g. \"I'm vegetarian\", \"I'm allergic to peanuts\" or \"I don't eat pork\"."
        }
        let list = records.map { Self.describe($0.kind, $0.text) }
        let example = records.last.map { $0.kind == .diet ? "I'm not \($0.text) anymore" : $0.kind == .avoid ? "I eat \($0.text) again" : "remove my \($0.item) \($0.kind == .allergy ? "allergy" : "intolerance")" } ?? ""
        return "Your food preferences: " + list.joined(separator: "; ") + ". To remove one, say e.g. \"\(example)\"."
    }

    func conflict(_ entryText: String, _ preference: PreferenceRecord) -> String {
        switch preference.kind {
        case .diet: return "Note: \(entryText) may not be \(preference.text)."
        case .allergy: return "Heads-up: \(entryText) may contain \(preference.text), which you're allergic to."
        case .intolerance: return "Heads-up: \(entryText) may contain \(preference.text), which you said you don't tolerate."
        case .avoid: return "Note: \(entryText) looks like it has \(preference.text) in it, which you said you don't eat."
        }
    }
}
