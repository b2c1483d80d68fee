import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// The dialogue manager: classifies each message, acts on the journal, and asks at most one question at a time.
/// A pending question never traps the person — a message that is not an answer is handled as itself.
public final class Conversation {
    public let analyzer: MealAnalyzer
    public let journal: Journal
    public internal(set) var state = DialogueState()
    let clock: () -> Clock
    let quantities: QuantityParser
    let replies = ReplyText()
    /// Tracking word lists (exercises, units, profile and preference words), loaded on first use.
    var trackingCache: TrackingLexicon?
    /// The dialogue's words (`dialogue-words.tsv`), loaded on first use.
    var dialogueCache: DialogueWords?
    /// The meal-slot command patterns (`Intents/meal-slot-commands.tsv`), loaded on first use.
    var mealSlotCache: MealSlotCommands?
    let router = IntentRouter()

    /// The calorie goal until a profile sets one.
    public static let defaultCalorieGoal = 2000.0

    /// Creates a conversation over a journal; `clock` is read for every message (`--now` fixes it).
    public init(analyzer: MealAnalyzer, journal: Journal, clock: @escaping () -> Clock) {
        self.analyzer = analyzer
        self.journal = journal
        self.clock = clock
        quantities = QuantityParser(lexicon: analyzer.services.language)
    }

    var reference: ReferenceDate { clock().reference }
    var today: String { reference.isoDate }

