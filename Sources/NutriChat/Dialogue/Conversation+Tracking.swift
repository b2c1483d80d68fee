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

    /// Acts on the router's tracking ask; nil only when an undo finds no tracking record to remove.
    func answerTracking(_ ask: TrackingAsk, _ analysis: MessageAnalysis, input: String) throws -> Reply? {
        switch ask {
        case .undo(let target): return try undoTracking(analysis, target: target, input: input)
        case .waterTarget: return trackingReply(input, "ask_progress", try waterTargetAnswer())
        case .waterGoal: return try handleTracking(analysisAs(.setGoal, analysis), input: input)
        case .preferences: return trackingReply(input, "set_profile", try preferenceList())
        case .weight(let healthy):
            return trackingReply(input, "ask_progress", try healthy ? healthyWeightAnswer() : weightSummary(chart: true))
        case .targets: return trackingReply(input, "ask_progress", try targetsAnswer())
        case .goalDate: return trackingReply(input, "ask_progress", try goalDateAnswer(analysis.input))
        case .burnEstimate: return trackingReply(input, "ask_progress", try burnEstimate(analysis.input))
        }
    }

    private func analysisAs(_ intent: Intent, _ analysis: MessageAnalysis) -> MessageAnalysis {
        var copy = analysis
        copy.intent = intent
        return copy
    }

    /// How `text` answers the open set-up or exercise question: a profile fact for the field asked about, or the
    /// duration or distance of the exercise (a bare number is minutes). Nil when it is not an answer.
    func setupFit(_ question: TrackingQuestion, text: String, slots: TrackingSlots) throws -> SetupFit? {
        let lexicon = try trackingLexicon()
        let phrase = slots.phrase
        switch question {
        case .profile(let field):
            let units = try journal.profile().units ?? .metric
            let statement = ProfileStatement.read(phrase, vocabulary: lexicon.profile, asking: field, units: units, today: today)
            return statement.isEmpty ? nil : .profile(statement)
        case .exerciseAmount(let activity, let date, let said):
            // Another activity is a new log, not this one's amount.
            guard lexicon.exercises.activity(in: phrase.words) == nil else { return nil }
            var answer = text
            if phrase.measures.isEmpty, phrase.bareNumbers.count == 1, phrase.words.count <= 3 { answer += " minutes" }
            let reread = lexicon.phrase(activity + " " + answer)
            guard reread.measures.contains(where: { $0.dimension == .duration || $0.dimension == .length }) else { return nil }
            return .exercise(date: date, phrase: reread, said: said + ", " + text)
        }
    }

    /// "stop", "not now": the set-up ends.
    func stopSetup(input: String) throws -> Reply {
        state.trackingQuestion = nil
        return trackingReply(input, "deny", try trackingText().setupStopped)
    }

    /// Acts on the answer to the open set-up or exercise question.
    func answerSetup(_ fit: SetupFit, input: String) throws -> Reply {
        switch fit {
        case .profile(let statement):
            return try applySettings(statement, goals: NutrientGoalStatement(), date: today, input: input, intent: "set_profile")
        case .exercise(let date, let phrase, let said):
            state.trackingQuestion = nil
            return try logExercise(date: date, phrase: phrase, lexicon: try trackingLexicon(), input: input, said: said)
        }
    }

    // MARK: - Support

    /// The tracking word lists, read on the first tracking message and kept.
    func trackingLexicon() throws -> TrackingLexicon {
        try cached(\.trackingCache) {
            try TrackingLexicon.load(from: analyzer.services.data.lexicon, language: analyzer.services.language,
                                     exercises: try analyzer.services.exerciseTable())
        }
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
