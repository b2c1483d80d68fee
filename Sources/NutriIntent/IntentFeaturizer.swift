/// Turns a normalised message into hashed features: word 1–3-grams, character 3–5-grams, slot features (which slots
/// the message fills, and word 2–3-grams with each slot's words standing as one slot token: "calories in FOOD") and
/// a few shape features (how many words, whether a question mark was typed).
///
/// Features are hashed into a fixed number of buckets, so training needs no vocabulary and no dictionary.
/// Digit runs are folded to a single "0" first: "ran 5 km" and "ran 12 km" look the same to the model, which is
/// what an intent classifier wants (the amount matters to the slot extractor, not to the intent).
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
    /// Weight of a word bigram occurrence (the start and end of the message count as words).
    let bigramWeight: Float
    /// Weight of a word trigram occurrence (the start of the message counts as words): "how do i", "make that 0".
    let trigramWeight: Float
    /// Weight of a character n-gram occurrence.
    let characterWeight: Float
    /// Weight of a shape feature: the message's length class, and a question mark typed anywhere.
    let shapeWeight: Float
    /// Weight of a slot occurrence ("a food", "an amount"), a run of words of one slot counting once.
    let slotWeight: Float
    /// Weight of a word 2- or 3-gram holding a slot token ("had AMOUNT of", "in FOOD END").
    let slotGramWeight: Float

    /// The number of hash buckets.
    var bucketCount: Int { 1 << bucketBits }

    /// The default feature set, tuned on the held-out split of `Intents/`.
    static let standard = IntentFeaturizer(
        bucketBits: 16, unigramWeight: 1, bigramWeight: 1, trigramWeight: 1, characterWeight: 0.5, shapeWeight: 1,
        slotWeight: 1, slotGramWeight: 1)

    /// The numbers that define the features, for the model cache's key.
    var fingerprint: [Double] {
        [Double(bucketBits), Double(unigramWeight), Double(bigramWeight), Double(trigramWeight),
         Double(characterWeight), Double(shapeWeight), Double(slotWeight), Double(slotGramWeight)]
    }

    /// Calls `body` with each feature of `message`, in order. `scratch` is a reusable buffer, so that training
    /// allocates once.
    @inline(__always)
    func forEachFeature(of message: IntentMessage, scratch: inout [UInt8], _ body: (Feature) -> Void) {
        let text = message.text
        guard !text.normalized.isEmpty else { return }
        if shapeWeight > 0 { shapeFeatures(wordCount: text.wordCount, questionMark: message.questionMark, body) }
        if slotWeight > 0 || slotGramWeight > 0 { slotFeatures(text.words, slots: message.slots, body) }
        // " word word " with digit runs folded to "0": word boundaries are part of the character n-grams.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: " "))
        var lastWasDigit = false
        for byte in text.normalized.utf8 {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isDigit && lastWasDigit) { scratch.append(isDigit ? UInt8(ascii: "0") : byte) }
            lastWasDigit = isDigit
        }
        scratch.append(UInt8(ascii: " "))
        scratch.withUnsafeBufferPointer { bytes in
            wordFeatures(bytes, body)
            if characterWeight > 0 { characterFeatures(bytes, body) }
        }
    }

    @inline(__always)
    private func wordFeatures(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Feature) -> Void) {
        let mask = UInt64(bucketCount - 1)
        var previous = Self.boundary
        var beforePrevious = Self.boundary &+ 1
        var hash = Self.wordSeed
        for byte in bytes.dropFirst() {
            guard byte == UInt8(ascii: " ") else {
                hash = (hash ^ UInt64(byte)) &* Self.fnvPrime
                continue
            }
            let bigram = previous &* 31 ^ hash
            let trigram = (beforePrevious &* 31 ^ previous) &* 31 ^ hash ^ Self.trigramSalt
            body(Feature(bucket: Int(Self.mix(hash) & mask), weight: unigramWeight))
            body(Feature(bucket: Int(Self.mix(bigram) & mask), weight: bigramWeight))
            body(Feature(bucket: Int(Self.mix(trigram) & mask), weight: trigramWeight))
            beforePrevious = previous
            previous = hash
            hash = Self.wordSeed
        }
        body(Feature(bucket: Int(Self.mix(previous &* 31 ^ Self.boundary) & mask), weight: bigramWeight))
    }

    @inline(__always)
    private func characterFeatures(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Feature) -> Void) {
        // A rolling window holds the last five bytes; each n-gram is its low n bytes tagged with n, hashed by one
        // multiply whose top bits pick the bucket (Fibonacci hashing): three features cost three multiplies.
        let shift = UInt64(64 - bucketBits)
        var window: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            window = (window << 8) | UInt64(byte)
            guard index >= 2 else { continue }
            body(Feature(bucket: Self.bucket(window & 0xff_ffff | 3 << 40, shift), weight: characterWeight))
            guard index >= 3 else { continue }
            body(Feature(bucket: Self.bucket(window & 0xffff_ffff | 4 << 40, shift), weight: characterWeight))
            guard index >= 4 else { continue }
            body(Feature(bucket: Self.bucket(window & 0xff_ffff_ffff | 5 << 40, shift), weight: characterWeight))
        }
    }

    /// One-word replies (yes, hi, thanks) and long narratives (meals) read differently; so do questions.
    @inline(__always)
    private func shapeFeatures(wordCount: Int, questionMark: Bool, _ body: (Feature) -> Void) {
        let mask = UInt64(bucketCount - 1)
        let lengthClass: UInt64 = wordCount <= 3 ? UInt64(wordCount) : wordCount <= 5 ? 4 : wordCount <= 8 ? 5 : 6
        body(Feature(bucket: Int(Self.mix(Self.shapeSalt &+ lengthClass) & mask), weight: shapeWeight))
        if questionMark {
            body(Feature(bucket: Int(Self.mix(Self.shapeSalt &+ 100) & mask), weight: shapeWeight))
        }
    }

    /// The slots the message fills, and the word 2- and 3-grams in which a slot's run of words stands as one token.
    private func slotFeatures(_ words: [String], slots: [UInt8], _ body: (Feature) -> Void) {
        guard slots.contains(where: { $0 != 0 }) else { return }
        let mask = UInt64(bucketCount - 1)
        // The message as tokens: a hash per word, or per run of words of one slot; the boundaries count as words.
        var tokens: [(hash: UInt64, isSlot: Bool)] = [(Self.boundary, false)]
        for (index, word) in words.enumerated() {
            let slot = index < slots.count ? slots[index] : 0
            if slot != 0 {
                if index > 0 && index - 1 < slots.count && slots[index - 1] == slot { continue }
                tokens.append((Self.mix(Self.slotSalt &+ UInt64(slot)), true))
                body(Feature(bucket: Int(tokens[tokens.count - 1].hash & mask), weight: slotWeight))
            } else {
                tokens.append((word.utf8.reduce(Self.wordSeed) { ($0 ^ UInt64($1)) &* Self.fnvPrime }, false))
            }
        }
        tokens.append((Self.boundary &+ 1, false))
        guard slotGramWeight > 0 else { return }
        for index in 1..<tokens.count {
            let (previous, current) = (tokens[index - 1], tokens[index])
            if previous.isSlot || current.isSlot {
                let bigram = (previous.hash &* 31 ^ current.hash) ^ Self.slotSalt
                body(Feature(bucket: Int(Self.mix(bigram) & mask), weight: slotGramWeight))
            }
            guard index >= 2 else { continue }
            let first = tokens[index - 2]
            if first.isSlot || previous.isSlot || current.isSlot {
                let trigram = ((first.hash &* 31 ^ previous.hash) &* 31 ^ current.hash) ^ Self.slotSalt ^ Self.trigramSalt
                body(Feature(bucket: Int(Self.mix(trigram) & mask), weight: slotGramWeight))
            }
        }
    }

    @inline(__always)
    private static func bucket(_ key: UInt64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9e37_79b9_7f4a_7c15) >> shift)
    }

    // MARK: - Word hashing (FNV-1a, then a SplitMix64 finaliser so the low bits are well spread)

    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3
    private static let wordSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let boundary: UInt64 = 0x9e37_79b9_7f4a_7c15
    private static let trigramSalt: UInt64 = 0x5555
    private static let shapeSalt: UInt64 = 0x5ea9_e000
    private static let slotSalt: UInt64 = 0x51_07_5a17

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
