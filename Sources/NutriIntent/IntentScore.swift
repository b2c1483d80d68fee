import Foundation

/// How a classifier did on labelled examples: accuracy overall and per intent, calibration, and every mistake.
public struct IntentScore: Sendable {
    /// One misclassified example.
    public struct Confusion: Sendable {
        /// The example, with its label.
        public let example: IntentExamples.Example
        /// What the classifier answered.
        public let prediction: IntentPrediction
    }

    /// The number of examples scored.
    public let total: Int
    /// Examples whose final intent (rules, model and fallback) matched the label.
    public let correct: Int
    /// Examples whose model top intent matched the label, ignoring rules and fallback.
    public let modelCorrect: Int
    /// Per intent: (correct, total).
    public let perIntent: [Intent: (correct: Int, total: Int)]
    /// Mean negative log probability the model gave the right intent (lower is better calibrated).
    public let logLoss: Double
    /// Misclassified examples in input order.
    public let confusions: [Confusion]
    /// Journal-changing predictions that were wrong: the mistakes that would write data nobody asked for.
    public let wrongJournalChanges: Int
    /// The mean probability of the model's top intent; calibrated, it is close to `modelAccuracy`.
    public let meanConfidence: Double

    /// Classifies every example with `classifier` and counts.
    public init(classifier: IntentClassifier, examples: IntentExamples) {
        var correct = 0
        var modelCorrect = 0
        var perIntent: [Intent: (correct: Int, total: Int)] = [:]
        var logLoss = 0.0
        var confusions: [Confusion] = []
        var wrongJournalChanges = 0
        var confidence = 0.0
        for example in examples.examples {
            let prediction = classifier.classify(example.text)
            let right = prediction.intent == example.intent
            var tally = perIntent[example.intent, default: (0, 0)]
            tally.total += 1
            if right {
                correct += 1
                tally.correct += 1
            } else {
                confusions.append(Confusion(example: example, prediction: prediction))
                if prediction.intent.changesJournal { wrongJournalChanges += 1 }
            }
            perIntent[example.intent] = tally
            if prediction.modelIntent == example.intent { modelCorrect += 1 }
            confidence += prediction.ranking.first?.probability ?? 0
            let probability = prediction.ranking.first { $0.intent == example.intent }?.probability ?? 0
            logLoss -= Foundation.log(max(probability, 1e-12))
        }
        self.total = examples.examples.count
        self.correct = correct
        self.modelCorrect = modelCorrect
        self.perIntent = perIntent
        self.logLoss = examples.examples.isEmpty ? 0 : logLoss / Double(examples.examples.count)
        self.confusions = confusions
        self.wrongJournalChanges = wrongJournalChanges
        self.meanConfidence = examples.examples.isEmpty ? 0 : confidence / Double(examples.examples.count)
    }

    /// `correct / total`, or 0 when nothing was scored.
    public var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }
    /// `modelCorrect / total`, or 0 when nothing was scored.
    public var modelAccuracy: Double { total == 0 ? 0 : Double(modelCorrect) / Double(total) }
}
