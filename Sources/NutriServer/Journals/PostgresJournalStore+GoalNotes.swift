import Foundation
import NutriStore
import PostgresNIO

/// Goal notes, the calorie offer and the settings saved or put back together, for one account in PostgreSQL. Writes
/// of several statements run in one transaction.
extension PostgresJournalStore {
    public func noteGoalHit(_ goal: String, on date: String, at time: Date) throws -> Bool {
        try !session.rows("""
            INSERT INTO journal_goal_note (account_id, kind, goal, date, created_at)
            VALUES (\(accountID), 'hit', \(goal), \(date), \(time)) ON CONFLICT DO NOTHING RETURNING id
            """).isEmpty
    }

    public func goalsCongratulated(on date: String) throws -> Set<String> {
        Set(try session.rows("""
            SELECT goal FROM journal_goal_note WHERE account_id = \(accountID) AND kind = 'hit' AND date = \(date)
            """).map { try $0.decode(String.self) })
    }

    public func offerCalorieTarget(_ amount: Double, on date: String, at time: Date) throws {
        guard amount.isFinite, amount > 0 else { throw StoreError.invalidValue("a calorie target must be more than 0") }
        try session.transaction { run in
            _ = try run("""
                UPDATE journal_goal_note SET status = 'declined'
                WHERE account_id = \(accountID) AND kind = 'calorie-offer' AND status = 'open'
                """)
            _ = try run("""
                DELETE FROM journal_goal_note WHERE account_id = \(accountID) AND kind = 'calorie-offer' AND date = \(date)
                """)
            _ = try run("""
                INSERT INTO journal_goal_note (account_id, kind, goal, date, amount, status, created_at)
                VALUES (\(accountID), 'calorie-offer', 'energy_kcal', \(date), \(amount), 'open', \(time))
                """)
        }
    }

    public func openCalorieOffer() throws -> GoalNoteRecord? {
        try openOffer(run: { try self.session.rows($0) }, lock: false)
    }

    public func calorieOffer(since date: String) throws -> GoalNoteRecord? {
        try session.rows("""
            SELECT \(unescaped: Self.noteColumns) FROM journal_goal_note
            WHERE account_id = \(accountID) AND kind = 'calorie-offer' AND date >= \(date) ORDER BY id DESC LIMIT 1
            """).map(Self.note).first
    }

    public func answerCalorieOffer(accept: Bool, at time: Date) throws -> GoalNoteRecord? {
        try session.transaction { run in
            guard var offer = try openOffer(run: run, lock: true), let id = offer.id else { return nil }
            offer.status = accept ? .accepted : .declined
            _ = try run("UPDATE journal_goal_note SET status = \(offer.status?.rawValue) WHERE id = \(id)")
            if accept, let amount = offer.amount {
                _ = try run("""
                    INSERT INTO journal_goal (account_id, key, amount, set_at) VALUES (\(accountID), 'energy_kcal', \(amount), \(time))
                    ON CONFLICT (account_id, key) DO UPDATE SET amount = excluded.amount, set_at = excluded.set_at
                    """)
            }
            return offer
        }
    }

    /// The newest offer still open; `lock` holds it for the transaction's answer.
    private func openOffer(run: Run, lock: Bool) throws -> GoalNoteRecord? {
        try run("""
            SELECT \(unescaped: Self.noteColumns) FROM journal_goal_note
            WHERE account_id = \(accountID) AND kind = 'calorie-offer' AND status = 'open' ORDER BY id DESC LIMIT 1
            \(unescaped: lock ? "FOR UPDATE" : "")
            """).map(Self.note).first
    }

    private static let noteColumns = "id, kind, goal, date, amount, status, created_at"

    private static func note(_ row: PostgresRow) throws -> GoalNoteRecord {
        let (id, kind, goal, date, amount, status, created)
            = try row.decode((Int64, String, String, String, Double?, String?, Date).self)
        return GoalNoteRecord(id: id, kind: GoalNoteRecord.Kind(rawValue: kind) ?? .hit, goal: goal, date: date, amount: amount,
                              status: status.flatMap(GoalNoteRecord.Status.init), createdAt: created)
    }
}
