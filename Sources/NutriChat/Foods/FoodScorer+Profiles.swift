import Foundation
import NutriLanguage

/// A query as the scorer reads it, worked out once per query instead of once per candidate name.
struct QueryProfile {
    /// The query's words, folded and singular.
    let words: [String]
    /// The words and the USDA wording of each ("diet" adds "low" and "calorie").
    let expanded: Set<String>
    /// The same words, for the many "does the query say this word of a name" questions of scoring.
    let expandedWords: WordSet
    /// The head noun: the last word that is not a preparation or form word.
    let head: String?
    /// The states the query names ("fried" → cooked), apart from form and dry.
    let states: Set<String>
    /// Whether the query says "baby" (baby foods are otherwise pushed down).
    let namesBaby: Bool
    /// Whether the query says "salt" ("with salt" names are otherwise pushed down a little).
    let namesSalt: Bool
    /// Per word, its USDA wording as written and singular, when synonyms.tsv has one.
    private let synonyms: [[(plain: String, singular: String)]?]

    init(query: [String], rules: FoodRankingRules, singular: (String) -> String) {
        words = query
        var expanded = Set(query)
        for word in query {
            for usda in rules.synonyms[word] ?? [] { expanded.insert(singular(usda)); expanded.insert(usda) }
        }
        self.expanded = expanded
        expandedWords = WordSet(Array(expanded))
        head = query.last(where: { rules.preparationState[$0] == nil }) ?? query.last
        states = Set(expanded.compactMap { rules.preparationState[$0] }).subtracting(["form", "dry"])
        namesBaby = !expanded.isDisjoint(with: rules.babyWords)
        namesSalt = expanded.contains("salt")
        synonyms = query.map { word in rules.synonyms[word].map { $0.map { (plain: $0, singular: singular($0)) } } }
    }

    /// The positions of the query's words.
    var indices: Range<Int> { words.indices }

    /// Whether the word at `index` is in a name as itself or as its USDA wording (`FoodScorer.found`).
    func found(_ index: Int, in name: WordSet) -> Bool {
        if name.contains(words[index]) { return true }
        guard let usda = synonyms[index] else { return false }
        return usda.allSatisfy { name.contains($0.singular) || name.contains($0.plain) }
    }
}

/// A USDA name as the scorer reads it: everything about it that does not depend on the query. A class, so that
/// handing one out of the cache for each of thousands of search hits costs one reference, not one per field.
final class ParsedName: Sendable {
    let segments: [[String]]
    let words: [String]
    let set: WordSet
    let firstSegment: WordSet
    let isBranded: Bool
    /// Words that count as extras when the query lacks them: not neutral, not a number.
    let plainWords: [String]
    /// The words of the first segment written all in capitals, the brand ("LIPTON"); empty when there is none.
    let brandWords: [String]
    /// "Babyfood, …" and "Infant formula, …".
    let isBabyFood: Bool
    /// The name says "with salt".
    let saysWithSalt: Bool
    /// The name's preparation words with their states, in word order of first appearance.
    let preparations: [(word: String, state: String)]
    /// The states of those words.
    let preparationStates: WordSet

