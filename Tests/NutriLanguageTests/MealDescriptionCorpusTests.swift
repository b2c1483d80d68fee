import Foundation
import Testing
@testable import NutriLanguage

/// Meal descriptions that generalise (issue 15): negation, filler, compound names and sizes, each a corpus of many
/// inputs under one expected segmentation, with negative lists (`Corpus/negation.txt`, `filler.txt`,
/// `compound-names.txt`, `sizes.txt`).
struct MealDescriptionCorpusTests {
    let meals = MealTextParser(lexicon: sharedLexicon, knownFoods: testKnownFoods)

    /// "food | food [descriptor]" as the segmentation corpus writes it; descriptors only when listed.
    func check(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        if c.expected == "none" {
            #expect(items.allSatisfy { $0.food.isEmpty }, "\(c) got \(items.map(\.food))")
            return
        }
        let got = items.map { $0.descriptors.isEmpty ? $0.food : "\($0.food) [\($0.descriptors.joined(separator: ", "))]" }
            .joined(separator: " | ")
        let expected = c.expected.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let comparable = zip(items, expected).map { item, exp in
            exp.contains("[") ? "\(item.food) [\(item.descriptors.joined(separator: ", "))]" : item.food
        }
        #expect(items.count == expected.count && comparable == expected, "\(c) got \(got)")
    }

    @Test("negation corpus", arguments: corpus("negation"))
    func negation(_ c: CorpusCase) { check(c) }

    @Test("filler corpus", arguments: corpus("filler"))
    func filler(_ c: CorpusCase) { check(c) }

    @Test("compound names corpus", arguments: corpus("compound-names"))
    func compoundNames(_ c: CorpusCase) { check(c) }

    @Test("sizes corpus", arguments: corpus("sizes"))
    func sizes(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        let got = items.map { "\($0.food): \(describe($0.amount))" }.joined(separator: " | ")
        let expected = c.expected.split(separator: "|").map { part -> String in
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(pieces[0]): \(canonicalSpec(pieces.count > 1 ? pieces[1] : ""))"
        }.joined(separator: " | ")
        #expect(got == expected, "\(c) got \(got)")
    }

    /// "food @share" for a food shared ("burrito @0.50"), the food alone otherwise.
    @Test("company corpus", arguments: corpus("company"))
    func company(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        let got = items.map { item in item.share.map { "\(item.food) @\(String(format: "%.2f", $0))" } ?? item.food }
        let expected = c.expected.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(got == expected, "\(c) got \(got)")
    }

    @Test func corporaAreThere() {
        #expect(corpus("company").count >= 30)
        #expect(corpus("negation").count >= 20)
        #expect(corpus("filler").count >= 5)
        #expect(corpus("compound-names").count >= 8)
        #expect(corpus("sizes").count >= 4)
    }
}
