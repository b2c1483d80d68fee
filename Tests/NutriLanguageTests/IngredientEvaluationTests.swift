import Foundation
import NutriData
import Testing
@testable import NutriLanguage

/// The labelled ingredient lines beside the repository, when present (never copied into it).
let ingredientsCSV: URL? = {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = package.appendingPathComponent("../shared/data/ingredients-dev/ingredients_dev.csv").standardizedFileURL
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

struct IngredientEvaluationTests {
    /// The quantity parser alone, a component check; the product's figure is `nutrichat-bench eval ingredients`.
    @Test("ingredient lines: the quantity parser's first quantity and unit", .enabled(if: ingredientsCSV != nil, "../shared/data/ingredients-dev is absent"))
    func ingredientLines() throws {
        guard let csv = ingredientsCSV else { return }
        let report = try IngredientEvaluation.evaluateParser(csv: csv, lexiconDirectory: DataDirectory.bundled.lexicon)
        let environment = ProcessInfo.processInfo.environment
        let text = report.text(misses: Int(environment["NUTRI_MISSES"] ?? "25") ?? 25)
        print(text)
        if let path = environment["NUTRI_REPORT"] { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        #expect(report.lines > 6_000)
        #expect(report.quantityAccuracy >= 0.93)
        #expect(report.unitAccuracy >= 0.90)
    }

    @Test func labelConventions() {
        #expect(IngredientEvaluation.labelQuantity("1#1$2 6 170", lexicon: sharedLexicon) == 1.5)
        #expect(IngredientEvaluation.labelQuantity("#3$4", lexicon: sharedLexicon) == 0.75)
        #expect(IngredientEvaluation.labelQuantity("2-3", lexicon: sharedLexicon) == 2.5)
        #expect(IngredientEvaluation.labelQuantity("", lexicon: sharedLexicon) == nil)
        #expect(IngredientEvaluation.labelUnit("lg clove", lexicon: sharedLexicon) == "clove")
        #expect(IngredientEvaluation.labelUnit("c g", lexicon: sharedLexicon) == "cup")
        #expect(IngredientEvaluation.labelUnit("fl oz", lexicon: sharedLexicon) == "fluid ounce")
        #expect(IngredientEvaluation.labelUnit("", lexicon: sharedLexicon) == nil)
    }

    @Test func csvQuotes() {
        let rows = CSVReader.rows("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n")
        #expect(rows == [["a", "b"], ["x, y", "say \"hi\""]])
    }
}
