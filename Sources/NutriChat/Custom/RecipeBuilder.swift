import Foundation
import NutriLanguage
import NutriStore

/// Turns ingredient phrases ("1 cup rolled oats, 1 cup milk and 1 tbsp honey") or logged entries into recipe
/// ingredients, each with the food chosen and a snapshot of its grams and nutrients. Ingredients are resolved like
/// logged food (the same analyzer), but a recipe is never half-made: an unknown food or a missing amount is an
/// error naming every such ingredient, and nothing is saved.
public struct RecipeBuilder {
    let analyzer: MealAnalyzer

    /// Creates a builder over the analyzer that logs food.
    public init(analyzer: MealAnalyzer) {
        self.analyzer = analyzer
    }

    /// Ingredients from one or more phrases, each of which may list several ("1 cup oats and 1 banana").
    public func ingredients(from phrases: [String], reference: ReferenceDate) throws -> [RecipeIngredientRecord] {
        var items: [AnalyzedItem] = []
        for phrase in phrases {
            let text = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            guard text.count <= MealAnalyzer.maximumLength else { throw UserFacingError("an ingredient list is too long") }
            let mentions = analyzer.parser.parse(text, reference: reference).items
            guard !mentions.isEmpty else { throw UserFacingError("I can't read an ingredient in \"\(text)\"; nothing was saved.") }
            items += mentions.map { analyzer.resolve($0) }
        }
        guard !items.isEmpty else {
            throw UserFacingError("A recipe needs ingredients with amounts, e.g. \"1 cup rolled oats, 1 cup milk and 1 banana\".")
        }
        let unknown = items.filter { $0.match == nil }.map(\.mention.food)
        guard unknown.isEmpty else {
            throw UserFacingError("I couldn't find \(Self.list(unknown.map { "\"\($0)\"" })) in the food database, so nothing was saved. Add \(unknown.count == 1 ? "it" : "them") as a custom food first, or use another name.")
        }
        let vague = items.filter { Self.lacksAmount($0.mention.amount) || $0.portion == nil }.map(\.mention.food)
        guard vague.isEmpty else {
            throw UserFacingError("How much \(Self.list(vague))? Give each ingredient an amount, e.g. \"100 g \(vague[0])\"; nothing was saved.")
        }
        return items.map(ingredient(from:))
    }

    /// Ingredients from logged entries: their own snapshots, as they were logged.
    public func ingredients(from entries: [JournalEntry]) -> [RecipeIngredientRecord] {
        entries.map { entry in
            RecipeIngredientRecord(text: entry.text, foodId: entry.foodId, foodName: entry.foodName, quantity: entry.quantity,
                                   unit: entry.unit, grams: entry.grams, weightKnown: weightKnown(entry.foodId),
                                   nutrients: entry.nutrients)
        }
    }

    private func ingredient(from item: AnalyzedItem) -> RecipeIngredientRecord {
        var nutrients: [String: Double] = [:]
        for (info, amount) in item.nutrients.entries { nutrients[info.key] = (amount * 1000).rounded() / 1000 }
        let amount = item.mention.amount
        let food = item.match?.food
        return RecipeIngredientRecord(text: item.mention.text, foodId: food?.id ?? "", foodName: food?.name ?? item.mention.food,
                                      quantity: amount.quantity ?? 1, unit: amount.unit ?? amount.size,
                                      grams: item.portion?.grams ?? 0, weightKnown: weightKnown(food?.id ?? ""),
                                      nutrients: nutrients)
    }

    /// False for a custom food (or recipe) whose serving weight is unknown: its grams are nominal.
    private func weightKnown(_ foodId: String) -> Bool {
        guard UserFood.isUserFoodId(foodId) else { return true }
        return analyzer.services.catalog.userFoods?.userFood(id: foodId)?.weightKnown ?? true
    }

    /// "rice" and "some rice" say no amount; "a banana" and "2 eggs" do.
    static func lacksAmount(_ amount: Amount) -> Bool {
        amount.quantity == nil && amount.unit == nil && amount.size == nil && amount.package == nil
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
