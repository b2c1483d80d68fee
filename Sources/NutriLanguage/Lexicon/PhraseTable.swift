import Foundation

/// Multi-word phrases from a lexicon file, matched longest first against tokens or words: the one phrase matcher.
public struct PhraseTable<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        let words: [String]
        let value: Value
    }

    private(set) var byFirstWord: [String: [Entry]] = [:]
    /// One bit per `signature` of every first word: a token whose signature has no bit starts no phrase, known
    /// without hashing it. Parsing asks a handful of tables about every token, and most tokens start nothing.
    private var firstWordSignatures = [UInt64](repeating: 0, count: 4)

    /// An empty table.
    public init() {}

    /// Adds a lexicon phrase, split as messages are (`MeasureText.words`); the first value given for a phrase wins.
    public mutating func insert(_ phrase: String, _ value: Value) {
        let words = MeasureText.words(phrase)
        guard let first = words.first, !(byFirstWord[first] ?? []).contains(where: { $0.words == words }) else { return }
        insert(words, value: value)
    }

    /// Adds a phrase given as case-folded words; longer phrases are tried first.
    public mutating func insert(_ words: [String], value: Value) {
        guard let first = words.first else { return }
        let signature = Self.signature(first)
        firstWordSignatures[signature >> 6] |= 1 << UInt64(signature & 63)
        var entries = byFirstWord[first] ?? []
        entries.append(Entry(words: words, value: value))
        entries.sort { $0.words.count > $1.words.count }
        byFirstWord[first] = entries
    }

    /// The longest phrase starting at `index`, with the number of tokens it covers.
    func match(_ tokens: [Token], at index: Int, limit: Int? = nil) -> (value: Value, length: Int)? {
        match(count: min(limit ?? tokens.count, tokens.count), at: index) { tokens[$0].text }
    }

    /// The longest phrase starting at `index` in `words`, with the number of words it covers.
    public func match(words: [String], at index: Int) -> (value: Value, length: Int)? {
        match(count: words.count, at: index) { words[$0] }
    }

    /// Every non-overlapping phrase in `words`, left to right, longest first at each position.
    public func all(in words: [String]) -> [(value: Value, range: Range<Int>)] {
        var found: [(Value, Range<Int>)] = []
        var i = 0
        while i < words.count {
            if let (value, length) = match(words: words, at: i) {
                found.append((value, i..<i + length))
                i += length
            } else {
                i += 1
            }
        }
        return found
    }

    @inline(__always)
    private func match(count end: Int, at index: Int, text: (Int) -> String) -> (value: Value, length: Int)? {
        guard index < end else { return nil }
        let first = text(index)
        guard mayStartPhrase(first), let entries = byFirstWord[first] else {
            return nil
        }
        for entry in entries where index + entry.words.count <= end {
            var ok = true
            for k in 1..<max(entry.words.count, 1) where text(index + k) != entry.words[k] {
                ok = false
                break
            }
            if ok { return (entry.value, entry.words.count) }
        }
        return nil
    }

    /// Whether `word` may be the first word of a phrase: false only when it surely is not.
    private func mayStartPhrase(_ word: String) -> Bool {
        let signature = Self.signature(word)
        return firstWordSignatures[signature >> 6] & (1 << UInt64(signature & 63)) != 0
    }

    /// A number in 0..<256 from a word's length and first two bytes: equal words have equal signatures.
    private static func signature(_ word: String) -> Int {
        let utf8 = word.utf8
        var value = utf8.count &* 7
        var bytes = utf8.makeIterator()
        if let first = bytes.next() {
            value = value &+ Int(first) &* 131
            if let second = bytes.next() { value = value &+ Int(second) &* 17 }
        }
        return value & 255
    }

    /// Whether the table has any phrase.
    public var isEmpty: Bool { byFirstWord.isEmpty }
}

extension LanguageLexicon {
    /// Splits a lexicon phrase into case-folded token texts, exactly as running text is split.
    static func phraseWords(_ phrase: String) -> [String] {
        // Fast path for plain lowercase words, which most lexicon rows are.
        let plain = phrase.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 32 }
        } ?? phrase.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 32 }
        if plain {
            return phrase.splitting(" ").map(String.init)
        }
        return Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(phrase), attachableUnits: []).map(\.text)
    }
}
