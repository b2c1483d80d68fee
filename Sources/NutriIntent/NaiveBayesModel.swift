import Foundation

/// A multinomial naive Bayes model over hashed n-gram features, with calibrated probabilities.
///
/// Plain naive Bayes adds up a hundred correlated n-gram log-likelihoods and so is wildly over-confident.
/// Here the log-likelihood is averaged per unit of feature weight and then scaled by an "effective evidence"
/// `sharpness × weight^evidenceExponent`, which was fitted on the held-out split to minimise log loss. A message
/// with no known features therefore gets the class priors, not a confident guess.
struct NaiveBayesModel: Sendable {
    /// The tunable numbers; `standard` is what NutriChat uses.
    struct Parameters: Sendable {
        /// Additive (Lidstone) smoothing per bucket.
        var smoothing: Float
        /// Scale of the averaged log-likelihood before the softmax.
        var sharpness: Double
        /// How the evidence grows with the message's feature weight (0 = constant, 1 = plain naive Bayes).
        var evidenceExponent: Double
        /// How strongly class frequencies in the training data count as priors (0 = uniform).
        var priorWeight: Double
        /// Feature extraction.
        var featurizer: IntentFeaturizer

        /// The tuned defaults.
        static let standard = Parameters(
            smoothing: 0.2, sharpness: 4, evidenceExponent: 0.5, priorWeight: 0.5, featurizer: .standard)
    }

    let parameters: Parameters
    let classes: [Intent]
    /// Feature weight per class and bucket, class-major (`class * bucketCount + bucket`).
    private let counts: [Float]
    /// Whether any training example had a feature in the bucket; unseen buckets carry no evidence.
    private let seen: [Bool]
    /// `log(total weight of the class + smoothing × distinct buckets)` per class.
    private let logDenominators: [Double]
    /// Log class priors, already multiplied by `priorWeight`.
    private let logPriors: [Double]

    /// Trains on labelled word lists.
    init(examples: [(intent: Intent, words: [String])], parameters: Parameters = .standard) {
        self.parameters = parameters
        let classes = Intent.allCases
        let bucketCount = parameters.featurizer.bucketCount
        var counts = [Float](repeating: 0, count: classes.count * bucketCount)
        var seen = [Bool](repeating: false, count: bucketCount)
        var totals = [Double](repeating: 0, count: classes.count)
        var documents = [Double](repeating: 0, count: classes.count)
        var classIndex: [Intent: Int] = [:]
        for (index, intent) in classes.enumerated() { classIndex[intent] = index }
        var features: [IntentFeaturizer.Feature] = []
        features.reserveCapacity(512)
        counts.withUnsafeMutableBufferPointer { counts in
            for example in examples {
                guard let index = classIndex[example.intent] else { continue }
                parameters.featurizer.features(of: example.words, into: &features)
                let base = index * bucketCount
                var total: Float = 0
                for feature in features {
                    counts[base + feature.bucket] += feature.weight
                    seen[feature.bucket] = true
                    total += feature.weight
                }
                totals[index] += Double(total)
                documents[index] += 1
            }
        }
        let distinct = Double(seen.lazy.filter { $0 }.count)
        let documentTotal = max(documents.reduce(0, +), 1)
        self.classes = classes
        self.counts = counts
        self.seen = seen
        self.logDenominators = totals.map { Foundation.log($0 + Double(parameters.smoothing) * max(distinct, 1)) }
        self.logPriors = documents.map { parameters.priorWeight * Foundation.log(max($0, 0.5) / documentTotal) }
    }

    /// Calibrated probabilities for every class, highest first, summing to 1.
    func rank(_ words: [String]) -> [(intent: Intent, probability: Double)] {
        var features: [IntentFeaturizer.Feature] = []
        parameters.featurizer.features(of: words, into: &features)
        let bucketCount = parameters.featurizer.bucketCount
        let smoothing = parameters.smoothing
        var sums = [Double](repeating: 0, count: classes.count)
        var weight: Double = 0
        counts.withUnsafeBufferPointer { counts in
            for feature in features where seen[feature.bucket] {
                weight += Double(feature.weight)
                for index in 0..<classes.count {
                    let count = counts[index * bucketCount + feature.bucket]
                    sums[index] += Double(feature.weight * logf(count + smoothing))
                }
            }
        }
        var scores = logPriors
        if weight > 0 {
            let evidence = parameters.sharpness * pow(weight, parameters.evidenceExponent)
            for index in scores.indices {
                scores[index] += evidence * (sums[index] / weight - logDenominators[index])
            }
        }
        let top = scores.max() ?? 0
        let exps = scores.map { Foundation.exp($0 - top) }
        let sum = exps.reduce(0, +)
        return zip(classes, exps)
            .map { (intent: $0.0, probability: $0.1 / sum) }
            .sorted { $0.probability != $1.probability ? $0.probability > $1.probability : $0.intent.rawValue < $1.intent.rawValue }
    }
}
