/// The ASCII path of `FoldedWords`: the tokenizer's rules (`Tokenizer.tokenize` without attachable units) and the
/// folding (`WordFolding`) run on the bytes, each word measured and then written straight into its string. ASCII text
/// needs no normalising, so the tokens are the bytes' own; `FoldedWordsPathTests` holds the two paths equal.
extension FoldedWords {
    static func asciiWords(_ utf8: inout String.UTF8View) -> [String]? {
        if let words = utf8.withContiguousStorageIfAvailable({ asciiWords(UnsafeBufferPointer(rebasing: $0.prefix(TextNormalizer.maximumLength))) }) {
            return words
        }
        return Array(utf8.prefix(TextNormalizer.maximumLength)).withUnsafeBufferPointer { asciiWords($0) }
    }

    /// The words of ASCII `bytes`, or nil when a byte is not ASCII.
    static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var reader = ASCIIWordReader(bytes: bytes)
        reader.read()
        return reader.words
    }
}

/// One pass over ASCII bytes, token by token as `Tokenizer.tokenize` goes.
private struct ASCIIWordReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var words: [String] = []
    /// Whether whitespace (or a symbol that is no token) came since the last token.
    private var spaceBefore = true
    /// Whether the last token was a number or a kept feet/inch mark, after which ' and " are marks.
    private var afterNumberOrMark = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        words.reserveCapacity(bytes.count / 4 + 1)
    }

    mutating func read() {
        let n = bytes.count
        var i = 0
        while i < n {
            let c = bytes[i]
            if c <= 0x20 || c == 0x7F || !(isLetter(c) || isDigit(c) || isPunctuation(c)) {
                spaceBefore = true
                i += 1
            } else if isDigit(c) || (c == UInt8(ascii: ".") && i + 1 < n && isDigit(bytes[i + 1]) && (i == 0 || !isDigit(bytes[i - 1]))) {
                i = readNumberLed(from: i)
            } else if isLetter(c) {
                i = readWord(from: i)
            } else {
                readMark(c)
                i += 1
            }
        }
    }

    /// A number, or a word led by one ("2%", "7up", "250g").
    private mutating func readNumberLed(from start: Int) -> Int {
        let n = bytes.count
        let j = numberEnd(from: start)
        var end = j
        var isNumber = false
        if let exponentEnd = exponentEnd(from: j) {
            end = exponentEnd
            isNumber = true
        } else if j < n, bytes[j] == UInt8(ascii: "%") {
            end = j + 1
        } else if j < n, isLetter(bytes[j]) {
            while end < n, isLetter(bytes[end]) || isDigit(bytes[end]) { end += 1 }
        } else {
            isNumber = true
        }
        emit(start, end, splitting: false)
        finishToken(isNumber: isNumber)
        return end
    }

    /// A word: letters and digits, joined over an apostrophe or hyphen before a letter ("don't", "low-fat").
    private mutating func readWord(from start: Int) -> Int {
        let n = bytes.count
        var j = start + 1
        while j < n {
            let d = bytes[j]
            if isLetter(d) || isDigit(d) { j += 1; continue }
            if d == UInt8(ascii: "'") || d == UInt8(ascii: "-"), j + 1 < n, isLetter(bytes[j + 1]) { j += 2; continue }
            break
        }
        emit(start, j, splitting: true)
        finishToken(isNumber: false)
        return j
    }

    /// A punctuation token: "&" is "and", ' and " after a number are marks, the rest separates.
    private mutating func readMark(_ c: UInt8) {
        if c == UInt8(ascii: "&") {
            words.append("and")
            finishToken(isNumber: false)
        } else if (c == UInt8(ascii: "'") || c == UInt8(ascii: "\"")) && !spaceBefore && afterNumberOrMark {
            words.append(c == UInt8(ascii: "'") ? "'" : "\"")
            spaceBefore = false
        } else {
            finishToken(isNumber: false)
        }
    }

    private mutating func finishToken(isNumber: Bool) {
        afterNumberOrMark = isNumber
        spaceBefore = false
    }

    /// Writes the token `start..<end` as words: lowercased, apostrophes dropped, split at hyphens when `splitting`,
    /// number commas read (a thousands comma dropped, a decimal comma a point).
    private mutating func emit(_ start: Int, _ end: Int, splitting: Bool) {
        var partStart = start
        while partStart < end {
            var partEnd = partStart
            var count = 0
            while partEnd < end, !(splitting && bytes[partEnd] == UInt8(ascii: "-")) {
                if kept(at: partEnd) != nil { count += 1 }
                partEnd += 1
            }
            if count > 0 {
                let from = partStart
                words.append(String(unsafeUninitializedCapacity: count) { out in
                    var written = 0
                    for index in from..<partEnd {
                        if let byte = kept(at: index) { out[written] = byte; written += 1 }
                    }
                    return written
                })
            }
            partStart = partEnd + 1
        }
    }

    /// The byte a token's byte at `index` is written as, or nil when it is dropped.
    @inline(__always)
    private func kept(at index: Int) -> UInt8? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 32
        case UInt8(ascii: "'"): return nil
        case UInt8(ascii: ","):
            var end = index + 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            return end - index - 1 == 3 ? nil : UInt8(ascii: ".")
        default: return byte
        }
    }

    // MARK: - The number grammar's boundaries (`Tokenizer.readNumber` and `exponent`)

    /// Where the number starting at `start` ends: digits, thousands groups or one decimal comma, a decimal point.
    private func numberEnd(from start: Int) -> Int {
        let n = bytes.count
        func runOfDigits(from k: Int) -> Int { var j = k; while j < n, isDigit(bytes[j]) { j += 1 }; return j }
        var i = runOfDigits(from: start)
        let hasDigits = i > start
        var hasPoint = false
        while i + 1 < n, bytes[i] == UInt8(ascii: ","), isDigit(bytes[i + 1]) {
            let runEnd = runOfDigits(from: i + 1)
            let count = runEnd - (i + 1)
            if count == 3 && hasDigits { i = runEnd; continue }
            if count <= 2 { hasPoint = true; i = runEnd }
            break
        }
        if i + 1 < n, bytes[i] == UInt8(ascii: "."), isDigit(bytes[i + 1]), !hasPoint { i = runOfDigits(from: i + 1) }
        return i
    }

    /// The end of `e<digits>` or `e-<digits>` at `start` when it ends the token ("1e308", "2.5E3").
    private func exponentEnd(from start: Int) -> Int? {
        let n = bytes.count
        guard start + 1 < n, bytes[start] == UInt8(ascii: "e") || bytes[start] == UInt8(ascii: "E") else { return nil }
        var j = start + 1
        if bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
        let digitsStart = j
        while j < n, isDigit(bytes[j]) { j += 1 }
        guard j > digitsStart, j == n || !(isLetter(bytes[j]) || isDigit(bytes[j])) else { return nil }
        return j
    }

    // MARK: - Bytes

    @inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) private func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    @inline(__always) private func isPunctuation(_ c: UInt8) -> Bool { Self.punctuation[Int(c)] }

    /// `Tokenizer.punctuation` and the apostrophe, as a table.
    private static let punctuation: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return scalar == "'" || Tokenizer.punctuation.contains(scalar)
    }
}
