import Foundation

/// Accuracy of the intent classifier on the held-out 20 % of `Intents/`, with the confusion list.
public enum IntentEvaluation {
    /// Trains on the training split of `intentsDirectory`, scores the test split and returns a printable report.
    public static func run(intentsDirectory: URL) throws -> String {
        let examples = try IntentExamples(directory: intentsDirectory)
        let score = try heldOutScore(intentsDirectory: intentsDirectory)
        return report(score, trainingCount: examples.examples.count - score.total)
    }

    /// Trains on 80 % of the examples (all but every fifth line of each file) and scores the other 20 %.
    public static func heldOutScore(intentsDirectory: URL) throws -> IntentScore {
        let (training, test) = try IntentExamples(directory: intentsDirectory).split()
        let classifier = try IntentClassifier.train(examples: training, directory: intentsDirectory)
        return IntentScore(classifier: classifier, examples: test)
    }

    /// The median wall-clock time of `runs` trainings on all examples (already read from disk), in milliseconds.
    public static func trainingMilliseconds(intentsDirectory: URL, runs: Int = 9) throws -> Double {
        let examples = try IntentExamples(directory: intentsDirectory)
        let support = try IntentClassifier.Support(directory: intentsDirectory, lexicon: nil)
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let classifier = IntentClassifier(
                examples: examples, support: support, fallback: .standard, parameters: .standard)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            withExtendedLifetime(classifier) {}
        }
        return times.sorted()[times.count / 2]
    }

    /// The median wall-clock time of `runs` complete start-ups: reading every file in `intentsDirectory`, then
    /// training; what NutriChat pays when it starts.
    public static func startupMilliseconds(intentsDirectory: URL, runs: Int = 9) throws -> Double {
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let classifier = try IntentClassifier.train(fromDirectory: intentsDirectory)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            withExtendedLifetime(classifier) {}
        }
        return times.sorted()[times.count / 2]
    }

    /// Formats a score: overall and per-intent accuracy, then each mistake as `expected → got`.
    public static func report(_ score: IntentScore, trainingCount: Int? = nil) -> String {
        var lines: [String] = []
        let trained = trainingCount.map { "trained on \($0), " } ?? ""
        lines.append("intent classifier: \(trained)tested on the held-out \(score.total)"
            + " (every 5th example of each Intents/<intent>.txt)")
        lines.append("accuracy: \(percent(score.accuracy)) (\(score.correct)/\(score.total))"
            + "  model alone: \(percent(score.modelAccuracy))"
            + "  log loss: \(String(format: "%.3f", score.logLoss))"
            + "  mean confidence: \(percent(score.meanConfidence))"
            + "  wrong journal changes: \(score.wrongJournalChanges)")
        lines.append("per intent:")
        for intent in Intent.allCases {
            guard let tally = score.perIntent[intent] else { continue }
            let accuracy = tally.total == 0 ? 0 : Double(tally.correct) / Double(tally.total)
            let name = intent.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append("  \(name) \(percent(accuracy)) (\(tally.correct)/\(tally.total))")
        }
        lines.append("confusions (\(score.confusions.count)):")
        for confusion in score.confusions {
            let prediction = confusion.prediction
            var how = "\(prediction.source.rawValue) \(String(format: "%.2f", prediction.confidence))"
            if let reason = prediction.fallbackReason { how += ", \(reason)" }
            lines.append("  \(confusion.example.intent.rawValue) → \(prediction.intent.rawValue)"
                + "  \"\(confusion.example.text)\"  (\(how); line \(confusion.example.line))")
        }
        return lines.joined(separator: "\n")
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value * 100)
    }
}
