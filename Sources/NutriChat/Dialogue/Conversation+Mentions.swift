import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    /// The mention an entry was logged from, re-read from its text.
    func originalMention(of entry: JournalEntry) -> FoodMention {
        let parsed = MealTextParser(lexicon: analyzer.services.language, knownFoods: [])
            .parse(entry.text, reference: reference).items.first
        return parsed ?? FoodMention(text: entry.text, amount: Amount(quantity: entry.quantity, unit: entry.unit),
                                     food: entry.foodName)
    }

    /// A new amount over an old one: "make that 3" keeps the old unit; "actually 2 cups" replaces it. Either way
    /// the amount is replaced, never multiplied: the grams follow from the new portion.
    func merged(_ new: Amount, into old: Amount) -> Amount {
        guard new.unit == nil, new.size == nil, new.package == nil else { return new }
        var result = old
        result.quantity = new.quantity
        result.range = new.range
        result.isImplicit = false
        return result
    }

    /// "3 scrambled eggs", "1.5 cups rice": a mention as an entry's text.
    func describe(_ mention: FoodMention) -> String {
        let amount = mention.amount
        var parts: [String] = []
        if let q = amount.quantity { parts.append(ReplyText.number(q)) }
        if let size = amount.size { parts.append(size) }
        let many = (amount.quantity ?? 1) > 1
        let language = analyzer.services.language
        // "a glass of oat milk", "a turkey sandwich": one said with an article keeps it ("1 glass oat milk" read oddly).
        if amount.quantity == 1, amount.isImplicit, amount.range == nil, amount.package == nil, amount.size == nil {
            let rest = amount.unit.map { "\($0) of \(mention.food)" } ?? mention.food
            return CustomText.article(rest) + " " + rest
        }
        if let unit = amount.unit { parts.append(many ? language.plural(unit) : unit) }
        parts.append(many && amount.unit == nil ? language.plural(mention.food) : mention.food)
        return parts.joined(separator: " ")
    }

    /// The largest count or amount a correction, an answer or `diary edit` takes: beyond it an amount is a typing
    /// slip, and the reply says so rather than logging tons of food (or trapping on a number too big for Int).
    static let largestAmount = 10_000.0

    /// Whether an amount is one a person could have eaten: more than zero and at most `largestAmount`.
    func isSensible(_ amount: Amount) -> Bool {
        let values = [amount.quantity, amount.range?.lowerBound, amount.range?.upperBound, amount.package?.quantity].compactMap { $0 }
        return values.allSatisfy { $0.isFinite && $0 > 0 && $0 <= Self.largestAmount }
    }

    /// Finds entries for references, in the person's journal.
    var entryFinder: EntryFinder {
        EntryFinder(journal: journal, singular: analyzer.services.language.singular)
    }

    /// Whether a word is part of an amount ("2", "cups", "1/2"), not of a food's name.
    func isAmountWord(_ word: String) -> Bool {
        Double(word) != nil || word.contains("/") || analyzer.services.language.unit(named: word) != nil
    }
}
