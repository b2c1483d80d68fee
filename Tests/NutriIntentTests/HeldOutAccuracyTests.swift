import Foundation
import NutriIntent
import Testing

@Suite struct HeldOutAccuracyTests {
    @Test func heldOutSplitIsAtLeast95Percent() throws {
        let score = try IntentEvaluation.heldOutScore(intentsDirectory: TestClassifier.directory)
        #expect(score.total >= 400)
        #expect(score.accuracy >= 0.95, "\(IntentEvaluation.report(score))")
    }

    @Test func reportListsAccuracyPerIntentAndConfusions() throws {
        let report = try IntentEvaluation.run(intentsDirectory: TestClassifier.directory)
        #expect(report.contains("accuracy:"))
        #expect(report.contains("confusions ("))
        for intent in Intent.allCases { #expect(report.contains(intent.rawValue)) }
    }

    @Test func splitHoldsOutEveryFifthExampleOfEachIntent() throws {
        let examples = try IntentExamples(directory: TestClassifier.directory)
        let (training, test) = examples.split()
        #expect(training.examples.count + test.examples.count == examples.examples.count)
        for intent in Intent.allCases {
            #expect(test.count(of: intent) == examples.count(of: intent) / 5)
        }
        let trainingTexts = Set(training.examples.map(\.text))
        #expect(!test.examples.contains { trainingTexts.contains($0.text) })
    }

    @Test func trainingIsDeterministic() throws {
        let first = try IntentClassifier.train(fromDirectory: TestClassifier.directory)
        let second = try IntentClassifier.train(fromDirectory: TestClassifier.directory)
        for text in ["2 eggs", "how much protein in tofu", "play jazz", "make that 3", "zzz"] {
            let a = first.classify(text)
            let b = second.classify(text)
            #expect(a.intent == b.intent)
            #expect(a.ranking.map(\.intent) == b.ranking.map(\.intent))
            #expect(a.ranking.map(\.probability) == b.ranking.map(\.probability))
        }
    }
}
