import Foundation

/// A multinomial naive Bayes model over hashed n-gram features, with calibrated probabilities.
///
/// Two changes to the textbook model matter here:
/// - **Unseen features are evidence.** A word never seen in training is more likely in a class whose training
///   examples are full of one-off words (out-of-scope topics, food names) than in one that repeats a few phrases
///   (greetings). Following Good–Turing, the probability of an unseen word in a class is estimated from the
///   weight of words seen exactly once in that class. Unseen character n-grams and word pairs are ignored.
/// - **Topics.** A class like `out_of_scope` mixes unrelated topics (weather, banking, recipes); one multinomial
///   per class spreads its probability so thin that in-scope classes win on generic words ("how do I…"). Examples
///   under a `# topic:` line train their own component; an intent's probability is the sum of its components'.
/// - **Calibration.** Plain naive Bayes adds up a hundred correlated n-gram log-likelihoods and so is wildly
///   over-confident. The log-likelihood is averaged per unit of feature weight and then scaled by an "effective
///   evidence" `sharpness × weight^evidenceExponent`, fitted on the held-out split to minimise log loss.
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
        /// How much an unseen word counts, relative to a seen one.
        var unseenWeight: Double
        /// Feature extraction.
        var featurizer: IntentFeaturizer

        /// The tuned defaults.
        static let standard = Parameters(
            smoothing: 0.01, sharpness: 1, evidenceExponent: 0.5, priorWeight: 1, unseenWeight: 1,
            featurizer: .standard)
    }

    let parameters: Parameters
    /// The intent of each component (one per intent and topic); "class" below means component.
    let classes: [Intent]
    /// Feature weight per class and bucket, class-major (`class * bucketCount + bucket`).
    private let counts: [Float]
    /// Training occurrences per bucket, saturating; 0 means the feature was never seen.
    private let occurrences: [UInt16]
    /// Per class: `log(smoothing + weight of words seen once, in this class only)`, for unseen words.
    private let logUnseen: [Double]
    /// Per class: `log(total weight + smoothing × distinct buckets)`.
    private let logDenominators: [Double]
    /// Log class priors, already multiplied by `priorWeight`.
    private let logPriors: [Double]

    /// Trains on labelled, normalised messages; each distinct (intent, topic) pair becomes a component.
    init(examples: [(intent: Intent, topic: String, text: IntentText)], parameters: Parameters = .standard) {
        self.parameters = parameters
        var classes: [Intent] = []
        var componentIndex: [String: Int] = [:]
        let components = examples.map { example -> Int in
            let key = example.intent.rawValue + "#" + example.topic
            if let index = componentIndex[key] { return index }
            classes.append(example.intent)
            componentIndex[key] = classes.count - 1
            return classes.count - 1
        }
        let bucketCount = parameters.featurizer.bucketCount
        var counts = [Float](repeating: 0, count: classes.count * bucketCount)
        var occurrences = [UInt16](repeating: 0, count: bucketCount)
        var lastClass = [UInt8](repeating: 0, count: bucketCount)
        var wordBuckets = [Bool](repeating: false, count: bucketCount)
        var totals = [Double](repeating: 0, count: classes.count)
        var documents = [Double](repeating: 0, count: classes.count)
        var features: [IntentFeaturizer.Feature] = []
        features.reserveCapacity(512)
        for (example, index) in zip(examples, components) {
            parameters.featurizer.features(of: example.text, into: &features)
            let base = index * bucketCount
            var total: Float = 0
            for feature in features {
                counts[base + feature.bucket] += feature.weight
                occurrences[feature.bucket] &+= occurrences[feature.bucket] == .max ? 0 : 1
                lastClass[feature.bucket] = UInt8(index)
                if feature.isWord { wordBuckets[feature.bucket] = true }
                total += feature.weight
            }
            totals[index] += Double(total)
            documents[index] += 1
        }
        var distinct = 0.0
        var once = [Double](repeating: 0, count: classes.count)
        for bucket in 0..<bucketCount where occurrences[bucket] > 0 {
            distinct += 1
            if occurrences[bucket] == 1 && wordBuckets[bucket] {
                let index = Int(lastClass[bucket])
                once[index] += Double(counts[index * bucketCount + bucket])
            }
        }
        let smoothing = Double(parameters.smoothing)
        let documentTotal = max(documents.reduce(0, +), 1)
        self.classes = classes
        self.counts = counts
        self.occurrences = occurrences
        self.logUnseen = once.map { Foundation.log($0 + smoothing) }
        self.logDenominators = totals.map { Foundation.log($0 + smoothing * max(distinct, 1)) }
        self.logPriors = documents.map { parameters.priorWeight * Foundation.log(max($0, 0.5) / documentTotal) }
    }

    /// Calibrated probabilities for every class, highest first, summing to 1.
    func rank(_ text: IntentText) -> [(intent: Intent, probability: Double)] {
        var features: [IntentFeaturizer.Feature] = []
        parameters.featurizer.features(of: text, into: &features)
        let bucketCount = parameters.featurizer.bucketCount
        let smoothing = parameters.smoothing
        var sums = [Double](repeating: 0, count: classes.count)
        var weight: Double = 0
        counts.withUnsafeBufferPointer { counts in
            for feature in features {
                let w = Double(feature.weight)
                if occurrences[feature.bucket] == 0 {
                    // An unseen word is evidence; an unseen character n-gram or word pair mostly just noise.
                    guard feature.isWord else { continue }
                    let unseen = w * parameters.unseenWeight
                    weight += unseen
                    for index in sums.indices { sums[index] += unseen * logUnseen[index] }
                    continue
                }
                weight += w
                for index in sums.indices {
                    let count = counts[index * bucketCount + feature.bucket]
                    sums[index] += w * Double(logf(count + smoothing))
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
        var probabilities = [Double](repeating: 0, count: Intent.allCases.count)
        var sum = 0.0
        for (intent, score) in zip(classes, scores) {
            let value = Foundation.exp(score - top)
            probabilities[intent.index] += value
            sum += value
        }
        return zip(Intent.allCases, probabilities)
            .map { (intent: $0.0, probability: sum > 0 ? $0.1 / sum : 0) }
            .sorted { $0.probability != $1.probability ? $0.probability > $1.probability : $0.intent.rawValue < $1.intent.rawValue }
    }
}
