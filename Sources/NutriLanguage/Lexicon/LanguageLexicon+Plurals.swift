import Foundation

extension LanguageLexicon {
    /// The singular of an English food or unit word: "berries" → "berry", "leaves" → "leaf" (plurals.tsv),
    /// while "hummus", "asparagus", "molasses", "fries", "grits" and "oats" stay as they are.
    ///
    /// Only the last word of a phrase changes: "sweet potatoes" → "sweet potato".
    public func singular(_ word: String) -> String {
        // Fast path: a lowercase ASCII word not ending in "s" and not listed is its own singular.
        let utf8 = word.utf8
        if utf8.last != UInt8(ascii: "s"), !utf8.contains(where: { $0 == 0x20 || ($0 >= 65 && $0 <= 90) || $0 >= 0x80 }),
           plurals[word] == nil {
            return word
        }
        let lower = word.lowercased()
        if let space = lower.lastIndex(of: " ") {
            let head = lower[..<space]
            return head + " " + singular(String(lower[lower.index(after: space)...]))
        }
        if let listed = plurals[lower] { return listed }
        guard lower.count > 3, lower.hasSuffix("s") else { return lower }
        // Ordering trap: "-ies" before "-es" before "-s" ("berries", "peaches", "apples").
        if lower.hasSuffix("ies") && lower.count > 4 { return String(lower.dropLast(3)) + "y" }
        if lower.hasSuffix("oes") { return String(lower.dropLast(2)) }
        for ending in ["ches", "shes", "sses", "xes", "zes"] where lower.hasSuffix(ending) {
            return String(lower.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") || lower.hasSuffix("'s") { return lower }
        return String(lower.dropLast())
    }
}
