import Foundation
import NutriStore
import PostgresNIO

/// Food entries, goals and the profile of one account in PostgreSQL. Each write is one statement, so it is whole
/// even with two server processes on the database; every value is bound.
extension PostgresJournalStore {
    public func addEntries(_ entries: [JournalEntry]) throws -> [JournalEntry] {
        guard !entries.isEmpty else { return [] }
        for entry in entries { try check(entry) }
        // One multi-row INSERT: all the entries of a message are saved, or none.
        var sql = PostgresQuery.StringInterpolation(literalCapacity: 256, interpolationCount: entries.count * 11)
        sql.appendLiteral("INSERT INTO journal_entry (account_id, date, meal, text, food_id, food_name, quantity, unit, grams, "
                          + "nutrients, created_at) VALUES ")
        for (index, entry) in entries.enumerated() {
            sql.appendLiteral(index == 0 ? "(" : ", (")
            sql.appendInterpolation(accountID)
            for value in [entry.date, entry.meal, entry.text, entry.foodId, entry.foodName] {
                sql.appendLiteral(", ")
                sql.appendInterpolation(value)
            }
            sql.appendLiteral(", ")
            sql.appendInterpolation(entry.quantity)
            sql.appendLiteral(", ")
            sql.appendInterpolation(entry.unit)
            sql.appendLiteral(", ")
            sql.appendInterpolation(entry.grams)
            sql.appendLiteral(", ")
            sql.appendInterpolation(try Self.json(entry.nutrients))
            sql.appendLiteral("::jsonb, ")
            sql.appendInterpolation(entry.createdAt)
            sql.appendLiteral(")")
        }
        sql.appendLiteral(" RETURNING id")
        let ids = try session.rows(PostgresQuery(stringInterpolation: sql)).map { try $0.decode(Int64.self) }
        return zip(entries, ids).map { entry, id in
            var saved = entry
            saved.id = id
            return saved
        }
    }

    public func updateEntry(_ entry: JournalEntry) throws {
        try check(entry)
        let updated = try session.rows("""
            UPDATE journal_entry SET date = \(entry.date), meal = \(entry.meal), text = \(entry.text), food_id = \(entry.foodId),
                food_name = \(entry.foodName), quantity = \(entry.quantity), unit = \(entry.unit), grams = \(entry.grams),
                nutrients = \(try Self.json(entry.nutrients))::jsonb, created_at = \(entry.createdAt)
            WHERE account_id = \(accountID) AND id = \(entry.id ?? 0) RETURNING id
            """)
        guard !updated.isEmpty else { throw StoreError.invalidValue("there is no entry \(entry.id ?? 0) to correct") }
    }

    public func deleteEntries(ids: [Int64]) throws -> Int {
        try session.rows("DELETE FROM journal_entry WHERE account_id = \(accountID) AND id = ANY(\(ids)) RETURNING id").count
    }

    public func entry(id: Int64) throws -> JournalEntry? {
        try session.rows("""
            SELECT \(unescaped: Self.entryColumns) FROM journal_entry WHERE account_id = \(accountID) AND id = \(id)
            """).map(Self.entry).first
    }

    public func entries(from start: String, to end: String) throws -> [JournalEntry] {
        // The day's meals in the account's slot order (the default slots until one is changed), as the SQLite journal
        // lists them; meals no slot has come last.
        try session.rows("""
            SELECT \(unescaped: Self.entryColumns) FROM journal_entry e
            WHERE account_id = \(accountID) AND date >= \(start) AND date <= \(end)
            ORDER BY date, COALESCE(
                (SELECT s.position FROM journal_meal_slot s WHERE s.account_id = e.account_id AND s.name = e.meal),
                CASE WHEN NOT EXISTS (SELECT 1 FROM journal_meal_slot s WHERE s.account_id = e.account_id)
                     THEN array_position(\(Journal.defaultMealSlots), meal) - 1 END, 99), id
            """).map(Self.entry)
    }

    public func goals() throws -> [String: Double] {
        Dictionary(try session.rows("SELECT key, amount FROM journal_goal WHERE account_id = \(accountID)")
            .map { try $0.decode((String, Double).self) }, uniquingKeysWith: { _, last in last })
    }

