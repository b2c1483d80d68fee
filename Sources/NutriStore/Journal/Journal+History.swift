import Foundation
import GRDB

extension Journal {
    // MARK: - Recording

    /// Applies a step's changes and records it as the newest step of the history, in one transaction. Steps
    /// undone before are forgotten (a new change ends what redo could bring back). Returns the step with the
    /// ids of new rows filled in.
    @discardableResult
    public func record(_ step: HistoryStep) throws -> HistoryStep {
        try writer.write { db in try self.record(step, in: db) }
    }

    /// Logs the weight of `record.date` as one step, replacing that day's earlier weight in the same transaction;
    /// returns the step (the replaced weight, if any, is its deleted row).
    @discardableResult
    public func recordWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        try JournalRules.check(record)
        return try writer.write { db in
            let sameDay = WeightRecord.filter(WeightRecord.Columns.date == record.date)
            let previous = try sameDay.fetchFirstReadable(db, damaged: damage.record)
            // A damaged row of that day cannot be a step's "before"; the new weight replaces it.
            if previous == nil { try sameDay.deleteAll(db) }
            return try HistoryStep.weightLogged(record, replacing: previous) { try self.record($0, in: db) }
        }
    }

    /// Records `step` inside a write access: its rows follow the same rules as every other writer's (JournalRules),
    /// and the running day totals move along with its entries.
    private func record(_ step: HistoryStep, in db: Database) throws -> HistoryStep {
        for change in step.changes { if let after = change.after { try Self.check(after) } }
        let stamp = try changeStamp(db)
        for change in step.changes {
            if case .entry(let entry)? = change.after { try JournalRules.checkReference(entry.foodId, in: db) }
        }
        try db.cachedStatement(sql: "DELETE FROM historyStep WHERE undone = 1").execute()
        var applied = step
        applied.changes = try step.changes.map { change in
            var change = change
            if let after = change.after {
                change.after = try Self.write(after, in: db)
            } else if let before = change.before {
                try Self.remove(before, in: db)
            }
            return change
        }
        try db.cachedStatement(sql: "INSERT INTO historyStep(kind, summary, undone, createdAt) VALUES (?, ?, 0, ?)")
            .execute(arguments: [step.kind.rawValue, step.summary, Date()])
        let stepId = db.lastInsertedRowID
        // One statement for every change of the step (a log of several foods), compiled once per connection.
        let insertChange = try db.cachedStatement(sql: """
            INSERT INTO historyChange(historyStepId, tableName, rowId, before, after) VALUES (?, ?, ?, ?, ?)
            """)
        for change in applied.changes {
            guard let row = change.after ?? change.before, let rowId = row.id else { continue }
            try insertChange.execute(arguments: [stepId, row.tableName, rowId, try change.before.map { try $0.encoded() },
                                                 try change.after.map { try $0.encoded() }])
        }
        applied.id = stepId
        try recordChange(removed: applied.changes.compactMap { $0.before?.entry },
                         added: applied.changes.compactMap { $0.after?.entry }, since: stamp, db: db)
        return applied
    }

    // MARK: - Undo and redo

    /// Reverts the newest step not yet undone: rows it added are deleted, rows it changed or deleted come back as
    /// they were. Nil when there is nothing to undo.
    @discardableResult
    public func undoStep() throws -> HistoryStep? {
        try walk(undoing: true)
    }

    /// Applies again the oldest step undone (the one the last undo reverted). Nil when there is nothing to redo.
    @discardableResult
    public func redoStep() throws -> HistoryStep? {
        try walk(undoing: false)
    }

    /// Undo is redo with each change turned around (before and after swapped, last change first).
    private func walk(undoing: Bool) throws -> HistoryStep? {
        try writer.write { db in
            let stamp = try changeStamp(db)
            let which = undoing ? "undone = 0 ORDER BY id DESC" : "undone = 1 ORDER BY id ASC"
            guard let step = try Self.step(where: which, in: db), let id = step.id else { return nil }
            let changes = undoing ? step.changes.reversed().map { RowChange(before: $0.after, after: $0.before) } : step.changes
            // A step's rows were checked when recorded; one brought in some other way is refused like any write.
            for change in changes { if let after = change.after { try Self.check(after) } }
            for change in changes {
                if let after = change.after {
                    _ = try Self.write(after, in: db)
                } else if let before = change.before {
                    try Self.remove(before, in: db)
                }
            }
            try db.execute(sql: "UPDATE historyStep SET undone = ? WHERE id = ?", arguments: [undoing, id])
            try recordChange(removed: changes.compactMap { $0.before?.entry }, added: changes.compactMap { $0.after?.entry },
                             since: stamp, db: db)
            return step
        }
    }

    /// The newest step not undone, if any (what `undo` would revert).
    public func lastStep() throws -> HistoryStep? {
        try read { db in try Self.step(where: "undone = 0 ORDER BY id DESC", in: db) }
    }

    // MARK: - Rows

    /// Refuses a row no writer may store: the journal's rules for each kind of row.
    private static func check(_ row: HistoryRow) throws { try row.check() }

    /// Checks a `historyChange` row of an import candidate: its copies of rows decode and follow the rules, so undo
    /// and redo can never write what no writer may.
    static func checkHistoryChange(_ row: Row) throws {
        let table = String.fromDatabaseValue(row["tableName"] as DatabaseValue) ?? ""
        for column in ["before", "after"] {
            if let copy = try HistoryRow.decoded(String.fromDatabaseValue(row[column] as DatabaseValue), table: table) { try check(copy) }
        }
    }

    /// `tail` is one of the fixed clauses above, never text from outside.
    private static func step(where tail: String, in db: Database) throws -> HistoryStep? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, kind, summary FROM historyStep WHERE " + tail + " LIMIT 1")
        else { return nil }
        let id: Int64 = row["id"]
        let kindName: String = row["kind"]
        guard let kind = HistoryStep.Kind(rawValue: kindName) else {
            throw StoreError.invalidValue("history step \(id) has an unknown kind '\(kindName)'")
        }
        let changes = try Row.fetchAll(db, sql: """
            SELECT tableName, before, after FROM historyChange WHERE historyStepId = ? ORDER BY id
            """, arguments: [id]).map { change -> RowChange in
                let table: String = change["tableName"]
                return RowChange(before: try HistoryRow.decoded(change["before"], table: table),
                                 after: try HistoryRow.decoded(change["after"], table: table))
            }
        return HistoryStep(id: id, kind: kind, summary: row["summary"], changes: changes)
    }

    /// Saves a row (updating it when its id exists, inserting it otherwise) and returns it with its id.
    private static func write(_ row: HistoryRow, in db: Database) throws -> HistoryRow {
        switch row {
        case .entry(var record) where record.id == nil: try insert(&record, in: db); return .entry(record)
        case .entry(var record): try record.save(db); return .entry(record)
        case .water(var record): try record.save(db); return .water(record)
        case .weight(var record): try record.save(db); return .weight(record)
        case .exercise(var record): try record.save(db); return .exercise(record)
        }
    }

    /// Inserts a new entry through one statement compiled once per connection, storing what the record's own
    /// `insert` stores: the columns and values come from the record's encoding (`databaseDictionary`, the nutrients
    /// as its JSON, the time as GRDB's date text), so a new column needs no change here. A logged food is the most
    /// frequent write, and the record's `insert` first reads the table's columns and primary key into the
    /// connection's schema cache, which the server's journals, opened for a request or two, never keep for long.
    private static func insert(_ entry: inout JournalEntry, in db: Database) throws {
        let values = try entry.databaseDictionary.filter { $0.key != "id" }.sorted { $0.key < $1.key }
        let columns = values.map { "\"\($0.key)\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try db.cachedStatement(sql: "INSERT INTO \(JournalEntry.databaseTableName)(\(columns)) VALUES (\(marks))")
            .execute(arguments: StatementArguments(values.map(\.value)))
        entry.id = db.lastInsertedRowID
    }

    private static func remove(_ row: HistoryRow, in db: Database) throws {
        guard let id = row.id else { return }
        switch row {
        case .entry: _ = try JournalEntry.deleteOne(db, key: id)
        case .water: _ = try WaterRecord.deleteOne(db, key: id)
        case .weight: _ = try WeightRecord.deleteOne(db, key: id)
        case .exercise: _ = try ExerciseRecord.deleteOne(db, key: id)
        }
    }
}
