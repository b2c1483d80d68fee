import Foundation

/// Training: stochastic gradient descent on the cross-entropy with AdaGrad step sizes and an L2 penalty, then a
/// temperature fitted on held-out examples so that a probability of 0.8 is right about 80 % of the time.
extension IntentLogisticModel {
    /// One labelled message for training: the intent and the message as the model reads it.
    typealias TrainingExample = (intent: Intent, message: IntentMessage)

    /// Trains on `examples`, in the order given (which `parameters.seed` then shuffles, the same way every time).
    init(examples: [TrainingExample], parameters: Parameters) {
        let samples = SampleSet(examples, featurizer: parameters.featurizer)
        var temperature = 1.0
        let every = parameters.calibrationHoldout
        if every > 1 {
            // The same rule as `IntentExamples.split`: within each intent, every n-th example is held out.
            var seen = [Int](repeating: 0, count: Self.classCount)
            var training: [Int] = []
            var heldOut: [Int] = []
            for index in samples.labels.indices {
                seen[samples.labels[index]] += 1
                if seen[samples.labels[index]] % every == 0 { heldOut.append(index) } else { training.append(index) }
            }
            if !heldOut.isEmpty && !training.isEmpty {
                let (weights, bias) = Self.fit(samples, indices: training, parameters: parameters)
                let logits = heldOut.map { samples.logits(of: $0, weights: weights, bias: bias) }
                temperature = Self.fittedTemperature(logits: logits, labels: heldOut.map { samples.labels[$0] })
            }
        }
        var (weights, bias) = Self.fit(samples, indices: Array(samples.labels.indices), parameters: parameters)
        // The prior correction, in calibrated units: scores are divided by the temperature before the softmax.
        bias[Intent.outOfScope.index] -= Float(parameters.outOfScopeShift * temperature)
        self.init(parameters: parameters, weights: weights, bias: bias, temperature: temperature)
    }

    /// Weights and biases after `parameters.epochs` passes over the samples at `indices`.
    static func fit(
        _ samples: SampleSet, indices: [Int], parameters: Parameters
    ) -> (weights: [Float], bias: [Float]) {
        let classCount = Self.classCount
        var weights = [Float](repeating: 0, count: parameters.featurizer.bucketCount * classCount)
        var squaredGradients = [Float](repeating: 0, count: parameters.featurizer.bucketCount)
        var bias = [Float](repeating: 0, count: classCount)
        var biasSquaredGradients = [Float](repeating: 0, count: classCount)
        var order = indices
        var random = SplitMix64(seed: parameters.seed)
        var gradient = [Float](repeating: 0, count: classCount)
        let rate = parameters.learningRate
        let l2 = parameters.l2
        for _ in 0..<parameters.epochs {
            random.shuffle(&order)
            for sample in order {
                let range = samples.starts[sample]..<samples.starts[sample + 1]
                let logits = samples.logits(of: sample, weights: weights, bias: bias)
                let probabilities = softmax(logits, temperature: 1)
                var squaredNorm: Float = 0
                for index in 0..<classCount {
                    gradient[index] = Float(probabilities[index]) - (index == samples.labels[sample] ? 1 : 0)
                    squaredNorm += gradient[index] * gradient[index]
                }
                // AdaGrad, one step size per feature row: rare features keep large steps, common ones settle.
                weights.withUnsafeMutableBufferPointer { weights in
                    for position in range {
                        let bucket = Int(samples.buckets[position])
                        let value = samples.values[position]
                        squaredGradients[bucket] += value * value * squaredNorm
                        let step = rate / (squaredGradients[bucket].squareRoot() + 1e-6)
                        let row = bucket * classCount
                        for index in 0..<classCount {
                            weights[row + index] -= step * (value * gradient[index] + l2 * weights[row + index])
                        }
                    }
                }
                for index in 0..<classCount {
                    biasSquaredGradients[index] += gradient[index] * gradient[index]
                    bias[index] -= rate / (biasSquaredGradients[index].squareRoot() + 1e-6) * gradient[index]
                }
            }
        }
        return (weights, bias)
    }

    /// The temperature minimising the held-out log loss, by golden-section search on its logarithm (the loss is
    /// unimodal in it) between 1/20 and 20.
    static func fittedTemperature(logits: [[Double]], labels: [Int]) -> Double {
        func loss(_ logTemperature: Double) -> Double {
            let temperature = Foundation.exp(logTemperature)
            return zip(logits, labels).reduce(0) { total, pair in
                let probabilities = softmax(pair.0, temperature: temperature)
                return total - Foundation.log(max(probabilities[pair.1], 1e-12))
            }
        }
        let ratio = (5.0.squareRoot() - 1) / 2
        var (low, high) = (Foundation.log(0.05), Foundation.log(20.0))
        for _ in 0..<50 {
            let a = high - ratio * (high - low)
            let b = low + ratio * (high - low)
            if loss(a) < loss(b) { high = b } else { low = a }
        }
        return Foundation.exp((low + high) / 2)
    }
}

/// Training messages as sparse features of unit length, packed in flat arrays.
struct SampleSet {
    /// Each sample's class (its intent's position in `Intent.allCases`).
    var labels: [Int] = []
    /// Sample `i`'s features are `starts[i]..<starts[i + 1]` of `buckets` and `values`.
    var starts: [Int] = [0]
    /// Feature buckets, sorted and distinct within a sample.
    var buckets: [Int32] = []
    /// Feature values, scaled as scoring scales them.
    var values: [Float] = []

    init(_ examples: [IntentLogisticModel.TrainingExample], featurizer: IntentFeaturizer) {
        var scratch: [UInt8] = []
        var features: [(bucket: Int32, value: Float)] = []
        for example in examples {
            features.removeAll(keepingCapacity: true)
            var squaredNorm: Float = 0
            featurizer.forEachFeature(of: example.message, scratch: &scratch) {
                squaredNorm += $0.weight * $0.weight
                features.append((Int32($0.bucket), $0.weight))
            }
            // The scale scoring uses: the norm of the occurrences, before repeated buckets are merged.
            let scale = squaredNorm > 0 ? 1 / squaredNorm.squareRoot() : 0
            features.sort { $0.bucket < $1.bucket }
            for feature in features {
                if buckets.count > starts[starts.count - 1], buckets[buckets.count - 1] == feature.bucket {
                    values[values.count - 1] += feature.value * scale
                } else {
                    buckets.append(feature.bucket)
                    values.append(feature.value * scale)
                }
            }
            labels.append(example.intent.index)
            starts.append(buckets.count)
        }
    }

    /// The scores of sample `sample` under `weights` and `bias`.
    func logits(of sample: Int, weights: [Float], bias: [Float]) -> [Double] {
        let classCount = bias.count
        var sums = bias
        weights.withUnsafeBufferPointer { weights in
            for position in starts[sample]..<starts[sample + 1] {
                let row = Int(buckets[position]) * classCount
                let value = values[position]
                for index in 0..<classCount { sums[index] += value * weights[row + index] }
            }
        }
        return sums.map(Double.init)
    }
}

/// A small, fast, seeded generator (SplitMix64), so that training shuffles the same way on every run and machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Fisher–Yates, written out so that the order never depends on the standard library's algorithm.
    mutating func shuffle(_ values: inout [Int]) {
        guard values.count > 1 else { return }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            let other = Int(next() % UInt64(index + 1))
            values.swapAt(index, other)
        }
    }
}
