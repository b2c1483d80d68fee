import Foundation
import NutriStore
import PostgresNIO

/// Custom foods of one account in PostgreSQL, with the rules of the SQLite journal (`UserFoodRules`; names unique
/// among custom foods and recipes without regard to ASCII case, as SQLite's NOCASE compares them: `journal_fold`). Every number handed out is remembered (`journal_food_number`), so an
/// entry naming a deleted custom food or recipe still resolves, as in the SQLite journal.
extension PostgresJournalStore {
    // MARK: - Custom foods

    public func customFood(id: Int64) throws -> CustomFoodRecord? {
        try session.rows("""
            SELECT \(unescaped: Self.foodColumns) FROM journal_custom_food WHERE account_id = \(accountID) AND id = \(id)
            """).map(Self.food).first
    }

    public func customFood(named name: String) throws -> CustomFoodRecord? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try session.rows("""
            SELECT \(unescaped: Self.foodColumns) FROM journal_custom_food
            WHERE account_id = \(accountID) AND journal_fold(name) = journal_fold(\(trimmed)) ORDER BY id LIMIT 1
            """).map(Self.food).first
    }

    public func customFoods(sortedBy order: UserFoodOrder) throws -> [UserFoodListing<CustomFoodRecord>] {
        let counts = try timesEaten(prefix: CustomFoodRecord.idPrefix)
        let foods = try session.rows("""
            SELECT \(unescaped: Self.foodColumns) FROM journal_custom_food WHERE account_id = \(accountID) ORDER BY id
            """).map(Self.food)
        return order.sorted(foods.map { UserFoodListing(item: $0, timesEaten: counts[$0.foodId] ?? 0) },
                            name: \.name, created: { ($0.createdAt, $0.id ?? 0) })
    }

    public func timesEaten(foodId: String) throws -> Int {
        try session.rows("""
            SELECT COUNT(*) FROM journal_entry WHERE account_id = \(accountID) AND food_id = \(foodId)
            """).first?.decode(Int.self) ?? 0
    }

    public func addCustomFood(_ food: CustomFoodRecord) throws -> CustomFoodRecord {
        var saved = food
        saved.name = try UserFoodRules.validatedName(food.name, kind: "custom food")
        saved.revision = 0
        try UserFoodRules.validate(saved)
        try checkNameFree(saved.name)
        saved.id = try writingName(saved.name) { try session.rows("""
            WITH food AS (
                INSERT INTO journal_custom_food (account_id, name, serving_quantity, serving_unit, serving_grams, nutrients,
                                                 revision, created_at, updated_at)
                VALUES (\(accountID), \(saved.name), \(saved.servingQuantity), \(saved.servingUnit), \(saved.servingGrams),
                        \(try Self.json(saved.nutrients))::jsonb, 0, \(saved.createdAt), \(saved.updatedAt)) RETURNING id),
            issued AS (INSERT INTO journal_food_number (account_id, kind, number)
                       SELECT \(accountID), 'customFood', id FROM food)
            SELECT id FROM food
            """).first?.decode(Int64.self) }
        return saved
    }

    public func updateCustomFood(_ food: CustomFoodRecord, at date: Date) throws -> CustomFoodRecord {
        guard let id = food.id else { throw StoreError.invalidValue("this custom food has not been saved") }
        var saved = food
        saved.name = try UserFoodRules.validatedName(food.name, kind: "custom food")
        try UserFoodRules.validate(saved)
        guard let old = try customFood(id: id) else { throw StoreError.unknownFood(id: food.foodId) }
        try checkNameFree(saved.name, food: id)
        (saved.createdAt, saved.revision, saved.updatedAt) = (old.createdAt, old.revision + 1, date)
        let nutrients = try Self.json(saved.nutrients)
        try writingName(saved.name, food: id) { try session.rows("""
            UPDATE journal_custom_food SET name = \(saved.name), serving_quantity = \(saved.servingQuantity),
                serving_unit = \(saved.servingUnit), serving_grams = \(saved.servingGrams),
                nutrients = \(nutrients)::jsonb, revision = \(saved.revision), updated_at = \(date)
            WHERE account_id = \(accountID) AND id = \(id)
            """) }
        return saved
    }

    public func deleteCustomFood(id: Int64) throws -> CustomFoodRecord? {
        try session.rows("""
            DELETE FROM journal_custom_food WHERE account_id = \(accountID) AND id = \(id)
            RETURNING \(unescaped: Self.foodColumns)
            """).map(Self.food).first
    }

    // MARK: - Shared by custom foods and recipes

    public func userFoodsFingerprint() throws -> String {
        try ["journal_custom_food", "journal_recipe"].map { table in
            // Sums as text: SUM of BIGINT is NUMERIC in PostgreSQL.
            guard let row = try session.rows("""
                SELECT COUNT(*)::TEXT, COALESCE(MAX(id), 0)::TEXT, COALESCE(SUM(id), 0)::TEXT, COALESCE(SUM(revision), 0)::TEXT
                FROM \(unescaped: table) WHERE account_id = \(accountID)
                """).first else { return "-" }
            let (count, highest, sum, revisions) = try row.decode((String, String, String, String).self)
            return "\(count).\(highest).\(sum).\(revisions)"
        }.joined(separator: "/")
    }

    public func userFoodRows() throws -> UserFoodRows {
        let foods = try session.rows("""
            SELECT \(unescaped: Self.foodColumns) FROM journal_custom_food WHERE account_id = \(accountID) ORDER BY id
            """).map(Self.food)
        return UserFoodRows(customFoods: foods, recipes: try recipes(where: nil))
    }

    /// Whether this account was handed custom-food (`customFood`) or recipe (`recipe`) number `number`.
    func issued(_ number: Int64, kind: String) throws -> Bool {
        try !session.rows("""
            SELECT 1 FROM journal_food_number WHERE account_id = \(accountID) AND kind = \(kind) AND number = \(number)
            """).isEmpty
    }

    /// Throws, with the SQLite journal's words, when a custom food or a recipe other than the excluded ones already
    /// answers to `name`.
    func checkNameFree(_ name: String, food: Int64? = nil, recipe: Int64? = nil) throws {
        let rows = try session.rows("""
            SELECT 1, name FROM journal_custom_food
            WHERE account_id = \(accountID) AND journal_fold(name) = journal_fold(\(name)) AND id IS DISTINCT FROM \(food)
            UNION ALL
            SELECT 2, name FROM journal_recipe
            WHERE account_id = \(accountID) AND journal_fold(name) = journal_fold(\(name)) AND id IS DISTINCT FROM \(recipe)
            ORDER BY 1 LIMIT 1
            """)
        guard let (kind, taken) = try rows.first?.decode((Int32, String).self) else { return }
        throw StoreError.invalidValue("there is already a \(kind == 1 ? "custom food" : "recipe") called '\(TextSafety.stripped(taken))'")
    }

    /// Runs a write that gives a custom food or recipe `name`. When the database refuses it because another server
    /// took the name meanwhile (the v5 trigger, or a unique index), throws the same words as `checkNameFree`.
    @discardableResult
    func writingName<T>(_ name: String, food: Int64? = nil, recipe: Int64? = nil, _ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch {
            try checkNameFree(name, food: food, recipe: recipe)
            throw error
        }
    }

    /// How many of this account's entries name each food id starting with `prefix`.
    func timesEaten(prefix: String) throws -> [String: Int] {
        let rows = try session.rows("""
            SELECT food_id, COUNT(*) FROM journal_entry
            WHERE account_id = \(accountID) AND starts_with(food_id, \(prefix)) GROUP BY food_id
            """)
        return try rows.reduce(into: [:]) { counts, row in
            let (id, count) = try row.decode((String, Int).self)
            counts[id] = count
        }
    }

    private static let foodColumns
        = "id, name, serving_quantity, serving_unit, serving_grams, nutrients::text, revision, created_at, updated_at"

    private static func food(_ row: PostgresRow) throws -> CustomFoodRecord {
        let (id, name, quantity, unit, grams, nutrients, revision, created, updated)
            = try row.decode((Int64, String, Double, String, Double?, String, Int, Date, Date).self)
        return CustomFoodRecord(id: id, name: name, servingQuantity: quantity, servingUnit: unit, servingGrams: grams,
                                nutrients: try nutrientsDecoded(nutrients), revision: revision, createdAt: created,
                                updatedAt: updated)
    }
}
