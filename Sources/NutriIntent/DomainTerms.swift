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
    /// Each term's kinds, as a bit set (bit `n` = `Kind.allCases[n]`).
    private let terms: [String: UInt8]
    /// Single-word terms of `minimumTypoLength` letters or more, as bytes, by length, for typo matching.
    private let longWordsByLength: [Int: [(word: [UInt8], kinds: UInt8)]]
    /// Units, portion, size and number words (kind `amount` in the file): "g", "cups", "large", "half", "two".
    private let amountWords: Set<String>
    /// The first words of terms of two words or more: a longer phrase starting with any other word is no term.
    private let phraseStarts: Set<String>
    /// The UTF-8 lengths of food and drink terms, the only suffixes `compoundKinds` can find.
    private let suffixLengths: Set<Int>
    /// `suffixLengths` below 64 as bits, looked up without hashing.
    private let suffixLengthBits: UInt64
    /// `wordKindBits` answers already worked out, shared by every copy of this list.
    private let wordCache = WordKindCache()

    /// The kind name that marks an amount word rather than a `Kind`.
    public static let amountKind = "amount"

    /// Builds the list from `(line, term, kind)` rows of `file`; an empty term or unknown kind throws with `file:line`.
    public init(rows: [(line: Int, term: String, kind: String)], file: String) throws {
        var terms: [String: UInt8] = [:]
        var amountWords: Set<String> = []
        var maximumWords = 1
        for row in rows {
            let term = IntentText(row.term)
            guard !term.normalized.isEmpty else {
                throw DataFileError(file: file, line: row.line, reason: "empty term")
            }
            if row.kind == Self.amountKind {
                amountWords.insert(term.normalized)
                continue
            }
            guard let kind = Kind.allCases.firstIndex(where: { $0.rawValue == row.kind }) else {
                let known = (Kind.allCases.map(\.rawValue) + [Self.amountKind]).joined(separator: ", ")
                throw DataFileError(file: file, line: row.line, reason: "unknown kind '\(row.kind)' (\(known))")
            }
            terms[term.normalized, default: 0] |= 1 << kind
            maximumWords = max(maximumWords, term.wordCount)
        }
        self.terms = terms
        self.amountWords = amountWords
        self.maximumWords = maximumWords
        self.longWordsByLength = Dictionary(
            grouping: terms.filter { !$0.key.contains(" ") && $0.key.utf8.count >= Self.minimumTypoLength }
                .sorted { $0.key < $1.key }
                .map { (word: Array($0.key.utf8), kinds: $0.value) },
            by: \.word.count)
        self.phraseStarts = Set(terms.keys.filter { $0.contains(" ") }.map { String($0.prefix { $0 != " " }) })
        self.suffixLengths = Set(terms.filter { $0.value & Self.foodOrDrink != 0 }.map(\.key.utf8.count))
        self.suffixLengthBits = suffixLengths.filter { $0 < 64 }.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// Reads a table with columns `term` and `kind`.
    public init(table: TSVTable) throws {
        try self.init(rows: table.rows.map { ($0.line, $0["term"], $0["kind"]) }, file: table.file)
    }

    /// Reads `domain-terms.tsv` at `url`: a `term<TAB>kind` header, then one term a line, `#` comments.
    ///
    /// Parsed here rather than with `TSVTable`, which is several times slower on a thousand rows, because this
    /// runs at every start-up.
    public init(contentsOf url: URL) throws {
        let file = url.lastPathComponent
        guard let data = try? Data(contentsOf: url) else {
            throw DataFileError(file: file, line: 0, reason: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DataFileError(file: file, line: 0, reason: "is not valid UTF-8")
        }
        var columns: (term: Int, kind: Int)?
        var rows: [(line: Int, term: String, kind: String)] = []
        for (number, line) in IntentExamples.lines(of: text) where !line.hasPrefix("#") {
            let cells = line.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map(Self.trimmed)
            guard let (term, kind) = columns else {
                guard let term = cells.firstIndex(of: "term"), let kind = cells.firstIndex(of: "kind") else {
                    throw DataFileError(file: file, line: number, reason: "header must name columns 'term' and 'kind'")
                }
                columns = (term, kind)
                continue
            }
            rows.append((number, term < cells.count ? cells[term] : "", kind < cells.count ? cells[kind] : ""))
        }
        guard columns != nil else { throw DataFileError(file: file, line: 0, reason: "no header row") }
        try self.init(rows: rows, file: file)
    }

    /// The kinds of all terms named in `words`: phrases of up to `maximumWords` words, simple plurals, food or
    /// drink words ending a longer word ("cheeseburger", "blueberries"), and long words with one typo.
    public func kinds(in words: [String]) -> Set<Kind> {
        var found = exactKinds(in: words)
        if found == 0 {
            for word in words { found |= typoKinds(of: word) }
        }
        return Set(Kind.allCases.enumerated().filter { found & (1 << $0.offset) != 0 }.map(\.element))
    }

    /// The kinds of the terms `words` name exactly, without the one-typo matching of `kinds(in:)`: for reading
    /// a few words beside a food, where "toasted" or "stripped" must not pass for an activity.
    public func exactKinds(of words: [String]) -> Set<Kind> {
        let found = exactKinds(in: words)
        return Set(Kind.allCases.enumerated().filter { found & (1 << $0.offset) != 0 }.map(\.element))
    }

    private static let foodOrDrink: UInt8 = 0b11  // bits of .food and .drink

    /// Whether `words` hold nothing but numbers and amount words ("200 g", "2 cups", "a large one", "half"):
    /// such a message names no food, drink or activity, however much it looks like a log entry.
    public func namesOnlyAmounts(_ words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        return words.allSatisfy { word in
            let unit = word.drop { $0.isASCII && ($0.isNumber || $0 == ".") }  // "200g" → "g", "2.5" → ""
            return unit.isEmpty || amountWords.contains(String(unit))
        }
    }

    private func exactKinds(in words: [String]) -> UInt8 {
        var found: UInt8 = 0
        forEachTerm(in: words) { _, _, kinds in found |= kinds }
        return found
    }

    /// Each word's kinds as bits (bit `n` = `Kind.allCases[n]`): those of the terms covering it, of a food or drink
    /// ending it, or, for a word no single term names, of a term one typo away. The intent model's slot features.
    func kindBits(of words: [String]) -> [UInt8] {
        var bits = words.map(wordKindBits)
        for start in words.indices where phraseStarts.contains(words[start]) {
            var phrase = words[start]
            for end in start + 1..<min(words.count, start + maximumWords) {
                phrase += " " + words[end]
                var kinds: UInt8 = 0
                Self.forEachSingular(of: phrase) { kinds |= terms[$0] ?? 0 }
                for position in start...end where kinds != 0 { bits[position] |= kinds }
            }
        }
        return bits
    }

    /// The kinds one word names alone, remembered: every message asks again about the same few thousand words.
    private func wordKindBits(_ word: String) -> UInt8 {
        if let known = wordCache.value(for: word) { return known }
        var kinds: UInt8 = 0
        Self.forEachSingular(of: word) { kinds |= (terms[$0] ?? 0) | compoundKinds(of: $0) }
        if kinds == 0 { kinds = typoKinds(of: word) }
        wordCache.set(kinds, for: word)
        return kinds
    }

    /// The kinds of the single-word terms one typo away from `word` (none for a short word).
    private func typoKinds(of word: String) -> UInt8 {
        let length = word.utf8.count
        guard length >= Self.minimumTypoLength else { return 0 }
        var found: UInt8 = 0
        let bytes = Array(word.utf8)
        for candidateLength in length - 1...length + 1 {
            for term in longWordsByLength[candidateLength] ?? [] where Self.isOneEditApart(bytes, term.word) {
                found |= term.kinds
            }
        }
        return found
    }

    /// Calls `body` with the start, length and kinds of every term `words` name: phrases, simple plurals, and food
    /// or drink words ending a longer word (length 1 at that word).
    private func forEachTerm(in words: [String], _ body: (Int, Int, UInt8) -> Void) {
        for start in words.indices {
            var phrase = ""
            // Plural endings change only a phrase's last word, so phrases of two words or more need a known start.
            let end = phraseStarts.contains(words[start]) ? min(words.count, start + maximumWords) : start + 1
            for end in start..<end {
                phrase += (end == start ? "" : " ") + words[end]
                var kinds: UInt8 = 0
                Self.forEachSingular(of: phrase) { kinds |= terms[$0] ?? 0 }
                if kinds != 0 { body(start, end - start + 1, kinds) }
            }
            var compound: UInt8 = 0
            Self.forEachSingular(of: words[start]) { compound |= compoundKinds(of: $0) }
            if compound != 0 { body(start, 1, compound) }
        }
    }

    /// The food and drink kinds of terms that end `word` without being all of it.
    private func compoundKinds(of word: String) -> UInt8 {
        var found: UInt8 = 0
        let utf8 = word.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one character a byte, so only suffixes as long as some food or drink term are looked up.
            for length in stride(from: utf8.count - 1, through: Self.minimumSuffixLength, by: -1)
            where length < 64 ? suffixLengthBits & (1 << UInt64(length)) != 0 : suffixLengths.contains(length) {
                found |= (terms[String(Substring(utf8.suffix(length)))] ?? 0) & Self.foodOrDrink
            }
            return found
        }
        var suffix = Substring(word)
        while suffix.count > Self.minimumSuffixLength {
            suffix = suffix.dropFirst()
            found |= (terms[String(suffix)] ?? 0) & Self.foodOrDrink
        }
        return found
    }

    /// A cell without surrounding spaces, working on UTF-8 because Foundation's trimming is slow.
    private static func trimmed(_ cell: Substring.UTF8View) -> String {
        var start = cell.startIndex
        var end = cell.endIndex
        while start < end && cell[start] == UInt8(ascii: " ") { start = cell.index(after: start) }
        while end > start && cell[cell.index(before: end)] == UInt8(ascii: " ") { end = cell.index(before: end) }
        return String(Substring(cell[start..<end]))
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
    private static func forEachSingular(of phrase: String, _ body: (String) -> Void) {
        body(phrase)
        // The endings tested as bytes: a text ending in the byte "s" ends in the character "s".
        let utf8 = phrase.utf8
        guard utf8.last == UInt8(ascii: "s") else { return }
        let endsInES = utf8.dropLast().last == UInt8(ascii: "e")
        if endsInES, utf8.dropLast(2).last == UInt8(ascii: "i") { body(String(Substring(utf8.dropLast(3))) + "y") }
        if endsInES { body(String(Substring(utf8.dropLast(2)))) }
        body(String(Substring(utf8.dropLast())))
    }
}

/// Words' kind bits, shared between threads: batch parse classifies blocks of lines on every core.
final class WordKindCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String: UInt8] = [:]
    /// Beyond this many words nothing more is kept, so that a stream of random words cannot grow it without bound.
    private static let capacity = 200_000

    func value(for word: String) -> UInt8? {
        lock.lock()
        defer { lock.unlock() }
        return kinds[word]
    }

    func set(_ value: UInt8, for word: String) {
        lock.lock()
        defer { lock.unlock() }
        if kinds.count < Self.capacity { kinds[word] = value }
    }
}
