import Foundation

/// Accuracy of the intent classifier on the held-out 20 % of `Intents/`, with the confusion list.
public enum IntentEvaluation {
    /// Trains on the training split of `intentsDirectory`, scores the test split and returns a printable report.
    public static func run(intentsDirectory: URL) throws -> String {
        "intents: not implemented yet"
    }
}
