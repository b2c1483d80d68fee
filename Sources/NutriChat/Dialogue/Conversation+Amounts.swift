import Foundation
import NutriStore

/// Amounts beyond what a person eats in one go (PlausibleAmounts.swift) are asked about, never logged silently:
/// "Did you mean 9 cups of rice? …". The item waits as an open "how much?" question, so the next amount answers it,
/// and "yes" takes the amount suggested (PendingAnswers); the message's other items are logged as usual.
extension Conversation {
    /// The question to ask instead of logging `item`, when its amount is implausible: its words lose the amount, so
    /// the answer's amount is put in front ("2 cups of rice"). Nil when the amount is plausible.
    func doubtfulQuestion(_ item: PendingItem) -> PendingItem? {
        guard item.item.amountProblem != nil else { return nil }
        var waiting = item
        waiting.item.mention.text = item.item.mention.food
        return waiting
    }

    /// The same check for an answer to "how much?": the question stays open when the answer is implausible too.
    func doubtfulAnswer(_ pending: PendingItem, input: String) -> Reply? {
        guard let waiting = doubtfulQuestion(pending) else { return nil }
        state.pending = .quantity(waiting)
        return reply(input, "quantity", replies.ask(.quantity(waiting)))
    }
}

extension ReplyText {
    /// "Did you mean 9 cups of rice? 99999999999999999999 cups of rice is more than one go (at most 20 cups), so I
    /// have not logged it. How much rice?"
    func doubtful(_ problem: AmountProblem, food: String) -> String {
        // "9 cups of rice", but a bare count reads "9 bananas".
        let meant = problem.suggestion.map { $0.allSatisfy(\.isNumber) ? "\($0) \($0 == "1" ? food : plurals.plural(food))" : "\($0) of \(food)" }
        let guess = meant.map { "Did you mean \($0)? " } ?? "Did you mean a smaller amount? "
        return guess + problem.reason + ", so I have not logged it. How much \(food)? e.g. 1 cup, 200 g"
    }
}
