import Foundation
import NutriStore

/// The JSON of `foods search --json` and `foods show --json`, shared by the command line and the assistant tools.
public enum FoodJSON {
    /// The search results as an array: id, name, score, kcal per 100 g, group.
    public static func search(_ results: [FoodCandidate]) -> JSONValue {
        .raw(JSONOutput.line(results.map { candidate -> [String: Any] in
            [
                "id": candidate.food.id, "name": candidate.food.name,
                "score": JSONOutput.round(candidate.score, 3),
                "kcal_per_100g": candidate.food.kcalPer100g.map { JSONOutput.round($0) } ?? NSNull(),
                "group": candidate.food.group ?? NSNull(),
            ]
        }))
    }

    /// One food: nutrients per 100 g and per household measure.
    public static func food(id: String, services: FoodServices) throws -> JSONValue {
        let food = try services.catalog.food(id: id)
        return Self.food(food, portions: try services.catalog.portions(of: food), nutrients: try services.catalog.nutrients(of: food))
    }

    /// One food from what the catalog gave of it.
    public static func food(_ food: Food, portions: [Portion], nutrients: [NutrientAmount]) -> JSONValue {
        .raw(JSONOutput.line(object(food, portions: portions, nutrients: nutrients)))
    }

    private static func object(_ food: Food, portions: [Portion], nutrients: [NutrientAmount]) -> [String: Any] {
        var per100: [String: Any] = [:]
        for n in nutrients { per100[n.nutrient.key] = JSONOutput.round(n.amount, 3) }
        return [
            "id": food.id, "name": food.name, "group": food.group ?? NSNull(),
            "nutrients_per_100g": per100,
            "portions": portions.map { portion -> [String: Any] in
                var values: [String: Any] = [:]
                for n in nutrients { values[n.nutrient.key] = JSONOutput.round(n.amount * portion.grams / 100, 3) }
                return ["amount": portion.amount, "name": portion.name, "grams": portion.grams, "nutrients": values]
            },
        ]
    }
}
