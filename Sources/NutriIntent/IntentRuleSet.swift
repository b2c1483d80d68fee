import Foundation
import NutriLanguage

/// The ordered rules of `Intents/rules.tsv`, checked before the statistical model; the first match wins.
public struct IntentRuleSet: Sendable {
    /// Rules longer than this many words are not even tried: every rule targets a short, fixed phrase.
    public static let maximumWords = 12

    /// The rules in file order.
    public let rules: [IntentRule]

    /// Wraps already compiled rules.
    public init(rules: [IntentRule]) {
        self.rules = rules
    }

    /// Reads a table with columns `intent`, `pattern` and `note`; a bad row throws with `file:line`.
    public init(table: TSVTable) throws {
        var rules: [IntentRule] = []
        for row in table.rows {
            guard let intent = Intent(rawValue: row["intent"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown intent '\(row["intent"])'")
            }
            let pattern = row["pattern"]
            guard pattern.hasPrefix("^"), pattern.hasSuffix("$"), pattern.count > 2 else {
                throw DataFileError(
                    file: table.file, line: row.line, reason: "pattern must be anchored as ^…$: '\(pattern)'")
            }
            guard let rule = IntentRule(intent: intent, pattern: pattern, note: row["note"], line: row.line) else {
                throw DataFileError(file: table.file, line: row.line, reason: "invalid regular expression '\(pattern)'")
            }
            rules.append(rule)
        }
        self.rules = rules
    }

    /// Reads `rules.tsv` at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(table: TSVTable(contentsOf: url, required: ["intent", "pattern"]))
    }

    /// The first rule matching `text`, or `nil`.
    public func match(_ text: IntentText) -> IntentRule? {
        guard !text.normalized.isEmpty, text.wordCount <= Self.maximumWords else { return nil }
        return rules.first { $0.matches(text.normalized) }
    }
}
