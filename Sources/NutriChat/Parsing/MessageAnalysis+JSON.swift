import Foundation
import NutriLanguage

extension MessageAnalysis {
    /// The `parse` output object, keys as in CLI.md.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("input", .string(input)),
            ("intent", .string(intent.rawValue)),
            ("confidence", .rounded(confidence, 2)),
            ("meal", .optional(meal?.rawValue)),
            ("date", .string(date)),
            ("items", .array(items.map(\.json))),
            ("totals", totals.json()),
            ("questions", .array(questions.map(JSONValue.string))),
        ]
        if let error { pairs.append(("error", .string(error))) }
        return .object(pairs)
    }
}

extension AnalyzedItem {
    /// One item of the `parse` output.
    public var json: JSONValue {
        let amount = mention.amount
        var pairs: [(String, JSONValue)] = [
            ("text", .string(mention.text)),
            ("quantity", amount.quantity.map { JSONValue.rounded($0, 3) } ?? .null),
        ]
        if let range = amount.range {
            pairs.append(("range", .array([.rounded(range.lowerBound, 3), .rounded(range.upperBound, 3)])))
        }
        pairs += [
            ("unit", .optional(amount.unit ?? amount.size)),
            ("food", .string(mention.food)),
            ("grams", .optional(portion?.grams)),
            ("assumed", .bool(portion?.assumed ?? true)),
            ("portion", .optional(portion?.method)),
            ("match", match.map { candidate in
                .object([("id", .string(candidate.food.id)), ("name", .string(candidate.food.name)),
                         ("score", .rounded(candidate.score, 2))])
            } ?? .null),
            ("nutrients", nutrients.json()),
        ]
        return .object(pairs)
    }
}
