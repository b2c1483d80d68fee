import Foundation
import NutriStore
import PostgresNIO

/// The settings a message changes together (profile, a weight, goals) and the snapshot undo puts back, for one
/// account in PostgreSQL: each save or restore is one transaction.
extension PostgresJournalStore {
    public func saveSettings(profile: ProfileRecord?, weight: WeightRecord?, goals: [String: Double], clearing: [String],
                             at date: Date) throws {
        if let profile { try JournalRules.check(profile) }
        if let weight { try JournalRules.check(weight) }
        let sortedGoals = goals.sorted { $0.key < $1.key }
        for (key, amount) in sortedGoals { try JournalRules.check(GoalRecord(key: key, amount: amount, setAt: date)) }
        try session.transaction { run in
            if let profile { _ = try run(upsert(profile)) }
            if var weight {
                weight.id = nil
                try replaceWeight(on: weight.date, with: weight, run: run)
            }
            for key in clearing { _ = try run("DELETE FROM journal_goal WHERE account_id = \(accountID) AND key = \(key)") }
            for (key, amount) in sortedGoals { try insertGoal(GoalRecord(key: key, amount: amount, setAt: date), run: run) }
        }
    }

    public func snapshotSettings(weightDate: String?) throws -> SettingsSnapshot {
        let goals = try session.rows("""
            SELECT key, amount, set_at FROM journal_goal WHERE account_id = \(accountID) ORDER BY set_at, key
            """).map { row -> GoalRecord in
            let (key, amount, setAt) = try row.decode((String, Double, Date).self)
            return GoalRecord(key: key, amount: amount, setAt: setAt)
        }
        return SettingsSnapshot(profile: try profile(), goals: goals, preferences: try preferences(), weightDate: weightDate,
                                weight: try weightDate.flatMap { date in try weights(from: date, to: date).first })
    }

    public func restoreSettings(_ snapshot: SettingsSnapshot) throws {
        try session.transaction { run in
            if snapshot.profile.isEmpty && snapshot.profile.units == nil {
                _ = try run("DELETE FROM journal_profile WHERE account_id = \(accountID)")
            } else {
                _ = try run(upsert(snapshot.profile))
            }
            _ = try run("DELETE FROM journal_goal WHERE account_id = \(accountID)")
            for goal in snapshot.goals { try insertGoal(goal, run: run) }
            _ = try run("DELETE FROM journal_preference WHERE account_id = \(accountID)")
            for preference in snapshot.preferences {
                // Back under its own id, as the SQLite journal puts it back, so the saved order holds.
                _ = try run("""
                    INSERT INTO journal_preference (id, account_id, kind, item, text, created_at) OVERRIDING SYSTEM VALUE
                    VALUES (COALESCE(\(preference.id), nextval(pg_get_serial_sequence('journal_preference', 'id'))),
                            \(accountID), \(preference.kind.rawValue), \(preference.item), \(preference.text), \(preference.createdAt))
                    """)
            }
            if let date = snapshot.weightDate { try replaceWeight(on: date, with: snapshot.weight, run: run) }
        }
    }

    private func insertGoal(_ goal: GoalRecord, run: Run) throws {
        _ = try run("""
            INSERT INTO journal_goal (account_id, key, amount, set_at) VALUES (\(accountID), \(goal.key), \(goal.amount), \(goal.setAt))
            ON CONFLICT (account_id, key) DO UPDATE SET amount = excluded.amount, set_at = excluded.set_at
            """)
    }

    /// The day's weight replaced by `weight` (kept under its id when it has one), or removed when nil.
    private func replaceWeight(on date: String, with weight: WeightRecord?, run: Run) throws {
        _ = try run("DELETE FROM journal_weight WHERE account_id = \(accountID) AND date = \(date)")
        if let weight { _ = try write(.weight(weight), run: run) }
    }
}
