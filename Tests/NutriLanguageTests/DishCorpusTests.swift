import Foundation
import Testing
@testable import NutriLanguage

/// Dishes described by their fillings keep the dish, its head and each filling apart (`Corpus/dishes.txt`).
struct DishCorpusTests {
    let meals = MealTextParser(lexicon: sharedLexicon, knownFoods: testKnownFoods)

    @Test("dishes corpus", arguments: corpus("dishes"))
    func dishes(_ c: CorpusCase) {
        let items = meals.parse(c.input, reference: saturdayMorning).items
        let got = items.map { "\($0.dish ?? "-") / \($0.dishHead ?? "-") / \($0.fillings.joined(separator: ","))" }
            .joined(separator: " | ")
        if c.expected == "none" {
            #expect(items.allSatisfy { $0.fillings.isEmpty }, "\(c) got \(got)")
            return
        }
        let kv = keyValues(c.expected)
        let first = items.first
        #expect(first?.dish == kv["dish"] && first?.dishHead == kv["head"]
                && first?.fillings.joined(separator: ",") == kv["fillings"], "\(c) got \(got)")
    }

    @Test func corpusIsThere() {
        #expect(corpus("dishes").count >= 20)
    }
}
