import Foundation

/// A row of the journal that a history step can touch: a food entry, a water record, a weight or an exercise.
public enum HistoryRow: Sendable, Equatable {
    case entry(JournalEntry)
    case water(WaterRecord)
    case weight(WeightRecord)
    case exercise(ExerciseRecord)

    /// The table the row lives in, as `historyChange.tableName` stores it.
    public var tableName: String {
        switch self {
        case .entry: return JournalEntry.databaseTableName
        case .water: return WaterRecord.databaseTableName
        case .weight: return WeightRecord.databaseTableName
        case .exercise: return ExerciseRecord.databaseTableName
        }
    }

    /// The row's id; nil for a row not yet saved.
    public var id: Int64? {
        switch self {
        case .entry(let row): return row.id
        case .water(let row): return row.id
        case .weight(let row): return row.id
        case .exercise(let row): return row.id
        }
    }

    /// The food entry, when the row is one.
    public var entry: JournalEntry? {
        if case .entry(let row) = self { return row }
        return nil
    }
}

extension HistoryRow {
    /// Refuses a row no writer may store: the journal's rules for each kind of row.
    public func check() throws {
        switch self {
        case .entry(let entry): try JournalRules.check(entry)
        case .water(let water): try JournalRules.check(water)
        case .weight(let weight): try JournalRules.check(weight)
        case .exercise(let exercise): try JournalRules.check(exercise)
        }
    }

    /// The row as the history keeps it (JSON with sorted keys), the same on every store.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data: Data
        switch self {
        case .entry(let record): data = try encoder.encode(record)
        case .water(let record): data = try encoder.encode(record)
        case .weight(let record): data = try encoder.encode(record)
        case .exercise(let record): data = try encoder.encode(record)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A row read back from the history's copy of it in `table`; nil for no copy.
    public static func decoded(_ text: String?, table: String) throws -> HistoryRow? {
        guard let text else { return nil }
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        switch table {
        case JournalEntry.databaseTableName: return .entry(try decoder.decode(JournalEntry.self, from: data))
        case WaterRecord.databaseTableName: return .water(try decoder.decode(WaterRecord.self, from: data))
        case WeightRecord.databaseTableName: return .weight(try decoder.decode(WeightRecord.self, from: data))
        case ExerciseRecord.databaseTableName: return .exercise(try decoder.decode(ExerciseRecord.self, from: data))
        default: throw StoreError.invalidValue("history change of an unknown table '\(table)'")
        }
    }
}

/// How one row changed: as it was (nil for a new row) and as it became (nil for a deleted row).
public struct RowChange: Sendable, Equatable {
    public var before: HistoryRow?
    public var after: HistoryRow?

    /// Creates a change; at least one side should be set.
    public init(before: HistoryRow?, after: HistoryRow?) {
        self.before = before
        self.after = after
    }

    /// A new row.
    public static func added(_ row: HistoryRow) -> RowChange { RowChange(before: nil, after: row) }
    /// A deleted row.
    public static func deleted(_ row: HistoryRow) -> RowChange { RowChange(before: row, after: nil) }
}

/// One step of the undo history: everything one message (or one `diary` command) changed.
public struct HistoryStep: Sendable, Equatable {
    /// What kind of change the step was.
    public enum Kind: String, Sendable, Codable {
        case log, correct, delete, move
    }

    public var id: Int64?
    public var kind: Kind
    /// Words for the reply after undo or redo ("2 cups rice, a banana").
    public var summary: String
    public var changes: [RowChange]

    /// Creates a step to record.
    public init(id: Int64? = nil, kind: Kind, summary: String, changes: [RowChange]) {
        self.id = id
        self.kind = kind
        self.summary = summary
        self.changes = changes
    }

    /// The entries as the step left them (new and changed ones; not deleted ones).
    public var entriesAfter: [JournalEntry] { changes.compactMap { $0.after?.entry } }
    /// The entries as they were before the step (changed and deleted ones; not new ones).
    public var entriesBefore: [JournalEntry] { changes.compactMap { $0.before?.entry } }
}

extension HistoryStep {
    /// Logs `record` as its day's weight in one step through `apply` (a store's recorder), the day's earlier weight
    /// `previous` as the step's deleted row; returns the weight saved and the one it replaced.
    public static func weightLogged(_ record: WeightRecord, replacing previous: WeightRecord?,
                                    apply: (HistoryStep) throws -> HistoryStep) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        var fresh = record
        fresh.id = nil
        let changes = (previous.map { [RowChange.deleted(.weight($0))] } ?? []) + [.added(.weight(fresh))]
        let step = try apply(HistoryStep(kind: .log, summary: "weight", changes: changes))
        guard case .weight(let saved)? = step.changes.last?.after else { return (fresh, previous) }
        return (saved, previous)
    }
}
