import Foundation
import NutriLanguage

/// Generic food, drink, nutrient, activity and body-weight words (`Intents/domain-terms.tsv`).
///
/// The classifier cannot know food names by itself; the caller who has the food database passes a hook instead.
/// This small built-in list is used when there is no hook, and always for activities, water and body weight,
/// which a food database does not know.
public struct DomainTerms: Sendable {
    /// What a term names.
    public enum Kind: String, CaseIterable, Sendable {
        /// A food ("rice", "banana", "sandwich").
        case food
        /// A drink other than plain water ("coffee", "juice").
        case drink
        /// Plain water ("water", "h2o").
        case water
        /// A nutrient or energy ("protein", "calories").
        case nutrient
        /// A physical activity ("run", "yoga", "cycled").
        case activity
        /// Body weight ("weigh", "weight", "scale").
        case body
    }

    /// The longest term, in words.
    public let maximumWords: Int
    /// Food and drink words at least this long also match as the end of a longer word ("blueberry" → "berry").
    public static let minimumSuffixLength = 5
    /// Words at least this long match a single-word term one typo away ("croisant" → "croissant").
    public static let minimumTypoLength = 6
    private let terms: [String: Set<Kind>]
    /// Single-word terms of `minimumTypoLength` letters or more, as bytes, for typo matching.
    private let longWords: [(word: [UInt8], kinds: Set<Kind>)]

    /// Reads a table with columns `term` and `kind`; an unknown kind throws with `file:line`.
    public init(table: TSVTable) throws {
        var terms: [String: Set<Kind>] = [:]
        var maximumWords = 1
        for row in table.rows {
            let words = IntentText(row["term"]).words
            guard !words.isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "empty term")
            }
            guard let kind = Kind(rawValue: row["kind"]) else {
                let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])' (\(known))")
            }
            terms[words.joined(separator: " "), default: []].insert(kind)
            maximumWords = max(maximumWords, words.count)
        }
        self.terms = terms
        self.maximumWords = maximumWords
        self.longWords = terms.filter { !$0.key.contains(" ") && $0.key.utf8.count >= Self.minimumTypoLength }
            .map { (word: Array($0.key.utf8), kinds: $0.value) }
            .sorted { $0.word.lexicographicallyPrecedes($1.word) }
    }

    /// Reads `domain-terms.tsv` at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(table: TSVTable(contentsOf: url, required: ["term", "kind"]))
    }

    /// The kinds of all terms named in `words`: phrases of up to `maximumWords` words, simple plurals, food or
    /// drink words ending a longer word ("cheeseburger", "blueberries"), and long words with one typo.
    public func kinds(in words: [String]) -> Set<Kind> {
        let exact = exactKinds(in: words)
        guard exact.isEmpty else { return exact }
        var found: Set<Kind> = []
        for word in words where word.utf8.count >= Self.minimumTypoLength {
            let bytes = Array(word.utf8)
            for term in longWords where Self.isOneEditApart(bytes, term.word) { found.formUnion(term.kinds) }
        }
        return found
    }

    private func exactKinds(in words: [String]) -> Set<Kind> {
        var found: Set<Kind> = []
        for start in words.indices {
            var phrase = ""
            for end in start..<min(words.count, start + maximumWords) {
                phrase += (end == start ? "" : " ") + words[end]
                for form in Self.singulars(of: phrase) {
                    if let kinds = terms[form] { found.formUnion(kinds) }
                }
            }
            for form in Self.singulars(of: words[start]) { found.formUnion(compoundKinds(of: form)) }
        }
        return found
    }

    /// The food and drink kinds of terms that end `word` without being all of it.
    private func compoundKinds(of word: String) -> Set<Kind> {
        var found: Set<Kind> = []
        var suffix = Substring(word)
        while suffix.count > Self.minimumSuffixLength {
            suffix = suffix.dropFirst()
            if let kinds = terms[String(suffix)] { found.formUnion(kinds.intersection([.food, .drink])) }
        }
        return found
    }

    /// Whether `a` and `b` differ by one inserted, deleted or replaced byte, or by two swapped neighbours.
    static func isOneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return false }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return false }
        var prefix = 0
        while prefix < short.count && short[prefix] == long[prefix] { prefix += 1 }
        if short.count == long.count {
            if short[(prefix + 1)...] == long[(prefix + 1)...] { return true }
            return prefix + 1 < short.count && short[prefix] == long[prefix + 1] && short[prefix + 1] == long[prefix]
                && short[(prefix + 2)...] == long[(prefix + 2)...]
        }
        return short[prefix...] == long[(prefix + 1)...]
    }

    /// `phrase` and the singular forms its last word might have ("eggs" → "egg", "berries" → "berry").
    private static func singulars(of phrase: String) -> [String] {
        var forms = [phrase]
        if phrase.hasSuffix("ies") { forms.append(String(phrase.dropLast(3)) + "y") }
        if phrase.hasSuffix("es") { forms.append(String(phrase.dropLast(2))) }
        if phrase.hasSuffix("s") { forms.append(String(phrase.dropLast())) }
        return forms
    }
}
