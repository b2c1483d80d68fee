import Foundation
import Testing
@testable import NutriChat

/// Everyday names → the food a person means, first. Runs against the full SR24 database when it is installed.
@Suite("Food search corpus", .enabled(if: TestServices.fullServices != nil))
struct FoodSearchCorpusTests {
    struct Case: CustomStringConvertible {
        var query: String
        var expected: String
        var description: String { "\(query) → \(expected)" }

        func matches(_ candidate: FoodCandidate?) -> Bool {
            guard let candidate else { return false }
            if expected.hasPrefix("~") {
                return candidate.food.name.range(of: String(expected.dropFirst()), options: [.regularExpression, .caseInsensitive]) != nil
            }
            return candidate.food.id == "usda:" + expected
        }
    }

    static let cases: [Case] = {
        guard let url = Bundle.module.url(forResource: "Corpus/food-search", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return cells.count >= 2 ? Case(query: cells[0], expected: cells[1]) : nil
        }
    }()

    @Test func corpusIsLargeEnough() {
        #expect(Self.cases.count >= 150)
    }

    @Test func topOneAccuracyIsAtLeast95Percent() throws {
        let resolver = try #require(TestServices.fullServices).resolver
        var misses: [String] = []
        for item in Self.cases {
            let best = try resolver.best(for: item.query)
            if !item.matches(best) { misses.append("\(item) but got \(best?.food.id ?? "nothing") \(best?.food.name ?? "")") }
        }
        let accuracy = 1 - Double(misses.count) / Double(max(Self.cases.count, 1))
        print(String(format: "food search top-1: %.1f %% of %d (%d misses)", accuracy * 100, Self.cases.count, misses.count))
        for miss in misses { print("  miss: \(miss)") }
        #expect(accuracy >= 0.95, "\(misses.count) misses")
    }
}
