import Foundation
import GRDB

/// One logged food: what was said, the food chosen, the amount, and a snapshot of its nutrients at logging time,
/// so editing or deleting a food later never changes past days.
public struct JournalEntry: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "entry"

    public var id: Int64?
    /// "2026-11-21".
    public var date: String
    /// The meal slot's name ("breakfast", "lunch", …).
    public var meal: String
    /// The person's words for this item ("2 cups oatmeal").
    public var text: String
    /// "usda:08121" or a custom food's id.
    public var foodId: String
    public var foodName: String
    public var quantity: Double?
    public var unit: String?
    public var grams: Double
    /// Nutrient amounts for `grams`, by `name_unit` key.
    public var nutrients: [String: Double]
    public var createdAt: Date

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let date = Column(CodingKeys.date)
        public static let meal = Column(CodingKeys.meal)
        public static let foodName = Column(CodingKeys.foodName)
    }

    /// Creates an entry; `id` is set when it is saved.
    public init(id: Int64? = nil, date: String, meal: String, text: String, foodId: String, foodName: String,
                quantity: Double?, unit: String?, grams: Double, nutrients: [String: Double], createdAt: Date) {
        self.id = id
        self.date = date
        self.meal = meal
        self.text = text
        self.foodId = foodId
        self.foodName = foodName
        self.quantity = quantity
        self.unit = unit
        self.grams = grams
        self.nutrients = nutrients
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Energy of this entry.
    public var kcal: Double { nutrients["energy_kcal"] ?? 0 }
}

/// A meal slot of the day, in display order.
public struct MealSlotRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "mealSlot"

    public var id: Int64?
    public var name: String
    public var position: Int

    /// A slot as a store holds it.
    public init(id: Int64?, name: String, position: Int) {
        (self.id, self.name, self.position) = (id, name, position)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Plain water drunk, in milliliters.
public struct WaterRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "water"

    public var id: Int64?
    public var date: String
    public var milliliters: Double
    public var text: String
    public var createdAt: Date

    /// Creates a water record.
    public init(id: Int64? = nil, date: String, milliliters: Double, text: String, createdAt: Date) {
        self.id = id
        self.date = date
        self.milliliters = milliliters
        self.text = text
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
