import Foundation
import NutriIntent
import NutriLanguage

/// What the dialogue has just asked or shown, as the router sees it: the questions a message may answer and what
/// it may refer to. Read from `DialogueState` (and the journal, for the calorie target offer) before each message.
struct DialogueContext: Equatable, Sendable {
    /// A set-up question ("How old are you?") or an exercise's missing amount ("How long did you swim?") is open.
    var setupQuestion = false
    /// A meal-slot deletion waits for yes or no.
    var slotConfirmation = false
    /// Suggestions are on screen: "another", "the second one", "I like it" refer to them.
    var suggestionsShown = false
    /// A food question ("How much rice?", "Which did you mean?", "Which one?") is open.
    var foodQuestion = false
    /// A calorie target offered today waits for yes or no.
    var calorieOffer = false
    /// The last message logged exercise, a weight or a setting (not food or water): a plain "undo" means that.
    var trackingJustLogged = false
    /// A menu of today was just shown or talked about (`DialogueState.menuFocus`).
    var menuFocus = false
}

/// How a message answers an open set-up or exercise question, read by the tracking side (it knows the profile
/// grammar and the activities). The router decides whether to take it.
enum SetupFit {
    /// A profile fact answering the field asked about ("35", "female", "5 ft 10").
    case profile(ProfileStatement)
    /// The duration or distance of the exercise asked about, read together with its activity.
    case exercise(date: String, phrase: MeasureText, said: String)
}

/// The vitamin or mineral an insight question names, resolved against the insight tables.
struct InsightNutrient: Equatable, Sendable {
    /// The key answered for it (a derived key, such as vitamin A as RAE, when one stands for it).
    var key: String
    /// Whether the key has a Dietary Reference Intake (macros and energy have none here: the progress answers).
    var hasReference: Bool
}

/// Everything one message holds, read once before the router decides: the analysis (foods with amounts, meal,
/// date, the classifier's intent), dialogue cues, tracking slots, a meal-slot command, coaching and insight
/// words, and how the message fits each open question.
struct MessageScan {
    var analysis: MessageAnalysis
    var cues: MessageCues
    var tracking: TrackingSlots
    var mealSlots: MealSlotCommand?
    /// How the message fits the open food question.
    var fit = PendingFit()
    /// How the message fits the open set-up question, and its tracking slots; nil with no such question open.
    var setup: (slots: TrackingSlots, fit: SetupFit?)?
    /// The classifier's reading of the whole message, when a yes or no is awaited for a meal-slot deletion.
    var confirmation: Intent?
    var coaching: CoachingReading
    /// Insight cue words, in order of length.
    var insightCues: [InsightCues.Match] = []
    /// The nutrient named, if any.
    var nutrient: InsightNutrient?
    /// "foods high in iron", "best sources of iron": asks which foods are rich in a nutrient, not about the
    /// person's own intake (`Conversation.asksForRichFoods`).
    var richFoods = false
    /// The words of one-number progress questions (BMR, a goal, a meal of a day).
    var progress = ProgressSlots()
    /// The meal slot named by a custom meal name ("for brunch"), taken out of the analysed text.
    var customMeal: String?
    /// What the message says about today's menus; nil when none is imported for today.
    var menu: MenuReading?
}
