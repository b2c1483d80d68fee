import Foundation
import NutriLanguage
import NutriStore
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

/// Corpus tests of the slot rules on the SR24 fixture: lines of foods are logs, whatever the wording.
@Suite("Food lines")
struct FoodLineCorpusTests {
    static func rows() -> [(line: String, food: String)] {
        guard let url = Bundle.module.url(forResource: "Corpus/food-lines", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst(0).compactMap { row in
            let cells = row.split(separator: "\t").map(String.init)
            guard cells.count == 2, !row.hasPrefix("#"), cells[0] != "line" else { return nil }
            return (cells[0], cells[1])
        }
    }

    @Test("a line of foods is a food log with its items", arguments: rows().map(\.line))
    func foodLine(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: .init(year: 2026, month: 11, day: 21))
        let expected = try #require(Self.rows().first { $0.line == line }?.food)
        #expect(analysis.intent == .logFood)
        #expect(analysis.items.first?.match?.food.name.hasPrefix(expected) == true)
    }

    @Test("an amount that is not food is not a food log", arguments: AnalyzerCorpusTests.lines("not-food-lines"))
    func notAFoodLine(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: .init(year: 2026, month: 11, day: 21))
        #expect(analysis.intent != .logFood)
    }

    @Test func corporaAreThere() {
        #expect(Self.rows().count >= 15)
        #expect(AnalyzerCorpusTests.lines("not-food-lines").count >= 10)
    }

    static func unknownRows() -> [[String]] {
        guard let url = Bundle.module.url(forResource: "Corpus/unknown-food-lines", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count == 4 && !$0[0].hasPrefix("#") && $0[0] != "line" }
    }

    @Test("a line of a food the database lacks keeps its item, unresolved", arguments: unknownRows())
    func unknownFoodLine(row: [String]) throws {
        let analysis = try TestServices.analyzer().analyze(row[0], reference: .init(year: 2026, month: 11, day: 21))
        #expect(analysis.intent == .logFood)
        let item = try #require(analysis.items.first)
        #expect(item.match == nil)
        #expect(item.mention.amount.quantity == Double(row[1]))
        #expect(item.mention.amount.unit == (row[2].isEmpty ? nil : row[2]))
        #expect(item.mention.food == row[3])
        #expect(item.json.serialized.contains("\"error\":\"no food named '\(row[3])' in the database\""))
        #expect(item.json.serialized.contains("\"match\":null"))
    }

    @Test("a count of something that is no food is no food log", arguments: AnalyzerCorpusTests.lines("not-unknown-food-lines"))
    func notAnUnknownFood(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: .init(year: 2026, month: 11, day: 21))
        #expect(analysis.intent != .logFood)
        #expect(!analysis.items.contains { $0.match == nil })
    }

    @Test func unknownCorporaAreThere() {
        #expect(Self.unknownRows().count >= 12)
        #expect(AnalyzerCorpusTests.lines("not-unknown-food-lines").count >= 12)
    }

    /// Every input line gets an output line, blank ones an error object; absurd amounts an item error, never a trap.
    @Test func blankLinesAndAbsurdAmounts() throws {
        let analyzer = try TestServices.analyzer()
        let reference = ReferenceDate(year: 2026, month: 11, day: 21)
        let lines = ["", "   ", "2 eggs", "\t"]
        let output = analyzer.jsonLines(lines, reference: reference, workers: 2)
        #expect(output.count == lines.count)
        #expect(output[0].contains("\"error\""))
        for text in ["99999999999999999999 cups rice", "1e308 g rice", "I had 2 10000000000000000000000 g steaks",
                     "500000 kg chicken breast", "-5 eggs", "1/0 cups rice"] {
            let analysis = analyzer.analyze(text, reference: reference)
            for item in analysis.items {
                if let grams = item.portion?.grams { #expect(grams.isFinite && grams >= 0 && grams <= 50_000) }
            }
            #expect(analysis.totals.entries.allSatisfy { $0.1.isFinite && $0.1 >= 0 })
        }
        let huge = analyzer.analyze("99999999999999999999 cups rice", reference: reference)
        #expect(huge.items.first?.amountProblem != nil)
        #expect(huge.items.first?.portion == nil)
    }

    /// Parse's JSON is printed without the terminal sanitiser, so it must escape everything the sanitiser would
    /// change: controls, DEL, C1, line separators, bidi overrides and isolates.
    @Test func jsonTextIsSafeToPrint() throws {
        let hostile = "2 eggs \u{202E}evil\u{2066} \u{1B}[2J\u{7F}\u{85}\u{2028}\u{2029}\u{7}done"
        let text = try TestServices.analyzer().analyze(hostile, reference: .init(year: 2026, month: 11, day: 21)).jsonText
        #expect(!text.unicodeScalars.contains { TextSafety.isUnsafe($0) })
        #expect(text.contains("\\u202e") && text.contains("\\u001b") && text.contains("\\u007f") && text.contains("\\u2066"))
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(decoded?["input"] as? String == hostile)
    }

    /// "1 large egg": the size is a size, not a unit.
    @Test func sizeWordsAreSizes() throws {
        let analysis = try TestServices.analyzer().analyze("1 large egg", reference: .init(year: 2026, month: 11, day: 21))
        let item = try #require(analysis.items.first)
        #expect(item.mention.amount.unit == nil)
        #expect(item.json.serialized.contains("\"size\":\"large\""))
        #expect(item.json.serialized.contains("\"unit\":null"))
    }
}
