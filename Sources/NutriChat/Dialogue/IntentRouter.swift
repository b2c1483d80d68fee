import Foundation
import NutriIntent
import NutriLanguage

/// What the conversation does with one message, decided in one place.
enum Route: Equatable, Sendable {
    /// The open "how much …?" question is answered with this amount.
    case answerAmount(Amount)
    /// The open choice is answered with this candidate (0-based).
    case answerChoice(Int)
    /// The open "which entry?" question is answered with this entry id.
    case answerEntry(Int64)
    /// "cancel", "never mind" (`all`), or "skip" (only the open question) with a question open.
    case dropQuestion(all: Bool)
    /// "cancel" with nothing open.
    case nothingToCancel
    case undo
    case redo
    /// "delete #2", "remove the banana from lunch".
    case delete
    /// "move the apple to breakfast".
    case move
    /// "actually 3", "make that 3/4 cup", "change the rice to 2 cups", "3 not 2".
    case correct
    /// "I skipped lunch", "I didn't have breakfast": a meal not eaten; nothing is logged or taken back.
    case skippedMeal(String)
    /// "the pizza was great", "it was bland": a remark on what was eaten; nothing is logged or changed.
    case remark
    /// "actually that was for dinner", "those were yesterday": the last message's entries move there.
    case relocate
    /// "same again", "same breakfast as yesterday": what was logged then is logged again now.
    case repeatLogged
    /// "another slice", "two more", "seconds": more of what was just logged.
    case moreLogged
    /// "I only ate half": the entry named, or the last message's entries, become that share of themselves.
    case share
    /// A message the classifier takes for a correction that has no cue and names no food ("that's wrong"):
    /// nothing changes; the reply says how to correct.
    case unclearCorrection
    /// "add a meal called brunch", "rename lunch to midday", "what are my meal slots?".
    case mealSlots(MealSlotCommand)
    /// "stop", "not now" at an open set-up question.
    case stopSetup
    /// The answer to the open set-up or exercise question (the scan's `SetupFit`).
    case answerSetup
    /// "yes" or "no" to a pending meal-slot deletion.
    case confirmSlotDeletion(accept: Bool)
    /// "another", "show the first one", "I like the second one", right after suggestions.
    case suggestionFollowUp
    /// "what time is it" (`time`), "what day is it" (`date`).
    case clock(String)
    /// "stop reminding me about water", "turn water reminders back on", "which reminders are on".
    case reminders
    /// "recipes with chickpeas", "a high protein breakfast recipe": the recipe catalog.
    case browseCatalog
    /// "yes" or "no" to the calorie target offered today.
    case answerOffer(accept: Bool)
    /// A question about the person's intake over time, answered from a period summary.
    case insight(InsightQuestion)
    /// A progress question that wants one number: the BMR, a nutrient against its goal, one meal of a day.
    case progress(ProgressAsk)
    /// A question about today's dining menus, or a dish of them logged (IntentRouter+Menus.swift).
    case menu(MenuAsk)
    /// Everything else: the handler of this intent (the classifier's, or log_food for a complete log).
    case handle(Intent)

    /// Which open questions the route passes over, in the order they are tried: a set-up question first, then a
    /// meal-slot deletion, then suggestions on screen. Each one passed over is let go.
    var stage: Int {
        switch self {
        case .stopSetup, .answerSetup: return 0
        case .confirmSlotDeletion: return 1
        case .suggestionFollowUp: return 2
        default: return 3
        }
    }
}

/// The router's answer: the route, whether an open question is let go on the way ("Skipped the rice."), and
/// the tracking ask or undo target the route's handler acts on.
struct RouteDecision: Equatable, Sendable {
    var route: Route
    var dropsQuestion = false
    /// For `.handle` and `.correct`: a tracking question or setting filed under another intent, answered before
    /// the intent's own handler.
    var tracking: TrackingAsk?
    /// For `.undo` and `.delete`: the tracking record the words name, tried before the food history.
    var undoTarget: UndoTarget?
    /// For `.correct`: the meal-slot command to carry out when no entry is corrected.
    var mealSlots: MealSlotCommand?
    /// For `.correct`: the insight or progress question to answer when no entry is corrected.
    var question: Route?
}

