import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

extension Conversation {
    /// log_exercise, log_weight, set_goal and set_profile.
    func handleTracking(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        state.trackingQuestion = nil
        let lexicon = try trackingLexicon()
        let phrase = lexicon.phrase(analysis.input)
        switch analysis.intent {
        case .logExercise:
            if lexicon.exercises.activity(in: phrase.words) == nil, try !readSettings(phrase, lexicon: lexicon).isEmpty {
                return try updateSettings(analysis, phrase: phrase, lexicon: lexicon, input: input)
            }
            return try logExercise(analysis, phrase: phrase, lexicon: lexicon, input: input)
        case .logWeight:
            return try logWeight(analysis, phrase: phrase, lexicon: lexicon, input: input)
        default:
            return try updateSettings(analysis, phrase: phrase, lexicon: lexicon, input: input)
        }
    }

    /// Tracking messages the classifier files under another intent: "how much water should I drink?",
    /// "what are my preferences?", "how much do I weigh?", "what's my calorie goal?", "2 liters of water a day",
    /// "delete my weight from today", "remove my peanut allergy", and "undo" right after exercise or a weight.
    /// Called first for every analysed message; nil when the message is not one of these.
    func routeTracking(_ analysis: MessageAnalysis, input: String) throws -> Reply? {
        let intent = analysis.intent
        let words = Set(TextFolding.words(analysis.input))
        let hasNumber = analysis.input.unicodeScalars.contains { ("0"..."9").contains($0) }
        let lexicon = try trackingLexicon()
        let cues = lexicon.cues
        // Questions about the person ("my weight", "how much do I weigh"), not about a food ("what does a banana weigh").
        let aboutMe = cues.any(.self, in: words)
        if intent == .undo { return try undoTracking(analysis, words: words, input: input) }
        let asksWaterTarget = cues.any(.waterTarget, in: words)
            || (cues[.waterDrink].isSubset(of: words) && !cues.any(.waterPast, in: words))
        if words.contains("water"), !hasNumber, asksWaterTarget, intent != .setGoal {
            return trackingReply(input, "ask_progress", try waterTargetAnswer())
        }
        if intent == .logWater, hasNumber, cues.any(.daily, in: words) {
            return try handleTracking(analysisAs(.setGoal, analysis), input: input)
        }
        if aboutMe, cues.any(.preferenceTopic, in: words),
           [.askProgress, .askNutrition, .outOfScope, .help, .setProfile].contains(intent) {
            if PreferenceStatement.read(lexicon.phrase(analysis.input), table: lexicon.preferences).isEmpty {
                return trackingReply(input, "set_profile", try preferenceList())
            }
        }
        if aboutMe, [.askProgress, .askNutrition, .outOfScope].contains(intent) {
            if cues.any(.weightTopic, in: words), !cues.any(.weightOther, in: words) {
                let healthy = cues.any(.healthy, in: words)
                return trackingReply(input, "ask_progress", try healthy ? healthyWeightAnswer() : weightSummary(chart: true))
            }
            if asksForTargets(words, cues: cues) { return trackingReply(input, "ask_progress", try targetsAnswer()) }
        }
        if ![.logExercise, .logWeight, .setGoal, .setProfile].contains(intent) { state.lastTracking = nil }
        return nil
    }

    /// "what's my calorie goal?", "what are my targets?", "how many calories should I eat?"
    private func asksForTargets(_ words: Set<String>, cues: TrackingCues) -> Bool {
        let topic = cues.any(.targetTopic, in: words)
            || (words.contains("should") && cues.any(.targetShould, in: words))
            || (words.contains("burn") && cues.any(.burnPeriod, in: words))
        return topic && !cues.any(.progress, in: words)
    }

    private func analysisAs(_ intent: Intent, _ analysis: MessageAnalysis) -> MessageAnalysis {
        var copy = analysis
        copy.intent = intent
        return copy
    }

    /// The answer to an open tracking question; nil (and the question dropped) when the message is not an answer.
    func answerTrackingQuestion(input: String, text: String) throws -> Reply? {
        guard let question = state.trackingQuestion else { return nil }
        let lexicon = try trackingLexicon()
        let phrase = lexicon.phrase(text)
        if phrase.words.count <= 4, phrase.containsAny(["stop", "skip", "cancel", "later", "quit", "enough", "nevermind"])
            || phrase.words == ["no"] || phrase.contains("not now") || phrase.contains("never mind") {
            state.trackingQuestion = nil
            return trackingReply(input, "deny", try trackingText().setupStopped)
        }
        switch question {
        case .profile(let field):
            let units = try journal.profile().units ?? .metric
            let statement = ProfileStatement.read(phrase, vocabulary: lexicon.profile, asking: field, units: units, today: today)
            guard !statement.isEmpty else {
                state.trackingQuestion = nil
                return nil
            }
            return try applySettings(statement, goals: NutrientGoalStatement(), date: today, input: input, intent: "set_profile")
        case .exerciseAmount(let activity, let date, let said):
            if lexicon.exercises.activity(in: phrase.words) != nil {
                state.trackingQuestion = nil
                return nil
            }
            var answer = text
            if phrase.measures.isEmpty, phrase.bareNumbers.count == 1, phrase.words.count <= 3 { answer += " minutes" }
            let reread = lexicon.phrase(activity + " " + answer)
            guard reread.measures.contains(where: { $0.dimension == .duration || $0.dimension == .length }) else {
                state.trackingQuestion = nil
                return nil
            }
            state.trackingQuestion = nil
            return try logExercise(date: date, phrase: reread, lexicon: lexicon, input: input, said: said + ", " + text)
        }
    }

    // MARK: - Support

    /// The tracking word lists, read on the first tracking message and kept.
    func trackingLexicon() throws -> TrackingLexicon {
        if let trackingCache { return trackingCache }
        let loaded = try TrackingLexicon.load(from: analyzer.services.data.lexicon, language: analyzer.services.language)
        trackingCache = loaded
        return loaded
    }

    /// Sentences in the person's units.
    func trackingText() throws -> TrackingText {
        TrackingText(units: try journal.profile().units ?? .metric)
    }

    /// A reply whose `pending` shows an open tracking question as well as a food one.
    func trackingReply(_ input: String, _ intent: String, _ text: String) -> Reply {
        Reply(input: input, intent: intent, text: text, pending: state.trackingQuestion?.name ?? state.pending?.name,
              logged: [])
    }
}
