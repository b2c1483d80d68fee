import Foundation
import NutriIntent

extension Conversation {
    /// Acts on the router's decision; nothing here decides what the message is.
    func dispatch(_ decision: RouteDecision, scan: MessageScan, input: String) throws -> Reply {
        let analysis = scan.analysis, cues = scan.cues
        switch decision.route {
        case .stopSetup: return try stopSetup(input: input)
        case .answerSetup:
            guard let fit = scan.setup?.fit else { return reply(input, "out_of_scope", replies.nothingPending) }
            return try answerSetup(fit, input: input)
        case .confirmSlotDeletion(let accept): return try confirmSlotDeletion(accept: accept, input: input)
        case .suggestionFollowUp: return try suggestionFollowUp(scan.coaching, input: input)
        case .clock(let kind): return reply(input, "ask_time", clockAnswer(kind))
        case .reminders: return reply(input, "settings", try nudgeSwitch(scan.coaching))
        case .browseCatalog: return try browseCatalog(scan.coaching, input: input)
        case .answerOffer(let accept):
            let intent = accept ? Intent.affirm : .deny
            return reply(input, intent.rawValue, try InsightAnswers(chat: self).answerOffer(accept: accept))
        case .insight(let question): return reply(input, "ask_progress", try InsightAnswers(chat: self).answer(question))
        case .progress(let ask): return reply(input, "ask_progress", try ProgressAnswers(chat: self).answer(ask, date: analysis.date))
        case .answerAmount(let amount): return try PendingAnswers(chat: self).answer(amount: amount, input: input)
        case .answerChoice(let index): return try PendingAnswers(chat: self).answer(choice: index, input: input)
        case .answerEntry(let id): return try PendingAnswers(chat: self).answer(entry: id, input: input)
        case .dropQuestion(let all): return PendingAnswers(chat: self).drop(all: all, input: input)
        case .nothingToCancel: return reply(input, "deny", replies.nothingToCancel)
        case .unclearCorrection: return reply(input, "correct", replies.correctionUnclear)
        case .redo: return try HistoryHandler(chat: self).redo(input: input)
        case .mealSlots(let command): return try mealSlots(command, input: input)
        case .menu(let ask): return try menuReply(ask, scan: scan, input: input)
        case .correct: return try correct(decision, scan: scan, input: input)
        case .undo, .delete, .move:
            if let target = decision.undoTarget, let tracked = try undoTracking(analysis, target: target, input: input) {
                return tracked
            }
            switch decision.route {
            case .delete: return try EntryCommands(chat: self).delete(analysis, cues: cues, input: input)
            case .move: return try EntryCommands(chat: self).move(analysis, cues: cues, input: input)
            default: return try HistoryHandler(chat: self).undo(input: input)
            }
        case .handle(var intent):
            if intent == .logFood, analysis.intent != .logFood { intent = .logFood }
            var routed = analysis
            routed.intent = intent
            return try handle(routed, input: input, meal: scan.customMeal, tracking: decision.tracking)
        }
    }

    /// A correction; when no entry has the name it gives, the meal-slot command, insight or progress question, or
    /// intent the router found beside it.
    private func correct(_ decision: RouteDecision, scan: MessageScan, input: String) throws -> Reply {
        let analysis = scan.analysis, cues = scan.cues
        // Named entries that do not exist hand a message the classifier heard as something else back to it.
        let handsBack = (![.correct, .undo, .logFood].contains(analysis.intent) || cues.statedCorrection) && cues.entryNumber == nil
            && cues.changeTarget != nil
        if let corrected = try CorrectionHandler(chat: self).correct(analysis, cues: cues, input: input, handsBack: handsBack) {
            return corrected
        }
        // "the salmon was 6 oz" with no salmon logged tells a food, not a change.
        if cues.statedCorrection, [.correct, .undo].contains(analysis.intent) {
            var logged = analyzer.withFoodItems(analysis, reference: reference)
            if !logged.items.isEmpty {
                logged.intent = .logFood
                return try handle(logged, input: input, meal: scan.customMeal, tracking: decision.tracking)
            }
        }
        if let command = decision.mealSlots { return try mealSlots(command, input: input) }
        if let question = decision.question { return try dispatch(RouteDecision(route: question), scan: scan, input: input) }
        return try handle(analysis, input: input, meal: scan.customMeal, tracking: decision.tracking)
    }
}
