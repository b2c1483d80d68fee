import Foundation
import NutriLanguage
import NutriStore

/// What an edit of a custom food changes (`nutrichat foods edit`, `PUT /v1/foods/custom/{name}`); nil keeps the
/// current value.
public struct CustomFoodChange: Sendable {
    /// A new name.
    public var name: String?
    /// A new serving ("1 bar", "30 g"); its weight replaces the old one's (unknown when the text gives none).
    public var serving: String?
    /// The serving's weight in grams, over what `serving` says.
    public var grams: Double?
    /// Forget the serving's weight.
    public var forgetWeight: Bool
    /// Nutrients given, by key.
    public var nutrients: [String: Double]
    /// Whether `nutrients` replace all the old ones (true) or only those given (false).
    public var replaceNutrients: Bool

    /// Creates a change.
    public init(name: String? = nil, serving: String? = nil, grams: Double? = nil, forgetWeight: Bool = false,
                nutrients: [String: Double] = [:], replaceNutrients: Bool = false) {
        (self.name, self.serving, self.grams, self.forgetWeight) = (name, serving, grams, forgetWeight)
        (self.nutrients, self.replaceNutrients) = (nutrients, replaceNutrients)
    }
}

extension UserFoodEdits {
    /// Applies `change` to `food` and saves it under the same id; refuses a name another custom food or recipe
    /// answers to. Entries logged before keep their values.
    public static func editCustomFood(_ food: CustomFoodRecord, _ change: CustomFoodChange, language: LanguageLexicon,
                                      journal: any JournalStore, at now: @autoclosure () throws -> Date) throws -> CustomFoodRecord {
        var record = food
        if let name = change.name { record.name = name }
        if let text = change.serving {
            let serving = try ServingReader(language: language).read(text)
            (record.servingQuantity, record.servingUnit, record.servingGrams) = (serving.quantity, serving.unit, serving.grams)
        }
        if let grams = change.grams { record.servingGrams = grams }
        if change.forgetWeight { record.servingGrams = nil }
        record.nutrients = change.replaceNutrients ? change.nutrients : record.nutrients.merging(change.nutrients) { _, new in new }
        try UserFoodNames(language: language).checkFree(record.name, among: try journal.userFoodRows(), except: record.foodId)
        return try journal.updateCustomFood(record, at: try now())
    }

    /// Saves `recipe` with a new name and servings when given, and `ingredients` (already resolved) in place of its
    /// own when given; refuses a name another custom food or recipe answers to. Entries logged before keep their
    /// values.
    public static func editRecipe(_ recipe: Recipe, name: String?, servings: Double?, ingredients: [RecipeIngredientRecord]?,
                                  analyzer: MealAnalyzer, journal: any JournalStore, at now: Date) throws -> Recipe {
        var record = recipe.record
        if let name { record.name = name }
        if let servings { record.servings = servings }
        try UserFoodNames(resolver: analyzer.services.resolver).checkFree(record.name, among: try journal.userFoodRows(),
                                                                          except: record.foodId)
        return try journal.updateRecipe(record, ingredients: ingredients, at: now)
    }

}
