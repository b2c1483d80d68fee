import Foundation
import NutriStore
import PostgresNIO

/// The undo history of one account in PostgreSQL, as the SQLite journal keeps it: a step's changes and the step
/// itself are written in one transaction, and undo or redo writes a step's copies of its rows back whole. The
/// account's history writes take turns (an advisory lock to the end of the transaction), so two servers never
/// undo the same step twice or interleave two steps.
extension PostgresJournalStore {
    typealias Run = (PostgresQuery) throws -> [PostgresRow]

    public func record(_ step: HistoryStep) throws -> HistoryStep {
        try checkRows(step.changes.compactMap(\.after))
        return try session.transaction { run in try self.record(step, run: run) }
    }

    public func recordWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        try JournalRules.check(record)
        return try session.transaction { run in
            try self.takeHistoryTurn(run)
            let previous = try run("""
                SELECT id, date, kilograms, text, created_at FROM journal_weight
                WHERE account_id = \(accountID) AND date = \(record.date) ORDER BY id LIMIT 1
                """).map(Self.weight).first
            return try HistoryStep.weightLogged(record, replacing: previous) { try self.record($0, run: run) }
        }
    }

    public func undoStep() throws -> HistoryStep? { try walk(undoing: true) }

    public func redoStep() throws -> HistoryStep? { try walk(undoing: false) }

    public func lastStep() throws -> HistoryStep? {
        try step(where: "NOT undone ORDER BY id DESC", run: { try self.session.rows($0) })
    }

    /// Undo is redo with each change turned around (before and after swapped, last change first).
    private func walk(undoing: Bool) throws -> HistoryStep? {
        try session.transaction { run in
            try self.takeHistoryTurn(run)
            let which = undoing ? "NOT undone ORDER BY id DESC" : "undone ORDER BY id ASC"
            guard let step = try self.step(where: which, run: run), let id = step.id else { return nil }
            let changes = undoing ? step.changes.reversed().map { RowChange(before: $0.after, after: $0.before) } : step.changes
            // A step's rows were checked when recorded; the rules are asked again, as every writer asks them.
            for change in changes { if let after = change.after { try after.check() } }
            for change in changes {
                if let after = change.after {
                    _ = try self.write(after, run: run)
                } else if let before = change.before {
                    try self.remove(before, run: run)
                }
            }
            _ = try run("UPDATE journal_history_step SET undone = \(undoing) WHERE id = \(id) AND account_id = \(self.accountID)")
            return step
        }
    }

    /// Records `step` inside a transaction: forgets the steps undone, applies the changes, then keeps the step.
    private func record(_ step: HistoryStep, run: Run) throws -> HistoryStep {
        try takeHistoryTurn(run)
        _ = try run("DELETE FROM journal_history_step WHERE account_id = \(accountID) AND undone")
        var applied = step
        applied.changes = try step.changes.map { change in
            var change = change
            if let after = change.after {
                change.after = try write(after, run: run)
            } else if let before = change.before, try !remove(before, run: run) {
                // Undo would put the row back: it must be one of this account's.
                throw StoreError.invalidValue("there is no \(before.tableName) \(before.id ?? 0) in this journal")
            }
            return change
        }
        guard let stepID = try run("""
            INSERT INTO journal_history_step (account_id, kind, summary, undone, created_at)
            VALUES (\(accountID), \(step.kind.rawValue), \(step.summary), false, \(Date())) RETURNING id
            """).first?.decode(Int64.self) else { throw StoreError.invalidValue("the history step was not saved") }
        for change in applied.changes {
            guard let row = change.after ?? change.before, let rowID = row.id else { continue }
            _ = try run("""
                INSERT INTO journal_history_change (step_id, table_name, row_id, before, after)
                VALUES (\(stepID), \(row.tableName), \(rowID), \(try change.before?.encoded()), \(try change.after?.encoded()))
                """)
        }
        applied.id = stepID
        return applied
    }

    /// The rules every writer asks, and for entries that a custom food or recipe they name was handed out here.
    private func checkRows(_ rows: [HistoryRow]) throws {
        for row in rows {
            if case .entry(let entry) = row { try check(entry) } else { try row.check() }
        }
    }

    /// Waits for this account's other history writers; the lock is held to the end of the transaction.
    private func takeHistoryTurn(_ run: Run) throws {
        _ = try run("SELECT pg_advisory_xact_lock(1702, \(Int32(truncatingIfNeeded: accountID % 2_147_483_647)))")
    }

    /// `tail` is one of the fixed clauses above, never text from outside.
    private func step(where tail: String, run: Run) throws -> HistoryStep? {
        guard let row = try run("""
            SELECT id, kind, summary FROM journal_history_step WHERE account_id = \(accountID) AND \(unescaped: tail) LIMIT 1
            """).first else { return nil }
        let (id, kindName, summary) = try row.decode((Int64, String, String).self)
        guard let kind = HistoryStep.Kind(rawValue: kindName) else {
            throw StoreError.invalidValue("history step \(id) has an unknown kind '\(kindName)'")
        }
        let changes = try run("""
            SELECT table_name, before, after FROM journal_history_change WHERE step_id = \(id) ORDER BY id
            """).map { change -> RowChange in
            let (table, before, after) = try change.decode((String, String?, String?).self)
            return RowChange(before: try HistoryRow.decoded(before, table: table), after: try HistoryRow.decoded(after, table: table))
        }
        return HistoryStep(id: id, kind: kind, summary: summary, changes: changes)
    }
}
