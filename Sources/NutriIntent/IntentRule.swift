import Foundation

/// One high-precision pattern from `Intents/rules.tsv`: an anchored regex over the normalised message.
public struct IntentRule: Sendable {
    /// The intent a match means.
    public let intent: Intent
    /// The pattern as written, anchored with `^…$`.
    public let pattern: String
    /// Why the rule exists, for messages and debugging.
    public let note: String
    /// The 1-based line in `rules.tsv`.
    public let line: Int
    private let regex: NSRegularExpression

    /// Compiles `pattern`; returns `nil` when it is not a valid regular expression.
    public init?(intent: Intent, pattern: String, note: String = "", line: Int = 0) {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: []) else { return nil }
        self.intent = intent
        self.pattern = pattern
        self.note = note
        self.line = line
        self.regex = regex
    }

    /// Whether the pattern matches the whole of `normalized` (text already passed through `IntentText`).
    public func matches(_ normalized: String) -> Bool {
        let range = NSRange(normalized.startIndex..., in: normalized)
        guard let match = regex.firstMatch(in: normalized, options: [.anchored], range: range) else { return false }
        return match.range.location == 0 && match.range.length == range.length
    }
}
