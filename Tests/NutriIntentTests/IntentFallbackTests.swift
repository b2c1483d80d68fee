import Foundation
import NutriIntent
import Testing

@Suite struct IntentFallbackTests {
    private let water = IntentText("drank a glass of water")

    @Test func lowConfidenceFallsBackToOutOfScope() throws {
        let classifier = try #require(TestClassifier.shared)
        let ranking: [(intent: Intent, probability: Double)] = [(.logFood, 0.45), (.outOfScope, 0.35), (.askNutrition, 0.2)]
        let prediction = classifier.fallback.decide(ranking: ranking, text: IntentText("2 eggs"), raw: "2 eggs",
                                                    domainTerms: classifier.domainTerms, namesDomainTerm: nil)
        #expect(prediction.intent == .outOfScope)
        #expect(prediction.source == .fallback)
        #expect(prediction.fallbackReason == .lowConfidence(top: .logFood, probability: 0.45))
        #expect(prediction.modelIntent == .logFood)
        #expect(!prediction.needsClarification)
    }

    @Test func narrowMarginAsksForClarification() throws {
        let classifier = try #require(TestClassifier.shared)
        let ranking: [(intent: Intent, probability: Double)] = [(.logFood, 0.52), (.askNutrition, 0.46), (.outOfScope, 0.02)]
        let prediction = classifier.fallback.decide(ranking: ranking, text: IntentText("rice"), raw: "rice",
                                                    domainTerms: classifier.domainTerms, namesDomainTerm: nil)
        #expect(prediction.intent == .outOfScope)
        #expect(prediction.fallbackReason == .narrowMargin(first: .logFood, second: .askNutrition))
        #expect(prediction.needsClarification)
    }

    @Test func confidentPredictionPassesThrough() throws {
        let classifier = try #require(TestClassifier.shared)
        let ranking: [(intent: Intent, probability: Double)] = [(.logWater, 0.9), (.logFood, 0.08), (.outOfScope, 0.02)]
        let prediction = classifier.fallback.decide(ranking: ranking, text: water, raw: "drank a glass of water",
                                                    domainTerms: classifier.domainTerms, namesDomainTerm: nil)
        #expect(prediction.intent == .logWater)
        #expect(prediction.source == .model)
        #expect(prediction.fallbackReason == nil)
    }

    @Test func hookSaysNoFoodSoNothingIsLogged() throws {
        let classifier = try #require(TestClassifier.shared)
        let text = "I had a bowl of quinoa with roasted chickpeas for lunch"
        #expect(classifier.classify(text).intent == .logFood)
        #expect(classifier.classify(text, namesDomainTerm: { _ in true }).intent == .logFood)
        let refused = classifier.classify(text, namesDomainTerm: { _ in false })
        #expect(refused.intent == .outOfScope)
        #expect(refused.fallbackReason == .noDomainTerm(top: .logFood))
    }

    @Test func hookReceivesTheMessage() throws {
        let classifier = try #require(TestClassifier.shared)
        let seen = Box()
        let text = "For breakfast I ate two eggs and a slice of toast"
        let prediction = classifier.classify(text, namesDomainTerm: { seen.value = $0; return true })
        #expect(prediction.intent == .logFood)
        #expect(seen.value == text)
    }

    @Test func activitiesAndWeightDoNotNeedTheFoodHook() throws {
        let classifier = try #require(TestClassifier.shared)
        #expect(classifier.classify("ran 5 km this morning", namesDomainTerm: { _ in false }).intent == .logExercise)
        #expect(classifier.classify("I weigh 80 kg", namesDomainTerm: { _ in false }).intent == .logWeight)
        #expect(classifier.classify("drank 500 ml of water", namesDomainTerm: { _ in false }).intent == .logWater)
    }

    @Test(arguments: ["I had a great time at the wedding", "I did my homework", "I went to the bank",
                      "had a really long meeting", "I walked into the kitchen"])
    func messagesNamingNothingLoggableAreNotLogged(_ text: String) throws {
        let classifier = try #require(TestClassifier.shared)
        let prediction = classifier.classify(text)
        #expect(!prediction.intent.isLogging, "\(text): \(prediction.intent.rawValue)")
    }

    @Test(arguments: ["200 g", "2 cups", "about 200 g", "half", "3", "a large one", "500 ml", "2 slices"])
    func bareAmountsNeverChangeTheJournal(_ text: String) throws {
        let classifier = try #require(TestClassifier.shared)
        let prediction = classifier.classify(text)
        #expect(!prediction.intent.changesJournal, "\(text): \(prediction.intent.rawValue)")
        #expect(classifier.domainTerms.namesOnlyAmounts(IntentText(text).words))
    }

    @Test func amountsWithAFoodOrAVerbAreNotBare() throws {
        let terms = try #require(TestClassifier.shared).domainTerms
        for text in ["2 eggs", "200g chicken", "make it 200 g", "a large latte", ""] {
            #expect(!terms.namesOnlyAmounts(IntentText(text).words), "\(text)")
        }
    }

    @Test func otherDrinksWordedLikeWaterBecomeFood() throws {
        let classifier = try #require(TestClassifier.shared)
        let ranking: [(intent: Intent, probability: Double)] = [(.logWater, 0.8), (.logFood, 0.15), (.outOfScope, 0.05)]
        let text = IntentText("drank a glass of milk")
        let prediction = classifier.fallback.decide(ranking: ranking, text: text, raw: "drank a glass of milk",
                                                    domainTerms: classifier.domainTerms, namesDomainTerm: nil)
        #expect(prediction.intent == .logFood)
        #expect(prediction.fallbackReason == .notPlainWater)
    }

    @Test func builtInDomainTermsKnowPluralsPhrasesAndCompounds() throws {
        let terms = try #require(TestClassifier.shared).domainTerms
        #expect(terms.kinds(in: IntentText("two eggs").words).contains(.food))
        #expect(terms.kinds(in: IntentText("a handful of blueberries").words).contains(.food))
        #expect(terms.kinds(in: IntentText("a glass of orange juice").words).contains(.drink))
        #expect(terms.kinds(in: IntentText("30 minutes of yoga").words).contains(.activity))
        #expect(terms.kinds(in: IntentText("I weigh 80 kg").words).contains(.body))
        #expect(terms.kinds(in: IntentText("protein").words).contains(.nutrient))
        #expect(terms.kinds(in: IntentText("I went to the bank").words).isEmpty)
    }
}

/// A mutable cell for observing a non-escaping closure's argument.
private final class Box: @unchecked Sendable {
    var value: String?
}
