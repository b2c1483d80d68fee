import Foundation
import NutriLanguage
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
        // The foods it names may be reported (parse never throws foods away), but there is nothing to ask about them.
        #expect(analysis.questions.isEmpty)
    }

    @Test func corpusIsThere() {
        #expect(Self.lines("not-food-logs").count >= 15)
    }
}

/// Batch parse on every core gives exactly the sequential result, in input order.
@Suite("Batch parse")
struct BatchParseTests {
    @Test func parallelBlocksMatchOneByOne() throws {
        let analyzer = try TestServices.analyzer()
        let reference = ReferenceDate(year: 2026, month: 11, day: 21)
        let lines = (0..<60).map { index in
            ["2 scrambled eggs and a slice of white bread", "a banana", "a cup of rice for lunch", "what's the weather?",
             "a can of coke and a big mac for dinner", "\u{1}\u{2}", "how much protein is in lentils?"][index % 7]
                + (index % 2 == 0 ? "" : " today")
        }
        let sequential = lines.map { analyzer.analyze($0, reference: reference).json.serialized }
        #expect(analyzer.jsonLines(lines, reference: reference, workers: 4) == sequential)
        #expect(analyzer.jsonLines(lines, reference: reference, workers: 1) == sequential)
    }
}