    init(_ name: String, rules: FoodRankingRules, singular: (String) -> String) {
        let ascii = name.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } }
            ?? name.utf8.allSatisfy { $0 < 0x80 }
        let segments = FoldedWords.commaSegments(of: name).map { $0.map(singular) }
        let words = segments.flatMap { $0 }
        self.segments = segments
        self.words = words
        set = WordSet(words)
        firstSegment = WordSet(segments.first ?? [])
        let isBranded = FoodScorer.isBranded(name, notBrand: rules.notBrandRuns)
        self.isBranded = isBranded
        plainWords = words.filter { !rules.neutralWords.contains($0) && !Self.isNumber($0) }
        brandWords = isBranded ? Self.brandWords(of: name, singular: singular) : []
        if ascii {
            // Compared ignoring case byte by byte, without a lowercased copy of the name.
            let utf8 = Array(name.utf8)
            isBabyFood = Self.hasPrefix(utf8, "babyfood") || Self.hasPrefix(utf8, "infant")
            saysWithSalt = Self.contains(utf8, "with salt")
        } else {
            let lowercased = name.lowercased()
            isBabyFood = lowercased.hasPrefix("babyfood") || lowercased.hasPrefix("infant")
            saysWithSalt = name.range(of: "with salt", options: .caseInsensitive) != nil
        }
        var seen: Set<String> = []
        let preparations = words.compactMap { word -> (word: String, state: String)? in
            guard let state = rules.preparationState[word], seen.insert(word).inserted else { return nil }
            return (word, state)
        }
        self.preparations = preparations
        preparationStates = WordSet(preparations.map(\.state))
    }

    /// Whether `word` reads as a number, as `Double(word) != nil` says; only words starting like one ask it.
    private static func isNumber(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        let couldStartNumber = (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: ".") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: "-") || first | 0x20 == UInt8(ascii: "i") || first | 0x20 == UInt8(ascii: "n")
        return couldStartNumber && Double(word) != nil
    }

    /// Whether the lowercase ASCII `pattern` occurs in `text` at `start`, ignoring the case of `text`'s letters.
    private static func matches(_ text: [UInt8], _ pattern: StaticString, at start: Int) -> Bool {
        let length = pattern.utf8CodeUnitCount
        guard start + length <= text.count else { return false }
        for offset in 0..<length {
            let byte = text[start + offset]
            if (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) != pattern.utf8Start[offset] { return false }
        }
        return true
    }

    /// Whether ASCII `text` starts with the lowercase `pattern`, ignoring case.
    private static func hasPrefix(_ text: [UInt8], _ pattern: StaticString) -> Bool { matches(text, pattern, at: 0) }

    /// Whether the lowercase `pattern` occurs anywhere in ASCII `text`, ignoring case.
    private static func contains(_ text: [UInt8], _ pattern: StaticString) -> Bool {
        guard text.count >= pattern.utf8CodeUnitCount else { return false }
        return (0...(text.count - pattern.utf8CodeUnitCount)).contains { matches(text, pattern, at: $0) }
    }

    /// The brand of a name: its first comma segment written all in capitals ("LIPTON" in "Soup, LIPTON, CUP-A-SOUP
    /// CHICKEN NOODLE"; "BIG MAC" in "McDONALD'S, BIG MAC"). The product words after it are ordinary words.
    private static func brandWords(of name: String, singular: (String) -> String) -> [String] {
        if name.utf8.withContiguousStorageIfAvailable({ !$0.contains { $0 >= 0x80 } }) ?? name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the letters are A-Z and a-z, and "all in capitals" means no lowercase letter.
            for segment in name.utf8.split(separator: UInt8(ascii: ",")) {
                let letters = segment.filter { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
                guard letters.count >= 3, !letters.contains(where: { $0 >= 0x61 }) else { continue }
                return FoldedWords.words(of: String(Substring(segment))).map(singular)
            }
            return []
        }
        for segment in name.splitting(",") {
            let letters = segment.filter(\.isLetter)
            guard letters.count >= 3, letters.uppercased() == letters else { continue }
            return FoldedWords.words(of: String(segment)).map(singular)
        }
        return []
    }
}

/// Parsed names by name, shared by every query of a run.
final class ParsedNameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var parsed: [String: ParsedName] = [:]

    func parsed(_ name: String, scorer: FoodScorer) -> ParsedName {
        lock.lock()
        if let hit = parsed[name] { lock.unlock(); return hit }
        lock.unlock()
        let result = ParsedName(name, rules: scorer.rules, singular: scorer.singular)
        lock.lock()
        parsed[name] = result
        lock.unlock()
        return result
    }
}
