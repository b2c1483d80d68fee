import Foundation
import NutriStore
import PostgresNIO

/// One account's tracking records in PostgreSQL, in tables shared by every account and keyed by its id (deleting the
/// account deletes them). The same rules as the SQLite journal guard every write (`JournalRules`); every value is
/// bound. Made by `PostgresJournals`, which migrates the tables once.
public final class PostgresJournalStore: JournalStore, @unchecked Sendable {
    let session: PostgresSession
    /// The account whose records these are; every statement is limited to it.
    public let accountID: Int64

    init(session: PostgresSession, accountID: Int64) {
        self.session = session
        self.accountID = accountID
    }

    public func addWater(_ record: WaterRecord) throws -> WaterRecord {
        try JournalRules.check(record)
        var saved = record
        saved.id = try session.rows("""
            INSERT INTO journal_water (account_id, date, milliliters, text, created_at)
            VALUES (\(accountID), \(record.date), \(record.milliliters), \(record.text), \(record.createdAt)) RETURNING id
            """).first?.decode(Int64.self)
        return saved
    }

    public func waterRecords(on date: String) throws -> [WaterRecord] {
        try session.rows("""
            SELECT id, date, milliliters, text, created_at FROM journal_water
            WHERE account_id = \(accountID) AND date = \(date) ORDER BY id
            """).map { row in
            let (id, date, milliliters, text, created) = try row.decode((Int64, String, Double, String, Date).self)
            return WaterRecord(id: id, date: date, milliliters: milliliters, text: text, createdAt: created)
        }
    }

    public func deleteWater(ids: [Int64]) throws {
        try session.rows("DELETE FROM journal_water WHERE account_id = \(accountID) AND id = ANY(\(ids))")
    }

    public func addExercise(_ record: ExerciseRecord) throws -> ExerciseRecord {
        try JournalRules.check(record)
        var saved = record
        saved.id = try session.rows("""
            INSERT INTO journal_exercise (account_id, date, activity, minutes, distance_km, met, body_weight_kg,
                                          weight_assumed, kcal, text, created_at)
            VALUES (\(accountID), \(record.date), \(record.activity), \(record.minutes), \(record.distanceKm),
                    \(record.met), \(record.bodyWeightKg), \(record.weightAssumed), \(record.kcal), \(record.text),
                    \(record.createdAt)) RETURNING id
            """).first?.decode(Int64.self)
        return saved
    }

    public func exercise(from start: String, to end: String) throws -> [ExerciseRecord] {
        try session.rows("""
            SELECT id, date, activity, minutes, distance_km, met, body_weight_kg, weight_assumed, kcal, text, created_at
            FROM journal_exercise WHERE account_id = \(accountID) AND date >= \(start) AND date <= \(end)
            ORDER BY date, id
            """).map { row in
            let (id, date, activity, minutes, distance, met, weight, assumed, kcal, text, created)
                = try row.decode((Int64, String, String, Double, Double?, Double, Double, Bool, Double, String, Date).self)
            return ExerciseRecord(id: id, date: date, activity: activity, minutes: minutes, distanceKm: distance, met: met,
                                  bodyWeightKg: weight, weightAssumed: assumed, kcal: kcal, text: text, createdAt: created)
        }
    }

    public func deleteExercise(ids: [Int64]) throws -> Int {
        try session.rows("""
            DELETE FROM journal_exercise WHERE account_id = \(accountID) AND id = ANY(\(ids)) RETURNING id
            """).count
    }

    public func logWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        try JournalRules.check(record)
        // One statement: the day's old weight is deleted and the new one inserted together, even by two servers.
        let rows = try session.rows("""
            WITH old AS (DELETE FROM journal_weight WHERE account_id = \(accountID) AND date = \(record.date)
                         RETURNING id, date, kilograms, text, created_at),
                 new AS (INSERT INTO journal_weight (account_id, date, kilograms, text, created_at)
                         VALUES (\(accountID), \(record.date), \(record.kilograms), \(record.text), \(record.createdAt))
                         RETURNING id, date, kilograms, text, created_at)
            SELECT 1, * FROM new UNION ALL SELECT 2, * FROM old ORDER BY 1
            """).map { row -> WeightRecord in
            let (_, id, date, kilograms, text, created) = try row.decode((Int32, Int64, String, Double, String, Date).self)
            return WeightRecord(id: id, date: date, kilograms: kilograms, text: text, createdAt: created)
        }
        var saved = record
        saved.id = rows.first?.id
        return (saved, rows.dropFirst().first)
    }

    public func weights(from start: String, to end: String) throws -> [WeightRecord] {
        try session.rows("""
            SELECT id, date, kilograms, text, created_at FROM journal_weight
            WHERE account_id = \(accountID) AND date >= \(start) AND date <= \(end) ORDER BY date
            """).map(Self.weight)
    }

    public func latestWeight(onOrBefore date: String) throws -> WeightRecord? {
        try session.rows("""
            SELECT id, date, kilograms, text, created_at FROM journal_weight
            WHERE account_id = \(accountID) AND date <= \(date) ORDER BY date DESC LIMIT 1
            """).map(Self.weight).first
    }

    public func deleteWeight(on date: String) throws -> WeightRecord? {
        try session.rows("""
            DELETE FROM journal_weight WHERE account_id = \(accountID) AND date = \(date)
            RETURNING id, date, kilograms, text, created_at
            """).map(Self.weight).first
    }

    static func weight(_ row: PostgresRow) throws -> WeightRecord {
        let (id, date, kilograms, text, created) = try row.decode((Int64, String, Double, String, Date).self)
        return WeightRecord(id: id, date: date, kilograms: kilograms, text: text, createdAt: created)
    }
}
