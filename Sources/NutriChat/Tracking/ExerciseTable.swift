import Foundation
import NutriLanguage

/// Repetitions of a counted movement ("3 sets of 10 squats" → 30) and the seconds one takes.
public struct ExerciseRepetitions: Sendable, Equatable {
    public var count: Double
    public var secondsEach: Double
    /// The estimated minutes they take.
    public var minutes: Double { count * secondsEach / 60 }
}

/// One activity of `exercises.tsv`: its MET value and, when distance applies, a typical speed.
public struct ExerciseActivity: Sendable, Equatable {
    /// "running".
    public var name: String
    public var met: Double
    /// Typical speed in km/h, to turn a distance alone into a duration.
    public var typicalKmh: Double?
    /// The `exercise-speeds.tsv` table giving the MET at an actual speed.
    public var speedTable: String?
    /// The Compendium entry the MET comes from.
    public var compendium: String
}

/// Activities, their everyday names and MET-by-speed tables, from `Lexicon/exercises.tsv`,
/// `exercise-aliases.tsv` and `exercise-speeds.tsv`.
public struct ExerciseTable: Sendable {
    public private(set) var activities: [String: ExerciseActivity] = [:]
    var aliases = PhraseTable<String>()
    var speeds: [String: [(kmh: Double, met: Double)]] = [:]
    /// Counted movements and the seconds one repetition takes ("push ups" → 3), from `exercise-reps.tsv`.
    var repSeconds = PhraseTable<Double>()
    /// Words for repetitions ("reps") and for sets ("sets", "rounds").
    var repWords: Set<String> = []
    var setWords: Set<String> = []
    /// Phrases that say a distance or time was covered twice, out and back ("2 km each way").
    var eachWay = PhraseTable<Bool>()
    /// Words for laps ("laps", "lengths") and the meters of one lap by activity (`exercise-laps.tsv`).
    var lapWords: Set<String> = []
    var lapMeters: [String: Double] = [:]

