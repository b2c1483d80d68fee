import Foundation
import NutriStore
import PostgresNIO

/// Recipes of one account in PostgreSQL, with the rules of the SQLite journal. A recipe and its ingredients are
/// written in one statement (the ingredients travel as one bound JSON array), so a recipe is never half-saved.
extension PostgresJournalStore {
    public func recipe(id: Int64) throws -> Recipe? {
        try recipes(where: id).first
    }

    public func recipe(named name: String) throws -> Recipe? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = try session.rows("""
            SELECT id FROM journal_recipe WHERE account_id = \(accountID) AND journal_fold(name) = journal_fold(\(trimmed))
            ORDER BY id LIMIT 1
            """).first?.decode(Int64.self) else { return nil }
        return try recipe(id: id)
    }

    public func recipes(sortedBy order: UserFoodOrder) throws -> [UserFoodListing<Recipe>] {
        let counts = try timesEaten(prefix: RecipeRecord.idPrefix)
        return order.sorted(try recipes(where: nil).map { UserFoodListing(item: $0, timesEaten: counts[$0.record.foodId] ?? 0) },
                            name: \.record.name, created: { ($0.record.createdAt, $0.record.id ?? 0) })
    }

    public func addRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]) throws -> Recipe {
        var record = recipe
        record.revision = 0
        record.name = try UserFoodRules.validatedName(recipe.name, kind: "recipe")
        try UserFoodRules.validate(record, ingredients: ingredients)
        try checkNameFree(record.name)
        let items = try Self.json(ingredients)
        let rows = try writingName(record.name) { try session.rows("""
            WITH recipe AS (
                INSERT INTO journal_recipe (account_id, name, servings, text, revision, created_at, updated_at)
                VALUES (\(accountID), \(record.name), \(record.servings), \(record.text), 0, \(record.createdAt),
                        \(record.updatedAt)) RETURNING id),
            issued AS (INSERT INTO journal_food_number (account_id, kind, number) SELECT \(accountID), 'recipe', id FROM recipe),
            items AS (\(unescaped: Self.insertItems)\(items)\(unescaped: Self.itemColumns))
            SELECT recipe.id, items.id FROM recipe LEFT JOIN items ON true ORDER BY items.position
            """) }
        if let row = rows.first {
            let (id, _) = try row.decode((Int64, Int64?).self)
            record.id = id
        }
        return Recipe(record: record, ingredients: try Self.numbered(ingredients, rows: rows, recipe: record.id))
    }

    public func updateRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]?, at date: Date) throws -> Recipe {
        guard let id = recipe.id else { throw StoreError.invalidValue("this recipe has not been saved") }
        var record = recipe
        record.name = try UserFoodRules.validatedName(recipe.name, kind: "recipe")
        guard let current = try self.recipe(id: id) else { throw StoreError.unknownFood(id: recipe.foodId) }
        try UserFoodRules.validate(record, ingredients: ingredients ?? current.ingredients)
        try checkNameFree(record.name, recipe: id)
        (record.createdAt, record.revision, record.updatedAt) = (current.record.createdAt, current.record.revision + 1, date)
        guard let ingredients else {
            try writingName(record.name, recipe: id) { try session.rows("""
                UPDATE journal_recipe SET name = \(record.name), servings = \(record.servings), revision = \(record.revision),
                    updated_at = \(date) WHERE account_id = \(accountID) AND id = \(id)
                """) }
            return Recipe(record: record, ingredients: current.ingredients)
        }
        // One statement: the old ingredients go and the new ones come with the record's change, or nothing changes.
        let items = try Self.json(ingredients)
        let rows = try writingName(record.name, recipe: id) { try session.rows("""
            WITH recipe AS (
                UPDATE journal_recipe SET name = \(record.name), servings = \(record.servings), revision = \(record.revision),
                    updated_at = \(date) WHERE account_id = \(accountID) AND id = \(id) RETURNING id),
            gone AS (DELETE FROM journal_recipe_ingredient WHERE recipe_id IN (SELECT id FROM recipe)),
            items AS (\(unescaped: Self.insertItems)\(items)\(unescaped: Self.itemColumns))
            SELECT recipe.id, items.id FROM recipe LEFT JOIN items ON true ORDER BY items.position
            """) }
        return Recipe(record: record, ingredients: try Self.numbered(ingredients, rows: rows, recipe: id))
    }

    public func deleteRecipe(id: Int64) throws -> Recipe? {
        guard let recipe = try recipe(id: id) else { return nil }
        // The ingredients go with the recipe (ON DELETE CASCADE).
        try session.rows("DELETE FROM journal_recipe WHERE account_id = \(accountID) AND id = \(id)")
        return recipe
    }

    /// This account's recipe `id`, or all of them when nil, by id, with their ingredients in order.
    func recipes(where id: Int64?) throws -> [Recipe] {
        let records = try session.rows("""
            SELECT id, name, servings, text, revision, created_at, updated_at FROM journal_recipe
            WHERE account_id = \(accountID) AND (\(id)::BIGINT IS NULL OR id = \(id)) ORDER BY id
            """).map { row in
            let (id, name, servings, text, revision, created, updated)
                = try row.decode((Int64, String, Double, String, Int, Date, Date).self)
            return RecipeRecord(id: id, name: name, servings: servings, text: text, revision: revision, createdAt: created,
                                updatedAt: updated)
        }
        guard !records.isEmpty else { return [] }
        let items = try session.rows("""
            SELECT i.id, i.recipe_id, i.position, i.text, i.food_id, i.food_name, i.quantity, i.unit, i.grams, i.weight_known,
                   i.nutrients::text
            FROM journal_recipe_ingredient i JOIN journal_recipe r ON r.id = i.recipe_id
            WHERE r.account_id = \(accountID) AND i.recipe_id = ANY(\(records.compactMap(\.id))) ORDER BY i.recipe_id, i.position
            """).map(Self.ingredient)
        let byRecipe = Dictionary(grouping: items, by: { $0.recipeId ?? 0 })
        return records.map { Recipe(record: $0, ingredients: byRecipe[$0.id ?? 0] ?? []) }
    }

    /// The start of the ingredient INSERT of a recipe statement, up to its one bound value (the JSON array).
    private static let insertItems = """
        INSERT INTO journal_recipe_ingredient (recipe_id, position, text, food_id, food_name, quantity, unit, grams,
                                               weight_known, nutrients)
        SELECT recipe.id, item.* FROM recipe, jsonb_to_recordset(
        """

    /// The rest of it: the JSON array's columns.
    private static let itemColumns = """
        ::jsonb) AS item(position INT, text TEXT, food_id TEXT, food_name TEXT, quantity DOUBLE PRECISION, unit TEXT,
                         grams DOUBLE PRECISION, weight_known BOOLEAN, nutrients JSONB)
        RETURNING id, position
        """

    /// The ingredients as the JSON array `jsonb_to_recordset` reads, numbered in the order given.
    private static func json(_ ingredients: [RecipeIngredientRecord]) throws -> String {
        let items = ingredients.enumerated().map { position, item in
            IngredientJSON(position: position, text: item.text, food_id: item.foodId, food_name: item.foodName,
                           quantity: item.quantity, unit: item.unit, grams: item.grams, weight_known: item.weightKnown,
                           nutrients: item.nutrients)
        }
        return String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
    }

    /// `ingredients` with the ids the statement gave them (its rows are in position order) and their recipe's id.
    private static func numbered(_ ingredients: [RecipeIngredientRecord], rows: [PostgresRow],
                                 recipe: Int64?) throws -> [RecipeIngredientRecord] {
        let ids = try rows.map { try $0.decode((Int64, Int64?).self).1 }
        return ingredients.enumerated().map { position, ingredient in
            var saved = ingredient
            (saved.id, saved.recipeId, saved.position) = (position < ids.count ? ids[position] : nil, recipe, position)
            return saved
        }
    }

    private static func ingredient(_ row: PostgresRow) throws -> RecipeIngredientRecord {
        let (id, recipe, position, text, foodId, foodName, quantity, unit, grams, known, nutrients)
            = try row.decode((Int64, Int64, Int, String, String, String, Double?, String?, Double, Bool, String).self)
        return RecipeIngredientRecord(id: id, recipeId: recipe, position: position, text: text, foodId: foodId,
                                      foodName: foodName, quantity: quantity, unit: unit, grams: grams, weightKnown: known,
                                      nutrients: try nutrientsDecoded(nutrients))
    }
}

/// One ingredient as the recipe statement's JSON array carries it; the keys are the column names.
private struct IngredientJSON: Encodable {
    // swiftlint:disable identifier_name
    let position: Int
    let text: String
    let food_id: String
    let food_name: String
    let quantity: Double?
    let unit: String?
    let grams: Double
    let weight_known: Bool
    let nutrients: [String: Double]
    // swiftlint:enable identifier_name
}
