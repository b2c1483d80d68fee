import Foundation
import NutriIntent

/// A tracking question or setting the classifier files under another intent: "how much water should I drink?",
/// "2 liters of water a day", "what are my preferences?", "how much do I weigh?", "what's my calorie goal?", "how
/// many calories does running 5 km burn?", and "undo"/"delete" of a weight, a preference or an exercise.
enum TrackingAsk: Equatable, Sendable {
    /// "how much water should I drink?"
    case waterTarget
    /// "2 liters of water a day": a goal, not a log.
    case waterGoal
    /// "what are my preferences?"
    case preferences
    /// "how much do I weigh?" (the log), "what's a healthy weight for me?" (the range).
    case weight(healthy: Bool)
    /// "what's my calorie goal?", "how many calories should I eat?"
    case targets
    /// "when will I reach my goal weight?", "how long will it take to lose 5 kg?"
    case goalDate
    /// "how many calories does running 5 km burn?", "how much do 50 crunches burn": an estimate, nothing logged.
    case burnEstimate
    /// "undo" or "delete" of a tracking record.
    case undo(UndoTarget)
}

/// What a tracking undo or deletion removes.
enum UndoTarget: Equatable, Sendable {
    /// "delete my weight from today".
    case weight
    /// "remove my peanut allergy".
    case preferences
    /// "delete my workout" (`generic`), "remove the yoga" (an activity, only when such exercise was logged),
    /// or plain "undo" right after exercise, a weight or a setting.
    case exercise(activity: String?, generic: Bool)
}

/// The route at a question the tracking handlers asked (a set-up field, an exercise's amount).
enum TrackingQuestionRoute: Equatable, Sendable {
    /// "stop", "not now": the set-up ends.
    case stop
    /// Anything else: the handler reads it as the answer, or lets the question go.
    case answer
}

extension IntentRouter {
    /// Tracking intents, whose handlers read the message themselves.
    static let trackingHandled: Set<Intent> = [.logExercise, .logWeight, .setGoal, .setProfile]

    /// The tracking ask of a message handled as `intent`, or nil when it is not one.
    func tracking(_ intent: Intent, _ slots: TrackingSlots) -> TrackingAsk? {
        if intent == .undo { return .undo(undoTarget(slots)) }
        // Questions about the person ("my weight", "how much do I weigh"), not about a food ("what does a banana weigh").
        let aboutMe = slots.has(.self)
        let asksWaterTarget = slots.has(.waterTarget) || (slots.cues[.waterDrink].isSubset(of: slots.words) && !slots.has(.waterPast))
        if slots.has(.water), !slots.hasNumber, asksWaterTarget, intent != .setGoal { return .waterTarget }
        if intent == .logWater, slots.hasNumber, slots.has(.daily) { return .waterGoal }
        if aboutMe, slots.has(.preferenceTopic), !slots.namesPreference,
           [.askProgress, .askNutrition, .outOfScope, .help, .setProfile].contains(intent) {
            return .preferences
        }
        // A burn word and an exercise told with its amount ask for an estimate, whoever it is about; worded as a
        // log, the message must also ask ("how much would 30 minutes of yoga burn").
        if slots.measuresExercise,
           [.askProgress, .askNutrition, .outOfScope].contains(intent) || (intent == .logExercise && slots.asks) {
            return .burnEstimate
        }
        // "when will I reach my goal weight", "how long will it take to lose 5 kg": the date at the weekly rate. Asked
        // ("lose 5 kg in 10 weeks" sets a goal), and never about a nutrient's goal ("when will I hit my protein goal").
        // Worded as a weigh-in, it must ask outright ("when will I get down to 78 kg?"; "I weighed 80 kg when I woke
        // up" is a weigh-in).
        let weighIn = intent == .logWeight
        // Right after the goal was set, "how long will that take" points back at it.
        let aboutGoal = slots.has(.weightGoal) || (slots.goalJustSet && slots.has(.goalBack))
        if slots.has(.whenAsk), aboutGoal, slots.asks || (!weighIn && slots.has(.whenAlone)),
           !slots.has(.weightOther), [.askProgress, .askNutrition, .outOfScope, .help, .setGoal, .logWeight].contains(intent) {
            return .goalDate
        }
        guard aboutMe, [.askProgress, .askNutrition, .outOfScope].contains(intent) else { return nil }
        if slots.has(.weightTopic), !slots.has(.weightOther) { return .weight(healthy: slots.has(.healthy)) }
        // "what's my bmi": the person's BMI and the healthy range at their height.
        if slots.has(.bodyIndex) { return .weight(healthy: true) }
        let asksTargets = slots.has(.targetTopic) || (slots.has(.shouldAsk) && slots.has(.targetShould))
            || (slots.has(.burn) && slots.has(.burnPeriod))
        return asksTargets && !slots.has(.progress) ? .targets : nil
    }

    /// What an undo or deletion of a tracking record removes, by the words it uses.
    func undoTarget(_ slots: TrackingSlots) -> UndoTarget {
        if slots.has(.undoWeight) { return .weight }
        if slots.has(.undoPreference) || slots.namesDiet { return .preferences }
        return .exercise(activity: slots.activity, generic: slots.has(.undoExercise))
    }

    /// The route of a message while a tracking question is open.
    func trackingQuestion(_ slots: TrackingSlots) -> TrackingQuestionRoute {
        slots.stopsSetup ? .stop : .answer
    }
}