/// How a message fits the open question, read by the conversation (it knows the candidates and the amount grammar).
struct PendingFit: Equatable, Sendable {
    /// An amount alone, or an amount of the food asked about ("1 cup", "1 cup of rice").
    var amount: Amount?
    /// A candidate picked by number, ordinal or name.
    var choice: Int?
    /// An entry picked by number among those offered.
    var entry: Int64?
    /// With no question open, right after food was logged: an amount alone ("3/4 cup", "2", "about 200 g"), which
    /// can only be an entry's amount said again (the correction picks which, as for "actually 3/4 cup").
    var lastEntryAmount: Amount?
}

/// Decides, from the message's scan (analysis, cues, slots, fits) and the dialogue context, whether a message
/// answers an open question (set-up, meal-slot deletion, food question, calorie offer), follows up suggestions,
/// asks the clock, switches reminders, browses recipes, asks an insight question, corrects, deletes or moves an
/// entry, undoes or redoes a change, or is a message of its own. Handlers act on its answer and decide nothing
/// else about intent. A correction needs a cue or a question to answer: a new
/// complete log is a new entry even when the classifier reads it as a correction (issue 11, point 5).
struct IntentRouter: Sendable {
    /// Intents whose own handlers deal with deletion words ("remove my peanut allergy", "delete my weight").
    static let trackingIntents: Set<Intent> = [.logExercise, .logWeight, .setGoal, .setProfile, .manageRecipe, .addFood]

    /// The one decision about a message: from its scan (text, slots, fits) and the dialogue context.
    func decide(_ scan: MessageScan, context: DialogueContext) -> RouteDecision {
        if let answered = answer(scan, context: context) { return RouteDecision(route: answered) }
        if let coaching = coaching(scan.coaching, context: context) { return RouteDecision(route: coaching) }
        var decision = route(scan.analysis, cues: scan.cues, questionOpen: context.foodQuestion, fit: scan.fit,
                             tracking: scan.tracking, mealSlots: scan.mealSlots)
        // A plain "undo" names no tracking record: it means exercise, a weight or a setting only right after one.
        if decision.undoTarget == .exercise(activity: nil, generic: false), !context.trackingJustLogged {
            decision.undoTarget = nil
        }
        switch decision.route {
        case .handle(let intent) where scan.richFoods && [.askNutrition, .askProgress].contains(intent):
            // "foods high in iron", "best sources of iron": the suggestions rich in it, "another" and all.
            decision.route = .handle(.suggest)
        case .handle(let intent):
            if let question = menu(scan.menu, intent: intent, context: context) ?? question(intent, scan: scan, context: context) {
                decision.route = question
                decision.tracking = nil
            }
        case .correct:
            decision.question = question(scan.analysis.intent, scan: scan, context: context)
        default: break
        }
        return decision
    }

    /// An insight question, today's calorie offer answered, or a one-number progress question, in that order.
    func question(_ intent: Intent, scan: MessageScan, context: DialogueContext) -> Route? {
        insight(intent, scan: scan, context: context) ?? progress(intent, scan.progress)
    }

    /// The one-number progress question a message handled as `intent` asks, if any.
    func progress(_ intent: Intent, _ slots: ProgressSlots) -> Route? {
        guard [.askProgress, .askNutrition, .setGoal, .outOfScope, .help].contains(intent) else { return nil }
        if slots.bmr { return .progress(.bmr) }
        if slots.goal, let key = slots.nutrient { return .progress(.goal(key)) }
        if intent == .askProgress, let meal = slots.meal { return .progress(.mealOfDay(meal)) }
        return nil
    }

    /// The answer to an open set-up question or meal-slot deletion, when the message is one; nil otherwise (the
    /// question is then let go).
    func answer(_ scan: MessageScan, context: DialogueContext) -> Route? {
        if context.setupQuestion, let setup = scan.setup {
            if trackingQuestion(setup.slots) == .stop { return .stopSetup }
            if setup.fit != nil { return .answerSetup }
        }
        if context.slotConfirmation, let reply = scan.confirmation, reply == .affirm || reply == .deny {
            return .confirmSlotDeletion(accept: reply == .affirm)
        }
        return nil
    }