    public func setGoal(_ key: String, to amount: Double, at date: Date) throws {
        try JournalRules.check(GoalRecord(key: key, amount: amount, setAt: date))
        try session.rows("""
            INSERT INTO journal_goal (account_id, key, amount, set_at) VALUES (\(accountID), \(key), \(amount), \(date))
            ON CONFLICT (account_id, key) DO UPDATE SET amount = excluded.amount, set_at = excluded.set_at
            """)
    }

    public func clearGoal(_ key: String) throws -> Bool {
        try !session.rows("DELETE FROM journal_goal WHERE account_id = \(accountID) AND key = \(key) RETURNING key").isEmpty
    }

    public func profile() throws -> ProfileRecord {
        guard let row = try session.rows("""
            SELECT birth_date, age, age_date, sex, height_cm, activity, goal, weekly_rate_kg, target_weight_kg, units, updated_at
            FROM journal_profile WHERE account_id = \(accountID)
            """).first else { return ProfileRecord() }
        let (birth, age, ageDate, sex, height, activity, goal, rate, target, units, updated)
            = try row.decode((String?, Int?, String?, String?, Double?, String?, String?, Double?, Double?, String?, Date).self)
        var profile = ProfileRecord(updatedAt: updated)
        (profile.birthDate, profile.age, profile.ageDate, profile.heightCm) = (birth, age, ageDate, height)
        (profile.weeklyRateKg, profile.targetWeightKg) = (rate, target)
        profile.sex = sex.flatMap(ProfileRecord.Sex.init)
        profile.activity = activity.flatMap(ProfileRecord.Activity.init)
        profile.goal = goal.flatMap(ProfileRecord.WeightGoal.init)
        profile.units = units.flatMap(ProfileRecord.Units.init)
        return profile
    }

    public func saveProfile(_ profile: ProfileRecord) throws {
        try JournalRules.check(profile)
        try session.rows(upsert(profile))
    }

    /// The statement that saves the account's one profile row.
    func upsert(_ profile: ProfileRecord) -> PostgresQuery {
        """
        INSERT INTO journal_profile (account_id, birth_date, age, age_date, sex, height_cm, activity, goal, weekly_rate_kg,
                                     target_weight_kg, units, updated_at)
        VALUES (\(accountID), \(profile.birthDate), \(profile.age), \(profile.ageDate), \(profile.sex?.rawValue),
                \(profile.heightCm), \(profile.activity?.rawValue), \(profile.goal?.rawValue), \(profile.weeklyRateKg),
                \(profile.targetWeightKg), \(profile.units?.rawValue), \(profile.updatedAt))
        ON CONFLICT (account_id) DO UPDATE SET birth_date = excluded.birth_date, age = excluded.age,
            age_date = excluded.age_date, sex = excluded.sex, height_cm = excluded.height_cm, activity = excluded.activity,
            goal = excluded.goal, weekly_rate_kg = excluded.weekly_rate_kg, target_weight_kg = excluded.target_weight_kg,
            units = excluded.units, updated_at = excluded.updated_at
        """
    }

    /// The entry rules of the SQLite journal: a custom food or recipe must be one this account was handed.
    func check(_ entry: JournalEntry) throws {
        try JournalRules.check(entry)
        try JournalRules.checkReference(entry.foodId) { number, table in try issued(number, kind: table) }
    }

    static let entryColumns = "id, date, meal, text, food_id, food_name, quantity, unit, grams, nutrients::text, created_at"

    static func entry(_ row: PostgresRow) throws -> JournalEntry {
        let (id, date, meal, text, foodId, foodName, quantity, unit, grams, nutrients, created)
            = try row.decode((Int64, String, String, String, String, String, Double?, String?, Double, String, Date).self)
        return JournalEntry(id: id, date: date, meal: meal, text: text, foodId: foodId, foodName: foodName, quantity: quantity,
                            unit: unit, grams: grams, nutrients: try nutrientsDecoded(nutrients),
                            createdAt: created)
    }

    /// Nutrients as the JSON text bound to a JSONB column.
    static func json(_ nutrients: [String: Double]) throws -> String {
        String(decoding: try JSONEncoder().encode(nutrients), as: UTF8.self)
    }

    /// Nutrients read back from a JSONB column's text.
    static func nutrientsDecoded(_ text: String) throws -> [String: Double] {
        try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
    }
}
