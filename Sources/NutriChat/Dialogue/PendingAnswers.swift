import Foundation
import NutriLanguage
import NutriStore

/// The open question's side of the dialogue: how a message fits it, and acting on an answer or a "cancel".
/// A question takes only an answer that fits it; the router lets it go for anything else.
struct PendingAnswers {
    let chat: Conversation

    // MARK: - Fit

    /// How `text` answers the open question, if it does.
    func fit(_ text: String, analysis: MessageAnalysis) -> PendingFit {
        guard let pending = chat.state.pending else {
            // Right after food was logged (no water or tracking since): a bare amount is an entry's, as after "actually".
            guard !chat.state.lastBatch.isEmpty, chat.state.lastWater.isEmpty, chat.state.lastTracking == nil else { return PendingFit() }
            return PendingFit(lastEntryAmount: amount(text, analysis: analysis, for: ""))
        }
        switch pending {
        case .quantity(let item):
            if let meant = confirmedAmount(text, analysis: analysis, for: item) { return PendingFit(amount: meant) }
            // "all of it" after "How much of the 2 large pizzas did you have?": the whole order.
            if item.item.mention.groupOrder == true, let vocabulary = try? chat.dialogueWords(),
               vocabulary.isWhole(FoldedWords.words(of: text), .allOfIt) {
                return PendingFit(amount: item.item.mention.amount)
            }
            return PendingFit(amount: amount(text, analysis: analysis, for: item.item.mention.food,
                                             ofOrder: item.item.mention.groupOrder == true))
        case .choice(let item):
            // A complete log of something else is a new message, never a pick by its words.
            let logsOther = analysis.items.contains { !$0.mention.amount.isEmpty && !names(item.item.mention.food, $0.mention.food) }
            return PendingFit(choice: logsOther ? nil : chat.choiceIndex(text, among: item.item.candidates))
        case .entry(let question):
            let words = FoldedWords.words(of: text)
            if words.count <= 2, !question.ids.isEmpty, let pick = words.compactMap({ Int($0) }).first,
               (1...question.ids.count).contains(pick) {
                return PendingFit(entry: question.ids[pick - 1])
            }
            if let hash = text.firstIndex(of: "#"), let id = Int64(text[text.index(after: hash)...].prefix { $0.isNumber }),
               question.ids.contains(id) {
                return PendingFit(entry: id)
            }
            // "the salmon", "salmon": the one entry offered whose text has every food word said.
            let said = Set(analysis.items.flatMap { FoldedWords.words(of: $0.mention.food) }.map(singular))
            guard !said.isEmpty else { return PendingFit() }
            let named = question.ids.filter { id in
                guard let entry = try? chat.journal.entry(id: id) else { return false }
                return said.isSubset(of: Set(FoldedWords.words(of: entry.text).map(singular)))
            }
            return PendingFit(entry: named.count == 1 ? named[0] : nil)
        }
    }

    /// "1 cup", "about 200 g I think", "2": an amount with nothing else but filler; or an amount of the very food
    /// asked about ("1 cup of rice"). "2 cups low fat milk" after "How much rice?" is another food: no answer.
    /// Of a group's order (`ofOrder`), a share may point at one of the wholes ("half of one", "a quarter of it").
    func amount(_ text: String, analysis: MessageAnalysis, for food: String, ofOrder: Bool = false) -> Amount? {
        guard let vocabulary = try? chat.dialogueWords() else { return nil }
        // "-3 eggs", "NaN cups": the words below lose the sign and the word, so the message's own reading decides.
        if analysis.items.contains(where: { $0.mention.amount.quantity.map { !($0 >= 0) } == true }) { return nil }
        var words = MessageCues.tokens(text)
        while let first = words.first, vocabulary.isWord(first, .amountFiller) { words.removeFirst() }
        guard !words.isEmpty, let (amount, rest) = chat.quantities.leadingAmount(in: words.joined(separator: " ")) else {
            return nil
        }
        guard amount.quantity != nil || amount.unit != nil || amount.size != nil else { return nil }
        guard chat.isSensible(amount) else { return nil }
        let foodWords = Set(FoldedWords.words(of: food).map(singular))
        let leftover = FoldedWords.words(of: rest).filter {
            !vocabulary.isWord($0, .amountFiller) && !(ofOrder && vocabulary.isWord($0, .orderPart))
        }
        if leftover.isEmpty || Set(leftover.map(singular)).isSubset(of: foodWords) { return amount }
        return nil
    }

