import Foundation
import NutriLanguage

/// Labelled ingredient lines through the product: each line is analysed exactly as `nutrichat parse` analyses it,
/// and the first item of its output is scored on quantity and unit.
public enum IngredientLineEvaluation {
    /// Scores `analyzer` on the labelled lines of `csv`, each read on `reference`'s day.
    public static func evaluate(csv: URL, analyzer: MealAnalyzer, reference: ReferenceDate) throws -> IngredientEvaluation.Report {
        try IngredientEvaluation.evaluate(csv: csv, lexicon: analyzer.services.language) { line in
            let analysis = analyzer.analyze(line, reference: reference)
            return IngredientEvaluation.Reading(amount: analysis.items.first?.mention.amount, items: analysis.items.count)
        }
    }
}
