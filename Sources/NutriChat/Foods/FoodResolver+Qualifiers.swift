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
}
