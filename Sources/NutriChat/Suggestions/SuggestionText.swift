import Foundation
import NutriStore

/// The sentences of suggestions and the recipe catalog.
enum SuggestionText {
    /// The first line of a list of suggestions.
    static func header(_ request: SuggestionRequest, limit: Double?, note: String?, nutrients: [NutrientInfo]) -> String {
        var what = request.recipesOnly ? "Recipes" : "Ideas"
        if let meal = request.meal { what += " for \(meal)" }
        let high = request.high.compactMap { key in nutrients.first { $0.key == key }.map(spoken) }
        if !high.isEmpty { what += " rich in \(RecipeBuilder.list(high))" }
        let low = request.low.compactMap { key in nutrients.first { $0.key == key }.map(spoken) }
        if !low.isEmpty { what += " low in \(RecipeBuilder.list(low))" }
        if !request.ingredients.isEmpty { what += " with \(RecipeBuilder.list(request.ingredients))" }
        if let cuisine = request.cuisine { what += " (\(cuisine))" }
        if let limit, request.maxKcal != nil || request.recipesOnly { what += " under \(ReplyText.kcal(limit))" }
        return [note, what + ":"].compactMap { $0 }.joined(separator: " ")
    }

    /// One numbered suggestion: title, energy, protein, the nutrient asked for, and where it comes from.
    static func line(_ s: Suggestion, focus: String? = nil, nutrients: [NutrientInfo]) -> String {
        var figures = [ReplyText.kcal(s.kcal), String(format: "%.0f g protein", s.amount("protein_g"))]
        if let focus, focus != "protein_g", let info = nutrients.first(where: { $0.key == focus }) {
            figures.append(ReplyText.amount(s.amount(focus), info.unit) + " " + spoken(info))
        }
        var origin = s.origin.label
        if s.origin == .catalog {
            origin = [s.cuisine.isEmpty ? nil : s.cuisine, "serves \(CustomText.quantity(s.servings))"].compactMap { $0 }.joined(separator: ", ")
        }
        if s.liked { origin = "liked · " + origin }
        let perServing = s.servings == 1 ? "" : " a serving"
        return "\(s.title) — \(figures.joined(separator: ", "))\(perServing) (\(origin))"
    }

    /// A nutrient's label inside a sentence: "protein", "vitamin C".
    static func spoken(_ info: NutrientInfo) -> String {
        info.label.prefix(1).lowercased() + info.label.dropFirst()
    }

    static func howToGoOn(more: Bool) -> String {
        (more ? "Say \"another\" for more, " : "Say ") + "\"show the first one\" for details, or \"I like the second one\" to save it as a recipe."
    }

    static func nothingFits(_ request: SuggestionRequest, limit: Double?, note: String?) -> String {
        let within = limit.map { " within \(ReplyText.kcal($0))" } ?? ""
        return [note, "I have nothing that fits that\(within) and your preferences. Try asking more broadly, e.g. \"suggest a snack\" or \"recipes with chickpeas\"."]
            .compactMap { $0 }.joined(separator: " ")
    }

    static let noMore = "That's all I have for that request. Ask another way, e.g. \"a quick vegetarian lunch\"."
    static let whichOne = "Which one? Say \"the second one\", or \"save the first one\"."

    static func noSuchNumber(_ number: Int, count: Int) -> String {
        "There is no number \(number); I showed \(count)."
    }

    /// A suggestion in full: figures per serving, ingredients with amounts, steps.
    static func details(_ s: Suggestion) -> String {
        let servings = s.servings == 1 ? "1 serving" : "serves \(CustomText.quantity(s.servings))"
        var lines = ["\(s.title) (\(servings)): " + CustomText.nutrients(s.perServing.filter { UserFoodRules.nutrientKeys.contains($0.key) })
                     + (s.servings == 1 ? "." : " a serving.")]
        lines.append("Ingredients: " + s.ingredients.map(\.text).joined(separator: "; ") + ".")
        if let steps = s.recipe?.steps, !steps.isEmpty {
            lines += steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
        }
        lines.append("Say \"I like it\" to save it to your recipes.")
        return lines.joined(separator: "\n")
    }

    static func saved(_ recipe: Recipe) -> String {
        let kcal = ReplyText.kcal(recipe.perServing["energy_kcal"] ?? 0)
        return "Saved \"\(recipe.record.name)\" to your recipes (\(CustomText.servings(recipe.record.servings)), \(kcal) a serving). "
            + "Log it any time: \"I had \(recipe.record.name.lowercased())\"."
    }

    static func alreadySaved(_ name: String) -> String {
        "\"\(name)\" is already in your recipes; I'll suggest it first from now on."
    }
}
