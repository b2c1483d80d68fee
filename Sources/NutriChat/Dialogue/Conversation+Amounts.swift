import Foundation
import NutriStore

/// Amounts beyond what a person eats in one go (PlausibleAmounts.swift) are asked about, never logged silently:
/// "Did you mean 9 cups of rice? …". The item waits as an open "how much?" question, so the next amount answers it.
extension Conversation {
    /// The question for the first implausible item of a food log, with nothing of the message logged; nil when
    /// every amount is plausible.
    func doubtfulAmounts(_ analysis: MessageAnalysis, meal: String, input: String) -> Reply? {
        guard var doubtful = analysis.items.first(where: { $0.amountProblem != nil }),
              let problem = doubtful.amountProblem else { return nil }
        doubtful.mention.text = doubtful.mention.food  // the answer's amount is put in front: "2 cups of rice"
        state.queue = []
        state.pending = .quantity(PendingItem(item: doubtful, date: analysis.date, meal: meal))
        let others = analysis.items.count > 1 ? " Nothing from this message is logged yet." : ""
        return reply(input, "log_food", replies.doubtful(problem, food: doubtful.mention.food) + others)
    }

    /// The same check for an answer to "how much?": the question stays open when the answer is implausible too.
    func doubtfulAnswer(_ pending: PendingItem, input: String) -> Reply? {
        guard let problem = pending.item.amountProblem else { return nil }
        var waiting = pending
        waiting.item.mention.text = pending.item.mention.food
        state.pending = .quantity(waiting)
        return reply(input, "quantity", replies.doubtful(problem, food: pending.item.mention.food))
    }
}

extension ReplyText {
    /// "Did you mean 9 cups of rice? 99999999999999999999 cups of rice is more than one go (at most 20 cups), so I
    /// have not logged it. How much rice?"
    func doubtful(_ problem: AmountProblem, food: String) -> String {
        let guess = problem.suggestion.map { "Did you mean \($0) of \(food)? " } ?? "Did you mean a smaller amount? "
        return guess + problem.reason + ", so I have not logged it. How much \(food)? e.g. 1 cup, 200 g"
    }
}