    /// "yes", "yeah", "that's right" (`yes` in dialogue-words.tsv) after "Did you mean 9 cups of rice?": the amount
    /// the question suggested. Nil for anything else, and when the question suggested no amount; "no" needs nothing
    /// here, since a message that answers no question lets it go.
    func confirmedAmount(_ text: String, analysis: MessageAnalysis, for pending: PendingItem) -> Amount? {
        guard let suggestion = pending.item.amountProblem?.suggestion, let vocabulary = try? chat.dialogueWords(),
              vocabulary.isWhole(FoldedWords.words(of: text), .yes) else { return nil }
        return amount(suggestion, analysis: analysis, for: pending.item.mention.food)
    }

    private func singular(_ word: String) -> String { chat.analyzer.services.language.singular(word) }

    /// Whether `said` names the food asked about (all its words are the question's food's words, or the reverse).
    private func names(_ asked: String, _ said: String) -> Bool {
        let a = Set(FoldedWords.words(of: asked).map(singular)), b = Set(FoldedWords.words(of: said).map(singular))
        return !b.isEmpty && (b.isSubset(of: a) || a.isSubset(of: b))
    }

    // MARK: - Answers

    /// Completes the item asked about with `amount` and logs it.
    func answer(amount: Amount, input: String) throws -> Reply {
        guard let pending = chat.state.pending, var item = pending.pendingItem else { return chat.reply(input, "out_of_scope", chat.replies.nothingPending) }
        let order = item.item.mention
        item.item.mention.amount = order.groupOrder == true ? share(amount, of: order, piece: item.item.match.flatMap(chat.analyzer.orderPiece)) : amount
        item.item.mention.groupOrder = nil
        item.item.mention.text = chat.describe(item.item.mention)
        // The person's part of a group's order says so ("2 slices pizza, your share of 2 large pizzas").
        if order.groupOrder == true, amount != order.amount {
            item.item.mention.text += ", your share of " + chat.analyzer.orderText(order)
        }
        item.item = chat.analyzer.resolve(item.item.mention, keeping: item.item.candidates)
        // An implausible answer keeps the question open ("Did you mean …?"), as an implausible log does.
        if let doubt = chat.doubtfulAnswer(item, input: input) { return doubt }
        return try log(item, answering: pending, input: input)
    }

    /// The person's part of a group's order as an amount of the food: a bare count is of its pieces ("3" slices of
    /// pizza), a bare share of one of the wholes ordered ("half of one" large pizza, "a quarter" of the bucket).
    private func share(_ said: Amount, of order: FoodMention, piece: String?) -> Amount {
        guard said.unit == nil, said.size == nil, said.package == nil else { return said }
        var amount = said
        if let quantity = said.quantity, quantity >= 1, let piece {
            amount.unit = piece
        } else if (said.quantity ?? 1) < 1 {
            amount.unit = order.amount.unit
            amount.size = order.amount.size
        }
        return amount
    }

    /// Takes candidate `index` for the item asked about; asks how much next when the amount is still missing.
    func answer(choice index: Int, input: String) throws -> Reply {
        guard let pending = chat.state.pending, var item = pending.pendingItem, index < item.item.candidates.count else {
            return chat.reply(input, "out_of_scope", chat.replies.nothingPending)
        }
        item.item = chat.analyzer.resolve(item.item.mention, keeping: [item.item.candidates[index]])
        if chat.needsQuantity(item.item) {
            chat.state.pending = .quantity(item)
            return chat.reply(input, "choice", chat.replies.ask(.quantity(item)))
        }
        return try log(item, answering: pending, input: input)
    }

    /// Carries out the message that named several entries on the one picked.
    func answer(entry id: Int64, input: String) throws -> Reply {
        guard case .entry(let question)? = chat.state.pending else { return chat.reply(input, "out_of_scope", chat.replies.nothingPending) }
        chat.state.pending = nil
        chat.state.chosenEntry = id
        defer { chat.state.chosenEntry = nil }
        return try chat.route(question.message, input: input)
    }

    /// "cancel", "never mind": drops the question and the message's other questions; "skip": only this one.
    func drop(all: Bool, input: String) -> Reply {
        guard let pending = chat.state.pending else { return chat.reply(input, "deny", chat.replies.nothingToCancel) }
        let text = chat.replies.skipped(pending)
        if all { chat.state.pending = nil; chat.state.queue = [] } else { chat.advanceQueue() }
        let next = chat.state.pending.map { " " + chat.replies.ask($0) } ?? ""
        return chat.reply(input, "deny", "OK. " + text + next)
    }

    private func log(_ item: PendingItem, answering pending: PendingQuestion, input: String) throws -> Reply {
        let logged = try chat.logEntries([chat.makeEntry(item.item, date: item.date, meal: item.meal)])
        chat.advanceQueue()
        var text = chat.replies.logged(logged, day: item.date, today: chat.today, total: try chat.dayKcal(item.date))
        if let next = chat.state.pending { text += " " + chat.replies.ask(next) }
        return chat.reply(input, pending.name, text, logged: logged)
    }
}