    /// The intent-level route, with the tracking ask, undo target and meal-slot command that go with it.
    func route(_ analysis: MessageAnalysis, cues: MessageCues, questionOpen: Bool, fit: PendingFit,
               tracking slots: TrackingSlots, mealSlots command: MealSlotCommand?) -> RouteDecision {
        var decision = route(analysis, cues: cues, questionOpen: questionOpen, fit: fit)
        // A meal-slot command comes before the intent's own handler, and before undo, delete and move of entries.
        if let command {
            switch decision.route {
            case .handle, .undo, .delete, .move: decision.route = .mealSlots(command); return decision
            default: break
            }
        }
        switch decision.route {
        case .handle(let intent):
            decision.tracking = tracking(intent, slots)
        case .correct:
            decision.tracking = tracking(analysis.intent, slots)
            decision.mealSlots = command
        case .undo, .delete:
            decision.undoTarget = undoTarget(slots)
        default: break
        }
        return decision
    }

    private func route(_ analysis: MessageAnalysis, cues: MessageCues, questionOpen: Bool, fit: PendingFit) -> RouteDecision {
        if questionOpen {
            if cues.cancel { return RouteDecision(route: .dropQuestion(all: !cues.skipOne)) }
            if let entry = fit.entry { return RouteDecision(route: .answerEntry(entry)) }
            if let amount = fit.amount { return RouteDecision(route: .answerAmount(amount)) }
            if let choice = fit.choice { return RouteDecision(route: .answerChoice(choice)) }
            return RouteDecision(route: route(analysis, cues: cues), dropsQuestion: true)
        }
        if cues.cancel { return RouteDecision(route: .nothingToCancel) }
        return RouteDecision(route: route(analysis, cues: cues, amountAlone: fit.lastEntryAmount != nil))
    }

    /// The route of a message that answers no question; `amountAlone`: it is an amount alone right after a log.
    private func route(_ analysis: MessageAnalysis, cues: MessageCues, amountAlone: Bool = false) -> Route {
        let intent = analysis.intent
        if cues.undo { return .undo }
        if cues.redo { return .redo }
        // "I didn't have lunch" names a meal, not an entry to take back; "the pizza was great" is no log.
        if let meal = cues.skippedMeal, analysis.items.allSatisfy({ $0.match == nil }) { return .skippedMeal(meal) }
        if cues.remark != nil { return .remark }
        let noFood = analysis.items.allSatisfy { $0.match == nil }
        if cues.repeated, noFood, !Self.trackingIntents.contains(intent) { return .repeatLogged }
        if cues.more != nil { return .moreLogged }
        if cues.relocation != nil, noFood { return .relocate }
        if let share = cues.share, noFood || !share.target.isEmpty { return .share }
        // "#2" always names an entry; "change the rice to 2 cups" may name one even when the classifier hears a
        // goal ("change my calorie goal to 1800"): the correction handler hands it back when no entry has the name.
        let commandable = !Self.trackingIntents.contains(intent) || cues.entryNumber != nil
        if cues.delete, commandable { return .delete }
        if cues.move, commandable, intent != .logFood || analysis.items.isEmpty || cues.moveToMeal { return .move }
        if cues.correction, !cues.addition, commandable || cues.changeTarget != nil { return .correct }
        // "1 cup of rice" then "3/4 cup": an amount alone after a log corrects it, as "actually 3/4 cup" does.
        if amountAlone, noFood, !cues.addition { return .correct }
        switch intent {
        case .correct:
            // No cue: a message naming foods is a new log ("2 cups low fat milk" after lunch, "skim" after a
            // question it did not answer), never a correction of whatever came last.
            return analysis.items.isEmpty ? .unclearCorrection : .handle(.logFood)
        case .undo:
            if cues.addition { return .handle(.logFood) }
            // "I didn't have the coke" takes back the coke, or says there is none; never whatever came last.
            return analysis.items.contains { $0.match != nil } ? .delete : .undo
        case .logFood where cues.addition && cues.correction:
            return .handle(.logFood)
        default:
            return .handle(intent)
        }
    }
}
