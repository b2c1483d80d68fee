import Foundation
import NutriLanguage
import NutriStore

/// An everyday name for a reference food, with the portion people mean by "a/one <name>".
public struct FoodAlias: Sendable, Equatable, Codable {
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
    /// The first word of every alias: a phrase starting with any other word is no alias.
    public private(set) var firstWords: Set<String> = []

    /// An empty table.
    public init() {}

    /// Builds the table from rows; later rows replace earlier ones with the same key.
    public init(aliases: [FoodAlias]) {
        // Sized once: the table is built at every start-up, and growing a dictionary rehashes every key in it.
        byKey.reserveCapacity(aliases.count)
        names.reserveCapacity(aliases.count)
        byBag.reserveCapacity(aliases.count / 2)
        for alias in aliases {
            names.insert(alias.alias.lowercased())
            byKey[alias.key] = alias
            let words = alias.key.splitting(" ")
            // Only phrases have another word order worth indexing.
            if words.count > 1 {
                let bag = words.sorted().joinedWithSpaces()
                if byBag[bag] == nil || alias.key == bag { byBag[bag] = alias }
            }
            longestAlias = max(longestAlias, words.count)
            if words.count >= 3 { phrases.append((Set(words.map(String.init)), alias.key)) }
            if let first = words.first { firstWords.insert(String(first)) }
        }
        phrases.sort { ($0.words.count, $1.key) > ($1.words.count, $0.key) }
        for (index, phrase) in phrases.enumerated() {
            for word in phrase.words { phrasesByWord[word, default: []].append(index) }
        }
    }

    /// Word → the positions in `phrases` of the phrases that have it.
    private var phrasesByWord: [String: [Int]] = [:]

    /// Every portion word the aliases use ("tbsp", "bag", "cookie").
    public var portionWords: Set<String> { Set(byKey.values.map(\.portion)) }

    /// Aliases of three or more words, as word sets, longest first (then by key, so every run picks the same one).
    private(set) var phrases: [(words: Set<String>, key: String)] = []

    /// The longest alias of three or more words whose words all appear in `words`, in any order and with others
    /// between: "fiber one bar" in "chewy bar from fiber one", "ham and cheese sandwich" in "sandwich with ham and
    /// cheese".
    public func scatteredAlias(in words: [String], longerThan count: Int) -> (FoodAlias, Set<Int>)? {
        // A phrase is all there when each of its words was found: gather the phrases of every distinct query word,
        // sorted, so that a phrase's run of equal positions counts the query words it has.
        var found: [Int] = []
        for word in Set(words) {
            if let positions = phrasesByWord[word] { found.append(contentsOf: positions) }
        }
        found.sort()
        // `phrases` is sorted longest first, so the smallest position that qualifies is the one to take.
        var best: Int?
        var start = 0
        while start < found.count, best == nil {
            var end = start + 1
            while end < found.count && found[end] == found[start] { end += 1 }
            if phrases[found[start]].words.count == end - start && end - start > count { best = found[start] }
            start = end
        }
        guard let best, let alias = byKey[phrases[best].key] else { return nil }
        var used: Set<Int> = []
        for word in phrases[best].words { if let index = words.firstIndex(of: word) { used.insert(index) } }
        return (alias, used)
    }

    /// Loads `foods.tsv` (alias, ndb, portion, grams), with every dish's names added.
    public static func load(from url: URL, dishes: [Dish] = [], stopWords: Set<String> = [],
                            singular: (String) -> String) throws -> FoodAliasTable {
        let table = try TSVTable(contentsOf: url, required: ["alias", "ndb", "portion", "grams"])
        var aliases: [FoodAlias] = []
        aliases.reserveCapacity(table.rows.count + dishes.count * 2)
        // Rows whose keys fold to the same words ("cookie", "cookies") must agree, or the later one silently wins.
        var seen: [String: (line: Int, index: Int)] = [:]
        seen.reserveCapacity(table.rows.count)
        let columns = ["alias", "ndb", "portion", "grams"].map { table.header.lastIndex(of: $0) ?? -1 }
        for row in table.rows {
            let (name, ndbCell, portion) = (row[column: columns[0]], row[column: columns[1]], row[column: columns[2]])
            guard let ndb = Int(ndbCell), ndbCell.utf8.count == 5 else {
                throw DataFileError(file: table.file, line: row.line, reason: "ndb must be a 5-digit number")
            }
            let grams = try row.double("grams", file: table.file)
            guard grams > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "grams must be positive") }
            let key = Self.key(for: name, singular: singular, stopWords: stopWords)
            guard !key.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty alias") }
            let alias = FoodAlias(key: key, alias: name, foodId: FoodID.string(ndb: ndb), portion: portion, grams: grams)
            if let earlier = seen[key], (aliases[earlier.index].foodId, aliases[earlier.index].portion,
                                         aliases[earlier.index].grams) != (alias.foodId, alias.portion, alias.grams) {
                throw DataFileError(file: table.file, line: row.line,
                                    reason: "'\(alias.alias)' reads as line \(earlier.line) ('\(aliases[earlier.index].alias)') but names another food or portion")
            }
            seen[key] = (row.line, aliases.count)
            aliases.append(alias)
        }
        return FoodAliasTable(aliases: aliases + dishAliases(dishes, singular: singular, stopWords: stopWords))
    }

    /// Every dish's names, each meaning one serving of the dish.
    static func dishAliases(_ dishes: [Dish], singular: (String) -> String, stopWords: Set<String>) -> [FoodAlias] {
        dishes.flatMap { dish in
            ([dish.name] + dish.otherNames).compactMap { name -> FoodAlias? in
                let key = key(for: name, singular: singular, stopWords: stopWords)
                return key.isEmpty ? nil
                    : FoodAlias(key: key, alias: name, foodId: dish.id, portion: dish.portion, grams: dish.grams)
            }
        }
    }

    /// The lookup key of a phrase: folded words, each singularised, joined by spaces.
    /// Stop words (`grammar-words.tsv`, kind lookup-stop) are left out as the resolver leaves them out of queries
    /// ("corn on the cob" → "corn cob").
    public static func key(for text: String, singular: (String) -> String, stopWords: Set<String>) -> String {
        var key = ""
        key.reserveCapacity(text.utf8.count)
        for word in FoldedWords.words(of: text) {
            let singular = singular(word)
            guard !stopWords.contains(singular) else { continue }
            if !key.isEmpty { key.append(" ") }
            key.append(singular)
        }
        return key
    }

    /// A key's words sorted: the same for any word order (`init(aliases:)` does the same with the words it has).
    public static func bag(_ key: String) -> String {
        key.splitting(" ").sorted().joinedWithSpaces()
    }

    /// The alias for these words in any order.
    public func alias(forBag key: String) -> FoodAlias? { byBag[Self.bag(key)] ?? byKey[key] }

    /// The alias for exactly these words.
    public func alias(forKey key: String) -> FoodAlias? { byKey[key] }

    /// Every alias name as written, for the segmenter, which must not split "mac and cheese" at "and".
    public private(set) var names: Set<String> = []
}
