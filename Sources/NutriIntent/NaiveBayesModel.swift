import Foundation

/// A multinomial naive Bayes model over hashed n-gram features, with calibrated probabilities.
///
/// Three changes to the textbook model matter here:
/// - **Unseen features are evidence.** A word never seen in training is more likely in a class whose training
///   examples are full of one-off words (out-of-scope topics, food names) than in one that repeats a few phrases
///   (greetings). Following Good–Turing, the probability of an unseen word in a class is estimated from the
///   weight of words seen exactly once in that class. Unseen character n-grams and word pairs are ignored.
/// - **Topics.** A class like `out_of_scope` mixes unrelated topics (weather, banking, recipes); one multinomial
///   per class spreads its probability so thin that in-scope classes win on generic words ("how do I…"). Examples
///   under a `# topic:` line train their own component; an intent's probability is the sum of its components'.
/// - **Calibration.** Plain naive Bayes adds up a hundred correlated n-gram log-likelihoods and so is wildly
///   over-confident. The log-likelihood is averaged per unit of feature weight and then scaled by an "effective
///   evidence" `sharpness × weight^evidenceExponent`; the constants were chosen by 5-fold cross-validation on
///   `Intents/` for accuracy first and log loss second.
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

        /// The tuned defaults (see the type's documentation).
        static let standard = Parameters(
            smoothing: 0.01, sharpness: 1, evidenceExponent: 0.5, priorWeight: 1, unseenWeight: 1,
            featurizer: .standard)
    }

    let parameters: Parameters
    /// The intent of each component (one per intent and topic); "class" below means component.
    let classes: [Intent]
    /// Each class's intent's position in `Intent.allCases`.
    let classPositions: [Int]
    /// The classes a bucket was seen in, bucket by bucket: the entries of bucket `b` are
    /// `entryStarts[b]..<entryStarts[b + 1]`. Most buckets are seen in a few of the classes, so scoring visits those
    /// instead of every class.
    let entryStarts: [Int32]
    /// Each entry's class.
    let entryClasses: [UInt8]
    /// Each entry's `log(count + smoothing)`, in single precision as `logf` gives it. Scoring adds
    /// `Double(entryLog) - logNever`, what the count adds over a class that never saw the bucket: the same number as
    /// storing that difference in double precision, in half the memory, which is what scoring waits on (it reads
    /// entries of buckets all over the table).
    let entryLogs: [Float]
    /// `log(smoothing)` as the dense table had it, for a class that never saw a bucket.
    let logNever: Double
    /// Training occurrences per bucket, saturating; 0 means the feature was never seen.
    let occurrences: [UInt16]
    /// Per bucket, what scoring reads in one word: the first entry (bits 0–31), the entry count (32–47) and the
    /// occurrences (48–63). See `packedBuckets`.
    let buckets: [UInt64]
    /// Per class: `log(smoothing + weight of words seen once, in this class only)`, for unseen words.
    let logUnseen: [Double]
    /// Per class: `log(total weight + smoothing × distinct buckets)`.
    let logDenominators: [Double]
    /// Log class priors, already multiplied by `priorWeight`.
    let logPriors: [Double]

    /// Trains on labelled, normalised messages; each distinct (intent, topic) pair becomes a component.
    init(examples: [(intent: Intent, topic: String, text: IntentText)], parameters: Parameters = .standard) {
        self.parameters = parameters
        let (classes, components) = Self.components(of: examples)
        let bucketCount = parameters.featurizer.bucketCount
        let featurizer = parameters.featurizer
        let countScale = 1 / min(featurizer.unigramWeight, featurizer.bigramWeight, featurizer.trigramWeight,
                                 featurizer.characterWeight > 0 ? featurizer.characterWeight : 1)
        var counts = [UInt16](repeating: 0, count: classes.count * bucketCount)
        // Per bucket, packed so training writes one word: occurrences (saturating) | last class << 16 | word << 24.
        var info = [UInt32](repeating: 0, count: bucketCount)
        var totals = [Double](repeating: 0, count: classes.count)
        var documents = [Double](repeating: 0, count: classes.count)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(IntentText.maximumScalars + 2)
        counts.withUnsafeMutableBufferPointer { counts in
            info.withUnsafeMutableBufferPointer { info in
                for (example, index) in zip(examples, components) {
                    let classCount = classes.count
                    let tag = UInt32(truncatingIfNeeded: index) << 16
                    var total: Float = 0
                    featurizer.forEachFeature(of: example.text, scratch: &scratch) { feature in
                        let slot = feature.bucket * classCount + index
                        let count = counts[slot]
                        let add = UInt16(min(feature.weight * countScale, 65_535))
                        counts[slot] = count &+ min(add, .max &- count)
                        let old = info[feature.bucket]
                        let seen = old & Self.occurrenceMask
                        info[feature.bucket] = (old & Self.wordFlag) | (feature.isWord ? Self.wordFlag : 0) | tag
                            | (seen == Self.occurrenceMask ? seen : seen + 1)
                        total += feature.weight
                    }
                    totals[index] += Double(total)
                    documents[index] += 1
                }
            }
        }
        var distinct = 0.0
        var once = [Double](repeating: 0, count: classes.count)
        for (bucket, value) in info.enumerated() where value & Self.occurrenceMask > 0 {
            distinct += 1
            if value & Self.occurrenceMask == 1 && value & Self.wordFlag != 0 {
                let index = Int((value >> 16) & 0xff)
                once[index] += Double(counts[bucket * classes.count + index]) / Double(countScale)
            }
        }
        let smoothing = Double(parameters.smoothing)
        let documentTotal = max(documents.reduce(0, +), 1)
        self.classes = classes
        self.classPositions = classes.map(\.index)
        self.occurrences = info.map { UInt16(truncatingIfNeeded: $0 & Self.occurrenceMask) }
        self.logUnseen = once.map { Foundation.log($0 + smoothing) }
        // The counts, kept only where they are not zero (class numbers fit a byte: `info` packs them in 8 bits).
        let smoothingFloat = parameters.smoothing
        let logNever = Double(logf(smoothingFloat))
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        var entryClasses: [UInt8] = []
        var entryLogs: [Float] = []
        let classCount = classes.count
        counts.withUnsafeBufferPointer { counts in
            for bucket in 0..<bucketCount {
                for index in 0..<classCount where counts[bucket * classCount + index] != 0 {
                    let count = Float(counts[bucket * classCount + index])
                    entryClasses.append(UInt8(truncatingIfNeeded: index))
                    entryLogs.append(logf(count / countScale + smoothingFloat))
                }
                starts[bucket + 1] = Int32(entryClasses.count)
            }
        }
        self.entryStarts = starts
        self.buckets = Self.packedBuckets(starts: starts, occurrences: self.occurrences)
        self.entryClasses = entryClasses
        self.entryLogs = entryLogs
        self.logNever = logNever
        self.logDenominators = totals.map { Foundation.log($0 + smoothing * max(distinct, 1)) }
        self.logPriors = documents.map { parameters.priorWeight * Foundation.log(max($0, 0.5) / documentTotal) }
    }

    /// A model from its parts, as `init?(decoding:parameters:)` reads them.
    init(parameters: Parameters, classes: [Intent], entryStarts: [Int32], entryClasses: [UInt8], entryLogs: [Float],
         logNever: Double, occurrences: [UInt16], logUnseen: [Double], logDenominators: [Double], logPriors: [Double]) {
        self.parameters = parameters
        self.classes = classes
        self.classPositions = classes.map(\.index)
        self.entryStarts = entryStarts
        self.buckets = Self.packedBuckets(starts: entryStarts, occurrences: occurrences)
        self.entryClasses = entryClasses
        self.entryLogs = entryLogs
        self.logNever = logNever
        self.occurrences = occurrences
        self.logUnseen = logUnseen
        self.logDenominators = logDenominators
        self.logPriors = logPriors
    }

    /// `buckets` from the entry starts and occurrences (a bucket's entries are fewer than the classes, which fit a
    /// byte, and the starts count entries, fewer than 2³²).
    static func packedBuckets(starts: [Int32], occurrences: [UInt16]) -> [UInt64] {
        occurrences.indices.map { bucket in
            UInt64(UInt32(truncatingIfNeeded: starts[bucket]))
                | UInt64(UInt16(truncatingIfNeeded: starts[bucket + 1] - starts[bucket])) << 32
                | UInt64(occurrences[bucket]) << 48
        }
    }

    private static let occurrenceMask: UInt32 = 0xffff
    private static let wordFlag: UInt32 = 1 << 24

    /// The intent of each component, and each example's component (examples of one file arrive together).
    private static func components(
        of examples: [(intent: Intent, topic: String, text: IntentText)]
    ) -> (classes: [Intent], components: [Int]) {
        var classes: [Intent] = []
        var indices: [String: Int] = [:]
        var components: [Int] = []
        components.reserveCapacity(examples.count)
        var last: (intent: Intent, topic: String, index: Int)?
        for example in examples {
            if let last, last.intent == example.intent, last.topic == example.topic {
                components.append(last.index)
                continue
            }
            let key = example.intent.rawValue + "#" + example.topic
            let index = indices[key] ?? classes.count
            if index == classes.count {
                classes.append(example.intent)
                indices[key] = index
            }
            components.append(index)
            last = (example.intent, example.topic, index)
        }
        return (classes, components)
    }

    /// Calibrated probabilities for every intent, highest first, summing to 1.
    func rank(_ text: IntentText) -> [(intent: Intent, probability: Double)] {
        let scores = self.scores(text)
        let top = scores.max() ?? 0
        var probabilities = [Double](repeating: 0, count: Intent.allCases.count)
        var sum = 0.0
        for (position, score) in zip(classPositions, scores) {
            let value = Foundation.exp(score - top)
            probabilities[position] += value
            sum += value
        }
        // Positions are sorted, not intents: an intent's position is a search through `allCases`.
        let normalized = probabilities.map { sum > 0 ? $0 / sum : 0 }
        let intents = Intent.allCases
        return intents.indices
            .sorted { (normalized[$0], $1) > (normalized[$1], $0) }
            .map { (intent: intents[$0], probability: normalized[$0]) }
    }

    /// Each component's calibrated log score: prior plus scaled average log-likelihood.
    private func scores(_ text: IntentText) -> [Double] {
        var features: [IntentFeaturizer.Feature] = []
        parameters.featurizer.features(of: text, into: &features)
        var sums = [Double](repeating: 0, count: classes.count)
        var weight: Double = 0
        // Every class gets `log(smoothing)` per unit of seen weight and `logUnseen` per unit of unseen word weight;
        // those are added once at the end, and a seen bucket adds its entries' excess over `log(smoothing)`.
        var seenWeight: Double = 0
        var unseenWeight: Double = 0
        // Each feature's bucket word is read first, in a loop of independent loads that the processor overlaps: the
        // table is larger than the cache, and reading it feature by feature waited on one miss at a time.
        var packed = [UInt64](repeating: 0, count: features.count)
        buckets.withUnsafeBufferPointer { buckets in
            for index in features.indices { packed[index] = buckets[features[index].bucket] }
        }
        // Raw buffers: this loop runs for every feature of every message.
        entryClasses.withUnsafeBufferPointer { entryClasses in
            entryLogs.withUnsafeBufferPointer { entryLogs in
                sums.withUnsafeMutableBufferPointer { sums in
                    for (feature, bucket) in zip(features, packed) {
                        var w = Double(feature.weight)
                        if bucket >> 48 == 0 {
                            // An unseen word is evidence; an unseen character n-gram or word pair mostly just noise.
                            guard feature.isWord else { continue }
                            w *= parameters.unseenWeight
                            weight += w
                            unseenWeight += w
                            continue
                        }
                        weight += w
                        seenWeight += w
                        let start = Int(truncatingIfNeeded: bucket & 0xffff_ffff)
                        for entry in start..<start + Int(truncatingIfNeeded: (bucket >> 32) & 0xffff) {
                            sums[Int(entryClasses[entry])] += w * (Double(entryLogs[entry]) - logNever)
                        }
                    }
                }
            }
        }
        for index in sums.indices { sums[index] += seenWeight * logNever + unseenWeight * logUnseen[index] }
        var scores = logPriors
        guard weight > 0 else { return scores }
        let evidence = parameters.sharpness * pow(weight, parameters.evidenceExponent)
        for index in scores.indices {
            scores[index] += evidence * (sums[index] / weight - logDenominators[index])
        }
        return scores
    }
}
