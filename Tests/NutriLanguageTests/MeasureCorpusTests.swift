import Foundation
import Testing
@testable import NutriLanguage

/// The dimension readers on their corpora: many surface forms → one value, and negative lists.
struct MeasureCorpusTests {
    /// "none" or a number; compared within 0.01.
    private func check(_ value: Double?, _ c: CorpusCase) {
        if c.expected == "none" {
            #expect(value == nil, "\(c) read \(value ?? 0)")
        } else {
            let expected = Double(c.expected) ?? -1
            let close = value.map { abs($0 - expected) < 0.01 } ?? false
            #expect(close, "\(c) read \(value.map { String($0) } ?? "none")")
        }
    }

    @Test("durations corpus", arguments: corpus("durations"))
    func durations(_ c: CorpusCase) {
        check(DurationReader.minutes(in: MeasureText(c.input, lexicon: sharedLexicon)), c)
    }

    @Test("distances corpus", arguments: corpus("distances"))
    func distances(_ c: CorpusCase) {
        check(DistanceReader.meters(in: MeasureText(c.input, lexicon: sharedLexicon)), c)
    }

    @Test("body measures corpus", arguments: corpus("body-measures"))
    func bodyMeasures(_ c: CorpusCase) {
        let text = MeasureText(c.input, lexicon: sharedLexicon)
        var read: [String] = []
        func number(_ v: Double) -> String { String((v * 10_000).rounded() / 10_000) }
        if let height = BodyMeasureReader.heights(in: text).first { read.append("height=\(number(height.value))") }
        if let weight = BodyMeasureReader.weights(in: text).first { read.append("weight=\(number(weight.value))") }
        if let age = BodyMeasureReader.age(in: text, words: sharedLexicon.bodyWords) { read.append("age=\(number(age.value))") }
        let expected = c.expected == "none" ? [] : keyValues(c.expected).sorted { $0.key < $1.key }
            .map { "\($0.key)=\(number(Double($0.value) ?? -1))" }
        #expect(read.sorted() == expected, "\(c) read \(read)")
    }

    @Test func wordsAndNumbersFoldThroughTheOneGrammar() {
        let age = MeasureText("I'm a 30 year old man, 180 cm tall", lexicon: sharedLexicon)
        #expect(age.bareNumbers.map(\.value) == [30])
        #expect(age.words.starts(with: ["im", "a", "30", "year", "old", "man"]))
        #expect(MeasureText("twenty five", lexicon: sharedLexicon).bareNumbers.map(\.value) == [25])
        #expect(MeasureText("two hundred and ten", lexicon: sharedLexicon).bareNumbers.map(\.value) == [210])
        #expect(MeasureText("one thousand two hundred", lexicon: sharedLexicon).bareNumbers.map(\.value) == [1200])
        #expect(MeasureText("I don't eat pork", lexicon: sharedLexicon).words == ["i", "dont", "eat", "pork"])
        #expect(MeasureText.words("push-ups") == ["push", "ups"])
    }

    @Test func ouncesAreMassButFluidForADrink() throws {
        let text = MeasureText("64 oz", lexicon: sharedLexicon)
        let measure = try #require(text.measures.first)
        #expect(measure.dimension == .mass)
        #expect(abs(measure.amount - 1814.37) < 0.01)
        #expect(abs((measure.drinkMilliliters ?? 0) - 1892.7) < 0.1)
        #expect(MeasureText("8 glasses", lexicon: sharedLexicon).measures.first?.drinkMilliliters == 1920)
        #expect(MeasureText("1,800 kcal", lexicon: sharedLexicon).measures.first?.amount == 1800)
    }

    @Test func foodAmountsNeverUseOtherDimensions() {
        for surface in ["m", "in", "h", "s", "k", "km", "hours", "kcal", "cm"] {
            #expect(sharedLexicon.unit(named: surface) == nil, "\(surface)")
        }
        #expect(sharedLexicon.unit(named: "oz")?.kind == .mass)
        #expect(sharedLexicon.unit(named: "cups")?.canonical == "cup")
    }
}
