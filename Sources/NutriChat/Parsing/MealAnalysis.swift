import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// Nutrient amounts keyed by `name_unit`, in the database's display order.
public struct NutrientValues: Sendable, Equatable {
    /// (nutrient, amount) pairs in display order.
    public private(set) var entries: [(NutrientInfo, Double)] = []

    /// No nutrients.
    public init() {}

    /// `per100g` scaled to `grams`.
    public init(per100g: [NutrientAmount], grams: Double) {
        entries = per100g.map { ($0.nutrient, $0.amount * grams / 100) }
    }

    /// Values from an entry's snapshot (`name_unit` → amount), ordered by `catalog`.
    public init(snapshot: [String: Double], catalog: [NutrientInfo]) {
        entries = catalog.compactMap { info in snapshot[info.key].map { (info, $0) } }
    }

    /// The amount of the nutrient with JSON key `key`, or nil.
    public subscript(key: String) -> Double? { entries.first { $0.0.key == key }?.1 }

    /// The sum of `parts`, as adding them one by one in order gives (the same amounts to the last bit), in one pass:
    /// nutrient ids are small display positions, so amounts are summed in an array indexed by id, and each
    /// nutrient's description is copied once instead of once per part.
    public init(summing parts: [NutrientValues]) {
        // Entries are read by index throughout: copying one copies the nutrient's strings.
        var largestId = -1
        var smallestId = 0
        for part in parts {
            for position in part.entries.indices {
                largestId = max(largestId, part.entries[position].0.id)
                smallestId = min(smallestId, part.entries[position].0.id)
            }
        }
        guard largestId < 4096, smallestId >= 0, parts.allSatisfy({ Self.sortedById($0.entries) }) else {
            for part in parts { add(part) }
            return
        }
        // Per id: the part and position where the nutrient first appears, and the running sum.
        var first = [(part: Int, position: Int)?](repeating: nil, count: largestId + 1)
        var sums = [Double](repeating: 0, count: largestId + 1)
        for (partIndex, part) in parts.enumerated() {
            for position in part.entries.indices {
                let id = part.entries[position].0.id
                if first[id] == nil {
                    first[id] = (partIndex, position)
                    sums[id] = part.entries[position].1
                } else {
                    sums[id] += part.entries[position].1
                }
            }
        }
        entries.reserveCapacity(first.lazy.filter { $0 != nil }.count)
        for id in first.indices {
            guard let origin = first[id] else { continue }
            entries.append((parts[origin.part].entries[origin.position].0, sums[id]))
        }
    }

    /// Adds `other` nutrient by nutrient; nutrients only one side has are kept.
    public mutating func add(_ other: NutrientValues) {
        if Self.sortedById(entries), Self.sortedById(other.entries) {
            entries = Self.merged(entries, other.entries)
            return
        }
        // Positions by nutrient id (the first of each), looked up instead of searched for.
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(entries.count + other.entries.count)
        for (index, entry) in entries.enumerated() where positions[entry.0.id] == nil { positions[entry.0.id] = index }
        for (info, amount) in other.entries {
            if let i = positions[info.id] { entries[i].1 += amount }
            else {
                positions[info.id] = entries.count
                entries.append((info, amount))
            }
        }
        entries.sort { $0.0.id < $1.0.id }
    }

    private static func sortedById(_ entries: [(NutrientInfo, Double)]) -> Bool {
        // By index: copying an entry copies the nutrient's strings.
        entries.indices.dropFirst().allSatisfy { entries[$0 - 1].0.id < entries[$0].0.id }
    }