    /// Handles one message and returns the reply. Never throws: storage errors become a reply that says so.
    public func respond(to input: String) -> Reply {
        let input = TextSafety.stripped(input)  // the input edge: control characters never reach the journal
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return reply(input, "out_of_scope", replies.empty) }
        guard text.count <= MealAnalyzer.maximumLength else {
            return reply(input, "out_of_scope", replies.tooLong(text.count))
        }
        do {
            if let answered = try answerTrackingQuestion(input: input, text: text) { return answered }
            if let answered = try answerMealSlotConfirmation(input: input, text: text) { return answered }
            if let answered = try answerCoaching(input: input, text: text) { return answered }  // Suggestions/
            return try route(text, input: input)
        } catch {
            return failureReply(input, error)
        }
    }

    /// Reads the message once (slots, cues, how it fits the open question), asks the router what it is, and
    /// hands it to the handler of that answer.
    func route(_ text: String, input: String) throws -> Reply {
        let words = try dialogueWords()
        let slots = try journal.mealSlots().map(\.name)
        let custom = MealSlotWords.customSlot(in: text, slots: slots, builtIn: Set(MealSlot.allCases.map(\.rawValue)),
                                              vocabulary: words)
        var analysis = analyzer.analyze(custom?.text ?? text, reference: reference)
        let cues = MessageCues(text, words: words)
        if [.correct, .undo].contains(analysis.intent), !cues.correction || cues.addition {
            analysis = analyzer.withFoodItems(analysis, reference: reference)
        }
        let fit = PendingAnswers(chat: self).fit(text, analysis: analysis)
        let tracking = TrackingSlots(analysis.input, lexicon: try trackingLexicon())
        let slotCommand = try mealSlotCommands().read(analysis.input, slots: slots) { try journal.mealSlot(named: $0) != nil }
        let decision = router.route(analysis, cues: cues, questionOpen: state.pending != nil, fit: fit, tracking: tracking,
                                    mealSlots: slotCommand)
        var skipped: String?
        if decision.dropsQuestion, let pending = state.pending {
            skipped = replies.skipped(pending)
            state.pending = nil
            state.queue = []
        }
        var answer = try dispatch(decision, analysis: analysis, cues: cues, input: input, meal: custom?.slot)
        if let skipped { answer.text = skipped + " " + answer.text }
        return answer
    }

    /// Acts on the router's answer.
    func dispatch(_ decision: RouteDecision, analysis: MessageAnalysis, cues: MessageCues, input: String, meal: String?) throws -> Reply {
        let route = decision.route
        switch route {
        case .answerAmount(let amount): return try PendingAnswers(chat: self).answer(amount: amount, input: input)
        case .answerChoice(let index): return try PendingAnswers(chat: self).answer(choice: index, input: input)
        case .answerEntry(let id): return try PendingAnswers(chat: self).answer(entry: id, input: input)
        case .dropQuestion(let all): return PendingAnswers(chat: self).drop(all: all, input: input)
        case .nothingToCancel: return reply(input, "deny", replies.nothingToCancel)
        case .unclearCorrection: return reply(input, "correct", replies.correctionUnclear)
        case .redo: return try HistoryHandler(chat: self).redo(input: input)
        case .mealSlots(let command): return try mealSlots(command, input: input)
        case .correct:
            // Named entries that do not exist hand a message the classifier heard as something else back to it.
            let handsBack = ![.correct, .undo, .logFood].contains(analysis.intent) && cues.entryNumber == nil
                && cues.changeTarget != nil
            if let corrected = try CorrectionHandler(chat: self).correct(analysis, cues: cues, input: input, handsBack: handsBack) {
                return corrected
            }
            if let command = decision.mealSlots { return try mealSlots(command, input: input) }
            return try handle(analysis, input: input, meal: meal, tracking: decision.tracking)
        case .undo, .delete, .move:
            if let target = decision.undoTarget, let tracked = try undoTracking(analysis, target: target, input: input) {
                return tracked
            }
            switch route {
            case .delete: return try EntryCommands(chat: self).delete(analysis, cues: cues, input: input)
            case .move: return try EntryCommands(chat: self).move(analysis, cues: cues, input: input)
            default: return try HistoryHandler(chat: self).undo(input: input)
            }
        case .handle(var intent):
            if intent == .logFood, analysis.intent != .logFood { intent = .logFood }
            var routed = analysis
            routed.intent = intent
            return try handle(routed, input: input, meal: meal, tracking: decision.tracking)
        }
    }

    /// The meal-slot command patterns, read on the first message and kept.
    func mealSlotCommands() throws -> MealSlotCommands {
        if let mealSlotCache { return mealSlotCache }
        let loaded = try MealSlotCommands.load(from: analyzer.services.data.intents)
        mealSlotCache = loaded
        return loaded
    }

    /// The dialogue's words, read on the first message and kept.
    func dialogueWords() throws -> DialogueWords {
        if let dialogueCache { return dialogueCache }
        let loaded = try DialogueWords.load(from: analyzer.services.data.lexicon)
        dialogueCache = loaded
        return loaded
    }

    /// The handler of the routed intent; `tracking` is the router's tracking ask, answered first.
    func handle(_ analysis: MessageAnalysis, input: String, meal: String? = nil, tracking: TrackingAsk? = nil) throws -> Reply {
        if let insight = try InsightAnswers(chat: self).answer(analysis) { return reply(input, insight.intent, insight.text) }
        if let answer = try ProgressAnswers(chat: self).answer(analysis, cues: MessageCues(analysis.input, words: try dialogueWords())) {
            return reply(input, "ask_progress", answer)
        }
        if let tracking {
            if let answered = try answerTracking(tracking, analysis, input: input) { return answered }
        } else if !IntentRouter.trackingHandled.contains(analysis.intent) {
            state.lastTracking = nil
        }
        let intent = analysis.intent
        let name = intent.rawValue
        switch intent {
        case .logFood: return try logFood(analysis, input: input, slot: meal)
        case .logWater: return try logWater(analysis, input: input)
        case .correct:
            return try CorrectionHandler(chat: self).correct(analysis, cues: MessageCues(analysis.input, words: try dialogueWords()),
                                                             input: input, handsBack: false) ?? reply(input, name, replies.nothingToCorrect)
        case .undo: return try HistoryHandler(chat: self).undo(input: input)
        case .askNutrition: return reply(input, name, try answerNutrition(analysis))
        case .askProgress: return reply(input, name, try answerProgress(analysis))
        case .greet: return reply(input, name, replies.greeting(try todaySummary()) + (try profileOffer()) + nudgeLine())
        case .thanks: return reply(input, name, replies.thanks)
        case .goodbye: return reply(input, name, replies.goodbye)
        case .help: return reply(input, name, replies.help)
        case .affirm, .deny: return reply(input, name, replies.nothingPending)
        case .outOfScope: return reply(input, name, replies.outOfScope)
        case .logExercise, .logWeight, .setGoal, .setProfile:
            return try handleTracking(analysis, input: input)
        case .addFood: return try addFood(analysis, input: input)
        case .manageRecipe: return try manageRecipe(analysis, input: input)
        case .suggest: return try suggest(analysis, input: input)
        }
    }

    func reply(_ input: String, _ intent: String, _ text: String, logged: [JournalEntry] = []) -> Reply {
        Reply(input: input, intent: intent, text: text + GoalCheer(chat: self).note(after: intent), pending: state.pending?.name, logged: logged)
    }

    func reply(_ input: String, _ intent: String, _ text: String, pendingOverride: String) -> Reply {
        Reply(input: input, intent: intent, text: text, pending: pendingOverride, logged: [])
    }

    // MARK: - Totals

    /// Energy logged today.
    func todayKcal() throws -> Double {
        try journal.energy(on: today)
    }

    func todaySummary() throws -> ReplyText.DaySummary {
        let kcal = try todayKcal()
        return ReplyText.DaySummary(kcal: kcal, goal: try calorieGoal(on: today))
    }
}
