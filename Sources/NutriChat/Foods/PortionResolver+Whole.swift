import Foundation
import NutriLanguage
import NutriStore

extension PortionResolver {
    /// What the whole of a food served in pieces weighs: "a whole pizza", "half a pie", a pizza shared by three.
    /// Only for foods whose everyday portion is cut from a whole (`part-of-whole` in `portion-words.tsv`: a slice of
    /// pizza, a piece of pie); the whole is the food's USDA measure named after it ("pizza", "cake", "melon"), sized
    /// by `whole-sizes.tsv` or the measure's own size word, else its piece measure times the pieces in the whole
    /// ("piece (1/8 of 9" dia)" is an eighth). Nil when the food has neither: "half a brownie" is half a piece. With
    /// `sizedOnly`, only a whole that `whole-sizes.tsv` sizes by `size` ("a large pizza"; "a large cake" is no whole).
    func wholeWeight(of food: Food, alias: FoodAlias?, measures: [Portion], size: String?, sizedOnly: Bool = false) -> Weight? {
        guard let alias, words.partsOfWhole.contains(alias.portion),
              let head = FoldedWords.words(of: alias.alias).last.map({ language.singular($0) }) else { return nil }
        let wholes = measures.filter { measure in
            guard let first = FoldedWords.words(of: measure.name).first.map({ language.singular($0) }), first.count >= 3 else {
                return false
            }
            return head.hasSuffix(first) && measure.gramsPerUnit > alias.grams * 1.5
        }
        if let plain = wholes.first, let first = FoldedWords.words(of: plain.name).first.map({ language.singular($0) }) {
            if sizedOnly, size.flatMap({ wholeSizes[first]?[$0] }) == nil { return nil }
            let sizeWords = size.map { Set(FoldedWords.words(of: $0)) } ?? []
            if let sized = wholes.first(where: { !Set(FoldedWords.words(of: $0.name)).isDisjoint(with: sizeWords) }) {
                return Weight(grams: sized.gramsPerUnit, assumed: false, method: "whole: USDA measure '\(sized.name)'")
            }
            let factor = size.flatMap { wholeSizes[first]?[$0] } ?? 1
            let sized = factor == 1 ? "" : "\(size ?? "") "
            return Weight(grams: plain.gramsPerUnit * factor, assumed: false, method: "whole \(sized)\(first): USDA measure '\(plain.name)'")
        }
        if sizedOnly { return nil }
        for measure in measures {
            guard let pieces = Self.piecesInWhole(measure.name) else { continue }
            return Weight(grams: measure.gramsPerUnit * pieces, assumed: false,
                          method: "whole: \(pieces.wholeNumberText) × USDA measure '\(measure.name)'")
        }
        return nil
    }

    /// The pieces in the whole that a USDA measure name gives as "1/N of": "piece (1/8 of 9" dia)" → 8.
    static func piecesInWhole(_ name: String) -> Double? {
        guard let range = name.range(of: "1/") else { return nil }
        let digits = name[range.upperBound...].prefix { $0.isNumber }
        guard let pieces = Double(digits), pieces >= 2,
              name[range.upperBound...].dropFirst(digits.count).hasPrefix(" of") else { return nil }
        return pieces
    }
}
