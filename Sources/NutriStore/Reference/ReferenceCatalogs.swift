import Foundation

/// One nutrient as NutriChat names it, from `Lexicon/nutrients.tsv`.
public struct NutrientInfo: Sendable, Equatable, Hashable, Codable {
    /// Display position, also the nutrient's id in `foods.sqlite`.
    public var id: Int
    /// The SR24 name in the cronometer XML ("Carbs").
    public var source: String
    /// The JSON key in `name_unit` form ("carbohydrate_g").
    public var key: String
    /// The label people read ("Carbohydrate").
    public var label: String
    /// "g", "mg", "µg", "kcal" or "IU".
    public var unit: String
    /// Display group: energy, fats, vitamins, minerals, amino acids, other.
    public var category: String
    /// FDA daily value in `unit`, when there is one.
    public var dailyValue: Double?

    /// Creates a nutrient description.
    public init(id: Int, source: String, key: String, label: String, unit: String, category: String, dailyValue: Double?) {
        self.id = id
        self.source = source
        self.key = key
        self.label = label
        self.unit = unit
        self.category = category
        self.dailyValue = dailyValue
    }
}

/// The nutrient and food-group tables the importer needs, read from `Lexicon/`.
public struct ReferenceCatalogs: Sendable {
    public var nutrients: [NutrientInfo]
    /// Food group names by the NDB number's first two digits.
    public var foodGroups: [String: String]

    /// Creates catalogs from explicit values.
    public init(nutrients: [NutrientInfo], foodGroups: [String: String]) {
        self.nutrients = nutrients
        self.foodGroups = foodGroups
    }
}
