/// Why the fallback stage refused or changed the model's top intent.
public enum FallbackReason: Equatable, Sendable, CustomStringConvertible {
    /// The message holds no words at all (empty, only punctuation, emoji or invalid bytes).
    case noWords
    /// The top probability was below the threshold for that intent.
    case lowConfidence(top: Intent, probability: Double)
    /// The top two intents were too close to choose between; the dialogue may ask which one was meant.
    case narrowMargin(first: Intent, second: Intent)
    /// The model said `log_*`, but the message names no food, drink, nutrient, activity or body weight.
    case noDomainTerm(top: Intent)
    /// The model said an intent that changes the journal, but the message is only an amount ("200 g", "a large
    /// one"); in a conversation it may answer a pending question, which the dialogue knows and the classifier not.
    case amountOnly(top: Intent)
    /// The model said `log_water`, but the message names another food or drink and no water: it became `log_food`.
    case notPlainWater

    /// A short English explanation, for reports and debugging.
    public var description: String {
        switch self {
        case .noWords: return "no words"
        case let .lowConfidence(top, probability):
            return "\(top.rawValue) only \(Int((probability * 100).rounded())) % sure"
        case let .narrowMargin(first, second): return "\(first.rawValue) or \(second.rawValue)?"
        case let .noDomainTerm(top): return "\(top.rawValue) but names nothing loggable"
        case let .amountOnly(top): return "\(top.rawValue) but only an amount"
        case .notPlainWater: return "log_water but not plain water"
        }
    }
}
