import Foundation

/// Multinomial logistic regression over hashed word and character n-grams, with temperature-scaled probabilities.
///
/// A discriminative model learns which features tell intents apart instead of how each intent's text is made, so
/// it weighs "for me" and "can you tell me" by how much they separate intents, not by how often they occur; on short,
/// differently worded messages it generalises better than the naive Bayes model it replaced. Training (see
/// `IntentLogisticModel+Training.swift`) is deterministic: fixed example order, fixed seed, no threads.
///
/// Scoring is a sparse dot product: each feature of a message reads one row of `classCount` weights from a packed
/// array, so a message of a hundred features costs a few thousand multiply-adds.
struct IntentLogisticModel: Sendable {
    /// The tunable numbers; `standard` is what NutriChat uses.
    struct Parameters: Sendable {
        /// Passes over the training examples.
        var epochs: Int
        /// AdaGrad's base learning rate.
        var learningRate: Float
        /// L2 penalty, applied to the weights a message touches each time it is seen.
        var l2: Float
        /// Every `calibrationHoldout`-th example of each intent is held out of a first training to fit the
        /// temperature; 0 skips calibration (temperature 1).
        var calibrationHoldout: Int
        /// Seed of the per-epoch shuffle.
        var seed: UInt64
        /// Feature extraction.
        var featurizer: IntentFeaturizer

        /// The defaults, chosen on the held-out split of `Intents/` (accuracy first, log loss second).
        /// How much less likely `out_of_scope` is made after training, in calibrated log-odds: the examples hold far
        /// more out-of-scope lines (a third) than people type to a nutrition logger, and a model learns that prior.
        var outOfScopeShift: Double

        /// The defaults, chosen on the held-out split of `Intents/` (accuracy first, log loss second); the shift on
        /// that split and the odd rows of the intents dev set (in-domain accuracy, with out-of-scope rejection kept
        /// well above its target).
        static let standard = Parameters(
            epochs: 8, learningRate: 0.5, l2: 1e-5, calibrationHoldout: 5, seed: 0x5eed_1a7e, featurizer: .standard,
            outOfScopeShift: 0.75)

        /// The numbers that define the model, for the model cache's key.
        var fingerprint: [Double] {
            [Double(epochs), Double(learningRate), Double(l2), Double(calibrationHoldout), Double(seed), outOfScopeShift]
                + featurizer.fingerprint
        }
    }

    let parameters: Parameters
    /// The number of classes: every intent, in `Intent.allCases` order.
    static var classCount: Int { Intent.allCases.count }
    /// Weights by bucket, then class: the weights of bucket `b` are `weights[b * classCount ..< (b + 1) * classCount]`.
    let weights: [Float]
    /// Each class's bias.
    let bias: [Float]
    /// Logits are divided by this before the softmax (fitted on held-out examples; above 1 softens).
    let temperature: Double

    /// Calibrated probabilities for every intent, highest first, summing to 1.
    func rank(_ message: IntentMessage) -> [(intent: Intent, probability: Double)] {
        let logits = self.logits(message)
        let probabilities = Self.softmax(logits, temperature: temperature)
        let intents = Intent.allCases
        return intents.indices
            .sorted { (probabilities[$0], $1) > (probabilities[$1], $0) }
            .map { (intent: intents[$0], probability: probabilities[$0]) }
    }

    /// The uncalibrated scores of every class, in `Intent.allCases` order.
    func logits(_ message: IntentMessage) -> [Double] {
        let classCount = Self.classCount
        var sums = [Float](repeating: 0, count: classCount)
        var squaredNorm: Float = 0
        var scratch: [UInt8] = []
        // Raw buffers: this loop runs for every feature of every message.
        weights.withUnsafeBufferPointer { weights in
            sums.withUnsafeMutableBufferPointer { sums in
                parameters.featurizer.forEachFeature(of: message, scratch: &scratch) { feature in
                    squaredNorm += feature.weight * feature.weight
                    let row = feature.bucket * classCount
                    for index in 0..<classCount { sums[index] += feature.weight * weights[row + index] }
                }
            }
        }
        // Features are scaled to unit length, so a long message is not more sure of itself than a short one.
        let scale = squaredNorm > 0 ? 1 / squaredNorm.squareRoot() : 0
        return (0..<classCount).map { Double(bias[$0] + scale * sums[$0]) }
    }

    /// `exp(logit / temperature)`, normalised to sum to 1.
    static func softmax(_ logits: [Double], temperature: Double) -> [Double] {
        let top = logits.max() ?? 0
        let values = logits.map { Foundation.exp(($0 - top) / temperature) }
        let sum = values.reduce(0, +)
        return values.map { sum > 0 ? $0 / sum : 0 }
    }
}
