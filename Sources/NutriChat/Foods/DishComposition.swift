import Foundation
import NutriLanguage

/// How a dish described by its fillings is built when no single food has them: its base from
/// `Lexicon/dish-bases.tsv` ("burrito" → a 10-inch flour tortilla) and how much of each filling goes in one dish from
/// `Lexicon/fillings.tsv` ("cheese" → 28 g; "spread" means mayonnaise).
public struct DishComposition: Sendable {
    /// What a filling stands for inside a dish, and how much of it one dish holds.
    public struct Filling: Sendable, Equatable {
        /// Grams in one dish.
        public var grams: Double
        /// The everyday food name the word stands for inside a dish ("mayonnaise" for "spread"), if it differs.
        public var means: String?
    }

    /// Dish head → the parts of its base; an empty list is a dish that is only its fillings ("bowl").
    public private(set) var bases: [String: [Dish.Part]] = [:]
    /// Dish head → grams of all its fillings together in one dish.
    public private(set) var fillingGrams: [String: Double] = [:]
    /// The filling a dish named alone is made with ("a calzone" is a cheese calzone), by head (column `usual`).
    public private(set) var usualFillings: [String: String] = [:]
    /// Filling phrase (singular, folded) → its amount and meaning.
    public private(set) var fillings: [String: Filling] = [:]
    /// The longest filling phrase, in words.
    private var longestFilling = 0

    /// No bases and no filling amounts: every dish is its own base and fillings get their default portions.
    public init() {}

    /// Loads `dish-bases.tsv` and `fillings.tsv` from the lexicon folder.
    public static func load(from lexicon: URL, singular: (String) -> String, stopWords: Set<String>) throws -> DishComposition {
        var composition = DishComposition()
        let bases = try TSVTable(contentsOf: lexicon.appendingPathComponent("dish-bases.tsv"),
                                 required: ["head", "ndb", "grams", "base", "fillings"])
        for row in bases.rows {
            let head = row["head"].lowercased()
            guard !head.isEmpty else { throw DataFileError(file: bases.file, line: row.line, reason: "empty head") }
            if let grams = try row.optionalDouble("fillings", file: bases.file) {
                guard grams > 0 else { throw DataFileError(file: bases.file, line: row.line, reason: "fillings must be positive") }
                composition.fillingGrams[head] = grams
            }
            if !row["usual"].isEmpty { composition.usualFillings[head] = row["usual"].lowercased() }
            if row["ndb"].isEmpty {
                if composition.bases[head] == nil { composition.bases[head] = [] }
                continue
            }
            guard let ndb = Int(row["ndb"]), row["ndb"].count == 5 else {
                throw DataFileError(file: bases.file, line: row.line, reason: "ndb must be empty or a 5-digit number")
            }
            let grams = try row.double("grams", file: bases.file)
            guard grams > 0 else { throw DataFileError(file: bases.file, line: row.line, reason: "grams must be positive") }
            composition.bases[head, default: []].append(Dish.Part(ndb: ndb, grams: grams, label: row["base"]))
        }
        let fillings = try TSVTable(contentsOf: lexicon.appendingPathComponent("fillings.tsv"),
                                    required: ["filling", "grams", "means"])
        for row in fillings.rows {
            let key = FoodAliasTable.key(for: row["filling"], singular: singular, stopWords: stopWords)
            let grams = try row.double("grams", file: fillings.file)
            guard !key.isEmpty, grams > 0 else {
                throw DataFileError(file: fillings.file, line: row.line, reason: "a filling needs a name and positive grams")
            }
            composition.fillings[key] = Filling(grams: grams, means: row["means"].isEmpty ? nil : row["means"])
            composition.longestFilling = max(composition.longestFilling, key.splitting(" ").count)
        }
        return composition
    }

    /// The listed filling that ends `words` ("bacon" for "crispy bacon"), longest first, with the words before it.
    public func filling(endingWith words: [String]) -> (filling: Filling, before: [String])? {
        for length in stride(from: min(longestFilling, words.count), through: 1, by: -1) {
            if let filling = fillings[words.suffix(length).joinedWithSpaces()] {
                return (filling, Array(words.dropLast(length)))
            }
        }
        return nil
    }
}