    /// Two lists in strictly ascending id order, summed nutrient by nutrient (`a`'s amount first, as `add` sums).
    private static func merged(_ a: [(NutrientInfo, Double)], _ b: [(NutrientInfo, Double)]) -> [(NutrientInfo, Double)] {
        var result: [(NutrientInfo, Double)] = []
        result.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].0.id < b[j].0.id) { result.append(a[i]); i += 1 }
            else if i == a.count || b[j].0.id < a[i].0.id { result.append(b[j]); j += 1 }
            else { result.append((a[i].0, a[i].1 + b[j].1)); i += 1; j += 1 }
        }
        return result
    }

    /// Every value multiplied by `factor`.
    public func scaled(by factor: Double) -> NutrientValues {
        var copy = self
        copy.entries = entries.map { ($0.0, $0.1 * factor) }
        return copy
    }

    public static func == (lhs: NutrientValues, rhs: NutrientValues) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// The keys every nutrient object shows, even at zero (CLI.md); others appear when the food has some.
    public static let alwaysShown: Set<String> = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "fiber_g",
                                                  "sugars_g", "sodium_mg"]
    /// The same keys as an array: `write` asks about every nutrient that rounds to zero, and comparing a short key
    /// with seven others costs less than hashing it.
    private static let alwaysShownKeys = Array(alwaysShown)

    /// `{"energy_kcal": 105.0, …}`, each rounded to `places` decimals; zero amounts of minor nutrients are left out.
    public func json(places: Int = 1) -> JSONValue {
        var out = JSONWriter(capacity: 32 * entries.count + 2)
        write(to: &out, places: places)
        return .raw(out.text)
    }

    /// The same object, written to `out`.
    func write(to out: inout JSONWriter, places: Int = 1) {
        // Written straight to text: batch parse prints dozens of nutrients per item, thousands of items a second.
        out.byte(UInt8(ascii: "{"))
        var first = true
        for index in entries.indices {
            let rounded = JSONOutput.round(entries[index].1, places)
            guard rounded != 0 || Self.alwaysShownKeys.contains(entries[index].0.key) else { continue }
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.key(entries[index].0.key)
            // One decimal, nearly always: written from the tenths directly, the same text `number` gives.
            let tenths = (entries[index].1 * 10).rounded()
            if places == 1, abs(tenths) < 1e9 { out.tenths(Int64(tenths)) } else { out.number(rounded) }
        }
        out.byte(UInt8(ascii: "}"))
    }
}

/// One food item of a message, resolved as far as it goes.
public struct AnalyzedItem: Sendable, Codable {
    public var mention: FoodMention
    /// The best foods, best first (up to 3); the dialogue offers them as choices when they are close.
    public var candidates: [FoodCandidate]
    public var portion: ResolvedPortion?
    public var nutrients: NutrientValues
    /// What chat would ask about this item, if anything.
    public var question: String?
    /// The size word of the mention ("large" in "1 large egg", where it also names the food), else nil.
    public var size: String? = nil
    /// Set when the amount is beyond what a person eats in one go (PlausibleAmounts.swift); grams are then nil.
    public var amountProblem: AmountProblem? = nil

    /// The chosen food, when one fits.
    public var match: FoodCandidate? { candidates.first }
}

/// Everything batch parse knows about one message.
public struct MessageAnalysis: Sendable {
    public var input: String
    public var intent: Intent
    public var confidence: Double
    public var meal: MealSlot?
    public var date: String
    public var items: [AnalyzedItem]
    /// The message named no meal: `meal` is the clock's.
    public var mealFromClock = false
    /// An error key for input that could not be read at all (empty, binary, enormous).
    public var error: String?

    /// Nutrients summed over every item with a match.
    public var totals: NutrientValues {
        NutrientValues(summing: items.compactMap { $0.candidates.isEmpty ? nil : $0.nutrients })
    }

    /// Follow-up questions, one per item that needs one.
    public var questions: [String] { items.compactMap(\.question) }
}

/// Nutrient values are saved with the dialogue state (a pending question survives a server restart) as a list of
/// `{nutrient, amount}` pairs in display order.
extension NutrientValues: Codable {
    private struct Pair: Codable {
        var nutrient: NutrientInfo
        var amount: Double
    }

    /// Reads the pairs back in the order they were written.
    public init(from decoder: Decoder) throws {
        entries = try [Pair](from: decoder).map { ($0.nutrient, $0.amount) }
    }

    /// Writes the pairs in display order.
    public func encode(to encoder: Encoder) throws {
        try entries.map { Pair(nutrient: $0.0, amount: $0.1) }.encode(to: encoder)
    }
}
