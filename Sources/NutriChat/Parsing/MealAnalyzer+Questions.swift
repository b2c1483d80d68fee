import Foundation
import NutriLanguage
import NutriStore

/// What to ask about a food the text names without an amount ("toast", "rice").
///
/// A food with a natural single serving — one counted or served in a container ("toast" by the slice, "a bagel",
/// "coffee" by the cup) — takes that serving, marked assumed, and nothing is asked. A food with none — served by
/// measure ("rice" by the cup, "chicken" by the serving) — is asked about, in the food's own units:
/// "How much rice? e.g. 1 cup, 1/2 cup, 160 g", never "1 cup" of toast.
extension MealAnalyzer {
    /// The question for `mention` resolved to `candidate`, or nil when the text gives an amount or the food has a
    /// natural single serving.
    func quantityQuestion(_ mention: FoodMention, candidate: FoodCandidate) -> String? {
        if let asked = groupOrderQuestion(mention, candidate: candidate) { return asked }
        guard mention.amount.quantity == nil, mention.amount.unit == nil, mention.amount.size == nil,
              mention.amount.package == nil else { return nil }
        if hasNaturalServing(candidate) { return nil }
        return "How much \(mention.food)? e.g. " + quantityExamples(candidate).joined(separator: ", ")
    }

    /// Whether one everyday portion of the food is what a person means by naming it: a count, a size or a container
    /// ("slice", "medium", "can"), or a cup or glass of a drink; not a measure of a food ("cup" of rice) nor a
    /// generic serving ("chicken").
    func hasNaturalServing(_ candidate: FoodCandidate) -> Bool {
        guard let alias = candidate.alias, let unit = services.language.unitDefinition(for: alias.portion) else {
            return false
        }
        switch unit.kind {
        case .volume, .mass: return services.portions.isDrink(candidate.food)
        default: return unit.canonical != Self.genericServing
        }
    }

    /// The canonical unit of "serving", "portion", "helping" (`units.tsv`): a serving says nothing of its size.
    static let genericServing = "serving"

    /// Amounts in the food's own units: its everyday measure and half of it when that is a measure ("1 cup,
    /// 1/2 cup"), ounces for a generic serving, else its first USDA measure, else ounces; then one portion in grams.
    func quantityExamples(_ candidate: FoodCandidate) -> [String] {
        var examples: [String] = []
        if let alias = candidate.alias, let unit = services.language.unitDefinition(for: alias.portion) {
            if unit.kind == .volume {
                examples = ["1 \(alias.portion)", "1/2 \(alias.portion)"]
            } else if unit.canonical == Self.genericServing, alias.grams >= 28.35 {
                examples = ["\(Int((alias.grams / 28.35).rounded())) oz"]
            }
        }
        if examples.isEmpty, let measure = (try? services.catalog.portions(of: candidate.food))?.first,
           let word = FoldedWords.words(of: measure.name).first, services.language.unitDefinition(for: word) != nil {
            examples = ["1 \(word)"]
        }
        let grams = candidate.alias?.grams ?? 100
        // A food weighed by the piece with no household unit of its own ("steak") is told in ounces, as on a menu.
        if examples.isEmpty, grams >= 28.35 { examples = ["\(Int((grams / 28.35).rounded())) oz"] }
        examples.append("\(Int(max(10, (grams / 10).rounded() * 10))) g")
        return examples
    }

    /// "we ordered 2 large pizzas", "my family and I got a bucket of chicken": the amount is the group's order, so
    /// the question asks the person's part of it in the food's own pieces ("How much of the 2 large pizzas did you
    /// have? e.g. 2 slices, a quarter of one"). Nil when the food was shared (the share is said) or no amount was.
    /// A group's order as the person told it, for its question and its share's entry ("a loaf of bread"; with
    /// `article: false` "loaf of bread", after "the"), without a bare count the text ran into ("2 burritos, one" of
    /// "… and I had one").
    func orderText(_ mention: FoodMention, article: Bool = true) -> String {
        var order = mention.text.split(separator: " ").map(String.init)
        while order.count > 1, let last = order.last,
              let (amount, rest) = quantities.leadingAmount(in: last.trimmingCharacters(in: .punctuationCharacters)),
              rest.trimmingCharacters(in: .whitespaces).isEmpty, amount.quantity != nil, amount.unit == nil, amount.size == nil {
            order.removeLast()
        }
        if !article, let first = order.first.map({ $0.lowercased() }),
           ["determiner", "definite"].contains(where: { services.language.grammarWords.contains(first, $0) }) {
            order.removeFirst()
        }
        return order.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }

    func groupOrderQuestion(_ mention: FoodMention, candidate: FoodCandidate) -> String? {
        guard mention.groupOrder == true, mention.share == nil, !mention.amount.isEmpty else { return nil }
        var examples = quantityExamples(candidate)
        if let piece = orderPiece(candidate) {
            examples = ["2 \(services.language.plural(piece))"]
        } else if mention.amount.unit == nil, (mention.amount.quantity ?? 1) > 1 {
            examples = ["1"]  // "4 big macs": counted wholes are answered by count
        }
        examples.append("a quarter of " + ((mention.amount.quantity ?? 1) > 1 ? "one" : "it"))
        return "How much of the \(orderText(mention, article: false)) did you have? e.g. " + examples.joined(separator: ", ")
    }

    /// The everyday piece cut from the food a group ordered ("slice" of pizza): a bare count answers in it.
    func orderPiece(_ candidate: FoodCandidate) -> String? {
        guard let portion = candidate.alias?.portion, services.portions.words.partsOfWhole.contains(portion) else { return nil }
        return portion
    }

    /// "we ordered pizza and I had 3 slices", "we got 4 tacos and I had 2 of them", "… and I had one": the person's
    /// pieces or count after a group's order are of the food ordered, and the order itself is no entry, so nothing is
    /// asked.
    func personalShares(_ items: [FoodMention]) -> [FoodMention] {
        guard let at = items.firstIndex(where: { $0.groupOrder == true }) else { return items }
        let pieces = services.portions.words.partsOfWhole
        let company = services.language.companyWords
        // A count alone, or with words that refer back to the order ("of them", "one").
        let countsOrder = { (item: FoodMention) in
            item.amount.quantity != nil && item.amount.size == nil && item.amount.package == nil
                && FoldedWords.words(of: item.food).allSatisfy { company.contains($0, "order-back") }
        }
        guard let own = items.indices.first(where: { $0 > at && items[$0].groupOrder != true && items[$0].amount.unit == nil
            && (pieces.contains(services.language.singular(items[$0].food)) || countsOrder(items[$0])) }) else { return items }
        var result = items
        if countsOrder(items[own]) {
            // "one of the 2 burritos": a whole of the order, its size with it ("2 large pizzas" → one large pizza).
            // The count is the first word ("one", "2"), then what runs to the words that point back.
            let said = FoldedWords.words(of: items[own].text)
            let count = said.prefix(1) + said.dropFirst().prefix { !company.contains($0, "order-back") }
            result[own].amount.size = items[at].amount.size
            result[own].text = (count.isEmpty ? items[own].text : count.joined(separator: " ")) + " of the "
                + orderText(items[at], article: false)
        } else {
            result[own].amount.unit = services.language.singular(items[own].food)
            result[own].text += " of " + items[at].food
        }
        result[own].food = items[at].food
        result.remove(at: at)
        return result
    }
}
