import Foundation
import NutriStore

/// One food as `foods show` and `GET /v1/foods/{id}` present it: nutrients per 100 g and per household measure.
public struct FoodReport {
    public let food: Food
    public let portions: [Portion]
    public let nutrients: [NutrientAmount]

    /// Reads the food with `id` (a reference, custom or recipe id); throws when there is none.
    public init(services: FoodServices, id: String) throws {
        food = try services.catalog.food(id: id)
        portions = try services.catalog.portions(of: food)
        nutrients = try services.catalog.nutrients(of: food)
    }

    /// The `foods show --json` object.
    public func json() -> [String: Any] {
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

    /// The `foods search --json` array for ranked candidates.
    public static func searchJSON(_ results: [FoodCandidate]) -> [[String: Any]] {
        results.map { candidate -> [String: Any] in
            [
                "id": candidate.food.id, "name": candidate.food.name,
                "score": JSONOutput.round(candidate.score, 3),
                "kcal_per_100g": candidate.food.kcalPer100g.map { JSONOutput.round($0) } ?? NSNull(),
                "group": candidate.food.group ?? NSNull(),
            ]
        }
    }
}
