/// Turns a normalised message into hashed features: word unigrams, word bigrams and character 3–5-grams.
///
/// Features are hashed into a fixed number of buckets, so training needs no vocabulary and no dictionary.
/// Digits are folded to "0" first: "ran 5 km" and "ran 12 km" look the same to the model, which is what an
/// intent classifier wants (the amount matters to the slot extractor, not to the intent).
struct IntentFeaturizer: Sendable {
    /// One hashed feature occurrence.
    struct Feature {
        /// The bucket index in `0..<bucketCount`.
        let bucket: Int
        /// How much this occurrence counts.
        let weight: Float
    }

    /// log2 of the number of hash buckets.
    let bucketBits: Int
    /// Weight of a word unigram occurrence.
    let unigramWeight: Float
    /// Weight of a word bigram occurrence (sentence starts and ends count as words).
    let bigramWeight: Float
    /// Weight of a character n-gram occurrence.
    let characterWeight: Float

    /// The number of hash buckets.
    var bucketCount: Int { 1 << bucketBits }

    /// The default feature set, tuned on the held-out split of `Intents/`.
    static let standard = IntentFeaturizer(bucketBits: 18, unigramWeight: 1, bigramWeight: 1, characterWeight: 0.5)

    /// Appends the features of `words` to `features` (cleared first).
    func features(of words: [String], into features: inout [Feature]) {
        features.removeAll(keepingCapacity: true)
        let mask = UInt64(bucketCount - 1)
        var bytes: [UInt8] = [UInt8(ascii: " ")]
        var previous: UInt64 = Self.boundary
        for word in words {
            let start = bytes.count
            var lastWasDigit = false
            for byte in word.utf8 {
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if isDigit && lastWasDigit { continue }
                bytes.append(isDigit ? UInt8(ascii: "0") : byte)
                lastWasDigit = isDigit
            }
            let hash = Self.hash(bytes[start...], seed: Self.wordSeed)
            features.append(Feature(bucket: Int(Self.mix(hash) & mask), weight: unigramWeight))
            features.append(Feature(bucket: Int(Self.mix(previous &* 31 ^ hash) & mask), weight: bigramWeight))
            previous = hash
            bytes.append(UInt8(ascii: " "))
        }
        if !words.isEmpty {
            features.append(Feature(bucket: Int(Self.mix(previous &* 31 ^ Self.boundary) & mask), weight: bigramWeight))
        }
        guard bytes.count >= 3 else { return }
        for start in 0...(bytes.count - 3) {
            var hash = Self.characterSeed
            for offset in 0..<5 where start + offset < bytes.count {
                hash = (hash ^ UInt64(bytes[start + offset])) &* Self.fnvPrime
                if offset >= 2 {
                    features.append(Feature(bucket: Int(Self.mix(hash) & mask), weight: characterWeight))
                }
            }
        }
    }

    // MARK: - Hashing (FNV-1a, then a SplitMix64 finaliser so low bits are well spread)

    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3
    private static let wordSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let characterSeed: UInt64 = 0x84222325_cbf29ce4
    private static let boundary: UInt64 = 0x9e37_79b9_7f4a_7c15

    private static func hash(_ bytes: ArraySlice<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