    /// Loads the three files; a bad row throws a `DataFileError` naming `file:line`.
    public static func load(from lexicon: URL) throws -> ExerciseTable {
        var table = ExerciseTable()
        let speeds = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercise-speeds.tsv"), required: ["table", "kmh", "met"])
        for row in speeds.rows {
            let kmh = try row.double("kmh", file: speeds.file), met = try row.double("met", file: speeds.file)
            guard kmh >= 0, met > 0 else { throw DataFileError(file: speeds.file, line: row.line, reason: "speed and MET must be positive") }
            table.speeds[row["table"], default: []].append((kmh, met))
        }
        for key in table.speeds.keys { table.speeds[key]?.sort { $0.kmh < $1.kmh } }
        let file = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercises.tsv"),
                                required: ["activity", "met", "kmh", "speeds", "compendium"])
        for row in file.rows {
            let met = try row.double("met", file: file.file)
            let kmh = try row.optionalDouble("kmh", file: file.file)
            let speedTable = row["speeds"].isEmpty ? nil : row["speeds"]
            guard !row["activity"].isEmpty, met > 0, (kmh ?? 1) > 0, table.activities[row["activity"]] == nil else {
                throw DataFileError(file: file.file, line: row.line, reason: "bad or duplicate activity")
            }
            if let speedTable, table.speeds[speedTable] == nil {
                throw DataFileError(file: file.file, line: row.line, reason: "no speed table '\(speedTable)' in exercise-speeds.tsv")
            }
            table.activities[row["activity"]] = ExerciseActivity(name: row["activity"], met: met, typicalKmh: kmh,
                                                                 speedTable: speedTable, compendium: row["compendium"])
            table.aliases.insert(Self.key(row["activity"]), row["activity"])
        }
        let aliases = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercise-aliases.tsv"), required: ["phrase", "activity"])
        for row in aliases.rows {
            guard table.activities[row["activity"]] != nil else {
                throw DataFileError(file: aliases.file, line: row.line, reason: "unknown activity '\(row["activity"])'")
            }
            table.aliases.insert(Self.key(row["phrase"]), row["activity"])
        }
        let reps = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercise-reps.tsv"), required: ["phrase", "kind", "seconds", "source"])
        for row in reps.rows {
            let key = Self.key(row["phrase"])
            switch row["kind"] {
            case "movement":
                let seconds = try row.double("seconds", file: reps.file)
                let words = MeasureText.words(key)
                guard seconds > 0, table.aliases.match(words: words, at: 0)?.length == words.count else {
                    throw DataFileError(file: reps.file, line: row.line, reason: "a movement needs positive seconds and a phrase of exercise-aliases.tsv")
                }
                table.repSeconds.insert(key, seconds)
            case "rep": table.repWords.insert(key)
            case "set": table.setWords.insert(key)
            case "each-way": table.eachWay.insert(key, true)
            case "lap": table.lapWords.insert(key)
            default: throw DataFileError(file: reps.file, line: row.line, reason: "kind must be movement, rep, set, each-way or lap")
            }
        }
        let laps = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercise-laps.tsv"), required: ["activity", "meters", "source"])
        for row in laps.rows {
            let meters = try row.double("meters", file: laps.file)
            guard meters > 0, table.activities[row["activity"]] != nil else {
                throw DataFileError(file: laps.file, line: row.line, reason: "a lap needs positive meters and an activity of exercises.tsv")
            }
            table.lapMeters[row["activity"]] = meters
        }
        return table
    }

    /// A phrase as a message's words spell it ("push-ups" → "push ups").
    static func key(_ phrase: String) -> String {
        MeasureText.words(phrase).joined(separator: " ")
    }

    /// The first activity named in `words`, with the words it spans.
    public func activity(in words: [String]) -> (activity: ExerciseActivity, range: Range<Int>)? {
        guard let found = aliases.all(in: words).first, let activity = activities[found.value] else { return nil }
        return (activity, found.range)
    }

    /// The repetitions counted in `words` ("20 pushups", "3 sets of 10 squats", "50 reps of lunges") and the seconds
    /// one takes; nil without a counted movement right after a number.
    public func repetitions(in words: [String], numbers: [(index: Int, value: Double)]) -> ExerciseRepetitions? {
        for found in repSeconds.all(in: words) {
            var i = found.range.lowerBound - 1
            if i >= 0, words[i] == "of" { i -= 1 }
            if i >= 0, repWords.contains(words[i]) { i -= 1 }
            guard i >= 0, let reps = numbers.first(where: { $0.index == i })?.value else { continue }
            // "3 sets of 10", "3 rounds of 10": the number before a set word multiplies.
            var j = i - 1
            if j >= 0, words[j] == "of" { j -= 1 }
            var sets = 1.0
            if j >= 1, setWords.contains(words[j]), let count = numbers.first(where: { $0.index == j - 1 })?.value { sets = count }
            return ExerciseRepetitions(count: reps * sets, secondsEach: found.value)
        }
        return nil
    }

    /// The meters of the laps counted in `words` for `activity` ("swam 20 laps" → 500), nil without a count right
    /// before a lap word or without a lap length for the activity.
    public func lapDistance(in words: [String], numbers: [(index: Int, value: Double)], activity: ExerciseActivity) -> (meters: Double, written: String)? {
        guard let meters = lapMeters[activity.name] else { return nil }
        for (i, word) in words.enumerated() where i > 0 && lapWords.contains(word) {
            guard let count = numbers.first(where: { $0.index == i - 1 })?.value else { continue }
            return (count * meters, words[(i - 1)...i].joined(separator: " "))
        }
        return nil
    }

    /// Whether `words` name a counted movement anywhere ("crunches", "chin ups"), counted or not.
    public func namesMovement(_ words: [String]) -> Bool { !repSeconds.all(in: words).isEmpty }

    /// Whether `words` say the distance or time was each way of a trip out and back ("walked 2 km each way").
    public func saysEachWay(_ words: [String]) -> Bool { !eachWay.all(in: words).isEmpty }

    /// The MET of `activity`, or of its speed-table row when the actual speed is known.
    public func met(for activity: ExerciseActivity, kmh: Double?) -> Double {
        guard let kmh, let name = activity.speedTable, let rows = speeds[name], let first = rows.first else {
            return activity.met
        }
        return rows.last { $0.kmh <= kmh }?.met ?? first.met
    }

    /// The fastest speed in the activity's speed table, for plausibility checks.
    func fastest(for activity: ExerciseActivity) -> Double? {
        activity.speedTable.flatMap { speeds[$0]?.last?.kmh }
    }
}
