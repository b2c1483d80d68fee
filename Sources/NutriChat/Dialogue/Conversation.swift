import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// The dialogue manager: classifies each message, acts on the journal, and asks at most one question at a time.
/// A pending question never traps the person — a message that is not an answer is handled as itself.
public final class Conversation {
    public let analyzer: MealAnalyzer
    public let journal: any JournalStore
    public internal(set) var state = DialogueState()
    let clock: () -> Clock
    let quantities: QuantityParser
    let replies: ReplyText
    /// Tracking word lists (exercises, units, profile and preference words), loaded on first use.
    var trackingCache: TrackingLexicon?
    /// The dialogue's words (`dialogue-words.tsv`), loaded on first use.
    var dialogueCache: DialogueWords?
    /// The meal-slot command patterns (`Intents/meal-slot-commands.tsv`), loaded on first use.
    var mealSlotCache: MealSlotCommands?
    /// Insight cue words and tables (`insight-cues.tsv`, nutrient and reference tables), loaded on first use.
    var insightCueCache: InsightCues?
    var insightTableCache: InsightTables?
    let router = IntentRouter()
    /// The dining menus chat answers from (`menus.sqlite`); nil leaves menus out of the conversation.
    public var menus: MenuStore?
    var menuWordsCache: MenuWords?

    /// The calorie goal until a profile sets one.
    public static let defaultCalorieGoal = 2000.0

