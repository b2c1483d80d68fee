import Foundation
import NutriLanguage
import NutriStore

/// Qualifiers that change the food ("light", "sugar free", `qualifiers.tsv`): which ones a query says, and whether a
/// reference name expresses one in its own words.
extension FoodResolver {
    /// How much an everyday name loses when the text qualifies it in a way its food does not express: enough for a
    /// reference food that has the name's words and the qualifier to rank above it (alias scores start at 0.82).
    static let missedQualifierPenalty = 0.1

    /// The qualifiers `query` says, each with the positions of its words and its USDA wordings.
    func qualifiers(in query: [String]) -> [(positions: Set<Int>, wordings: [[String]])] {
        let table = scorer.rules.qualifiers
        guard !table.isEmpty else { return [] }
        var found: [(positions: Set<Int>, wordings: [[String]])] = []
        var index = 0
        while index < query.count {
            var length = min(3, query.count - index)
            while length > 0, table[Array(query[index..<index + length])] == nil { length -= 1 }
            if length > 0, let wordings = table[Array(query[index..<index + length])] {
                found.append((Set(index..<index + length), wordings))
                index += length
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether a reference name has every word of one of a qualifier's USDA wordings.
    func expresses(_ name: String, _ wordings: [[String]]) -> Bool {
        let words = scorer.names.parsed(name, scorer: scorer).set
        return wordings.contains { $0.allSatisfy { words.contains(singular($0)) || words.contains($0) } }
    }

    /// How a reference food fits a qualifier the text says and the everyday name's food does not express.
    enum QualifiedFit { case family, whole }

    /// Whether `name` is the qualified food meant: it expresses a missed qualifier and is of the alias's own family
    /// (`.family`), or has every other word of the phrase with the head noun naming the food itself (`.whole`):
    /// "Babyfood, fruit, peaches, junior" for "junior peaches", "Carbonated beverage, low calorie, cola …" for
    /// "sugar free cola"; not "Yogurt, fruit, lowfat, with low calorie sweetener" for "low calorie sweetener".
    func qualifiedFit(_ name: String, missed: [(positions: Set<Int>, wordings: [[String]])], family: Substring,
                      content: [String], covered: Set<String>) -> QualifiedFit? {
        guard missed.contains(where: { expresses(name, $0.wordings) }) else { return nil }
        let sameFamily = Self.firstSegment(of: name) == family
        guard scorer.coverage(query: content, name: name, covered: covered) == 1 else { return sameFamily ? .family : nil }
        let head = singular(content[scorer.headIndex(of: content)])
        // After "with" (kind ingredient-lead) the head is an ingredient ("…, with calcium, saccharin and corn sweetener").
        let words = FoldedWords.words(of: name).map(singular)
        if let lead = words.firstIndex(where: scorer.rules.ingredientLeads.contains), let at = words.lastIndex(of: head),
           lead < at {
            return sameFamily ? .family : nil
        }
        return .whole
    }
}
