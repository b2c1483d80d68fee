import Foundation
import Testing
@testable import NutriChat

/// Corpus tests of the analyzer on the SR24 fixture: inputs that must not become food logs.
@Suite("Analyzer corpus")
struct AnalyzerCorpusTests {
    static func lines(_ name: String) -> [String] {
        guard let url = Bundle.module.url(forResource: "Corpus/\(name)", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test("mentions of food that are not food logs", arguments: lines("not-food-logs"))
    func notAFoodLog(message: String) throws {
        let analysis = try TestServices.analyzer().analyze(message, reference: .init(year: 2026, month: 11, day: 21))
        #expect(analysis.intent != .logFood)
        #expect(analysis.items.isEmpty)
    }

    @Test func corpusIsThere() {
        #expect(Self.lines("not-food-logs").count >= 15)
    }
}
