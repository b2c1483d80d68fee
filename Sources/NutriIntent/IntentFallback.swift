/// The fallback stage: turns an unsure or unsupported model guess into `out_of_scope` instead of acting on it.
///
/// Intents that change the journal (logging, corrections, goals…) need more confidence than harmless ones
/// (greetings, questions), because a wrong guess there writes data the person did not ask for. A `log_*` guess
/// also needs the message to name a food, drink, nutrient, activity or body weight; a `log_water` guess for a
/// message naming another drink ("drank a glass of milk") becomes `log_food`. A message that is only an amount
/// ("200 g") never changes the journal by itself.
public struct IntentFallback: Sendable {
    /// Minimum probability for an intent that changes the journal.
    public var journalThreshold: Double
    /// Minimum probability for any other intent.
    public var threshold: Double
    /// Minimum gap between the top two probabilities when neither is `out_of_scope`.
    public var minimumMargin: Double

    /// Creates a fallback stage with explicit thresholds.
    public init(journalThreshold: Double, threshold: Double, minimumMargin: Double) {
        self.journalThreshold = journalThreshold
        self.threshold = threshold
        self.minimumMargin = minimumMargin
    }

    /// The thresholds tuned on the held-out split of `Intents/`. The model's probabilities are calibrated (a
    /// temperature fitted on held-out examples), so 0.5 means "right about half the time".
    public static let standard = IntentFallback(journalThreshold: 0.5, threshold: 0.35, minimumMargin: 0.1)

    /// Accepts or replaces the model's top intent.
    ///
    /// - Parameters:
    ///   - ranking: the model's probabilities, highest first.
    ///   - text: the normalised message.
    ///   - raw: the message as typed, passed to `namesDomainTerm`.
    ///   - domainTerms: the built-in word list.
    ///   - namesDomainTerm: the caller's test for food and drink names; when `nil`, the built-in list decides.
    public func decide(
        ranking: [(intent: Intent, probability: Double)], text: IntentText, raw: String,
        domainTerms: DomainTerms, namesDomainTerm: ((String) -> Bool)?
    ) -> IntentPrediction {
        guard let first = ranking.first, !text.normalized.isEmpty else {
            return fallback(ranking, confidence: 1, reason: .noWords)
        }
        if first.intent == .outOfScope {
            return IntentPrediction(
                intent: .outOfScope, confidence: first.probability, ranking: ranking, source: .model)
        }
        if first.intent.changesJournal && domainTerms.namesOnlyAmounts(text.words) {
            return fallback(ranking, confidence: first.probability, reason: .amountOnly(top: first.intent))
        }
        let needed = first.intent.changesJournal ? journalThreshold : threshold
        if first.probability < needed {
            return fallback(ranking, confidence: first.probability,
                            reason: .lowConfidence(top: first.intent, probability: first.probability))
        }
        if ranking.count > 1 {
            let second = ranking[1]
            if second.intent != .outOfScope && first.probability - second.probability < minimumMargin {
                return fallback(ranking, confidence: first.probability,
                                reason: .narrowMargin(first: first.intent, second: second.intent))
            }
        }
        if first.intent.isLogging
            && !Self.namesDomainTerm(for: first.intent, text: text, raw: raw, terms: domainTerms, hook: namesDomainTerm)
        {
            if first.intent == .logWater
                && Self.namesDomainTerm(for: .logFood, text: text, raw: raw, terms: domainTerms, hook: namesDomainTerm)
            {
                // "drank a glass of milk": worded like water, but only plain water is log_water.
                return IntentPrediction(intent: .logFood, confidence: first.probability, ranking: ranking,
                                        source: .fallback, fallbackReason: .notPlainWater)
            }
            return fallback(ranking, confidence: first.probability, reason: .noDomainTerm(top: first.intent))
        }
        return IntentPrediction(intent: first.intent, confidence: first.probability, ranking: ranking, source: .model)
    }

    /// Whether the message names something `intent` can log. Activities, water and body weight always come from
    /// the built-in list (a food database does not know "ran" or "weigh"); foods and drinks come from the hook
    /// when there is one, else from the list.
    static func namesDomainTerm(
        for intent: Intent, text: IntentText, raw: String, terms: DomainTerms, hook: ((String) -> Bool)?
    ) -> Bool {
        let builtIn: Set<DomainTerms.Kind>
        switch intent {
        case .logExercise: builtIn = [.activity]
        case .logWeight: builtIn = [.body]
        case .logWater: builtIn = [.water]
        default: builtIn = []
        }
        // The list is read only when it can decide: a food logged with a hook is the hook's to judge.
        guard !builtIn.isEmpty || hook == nil else { return hook?(raw) ?? false }
        let kinds = terms.kinds(in: text.words)
        if !kinds.isDisjoint(with: builtIn) { return true }
        if let hook { return hook(raw) }
        let foodKinds: Set<DomainTerms.Kind> = [.food, .drink, .water, .nutrient]
        return intent == .logFood && !kinds.isDisjoint(with: foodKinds)
    }

    private func fallback(
        _ ranking: [(intent: Intent, probability: Double)], confidence: Double, reason: FallbackReason
    ) -> IntentPrediction {
        IntentPrediction(intent: .outOfScope, confidence: confidence, ranking: ranking, source: .fallback,
                         fallbackReason: reason)
    }
}
