import Foundation

/// Scores the quantity and unit parser on labelled ingredient lines (`../shared/data/ingredients-dev`).
public enum IngredientEvaluation {
    /// Reads the CSV at `csv`, parses every line's first amount and returns a printable report.
    public static func run(csv: URL, lexiconDirectory: URL) throws -> String {
        "ingredients: not implemented yet"
    }
}
