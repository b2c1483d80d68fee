import Foundation
import NutriLanguage

/// What one message holds for the tracking decisions, read once from its words, its measures and the tracking
/// word lists (`tracking-cues.tsv`, preference words, activities). `IntentRouter` decides from these.
struct TrackingSlots: Sendable {
    /// The message's folded words.
    var words: Set<String>
    /// Whether it has a digit.
    var hasNumber: Bool
    /// The message read for measures and phrases.
    var phrase: MeasureText
    /// What the tracking cues say, by kind.
    var cues: TrackingCues
    /// Whether it names a preference ("peanut allergy", "vegetarian"), and whether one is a diet.
    var namesPreference = false
    var namesDiet = false
    /// The activity it names ("yoga"), if any.
    var activity: String?
    /// Whether it says "burn" and tells an exercise the exercise reader reads whole, activity and amount ("how many
    /// calories does running 5 km burn"); the reader runs only for such a message.
    var measuresExercise = false
    /// Whether it asks: a question mark, or a question word of `tracking-cues.tsv`.
    var asks = false
    /// Whether the message before it set a goal or the profile (set by the conversation, which knows).
    var goalJustSet = false

    /// Reads `text` with the tracking word lists.
    init(_ text: String, lexicon: TrackingLexicon) {
        words = Set(FoldedWords.words(of: text))
        hasNumber = text.unicodeScalars.contains { ("0"..."9").contains($0) }
        phrase = lexicon.phrase(text)
        cues = lexicon.cues
        let preferences = PreferenceStatement.read(phrase, table: lexicon.preferences)
        namesPreference = !preferences.isEmpty
        namesDiet = (preferences.added + preferences.removed).contains { $0.kind == .diet }
        activity = lexicon.exercises.activity(in: phrase.words)?.activity.name
        asks = text.contains("?") || cues.any(.question, in: words)
        if activity != nil, cues.any(.burn, in: words), case .success = ExerciseReading.read(phrase, table: lexicon.exercises) {
            measuresExercise = true
        }
    }

    /// Whether the message holds a word of `kind`.
    func has(_ kind: TrackingCues.Kind) -> Bool { cues.any(kind, in: words) }

    /// Whether the whole message stops the profile set-up ("stop", "not now", "no").
    var stopsSetup: Bool {
        let short = phrase.words.count <= 4
        let stop = cues[.stop].contains { $0.contains(" ") ? phrase.contains($0) : words.contains($0) }
        return (short && stop) || (phrase.words.count == 1 && has(.stopAlone))
    }
}
