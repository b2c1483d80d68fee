import Foundation
import NutriIntent

/// Which insight a progress question asks for.
enum InsightAsk: Equatable, Sendable {
    /// "show my calendar", "calendar for october".
    case calendar
    /// "what's my streak": hits and streaks, and a calorie target offer when the weight trend asks for one.
    case streaks
    /// "when do I overeat": the days of the week.
    case weekdays
    /// "what makes me go over": the foods of the days over target.
    case overFoods
    /// "which meal is my biggest": each meal's share.
    case mealShare
    /// "what gave me the most sodium": the foods a nutrient came from.
    case sources(String)
    /// "how's my iron this week": a nutrient against its reference intake.
    case intake(String)
    /// "what vitamins am I missing": the gaps.
    case missing
    /// "how did november go", "dashboard": the period report.
    case report
}

/// An insight question as the router decided it: what it asks for and the cue words that name its period.
struct InsightQuestion: Equatable, Sendable {
    var ask: InsightAsk
    var cues: [InsightCues.Match]
    /// A question about gaps with no period named looks at the last seven days.
    var gaps: Bool
}

extension IntentRouter {
    /// Intents that act (a log, a correction, a setting, a request for ideas) are never insight questions, whatever
    /// words they share with one ("what can I eat for my iron").
    static let insightActs: Set<Intent> = [.logFood, .logWater, .logExercise, .logWeight, .correct, .undo, .setGoal,
                                           .setProfile, .manageRecipe, .addFood, .greet, .thanks, .goodbye, .suggest]
    /// Cues that make a question an insight question on their own.
    static let strongInsightCues: Set<InsightCues.Kind> = [.calendar, .streak, .weekday, .overFoods, .mealShare, .report]

    /// The insight route of a message handled as `intent`: the answer to today's calorie offer for a yes or no, or
    /// the insight question its cue words (`Lexicon/insight-cues.tsv`) and nutrient ask. Nil for anything else.
    func insight(_ intent: Intent, scan: MessageScan, context: DialogueContext) -> Route? {
        if intent == .affirm || intent == .deny {
            return context.calorieOffer ? .answerOffer(accept: intent == .affirm) : nil
        }
        guard !Self.insightActs.contains(intent) else { return nil }
        let kinds = Set(scan.insightCues.map(\.kind))
        // Macros and energy stay with the progress answers; vitamins and minerals, and "which food gave me the most
        // sodium" for any nutrient, are answered here.
        let nutrient = scan.nutrient.flatMap { $0.hasReference || kinds.contains(.source) ? $0.key : nil }
        let asksNutrient = nutrient != nil && (intent == .askProgress || kinds.contains(.personal))
        let asksMissing = kinds.contains(.missing) && (kinds.contains(.mineralsAll) || nutrient != nil)
        guard !kinds.isDisjoint(with: Self.strongInsightCues) || asksNutrient || asksMissing else { return nil }
        // An open question about a food ("how much iron is in spinach") stays with the nutrition answers.
        if intent == .askNutrition, !kinds.contains(.personal) { return nil }
        let ask: InsightAsk
        if let lookBack = [(InsightCues.Kind.calendar, InsightAsk.calendar), (.streak, .streaks), (.weekday, .weekdays),
                           (.overFoods, .overFoods), (.mealShare, .mealShare)].first(where: { kinds.contains($0.0) }) {
            ask = lookBack.1
        } else if let nutrient, kinds.contains(.source) || (!kinds.contains(.missing) && asksNutrient) {
            ask = kinds.contains(.source) ? .sources(nutrient) : .intake(nutrient)
        } else if asksMissing || (kinds.contains(.mineralsAll) && !kinds.contains(.report)) {
            ask = .missing
        } else {
            ask = .report
        }
        return .insight(InsightQuestion(ask: ask, cues: scan.insightCues, gaps: asksMissing))
    }
}
