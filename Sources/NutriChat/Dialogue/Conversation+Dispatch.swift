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
        case .skippedMeal(let meal): return try skippedMeal(meal, date: analysis.date, input: input)
        case .remark: return try remark(cues, input: input)
        case .relocate:
            guard let place = cues.relocation else { return reply(input, "correct", replies.correctionUnclear) }
            return try EntryCommands(chat: self).relocate(meal: place.meal, date: place.date, input: input)
        case .repeatLogged:
            return try EntryCommands(chat: self).repeatLogged(meal: cues.repeatedMeal, from: analysis.date == today ? nil : analysis.date,
                                                             input: input)
        case .moreLogged:
            guard let more = cues.more else { return reply(input, "log_food", replies.correctionUnclear) }
            return try EntryCommands(chat: self).more(more.quantity, unit: more.unit, input: input)
        case .share:
            guard let share = cues.share else { return reply(input, "correct", replies.correctionUnclear) }
            return try EntryCommands(chat: self).share(share.fraction, target: share.target, analysis: analysis, cues: cues, input: input)
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

    /// "the rice was about 1 cup" told again as a log, "about 1 cup of rice", in the message's meal and day.
    private func restated(_ analysis: MessageAnalysis, cues: MessageCues) -> MessageAnalysis {
        let body = cues.body.joined(separator: " ")
        guard let target = cues.changeTarget, let (amount, rest) = quantities.leadingAmount(in: body),
              rest.count < body.count else { return analysis }
        let amountText = body.dropLast(rest.count).trimmingCharacters(in: .whitespaces)
        let told = [amountText, amount.unit == nil ? "" : "of", target.joined(separator: " "), rest]
            .filter { !$0.isEmpty }.joined(separator: " ")
        var restated = analyzer.analyze(told, reference: reference)
        restated.date = analysis.date
        restated.meal = analysis.meal
        restated.mealFromClock = analysis.mealFromClock
        return restated
    }

    /// "I skipped lunch": nothing to log; the entries already in that meal are named, so one logged by mistake can go.
    private func skippedMeal(_ meal: String, date: String, input: String) throws -> Reply {
        let logged = try journal.entries(on: date).filter { $0.meal == meal }
        return reply(input, "log_food", replies.skippedMeal(meal, day: date, today: today, logged: logged))
    }

    /// "the pizza was great": a word back, and when the food named is not in today's diary, how to log it.
    private func remark(_ cues: MessageCues, input: String) throws -> Reply {
        guard let remark = cues.remark else { return reply(input, "thanks", replies.remark(nil, liked: true, logged: true)) }
        let named = remark.target.isEmpty ? nil : remark.target.joined(separator: " ")
        var logged = true
        if !remark.target.isEmpty {
            logged = try journal.entries(on: today).contains { names($0, remark.target) }
        }
        return reply(input, "thanks", replies.remark(named, liked: remark.liked, logged: logged))
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
        if cues.statedCorrection {
            var logged = analyzer.withFoodItems(restated(analysis, cues: cues), reference: reference)
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
