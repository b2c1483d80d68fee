import Foundation
import NutriLanguage

extension MealAnalyzer {
    /// The analysis with the message's food items read and resolved whatever its intent: the dialogue needs them to
    /// tell a new log from a correction ("2 cups low fat milk" is a log even when the classifier says "correct").
    /// Only items with an amount and a match count.
    public func withFoodItems(_ analysis: MessageAnalysis, reference: ReferenceDate) -> MessageAnalysis {
        guard analysis.items.isEmpty else { return analysis }
        var text = parser.parse(TextFolding.trimmed(analysis.input), reference: reference)
        text.items.removeAll { isNutrientTalk($0) || $0.amount.isEmpty }
        var copy = analysis
        copy.items = withoutRetelling(text.items.map { resolve($0) }).filter { $0.match != nil }
        return copy
    }
}
