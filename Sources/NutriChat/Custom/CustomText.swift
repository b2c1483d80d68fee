import Foundation
import NutriLanguage
import NutriStore

/// Every sentence about custom foods and recipes, in one place, for chat and the command line.
public enum CustomText {
    // MARK: - Amounts

    /// Display names of canonical units.
    static let shortUnits: [String: String] = [
        "gram": "g", "kilogram": "kg", "milligram": "mg", "milliliter": "ml", "liter": "l", "deciliter": "dl",
        "centiliter": "cl", "tablespoon": "tbsp", "teaspoon": "tsp", "fluid ounce": "fl oz", "ounce": "oz", "pound": "lb",
    ]

    /// 0.75 → "3/4", 1.5 → "1 1/2", 30 → "30", 27.5 → "27.5".
    public static func quantity(_ value: Double) -> String {
        if value == value.rounded() || !value.isFinite || abs(value) >= 1e15 { return value.wholeNumberText }
        let whole = value.rounded(.down)
        for denominator in 2...16 {
            let numerator = (value - whole) * Double(denominator)
            if abs(numerator - numerator.rounded()) < 1e-6, value < 100 {
                let fraction = "\(Int(numerator.rounded()))/\(denominator)"
                return whole > 0 ? "\(Int(whole)) \(fraction)" : fraction
            }
        }
        return ReplyText.number(value)
    }

    /// "1 bar", "3/4 cup", "30 g", "2 cookies", "1 serving (60 g)".
    public static func serving(quantity value: Double, unit: String, grams: Double?) -> String {
        var text = "\(quantity(value)) \(unitName(unit, plural: value > 1))"
        if let grams, !UserFoodRules.metricUnits.contains(unit) || unit == "milliliter" || unit == "liter" {
            text += " (\(ReplyText.amount(grams, "g")))"
        }
        return text
    }

    /// A custom food's serving.
    public static func serving(of food: CustomFoodRecord) -> String {
        serving(quantity: food.servingQuantity, unit: food.servingUnit, grams: food.servingGrams)
    }

    static func unitName(_ unit: String, plural: Bool) -> String {
        if let short = shortUnits[unit] { return short }
        guard plural else { return unit }
        if unit.hasSuffix("s") || unit.hasSuffix("x") || unit.hasSuffix("ch") || unit.hasSuffix("sh") { return unit + "es" }
        return unit + "s"
    }

