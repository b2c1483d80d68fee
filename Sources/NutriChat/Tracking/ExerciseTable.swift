import Foundation
import NutriLanguage

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
