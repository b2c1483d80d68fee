import Foundation
import NutriStore

/// A custom food or a recipe as the catalog and the resolver see it: a `Food` with the id "custom:N" or "recipe:N",
/// its serving as a household measure, and nutrients per 100 g.
///
/// A serving whose weight the person did not give ("200 kcal per bar") counts as a nominal 100 g, so per-100 g
/// arithmetic gives exactly the stated nutrients per serving: "2 protein bars" logs 2 × the serving. Such a food has
/// `weightKnown == false`, no `kcalPer100g`, and its logged grams are nominal (100 g a bar).
public struct UserFood: Sendable, Equatable {
    /// Where the food comes from.
    public enum Kind: String, Sendable {
        case customFood = "custom food"
        case recipe
    }

    /// The weight a serving of unknown weight counts as.
    public static let nominalServingGrams = 100.0

    public var kind: Kind
    /// "custom:3" / "recipe:2", the person's name, and a group naming the kind.
    public var food: Food
    /// The name's words as the resolver compares them (folded, singular, without stop words).
    public var words: [String]
    /// The measure "a/one <name>" means, and what `2 <unit>` multiplies.
    public var alias: FoodAlias
    /// Household measures: the serving as given, and "serving".
    public var portions: [Portion]
    /// Nutrients per 100 g by `name_unit` key (per nominal 100 g when the weight is not known).
    public var per100g: [String: Double]
    /// Whether the serving's weight is known.
    public var weightKnown: Bool
    /// Grams of one serving (nominal when the weight is not known).
    public var servingGrams: Double

    /// A custom food; `words` is the resolver's word function. A metric serving ("30 g") is also "a serving"; a
    /// serving in milliliters without a weight counts at the density of water; a household serving without a weight
    /// counts as the nominal 100 g, and its measure says so ("bar (weight not given)").
    public init(_ record: CustomFoodRecord, words: (String) -> [String]) {
        let metric = UserFoodRules.metricUnits.contains(record.servingUnit)
        let massGrams = UserFoodRules.gramsPerMetricUnit[record.servingUnit].map { $0 * record.servingQuantity }
        let milliliters = UserFoodRules.millilitersPerMetricUnit[record.servingUnit].map { $0 * record.servingQuantity }
        let grams = record.servingGrams ?? massGrams ?? milliliters ?? Self.nominalServingGrams
        kind = .customFood
        weightKnown = record.servingGrams != nil || massGrams != nil
        servingGrams = grams
        per100g = record.nutrients.mapValues { $0 * 100 / grams }
        food = Food(id: record.foodId, name: record.name, group: "Custom foods",
                    kcalPer100g: weightKnown ? per100g["energy_kcal"] : nil)
        self.words = words(record.name)
        let unit = metric ? "serving" : record.servingUnit
        alias = FoodAlias(key: self.words.joined(separator: " "), alias: record.name, foodId: record.foodId, portion: unit,
                          grams: metric ? grams : grams / record.servingQuantity)
        let caveat = weightKnown || milliliters != nil ? "" : " (weight not given)"
        var portions = [Portion(amount: metric ? 1 : record.servingQuantity, name: unit + caveat, grams: grams)]
        if let milliliters { portions.append(Portion(amount: milliliters, name: "ml", grams: grams)) }
        if unit != "serving" { portions.append(Portion(amount: 1, name: "serving" + caveat, grams: grams)) }
        // "kirkland protein bar, 190 kcal" is given per serving, and a serving is one bar: "a kirkland protein bar"
        // must not fall back to a typical bar's weight.
        if ["serving", "piece"].contains(unit), record.servingQuantity == 1, let head = self.words.last, head != unit {
            portions.append(Portion(amount: 1, name: head + caveat, grams: grams))
        }
        self.portions = portions
    }

    /// A recipe: one serving is the batch divided by its servings.
    public init(_ recipe: Recipe, words: (String) -> [String]) {
        let grams = recipe.gramsPerServing > 0 ? recipe.gramsPerServing : Self.nominalServingGrams
        kind = .recipe
        weightKnown = recipe.weightKnown && recipe.gramsPerServing > 0
        servingGrams = grams
        per100g = recipe.perServing.mapValues { $0 * 100 / grams }
        food = Food(id: recipe.record.foodId, name: recipe.record.name, group: "Recipes",
                    kcalPer100g: weightKnown ? per100g["energy_kcal"] : nil)
        self.words = words(recipe.record.name)
        alias = FoodAlias(key: self.words.joined(separator: " "), alias: recipe.record.name, foodId: recipe.record.foodId,
                          portion: "serving", grams: grams)
        portions = [Portion(amount: 1, name: "serving", grams: grams)]
    }

    /// Whether `id` names a custom food or a recipe.
    public static func isUserFoodId(_ id: String) -> Bool {
        id.hasPrefix(CustomFoodRecord.idPrefix) || id.hasPrefix(RecipeRecord.idPrefix)
    }
}

/// Custom foods and recipes for the catalog and the resolver, asked for ids with the "custom:" and "recipe:"
/// prefixes and for name matches before anything else.
public protocol UserFoodSource: AnyObject, Sendable {
    /// Every custom food and recipe as it is now.
    func userFoods() -> [UserFood]
    /// The custom food or recipe with `id`, or nil.
    func userFood(id: String) -> UserFood?
}