    /// Creates a conversation over a journal; `clock` is read for every message (`--now` fixes it).
    public init(analyzer: MealAnalyzer, journal: any JournalStore, clock: @escaping () -> Clock) {
        self.analyzer = analyzer
        self.journal = journal
        self.clock = clock
        quantities = QuantityParser(lexicon: analyzer.services.language)
        replies = ReplyText(plurals: analyzer.services.language.pluralForms)
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
            return try route(text, input: input)
        } catch {
            return failureReply(input, error)
        }
    }

    /// Reads the message once (`scan`: slots, cues, how it fits each open question), asks the router for the one
    /// decision, lets go of the questions the decision passes over, and hands the message to the decision's handler.
    func route(_ text: String, input: String) throws -> Reply {
        let scan = try self.scan(text)
        let decision = router.decide(scan, context: try dialogueContext(for: scan))
        settle(decision.route)
        var skipped: String?
        if decision.dropsQuestion, let pending = state.pending {
            skipped = replies.skipped(pending)
            state.pending = nil
            state.queue = []
        }
        var answer = try dispatch(decision, scan: scan, input: input)
        if let skipped { answer.text = skipped + " " + answer.text }
        return answer
    }

    /// Everything the message holds, read once for the router.
    func scan(_ text: String) throws -> MessageScan {
        let words = try dialogueWords()
        let slots = try journal.mealSlots().map(\.name)
        let custom = MealSlotWords.customSlot(in: text, slots: slots, builtIn: Set(MealSlot.allCases.map(\.rawValue)),
                                              vocabulary: words)
        var analysis = analyzer.analyze(custom?.text ?? text, reference: reference)
        var cues = MessageCues(text, words: words)
        let language = analyzer.services.language
        cues.takeStated(slots: slots, singular: language.singular) { body in
            guard let (amount, _) = quantities.leadingAmount(in: body.joined(separator: " ")) else { return false }
            return amount.quantity != nil || amount.unit != nil
        }
        // The last message's entries are read only for a message that starts with a refine lead.
        try cues.takeRefinement(vocabulary: words, singular: language.singular) {
            Set(try state.lastBatch.compactMap { try journal.entry(id: $0) }
                .flatMap { FoldedWords.words(of: $0.text) }.map { language.singular($0) })
        }
        cues.takeMoveToMeal(slots: slots, vocabulary: words)
        let namedMeal = analysis.mealFromClock ? nil : analysis.meal.map(mealName)
        cues.takeSkippedMeal(slots: slots, analysedMeal: namedMeal)
        cues.takeRepeat(slots: slots, dayNamed: analysis.date != today, vocabulary: words)
        cues.takeRelocation(meal: namedMeal, date: analysis.date == today ? nil : analysis.date, vocabulary: words,
                           isAmountWord: isAmountWord)
        cues.takeShare(leadingAmount: { text in
            guard let (amount, rest) = quantities.leadingAmount(in: text), amount.unit == nil, amount.size == nil,
                  let quantity = amount.quantity else { return nil }
            return (quantity, rest)
        }, vocabulary: words)
        cues.takeMore(amount: { text in
            if let (amount, rest) = quantities.leadingAmount(in: text), amount.package == nil {
                return (amount.isImplicit ? nil : amount.quantity, amount.unit, rest)
            }
            // "slices" alone is a unit too ("another slice"): read as "1 slice" would be, with no count said.
            guard let (amount, rest) = quantities.leadingAmount(in: "1 " + text), amount.unit != nil else { return nil }
            return (nil, amount.unit, rest)
        }, vocabulary: words)
        // A message the classifier takes for a correction or an undo, with no cue for one, may log foods: find them.
        if [.correct, .undo].contains(analysis.intent), !cues.correction || cues.addition {
            analysis = analyzer.withFoodItems(analysis, reference: reference)
        }
        let lexicon = try trackingLexicon()
        let command = try mealSlotCommands().read(analysis.input, slots: slots) { try journal.mealSlot(named: $0) != nil }
        var tracking = TrackingSlots(analysis.input, lexicon: lexicon)
        if case .settings = state.lastTracking { tracking.goalJustSet = true }
        var scan = MessageScan(analysis: analysis, cues: cues, tracking: tracking,
                               mealSlots: command, coaching: CoachingReading(text, words: try coachingWords()))
        scan.customMeal = custom?.slot
        scan.fit = PendingAnswers(chat: self).fit(text, analysis: analysis)
        if let question = state.trackingQuestion {
            let setupSlots = TrackingSlots(text, lexicon: lexicon)
            scan.setup = (setupSlots, try setupFit(question, text: text, slots: setupSlots))
        }
        if state.mealSlotConfirmation != nil { scan.confirmation = analyzer.classifier.classify(text).intent }
        (scan.insightCues, scan.nutrient) = try InsightAnswers(chat: self).scan(analysis.input)
        if scan.nutrient != nil, [.askNutrition, .askProgress].contains(analysis.intent) {
            scan.richFoods = try asksForRichFoods(analysis)
        }
        // The progress words are read in the analysed text: the message's own cues unless a custom meal was taken out.
        let analysed = custom == nil ? cues : MessageCues(analysis.input, words: words)
        scan.progress = try ProgressAnswers(chat: self).scan(analysed, slots: slots)
        scan.menu = try menuReading(analysis)
        return scan
    }

    /// What the dialogue has just asked or shown. The calorie offer, a journal read, is looked up only for a message
    /// the classifier reads as a yes or no: no other message can answer it.
    func dialogueContext(for scan: MessageScan) throws -> DialogueContext {
        let yesOrNo = [.affirm, .deny].contains(scan.analysis.intent)
        return DialogueContext(setupQuestion: state.trackingQuestion != nil, slotConfirmation: state.mealSlotConfirmation != nil,
                        suggestionsShown: !state.coaching.page.isEmpty, foodQuestion: state.pending != nil,
                        calorieOffer: try yesOrNo && InsightAnswers(chat: self).offerOpen(),
                        trackingJustLogged: state.lastBatch.isEmpty && state.lastWater.isEmpty && state.lastTracking != nil,
                        menuFocus: state.menuFocus?.date == today)
    }

    /// Lets go of the open questions a decision passes over: a set-up question, then a meal-slot deletion, then
    /// the suggestions on screen ("another" only follows them directly).
    func settle(_ route: Route) {
        if route.stage > 0 { state.trackingQuestion = nil }
        if route.stage > 1 { state.mealSlotConfirmation = nil }
        if route.stage > 2 { state.coaching.forgetOffer() }
    }

    /// A data table kept in `slot`, taken from the analyzer's shared tables (read by `load` on their first use).
    func cached<T: Sendable>(_ slot: ReferenceWritableKeyPath<Conversation, T?>, _ load: () throws -> T) rethrows -> T {
        if let kept = self[keyPath: slot] { return kept }
        let loaded = try analyzer.tables.table(load)
        self[keyPath: slot] = loaded
        return loaded
    }

    /// The meal-slot command patterns, read on the first message and kept.
    func mealSlotCommands() throws -> MealSlotCommands {
        try cached(\.mealSlotCache) { try MealSlotCommands.load(from: analyzer.services.data.intents) }
    }

    /// The dialogue's words, read on the first message and kept.
    func dialogueWords() throws -> DialogueWords {
        try cached(\.dialogueCache) { try DialogueWords.load(from: analyzer.services.data.lexicon) }
    }

    /// The handler of the routed intent; `tracking` is the router's tracking ask, answered first.
    func handle(_ analysis: MessageAnalysis, input: String, meal: String? = nil, tracking: TrackingAsk? = nil) throws -> Reply {
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
