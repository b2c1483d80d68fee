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
        }
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
        let slots = TrackingSlots(text, lexicon: lexicon)
        let phrase = slots.phrase
        if router.trackingQuestion(slots) == .stop {
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
