import Foundation
import NutriLanguage
import Testing
@testable import NutriChat

/// Household portions end to end on the full food database (`Corpus/portions.tsv`): what a message's one food weighs
/// when the text gives no weight. Skips without the database.
@Suite("Portion corpus", .enabled(if: TestServices.fullServices != nil))
struct PortionCorpusTests {
    /// Rows of (message, expected grams); a row passes within 10 % of the expected weight.
    static func rows() -> [(message: String, grams: Double)] {
        guard let url = Bundle.module.url(forResource: "Corpus/portions", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().compactMap { line in
            let cells = line.split(separator: "\t").map(String.init)
            guard cells.count == 2, let grams = Double(cells[1]) else { return nil }
            return (cells[0], grams)
        }
    }

    @Test("household portions", arguments: rows())
    func portion(_ row: (message: String, grams: Double)) throws {
        let analysis = try MealResolutionTests.analyze(row.message)
        let matched = analysis.items.filter { $0.match != nil }
        #expect(matched.count == 1, "\(row.message): \(analysis.items.map(\.mention.text))")
        let grams = try #require(matched.first?.portion?.grams)
        #expect(abs(grams - row.grams) <= row.grams * 0.1, "\(row.message): \(grams) g, expected \(row.grams) g")
    }

    @Test func corpusIsThere() {
        #expect(Self.rows().count >= 5)
    }
}
