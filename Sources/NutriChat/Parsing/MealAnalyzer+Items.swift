import Foundation
import NutriLanguage

extension MealAnalyzer {
    /// How sure a match of a food named without an amount must be to count as a food ("skim" does, "right" not):
    /// an everyday alias scores 0.95 and more.
    static let bareFoodScore = 0.95

    /// The analysis with the message's food items read and resolved whatever its intent: the dialogue needs them to
    /// tell a new log from a correction ("2 cups low fat milk" is a log even when the classifier says "correct").
    /// Only items that are surely foods count: with an amount and a match, or without one a near-certain match.
    public func withFoodItems(_ analysis: MessageAnalysis, reference: ReferenceDate) -> MessageAnalysis {
        guard analysis.items.isEmpty else { return analysis }
        var text = parser.parse(TextFolding.trimmed(analysis.input), reference: reference)
        text.items.removeAll { isNutrientTalk($0) }
        var copy = analysis
        copy.items = withoutRetelling(text.items.map { resolve($0) }).filter { item in
            guard let match = item.match else { return false }
            return !item.mention.amount.isEmpty || match.score >= Self.bareFoodScore
        }
        return copy
    }
}
