import Foundation
import NutriLanguage
import NutriStore

/// One row of `served-portions.tsv`: what one unit of a kind of food weighs as people are served it.
struct ServedPortion: Sendable {
    /// SR24 food group code the food must belong to, if any ("01").
    var group: String?
    /// Words that must all occur in the food's USDA name ("cheese"; "drumstick meat only").
    var words: Set<String>
    /// Words that must not occur in it ("-sweet": a baked potato is not a sweet potato).
    var without: Set<String>
    /// Grams of one such unit.
    var grams: Double
}

/// Served portions by food kind: a slice of cheese is a 3/4 oz deli slice and a chicken drumstick its edible part,
/// whatever an alias or SR24's own measure says (`served-portions.tsv`). These win over both because SR24's measures
/// are often a recipe yield or a block-cut slice, not what a plate holds.
extension PortionResolver {
    /// Unit → the table's rows for it, read from `served-portions.tsv`.
    static func servedPortions(_ url: URL, language: LanguageLexicon) throws -> [String: [ServedPortion]] {
        let table = try TSVTable(contentsOf: url, required: ["unit", "kind", "grams"])
        var result: [String: [ServedPortion]] = [:]
        for row in table.rows {
            let grams = try row.double("grams", file: table.file)
            guard grams > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "grams must be positive") }
            let parts = row["kind"].split(separator: " ").map { $0.lowercased() }
            let group = parts.first { $0.count == 2 && $0.allSatisfy(\.isNumber) }
            let without = Set(parts.filter { $0.hasPrefix("-") }.map { language.singular(String($0.dropFirst())) })
            let words = Set(parts.filter { $0 != group && !$0.hasPrefix("-") }.map { language.singular($0) })
            guard group != nil || !words.isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "kind needs a food group or a word")
            }
            result[row["unit"], default: []].append(ServedPortion(group: group, words: words, without: without, grams: grams))
        }
        return result
    }

    /// What one `unit` of `food` weighs as served, when the table knows its kind: the row naming the most words of
    /// the food's USDA name wins ("drumstick meat only" over "drumstick").
    func servedGrams(_ unit: String, of food: Food) -> Double? {
        guard let rows = served[unit] else { return nil }
        let nameWords = Set(FoldedWords.words(of: food.name).map { language.singular($0) })
        return rows.filter { row in
            (row.group.map { $0 == food.groupCode } ?? true) && row.words.isSubset(of: nameWords)
                && row.without.isDisjoint(with: nameWords)
        }.max { ($0.words.count, $0.group != nil ? 1 : 0) < ($1.words.count, $1.group != nil ? 1 : 0) }?.grams
    }

    /// The alias with its everyday portion weighed as served: "a chicken thigh" is the edible thigh.
    func served(_ alias: FoodAlias?, food: Food) -> FoodAlias? {
        guard var alias, let grams = servedGrams(alias.portion, of: food) else { return alias }
        alias.grams = grams
        return alias
    }
}
