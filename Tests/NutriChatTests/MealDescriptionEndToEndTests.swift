import Foundation
import NutriLanguage
import Testing
@testable import NutriChat

/// Meal descriptions end to end (`Corpus/meal-descriptions.txt`, `Corpus/food-choice.txt`,
/// `Corpus/compound-names.txt`): qualifiers, container and size portions, compound names, negation, filler, how many
/// foods a message logs, and questions, on the full food database. Skips without it.
@Suite("Meal description corpus", .enabled(if: TestServices.fullServices != nil))
struct MealDescriptionEndToEndTests {
    /// One input under its expectation ("match …", "log …", "grams …", "ask …", "items …").
    struct Case: CustomStringConvertible, Sendable {
        let file: String
        let line: Int
        let expected: String
        let input: String
        var description: String { "\(file).txt:\(line) \"\(input)\" => \(expected)" }
    }

    static func cases() -> [Case] {
        cases(in: "meal-descriptions") + cases(in: "food-choice") + cases(in: "compound-names")
    }

    static func cases(in file: String) -> [Case] {
        guard let url = Bundle.module.url(forResource: "Corpus/\(file)", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var cases: [Case] = []
        var expected: String?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("=>") { expected = line.dropFirst(2).trimmingCharacters(in: .whitespaces); continue }
            if let expected { cases.append(Case(file: file, line: index + 1, expected: expected, input: line)) }
        }
        return cases
    }

    @Test("meal description corpus", arguments: cases())
    func description(_ c: Case) throws {
        let analysis = try MealResolutionTests.analyze(c.input)
        let matched = analysis.items.filter { $0.match != nil }
        let got = analysis.items.map { "\($0.mention.food) [\($0.portion.map { String(Int($0.grams)) } ?? "?") g] = \($0.match?.food.name ?? "none")" }
            .joined(separator: " | ")
        let (kind, value) = (String(c.expected.prefix { $0 != " " }), String(c.expected.drop { $0 != " " }.dropFirst()))
        switch kind {
        case "match":
            let name = matched.first?.match?.food.name ?? ""
            #expect(matched.count == 1 && name.range(of: value, options: .regularExpression) != nil, "\(c) got \(got)")
        case "log":
            let name = matched.first?.match?.food.name ?? ""
            #expect(analysis.intent == .logFood && matched.count == 1 && name.range(of: value, options: .regularExpression) != nil,
                    "\(c) got \(analysis.intent.rawValue): \(got)")
        case "grams":
            let grams = matched.compactMap { $0.portion?.grams }.reduce(0, +)
            let target = try #require(Double(value))
            #expect(abs(grams - target) <= target * 0.1, "\(c) got \(got)")
        case "items":
            #expect(analysis.intent == .logFood && matched.count == Int(value), "\(c) got \(matched.count): \(got)")
        case "ask":
            let asked = analysis.questions.isEmpty ? "none" : analysis.questions.joined(separator: " | ")
            #expect(asked == value && !matched.isEmpty, "\(c) got \(asked); \(got)")
        default:
            Issue.record("\(c): unknown expectation")
        }
    }

    @Test func corpusIsThere() {
        #expect(Self.cases(in: "meal-descriptions").count >= 25)
        #expect(Self.cases(in: "food-choice").count >= 15)
        #expect(Self.cases(in: "compound-names").count >= 15)
    }
}
