import Foundation

extension LanguageLexicon {
    /// The singular of an English food or unit word, as `PluralForms.singular(_:)` gives it.
    public func singular(_ word: String) -> String {
        pluralForms.singular(word)
    }

    /// The plural of a word for replies, as `PluralForms.plural(_:)` gives it.
    public func plural(_ word: String) -> String {
        pluralForms.plural(word)
    }
}

/// The plurals of `plurals.tsv` and the rules for every other word: what `LanguageLexicon.singular(_:)` applies.
///
/// A value of its own so that a closure folding plurals captures one table, not the whole lexicon (a closure
/// capturing the lexicon copies all of its tables at every call once specialised).
public struct PluralForms: Sendable {
    var plurals: [String: String] = [:]
    /// The last bytes of the listed plurals, one bit per byte value modulo 64: a word whose last byte has no bit
    /// set is not listed, known without hashing it.
    var pluralEndings: UInt64 = 0
    /// The listed plurals by their singular (the first row for a singular wins): "leaf" → "leaves", "oats" → "oats".
    var listedPlurals: [String: String] = [:]

    /// No listed plurals: the rules alone.
    public init() {}

    /// Lists `plural` (lowercased) as a plural of `singular`.
    mutating func add(plural: String, singular: String) {
        plurals[plural] = singular
        if let last = plural.utf8.last { pluralEndings |= 1 << UInt64(last & 63) }
        if listedPlurals[singular] == nil { listedPlurals[singular] = plural }
    }

    /// The plural of a word or of a phrase's last word, for replies: "egg" → "eggs", "cherry" → "cherries",
    /// "glass" → "glasses", "leaf" → "leaves" and "oats" → "oats" (plurals.tsv), "pepperoni pizza" → "pepperoni
    /// pizzas"; a word already plural ("slices") stays as it is. The rules mirror `singular(_:)`'s.
    public func plural(_ word: String) -> String {
        if let space = word.lastIndex(of: " ") {
            return word[...space] + plural(String(word[word.index(after: space)...]))
        }
        let lower = word.lowercased()
        if let listed = listedPlurals[lower] { return listed }
        guard !lower.isEmpty, singular(lower) == lower else { return word }
        if lower.hasSuffix("y"), lower.count > 1, !"aeiou".contains(lower.dropLast().last ?? "a") {
            return word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        return word + "s"
    }

    /// The singular of an English food or unit word: "berries" → "berry", "leaves" → "leaf" (plurals.tsv),
    /// while "hummus", "asparagus", "molasses", "fries", "grits" and "oats" stay as they are.
    ///
    /// Only the last word of a phrase changes: "sweet potatoes" → "sweet potato".
    public func singular(_ word: String) -> String {
        let utf8 = word.utf8
        // Fast path, nearly every word: one lowercase ASCII word, read as bytes.
        let plain = utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == 0x20 || ($0 >= 65 && $0 <= 90) || $0 >= 0x80 }
        } ?? !utf8.contains { $0 == 0x20 || ($0 >= 65 && $0 <= 90) || $0 >= 0x80 }
        guard let last = utf8.last, plain else { return phraseSingular(word) }
        if last != UInt8(ascii: "s") {
            return pluralEndings & (1 << UInt64(last & 63)) == 0 ? word : plurals[word] ?? word
        }
        if let listed = plurals[word] { return listed }
        guard utf8.count > 3 else { return word }
        // A string not stored as contiguous UTF-8 (bridged) is copied to bytes first; the rules are the same.
        let folded = utf8.withContiguousStorageIfAvailable { Self.ruleSingular(of: $0) }
            ?? Array(utf8).withUnsafeBufferPointer { Self.ruleSingular(of: $0) }
        return folded ?? word
    }

    /// The rules below for a lowercase ASCII word of four or more bytes ending in "s", read as bytes: the new word, or
    /// nil when it stays as it is.
    private static func ruleSingular(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        func ends(_ suffix: StaticString) -> Bool {
            let length = suffix.utf8CodeUnitCount
            guard length <= count else { return false }
            for offset in 0..<length where bytes[count - length + offset] != suffix.utf8Start[offset] { return false }
            return true
        }
        func dropping(_ last: Int, adding tail: String = "") -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(count - last)]), as: UTF8.self) + tail
        }
        // Ordering trap: "-ies" before "-es" before "-s" ("berries", "peaches", "apples").
        if ends("ies") && count > 4 { return dropping(3, adding: "y") }
        if ends("oes") || ends("ches") || ends("shes") || ends("sses") || ends("xes") || ends("zes") { return dropping(2) }
        if ends("ss") || ends("us") || ends("is") || ends("'s") { return nil }
        return dropping(1)
    }

    /// The same rules for any other text: lowercased, and only the last word of a phrase changed.
    private func phraseSingular(_ word: String) -> String {
        let lower = word.lowercased()
        if let space = lower.lastIndex(of: " ") {
            let head = lower[..<space]
            return head + " " + singular(String(lower[lower.index(after: space)...]))
        }
        if let listed = plurals[lower] { return listed }
        guard lower.count > 3, lower.hasSuffix("s") else { return lower }
        if lower.hasSuffix("ies") && lower.count > 4 { return String(lower.dropLast(3)) + "y" }
        if lower.hasSuffix("oes") { return String(lower.dropLast(2)) }
        for ending in ["ches", "shes", "sses", "xes", "zes"] where lower.hasSuffix(ending) {
            return String(lower.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") || lower.hasSuffix("'s") { return lower }
        return String(lower.dropLast())
    }
}
