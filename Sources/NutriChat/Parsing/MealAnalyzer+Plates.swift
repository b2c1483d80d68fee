import Foundation
import NutriLanguage
import NutriStore

/// Mixed plates: "rice with chicken and vegetables" is one plate, not a cup of rice plus a serving of chicken plus a
/// cup of vegetables. When a food with no natural single serving (served by measure: rice, pasta, chicken) comes with
/// other foods that have no amount of their own, the parts share one weight in proportion to their everyday portions:
/// the measure of the first when the text gives one by volume or container ("a cup of rice mixed with vegetables" is
/// a cup of the mix), else one plate (`portion-defaults.tsv`), or less when the parts weigh less together. On a food
/// that has a serving of its own ("a greek yogurt with granola"), the parts are toppings: a topping's portion each.
extension MealAnalyzer {
    /// `items` with each mixed plate's parts reweighed to share the plate.
    func sharingPlates(_ items: [AnalyzedItem]) -> [AnalyzedItem] {
        guard items.contains(where: { $0.mention.sharesPlate }) else { return items }
        var result = items
        var start = 0
        while start < result.count {
            var end = start + 1
            while end < result.count, result[end].mention.sharesPlate { end += 1 }
            if end - start >= 2 { sharePlate(&result[start..<end]) }
            start = end
        }
        return result
    }

    private func sharePlate(_ parts: inout ArraySlice<AnalyzedItem>) {
        guard let first = parts.first, let base = first.match else { return }
        if hasNaturalServing(base) { return toppingPortions(&parts) }
        guard parts.allSatisfy({ $0.match != nil && ($0.portion?.grams ?? 0) > 0 }),
              let total = plateWeight(first, together: parts.reduce(0) { $0 + ($1.portion?.grams ?? 0) }) else { return }
        let together = parts.reduce(0) { $0 + ($1.portion?.grams ?? 0) }
        for index in parts.indices {
            guard var portion = parts[index].portion, portion.grams > 0 else { continue }
            let grams = total * portion.grams / together
            parts[index].nutrients = parts[index].nutrients.scaled(by: grams / portion.grams)
            portion.grams = grams
            portion.assumed = true
            portion.method += "; its share of a mixed plate of \(Int(total.rounded())) g"
            parts[index].portion = portion
        }
    }

    /// "a greek yogurt with granola and berries": what comes on a food that has a serving of its own, with no amount
    /// of its own, is a topping's portion of it (`served-portions.tsv`, unit `topping`), not a serving of its own.
    /// Only the kinds the table lists shrink ("a burger with fries" keeps its order of fries), and never grow.
    /// In a drink ("coffee with milk"), an add-in is what is stirred in (unit `stirred-in`: a splash of milk), else
    /// a topping's portion.
    private func toppingPortions(_ parts: inout ArraySlice<AnalyzedItem>) {
        let inDrink = parts.first?.match.map { services.portions.isDrink($0.food) } ?? false
        for index in parts.indices.dropFirst() {
            guard let food = parts[index].match?.food, var portion = parts[index].portion, portion.grams > 0 else { continue }
            let stirred = inDrink ? services.portions.servedGrams(Self.stirredUnit, of: food) : nil
            guard let grams = stirred ?? services.portions.servedGrams(Self.toppingUnit, of: food), grams < portion.grams else { continue }
            parts[index].nutrients = parts[index].nutrients.scaled(by: grams / portion.grams)
            portion.grams = grams
            portion.assumed = true
            portion.method += stirred == nil ? "; a topping's portion" : "; what is stirred into a drink"
            parts[index].portion = portion
            // A topping's portion is known well enough: "How much berries?" on a yogurt would only slow the log down.
            parts[index].question = nil
        }
    }

    /// The `served-portions.tsv` units of an add-in's portion on another food and in a drink.
    static let toppingUnit = "topping"
    static let stirredUnit = "stirred-in"

    /// The weight the parts share: the first part's measure when it is a volume or a container, the parts' own weight
    /// up to one plate when it has no amount, nil (each part as it is) for a weight or a count.
    private func plateWeight(_ first: AnalyzedItem, together: Double) -> Double? {
        let amount = first.mention.amount
        if amount.isEmpty { return services.portions.plateGrams.map { min(together, $0) } }
        guard amount.package == nil, let unit = amount.unit.flatMap({ services.language.unitDefinition(for: $0) }),
              unit.kind == .volume || unit.kind == .container else { return nil }
        return first.portion?.grams
    }
}