    /// "200 kcal, 20 g protein, 22 g carbs, 7 g fat" for the keys present, in label order.
    public static func nutrients(_ values: [String: Double]) -> String {
        let names = ["protein_g": "protein", "carbohydrate_g": "carbs", "fat_g": "fat", "sugars_g": "sugars",
                     "fiber_g": "fibre", "saturated_fat_g": "saturated fat"]
        var parts = [ReplyText.kcal(values["energy_kcal"] ?? 0)]
        for key in UserFoodRules.nutrientKeys.dropFirst() {
            guard let value = values[key], let name = names[key] else { continue }
            parts.append(ReplyText.amount(value, "g") + " " + name)
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - Custom foods

    /// The reply to a food just added.
    static func added(_ food: CustomFoodRecord) -> String {
        var text = "Added the custom food \"\(food.name)\": \(serving(of: food)) = \(nutrients(food.nutrients))."
        let missing = ["protein_g", "carbohydrate_g", "fat_g"].filter { food.nutrients[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map { UserFoodRules.label($0) == "carbohydrate" ? "carbs" : UserFoodRules.label($0) }
            text += " No \(RecipeBuilder.list(names).replacingOccurrences(of: " and ", with: " or ")) given, so \(missing.count == 1 ? "it counts" : "they count") as unknown."
        }
        if food.servingGrams == nil { text += " Its weight wasn't given, so I count servings (a serving counts as 100 g in grams)." }
        return text + " Say \"I had \(loggingExample(food))\" to log it."
    }

    private static func loggingExample(_ food: CustomFoodRecord) -> String {
        let name = food.name.lowercased()
        if UserFoodRules.metricUnits.contains(food.servingUnit) || food.servingUnit == "serving" { return "a serving of \(name)" }
        if food.servingUnit == "piece" { return "1 \(name)" }
        if name.hasSuffix(food.servingUnit) { return "\(article(name)) \(name)" }
        return "1 \(unitName(food.servingUnit, plural: false)) of \(name)"
    }

    /// "a" or "an" before `word` ("an apple", "a glass"), as entries and custom foods are told.
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    // MARK: - Recipes

    /// The reply to a recipe just saved.
    static func savedRecipe(_ recipe: Recipe) -> String {
        let count = recipe.ingredients.count
        return "Saved the recipe \"\(recipe.record.name)\" (\(count) ingredient\(count == 1 ? "" : "s"), "
            + "\(servings(recipe.record.servings))). \(perServing(recipe)) Ingredients: \(ingredients(recipe)). "
            + "Say \"I had a serving of \(recipe.record.name.lowercased())\" to log it."
    }

    /// "Per serving (163 g): 228 kcal, …; per 100 g: 140 kcal."
    static func perServing(_ recipe: Recipe) -> String {
        var text = "Per serving"
        if recipe.weightKnown { text += " (\(ReplyText.amount(recipe.gramsPerServing, "g")))" }
        text += ": \(nutrients(recipe.perServing))"
        if let per100 = recipe.per100g { text += "; per 100 g: \(nutrients(per100))" }
        return text + "."
    }

    /// "1 cup rolled oats → Oats, regular and quick (81 g, 308 kcal); …".
    static func ingredients(_ recipe: Recipe) -> String {
        recipe.ingredients.map { ingredient in
            let kcal = ReplyText.kcal(ingredient.nutrients["energy_kcal"] ?? 0)
            let grams = ingredient.weightKnown ? ReplyText.amount(ingredient.grams, "g") + ", " : ""
            return "\(ingredient.text) → \(shortName(ingredient.foodName)) (\(grams)\(kcal))"
        }.joined(separator: "; ")
    }

    /// A USDA name's first three parts: "Cereals, oats, regular and quick".
    static func shortName(_ name: String) -> String {
        name.splitting(",").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    }

    static func servings(_ count: Double) -> String {
        "\(quantity(count)) serving\(count == 1 ? "" : "s")"
    }

    /// "Overnight oats (2 servings, 228 kcal a serving)".
    static func recipeLine(_ recipe: Recipe) -> String {
        "\(recipe.record.name) (\(servings(recipe.record.servings)), \(ReplyText.kcal(recipe.perServing["energy_kcal"] ?? 0)) a serving)"
    }

    static let recipeHelp = "I can create recipes (\"create a recipe called overnight oats with 1 cup rolled oats and 1 cup milk, makes 2 servings\"), save a logged meal (\"save this meal as a recipe called power breakfast\"), show, list and delete them, and change their servings. For other changes use 'nutrichat recipes edit'."
    static let noRecipes = "You have no recipes yet. Try \"create a recipe called overnight oats with 1 cup rolled oats and 1 cup milk, makes 2 servings\"."
    static let recipeNeedsName = "What should the recipe be called? Say e.g. \"save this meal as a recipe called power breakfast\"; nothing was saved."
    static func recipeNeedsIngredients(_ name: String) -> String {
        "A recipe needs its ingredients in the same message, e.g. \"create a recipe called \(name.isEmpty ? "overnight oats" : name) with 1 cup rolled oats and 1 cup milk, makes 2 servings\"; nothing was saved."
    }
    static func noMealToSave(_ meal: String?, date: String) -> String {
        "There's nothing logged \(meal.map { "for \($0) " } ?? "")on \(date) to save as a recipe; nothing was saved."
    }
}
