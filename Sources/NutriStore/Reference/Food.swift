import Foundation

/// A reference food: its id, USDA name and group.
public struct Food: Sendable, Equatable, Hashable, Codable {
    /// "usda:09040".
    public var id: String
    public var name: String
    /// The food group's name ("Fruits and Fruit Juices"), when known.
    public var group: String?
    /// The two-digit group code ("09").
    public var groupCode: String?
    /// Energy per 100 g.
    public var kcalPer100g: Double?

    /// Creates a food value.
    public init(id: String, name: String, group: String? = nil, groupCode: String? = nil, kcalPer100g: Double? = nil) {
        self.id = id
        self.name = name
        self.group = group
        self.groupCode = groupCode
        self.kcalPer100g = kcalPer100g
    }
}

/// A household measure of one food: `amount` × `name` weighs `grams` ("1 cup, chopped" = 140 g).
public struct Portion: Sendable, Equatable, Hashable {
    public var amount: Double
    public var name: String
    public var grams: Double

    /// Creates a portion value.
    public init(amount: Double, name: String, grams: Double) {
        self.amount = amount
        self.name = name
        self.grams = grams
    }

    /// Grams of one unit of this measure.
    public var gramsPerUnit: Double { grams / amount }
}

/// One nutrient amount per 100 g of a food.
public struct NutrientAmount: Sendable, Equatable {
    public var nutrient: NutrientInfo
    public var amount: Double

    /// Creates a nutrient amount.
    public init(nutrient: NutrientInfo, amount: Double) {
        self.nutrient = nutrient
        self.amount = amount
    }
}

/// A full-text search hit before re-ranking.
public struct FoodSearchHit: Sendable, Equatable {
    public var food: Food
    /// SQLite FTS5 bm25 rank: more negative is better.
    public var rank: Double
}

/// Food ids are "usda:NNNNN"; a bare NDB number is accepted too.
public enum FoodID {
    /// The NDB number of `id`, or nil when it is not a USDA id.
    public static func ndb(from id: String) -> Int? {
        // Fast path for the canonical form every food carries: "usda:" and five digits.
        let utf8 = id.utf8
        if utf8.count == 10, utf8.starts(with: "usda:".utf8) {
            var value = 0
            for byte in utf8.dropFirst(5) {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        var text = Substring(id.trimmingCharacters(in: .whitespaces).lowercased())
        if text.hasPrefix("usda:") { text = text.dropFirst(5) }
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// The id string for an NDB number.
    public static func string(ndb: Int) -> String {
        let digits = String(ndb)
        return "usda:" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }
}
