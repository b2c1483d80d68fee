import Foundation
import NutriLanguage
import NutriStore

/// Names of custom foods and recipes compared the way the resolver compares food names (folded, singular, any word
/// order), so no two of them answer to the same words: "protein bars" is "protein bar", "oats overnight" is
/// "overnight oats". The journal itself only refuses names equal without regard to case.
public struct UserFoodNames: Sendable {
    private let words: @Sendable (String) -> [String]

    /// Compares names with the resolver's words.
    public init(resolver: FoodResolver) {
        words = { [resolver] in resolver.words(of: $0) }
    }

    /// Compares names with the language lexicon's plurals (for commands that do not open the food database).
    public init(language: LanguageLexicon) {
        let stopWords = language.grammarWords["lookup-stop"]
        words = { FoldedWords.words(of: $0).map(language.singular).filter { !stopWords.contains($0) } }
    }

    /// Throws a one-line error when a custom food or recipe other than `except` ("custom:3") answers to the same words.
    public func checkFree(_ name: String, among rows: UserFoodRows, except id: String? = nil) throws {
        let wanted = words(name).sorted()
        guard !wanted.isEmpty else { return }
        for food in rows.customFoods where food.foodId != id && words(food.name).sorted() == wanted {
            throw StoreError.invalidValue("there is already a custom food called '\(food.name)'")
        }
        for recipe in rows.recipes where recipe.record.foodId != id && words(recipe.record.name).sorted() == wanted {
            throw StoreError.invalidValue("there is already a recipe called '\(recipe.record.name)'")
        }
    }
}

// MARK: - JSON

extension CustomFoodRecord {
    /// The `foods list --json` object: the serving as given, nutrients per serving and per 100 g (null when the
    /// serving's weight is unknown).
    public func json(timesEaten: Int) -> JSONValue {
        let per100 = servingGrams.map { grams in nutrients.mapValues { $0 * 100 / grams } }
        return .object([
            ("id", .string(foodId)), ("name", .string(name)),
            ("serving", .object([("quantity", .rounded(servingQuantity, 3)), ("unit", .string(servingUnit)),
                                 ("grams", .optional(servingGrams))])),
            ("nutrients", Self.json(nutrients)), ("per_100g", per100.map(Self.json) ?? .null),
            ("times_eaten", .number(Double(timesEaten))), ("created_at", .string(ISO8601DateFormatter().string(from: createdAt))),
        ])
    }

    /// Nutrients in `UserFoodRules.nutrientKeys` order, then any others by key.
    static func json(_ values: [String: Double]) -> JSONValue {
        let order = UserFoodRules.nutrientKeys
        let keys = values.keys.sorted { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }
        return .object(keys.map { ($0, JSONValue.rounded(values[$0] ?? 0, 2)) })
    }
}

extension Recipe {
    /// The `recipes show --json` object.
    public func json(timesEaten: Int) -> JSONValue {
        .object([
            ("id", .string(record.foodId)), ("name", .string(record.name)), ("servings", .rounded(record.servings, 3)),
            ("grams_per_serving", weightKnown ? .rounded(gramsPerServing, 1) : .null), ("weight_known", .bool(weightKnown)),
            ("per_serving", CustomFoodRecord.json(perServing)), ("per_100g", per100g.map(CustomFoodRecord.json) ?? .null),
            ("ingredients", .array(ingredients.map { ingredient in
                .object([("text", .string(ingredient.text)), ("food_id", .string(ingredient.foodId)),
                         ("food", .string(ingredient.foodName)), ("grams", .rounded(ingredient.grams, 1)),
                         ("weight_known", .bool(ingredient.weightKnown)),
                         ("nutrients", CustomFoodRecord.json(ingredient.nutrients))])
            })),
            ("times_eaten", .number(Double(timesEaten))),
        ])
    }
}
