import Foundation
import NutriLanguage
import NutriStore

/// An everyday name for a reference food, with the portion people mean by "a/one <name>".
public struct FoodAlias: Sendable, Equatable {
    /// The alias's words, folded and singularised ("peanut butter").
    public var key: String
    /// The alias as written in the table.
    public var alias: String
    /// The food it names: "usda:09040" or "dish:…".
    public var foodId: String
    /// The portion word ("medium", "slice", "cup", …).
    public var portion: String
    /// Grams of one such portion.
    public var grams: Double
}

/// The hand-curated alias table, `Lexicon/foods.tsv`.
public struct FoodAliasTable: Sendable {
    public private(set) var byKey: [String: FoodAlias] = [:]
    /// Aliases by their words sorted, so "milk whole" finds "whole milk".
    public private(set) var byBag: [String: FoodAlias] = [:]
    /// The longest alias, in words, so phrase lookup knows where to stop.
    public private(set) var longestAlias = 0

    /// An empty table.
    public init() {}

    /// Builds the table from rows; later rows replace earlier ones with the same key.
    public init(aliases: [FoodAlias]) {
        for alias in aliases {
            names.insert(alias.alias.lowercased())
            byKey[alias.key] = alias
            let bag = Self.bag(alias.key)
            if byBag[bag] == nil || alias.key == bag { byBag[bag] = alias }
            longestAlias = max(longestAlias, alias.key.split(separator: " ").count)
        }
    }

    /// Loads `foods.tsv` (alias, ndb, portion, grams).
    public static func load(from url: URL, singular: (String) -> String) throws -> FoodAliasTable {
        let table = try TSVTable(contentsOf: url, required: ["alias", "ndb", "portion", "grams"])
        var aliases: [FoodAlias] = []
        for row in table.rows {
            guard let ndb = Int(row["ndb"]), row["ndb"].count == 5 else {
                throw DataFileError(file: table.file, line: row.line, reason: "ndb must be a 5-digit number")
            }
            let grams = try row.double("grams", file: table.file)
            guard grams > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "grams must be positive") }
            let key = Self.key(for: row["alias"], singular: singular)
            guard !key.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty alias") }
            aliases.append(FoodAlias(key: key, alias: row["alias"], foodId: FoodID.string(ndb: ndb), portion: row["portion"],
                                     grams: grams))
        }
        return FoodAliasTable(aliases: aliases)
    }

    /// The table with every dish's names added, each meaning one serving of the dish.
    public func adding(_ dishes: [Dish], singular: (String) -> String) -> FoodAliasTable {
        var all = Array(byKey.values)
        // Names that lost their key to another spelling ("mac & cheese" / "mac and cheese") stay known names.
        let previousNames = names
        for dish in dishes {
            for name in [dish.name] + dish.otherNames {
                let key = Self.key(for: name, singular: singular)
                guard !key.isEmpty else { continue }
                all.append(FoodAlias(key: key, alias: name, foodId: dish.id, portion: dish.portion, grams: dish.grams))
            }
        }
        var table = FoodAliasTable(aliases: all)
        table.names.formUnion(previousNames)
        return table
    }

    /// The lookup key of a phrase: folded words, each singularised, joined by spaces.
    public static func key(for text: String, singular: (String) -> String) -> String {
        TextFolding.words(text).map(singular).joined(separator: " ")
    }

    /// A key's words sorted: the same for any word order.
    public static func bag(_ key: String) -> String {
        key.split(separator: " ").sorted().joined(separator: " ")
    }

    /// The alias for these words in any order.
    public func alias(forBag key: String) -> FoodAlias? { byBag[Self.bag(key)] }

    /// The alias for exactly these words.
    public func alias(forKey key: String) -> FoodAlias? { byKey[key] }

    /// Every alias name as written, for the segmenter, which must not split "mac and cheese" at "and".
    public private(set) var names: Set<String> = []
}
