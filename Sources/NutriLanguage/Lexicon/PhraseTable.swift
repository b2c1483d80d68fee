import Foundation

/// Multi-word phrases from a lexicon file, matched longest first against tokens.
struct PhraseTable<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        let words: [String]
        let value: Value
    }

    private(set) var byFirstWord: [String: [Entry]] = [:]
    /// One bit per `signature` of every first word: a token whose signature has no bit starts no phrase, known
    /// without hashing it. Parsing asks a handful of tables about every token, and most tokens start nothing.
    private var firstWordSignatures = [UInt64](repeating: 0, count: 4)

    /// Adds a phrase given as case-folded words; longer phrases are tried first.
    mutating func insert(_ words: [String], value: Value) {
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
        let end = min(limit ?? tokens.count, tokens.count)
        guard index < end, mayStartPhrase(tokens[index].text), let entries = byFirstWord[tokens[index].text] else {
            return nil
        }
        for entry in entries where index + entry.words.count <= end {
            var ok = true
            for k in 1..<max(entry.words.count, 1) where tokens[index + k].text != entry.words[k] {
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
    var isEmpty: Bool { byFirstWord.isEmpty }
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
