import Foundation
import GRDB

/// A recipe: a name, how many servings it makes, and its ingredients (in `recipeIngredient`).
public struct RecipeRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord, PrefixedFoodID {
    public static let databaseTableName = "recipe"

    /// The prefix of a recipe's id in entries and in the catalog ("recipe:3").
    public static let idPrefix = "recipe:"

    public var id: Int64?
    /// The name as the person wrote it, trimmed; unique without regard to case.
    public var name: String
    /// How many servings the ingredients make.
    public var servings: Double
    /// How it was made: the person's message or "command".
    public var text: String
    /// Grows with every edit.
    public var revision: Int
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a recipe; `id` is set when it is saved.
    public init(id: Int64? = nil, name: String, servings: Double, text: String, revision: Int = 0, createdAt: Date,
                updatedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.servings = servings
        self.text = text
        self.revision = revision
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// One ingredient of a recipe: what was said, the food chosen, and a snapshot of its grams and nutrients.
public struct RecipeIngredientRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "recipeIngredient"

    public var id: Int64?
    public var recipeId: Int64?
    /// 0, 1, 2… in the order given.
    public var position: Int
    /// The person's words ("1 cup rolled oats").
    public var text: String
    public var foodId: String
    public var foodName: String
    public var quantity: Double?
    public var unit: String?
    /// The weight used; nominal when `weightKnown` is false.
    public var grams: Double
    /// False for a custom food given per piece without its weight.
    public var weightKnown: Bool
    /// Amounts for this ingredient by `name_unit` key.
    public var nutrients: [String: Double]

    /// Creates an ingredient; the recipe's id and the position are set when the recipe is saved.
    public init(id: Int64? = nil, recipeId: Int64? = nil, position: Int = 0, text: String, foodId: String, foodName: String,
                quantity: Double?, unit: String?, grams: Double, weightKnown: Bool = true, nutrients: [String: Double]) {
        self.id = id
        self.recipeId = recipeId
        self.position = position
        self.text = text
        self.foodId = foodId
        self.foodName = foodName
        self.quantity = quantity
        self.unit = unit
        self.grams = grams
        self.weightKnown = weightKnown
        self.nutrients = nutrients
    }

    public enum Columns {
        public static let recipeId = Column(CodingKeys.recipeId)
        public static let position = Column(CodingKeys.position)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A recipe with its ingredients and the nutrition they add up to.
public struct Recipe: Sendable, Equatable {
    public var record: RecipeRecord
    /// In the order given.
    public var ingredients: [RecipeIngredientRecord]

    /// Creates a recipe value.
    public init(record: RecipeRecord, ingredients: [RecipeIngredientRecord]) {
        self.record = record
        self.ingredients = ingredients
    }

    /// Nutrients of the whole batch by key.
    public var totals: [String: Double] {
        ingredients.reduce(into: [:]) { sum, ingredient in
            for (key, amount) in ingredient.nutrients { sum[key, default: 0] += amount }
        }
    }

    /// The weight of the whole batch (nominal grams included when `weightKnown` is false).
    public var totalGrams: Double { ingredients.reduce(0) { $0 + $1.grams } }

    /// Whether every ingredient's weight is known, so per-100 g values mean something.
    public var weightKnown: Bool { ingredients.allSatisfy(\.weightKnown) }

    /// Nutrients of one serving.
    public var perServing: [String: Double] { totals.mapValues { $0 / record.servings } }

    /// The weight of one serving.
    public var gramsPerServing: Double { totalGrams / record.servings }

    /// Nutrients per 100 g of the dish, or nil when the weight is not known or is zero.
    public var per100g: [String: Double]? {
        let grams = totalGrams
        guard weightKnown, grams > 0 else { return nil }
        return totals.mapValues { $0 * 100 / grams }
    }
}
