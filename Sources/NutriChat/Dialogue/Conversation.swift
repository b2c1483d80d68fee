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
            if let answered = try answerPending(input: input, text: text) { return answered }
            let analysis = analyzer.analyze(text, reference: reference)
            return try handle(analysis, input: input)
        } catch {
            return failureReply(input, error)
        }
    }

    func handle(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        if let slots = try mealSlotCommand(analysis.input, input: input) { return slots }
        if let routed = try routeTracking(analysis, input: input) { return routed }
        let intent = analysis.intent
        let name = intent.rawValue
        switch intent {
        case .logFood: return try logFood(analysis, input: input)
        case .logWater: return try logWater(analysis, input: input)
        case .correct: return try correct(analysis, input: input)
        case .undo: return try undo(analysis, input: input)
        case .askNutrition: return reply(input, name, try answerNutrition(analysis))
        case .askProgress: return reply(input, name, try answerProgress(analysis))
        case .greet: return reply(input, name, replies.greeting(try todaySummary()) + (try profileOffer()))
        case .thanks: return reply(input, name, replies.thanks)
        case .goodbye: return reply(input, name, replies.goodbye)
        case .help: return reply(input, name, replies.help)
        case .affirm, .deny: return reply(input, name, replies.nothingPending)
        case .outOfScope: return reply(input, name, replies.outOfScope)
        case .logExercise, .logWeight, .setGoal, .setProfile:
            return try handleTracking(analysis, input: input)
        case .addFood: return try addFood(analysis, input: input)
        case .manageRecipe: return try manageRecipe(analysis, input: input)
        case .suggest:
            return reply(input, name, replies.notYet(intent))
        }
    }

    func reply(_ input: String, _ intent: String, _ text: String, logged: [JournalEntry] = []) -> Reply {
        Reply(input: input, intent: intent, text: text, pending: state.pending?.name, logged: logged)
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
