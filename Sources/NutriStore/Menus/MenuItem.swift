import Foundation
import GRDB

/// One dish on a dining hall's menu for one day and meal, with what the operator's file says of it: a serving,
/// energy and macros per serving, allergens and ingredients.
public struct MenuItem: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "menu_item"

    public var id: Int64?
    /// The dining hall or place, as the file names it ("North Hall").
    public var place: String
    /// YYYY-MM-DD.
    public var date: String
    /// breakfast, lunch, dinner, … as the file names it, lowercased.
    public var meal: String
    public var station: String?
    /// The dish's name ("Chicken Alfredo").
    public var name: String
    /// The serving the figures are for ("1 cup", "1 plate (350 g)").
    public var serving: String?
    public var servingGrams: Double?
    public var kcal: Double
    public var proteinG: Double?
    public var carbohydrateG: Double?
    public var fatG: Double?
    /// Lowercased allergen names, comma-separated ("milk,wheat").
    public var allergens: String
    public var ingredients: String?

    enum CodingKeys: String, CodingKey {
        case id, place, date, meal, station, name, serving, kcal, allergens, ingredients
        case servingGrams = "serving_grams", proteinG = "protein_g", carbohydrateG = "carbohydrate_g", fatG = "fat_g"
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The allergens as a list.
    public var allergenList: [String] { allergens.split(separator: ",").map(String.init) }

    /// Whether the dish names `allergen` among its allergens or, failing that, in its ingredients.
    public func contains(allergen: String) -> Bool {
        let word = allergen.lowercased()
        if allergenList.contains(where: { $0 == word || $0.hasPrefix(word) || word.hasPrefix($0) }) { return true }
        return ingredients?.lowercased().contains(word) ?? false
    }
}
