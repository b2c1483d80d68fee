import Foundation
import GRDB

/// Recipes: a name, a number of servings and ingredients with their nutrient snapshots, saved in one transaction.
/// Entries keep their own snapshot, so editing or deleting a recipe never changes what was logged before.
extension Journal {
    // MARK: - Reading

    /// The recipe with this id number, with its ingredients, or nil.
    public func recipe(id: Int64) throws -> Recipe? {
        try read { db in
            guard let record = try RecipeRecord.filter(key: id).fetchFirstReadable(db, damaged: damage.record) else { return nil }
            return try UserFoodQueries.recipes([record], in: db).first
        }
    }

    /// The recipe with this name (any case), or nil.
    public func recipe(named name: String) throws -> Recipe? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try read { db in
            guard let record = try RecipeRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [trimmed])
                .fetchFirstReadable(db, damaged: damage.record) else { return nil }
            return try UserFoodQueries.recipes([record], in: db).first
        }
    }

    /// Every recipe with how often it was logged, sorted as asked.
    public func recipes(sortedBy order: UserFoodOrder = .added) throws -> [UserFoodListing<Recipe>] {
        try read { db in
            let counts = try UserFoodQueries.timesEaten(prefix: RecipeRecord.idPrefix, in: db)
            let recipes = try UserFoodQueries.recipes(try RecipeRecord.all().fetchReadable(db, damaged: damage.record), in: db)
            let listings = recipes.map { UserFoodListing(item: $0, timesEaten: counts[$0.record.foodId] ?? 0) }
            return order.sorted(listings, name: \.record.name,
                                created: { ($0.record.createdAt, $0.record.id ?? 0) })
        }
    }

    // MARK: - Changing

    /// Saves a new recipe with its ingredients (in the order given) and returns it. Throws
    /// `StoreError.invalidValue` (and saves nothing) for a bad value or a name already in use.
    @discardableResult
    public func addRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]) throws -> Recipe {
        var record = recipe
        record.id = nil
        record.revision = 0
        record.name = try UserFoodRules.validatedName(recipe.name, kind: "recipe")
        try UserFoodRules.validate(record, ingredients: ingredients)
        return try writer.write { db in
            try UserFoodQueries.checkNameFree(record.name, in: db)
            try record.insert(db)
            let saved = try Self.insert(ingredients, into: record, db: db)
            return Recipe(record: record, ingredients: saved)
        }
    }

    /// Replaces a recipe's name and servings, and its ingredients when `ingredients` is given; keeps its id.
    @discardableResult
    public func updateRecipe(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]?, at date: Date) throws -> Recipe {
        guard let id = recipe.id else { throw StoreError.invalidValue("this recipe has not been saved") }
        var record = recipe
        record.name = try UserFoodRules.validatedName(recipe.name, kind: "recipe")
        return try writer.write { db in
            guard let old = try RecipeRecord.fetchOne(db, key: id),
                  let current = try UserFoodQueries.recipes([old], in: db).first else {
                throw StoreError.unknownFood(id: recipe.foodId)
            }
            let list = ingredients ?? current.ingredients
            try UserFoodRules.validate(record, ingredients: list)
            try UserFoodQueries.checkNameFree(record.name, recipe: id, in: db)
            record.createdAt = old.createdAt
            record.revision = old.revision + 1
            record.updatedAt = date
            try record.update(db)
            guard let ingredients else { return Recipe(record: record, ingredients: current.ingredients) }
            try RecipeIngredientRecord.filter(RecipeIngredientRecord.Columns.recipeId == id).deleteAll(db)
            return Recipe(record: record, ingredients: try Self.insert(ingredients, into: record, db: db))
        }
    }

    /// Deletes a recipe and its ingredients; returns it when there was one. Entries that logged it keep their snapshot.
    @discardableResult
    public func deleteRecipe(id: Int64) throws -> Recipe? {
        try writer.write { db in
            guard let record = try RecipeRecord.fetchOne(db, key: id) else { return nil }
            let recipe = try UserFoodQueries.recipes([record], in: db).first
            try RecipeIngredientRecord.filter(RecipeIngredientRecord.Columns.recipeId == id).deleteAll(db)
            try record.delete(db)
            return recipe
        }
    }

    private static func insert(_ ingredients: [RecipeIngredientRecord], into recipe: RecipeRecord,
                               db: Database) throws -> [RecipeIngredientRecord] {
        try ingredients.enumerated().map { position, ingredient in
            var row = ingredient
            row.id = nil
            row.recipeId = recipe.id
            row.position = position
            try row.insert(db)
            return row
        }
    }
}
