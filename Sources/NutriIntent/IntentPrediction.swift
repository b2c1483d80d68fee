/// The classifier's answer for one message: the intent to act on, how sure it is, and the ranked alternatives.
public struct IntentPrediction: Sendable {
    /// Which stage produced the final intent.
    public enum Source: String, Sendable {
        /// A high-precision pattern from `rules.tsv` matched.
        case rule
        /// The statistical model's top intent was confident enough.
        case model
        /// The fallback stage replaced the model's guess (see `fallbackReason`).
        case fallback
    }

    /// The intent to act on.
    public let intent: Intent
    /// The probability behind `intent` (for a fallback, the model's top probability; for a rule, 1).
    public let confidence: Double
    /// The model's calibrated probabilities for every intent, highest first; they sum to 1.
    public let ranking: [(intent: Intent, probability: Double)]
    /// Which stage decided.
    public let source: Source
    /// Why the fallback stage stepped in, or `nil` when it did not.
    public let fallbackReason: FallbackReason?
    /// The matching rule's note from `rules.tsv`, when `source` is `.rule`.
    public let ruleNote: String?

    /// Creates a prediction.
    public init(
        intent: Intent, confidence: Double, ranking: [(intent: Intent, probability: Double)],
        source: Source, fallbackReason: FallbackReason? = nil, ruleNote: String? = nil
    ) {
        self.intent = intent
        self.confidence = confidence
        self.ranking = ranking
        self.source = source
        self.fallbackReason = fallbackReason
        self.ruleNote = ruleNote
    }

    /// The model's best guess before any fallback (equal to `intent` unless the fallback stepped in).
    public var modelIntent: Intent { ranking.first?.intent ?? intent }

    /// Whether the dialogue should ask the person what they meant rather than act or decline.
    public var needsClarification: Bool {
        guard let fallbackReason else { return false }
        if case .narrowMargin = fallbackReason { return true }
        return false
    }
}
