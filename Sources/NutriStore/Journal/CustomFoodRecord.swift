import Foundation
import GRDB

/// A food the person defined from its label, kept per serving as given: "protein bar, 200 kcal, 20 g protein per bar".
public struct CustomFoodRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord, PrefixedFoodID {
    public static let databaseTableName = "customFood"

    /// The prefix of a custom food's id in entries and in the catalog ("custom:7").
    public static let idPrefix = "custom:"

    public var id: Int64?
    /// The name as the person wrote it, trimmed ("Protein bar"); unique without regard to case.
    public var name: String
    /// How many `servingUnit` make one serving: 1 (bar), 0.75 (cup), 30 (gram).
    public var servingQuantity: Double
    /// A canonical unit name: "bar", "cup", "gram", "milliliter", "serving", …
    public var servingUnit: String
    /// The weight of one serving, when known.
    public var servingGrams: Double?
    /// Amounts in one serving by `name_unit` key; `energy_kcal` is always there.
    public var nutrients: [String: Double]
    /// Grows with every edit.
    public var revision: Int
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a custom food; `id` is set when it is saved.
    public init(id: Int64? = nil, name: String, servingQuantity: Double, servingUnit: String, servingGrams: Double?,
                nutrients: [String: Double], revision: Int = 0, createdAt: Date, updatedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.servingQuantity = servingQuantity
        self.servingUnit = servingUnit
        self.servingGrams = servingGrams
        self.nutrients = nutrients
        self.revision = revision
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// How lists of custom foods and recipes are sorted.
public enum UserFoodOrder: String, Sendable, CaseIterable {
    /// Oldest first, as they were added.
    case added
    /// By name, without regard to case.
    case name
    /// Most often logged first (journal entries with the food's id), then by name.
    case eaten

    /// Sorts listings as this order asks; ties by name, then by id. `created` gives an item's creation time and id.
    public func sorted<T>(_ listings: [UserFoodListing<T>], name: (T) -> String,
                          created: (T) -> (Date, Int64)) -> [UserFoodListing<T>] {
        listings.sorted { a, b in
            let nameA = name(a.item).lowercased(), nameB = name(b.item).lowercased()
            switch self {
            case .added:
                let (dateA, idA) = created(a.item), (dateB, idB) = created(b.item)
                return dateA != dateB ? dateA < dateB : idA < idB
            case .name:
                return nameA != nameB ? nameA < nameB : created(a.item).1 < created(b.item).1
            case .eaten:
                return a.timesEaten != b.timesEaten ? a.timesEaten > b.timesEaten : nameA < nameB
            }
        }
    }
}

/// A custom food or a recipe with how many journal entries name it.
public struct UserFoodListing<Item: Sendable & Equatable>: Sendable, Equatable {
    public var item: Item
    /// Journal entries whose `foodId` is this food's.
    public var timesEaten: Int

    /// Creates a listing row.
    public init(item: Item, timesEaten: Int) {
        self.item = item
        self.timesEaten = timesEaten
    }
}
