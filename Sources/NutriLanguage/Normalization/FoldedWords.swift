import Foundation

/// The one word splitter: the words of a message, a food name, an alias or a lexicon phrase for every stage that
/// compares whole words (the intent classifier and its rules, food search and ranking, dialogue cues), case and
/// diacritics folded.
///
/// Apostrophes are dropped inside words ("that's" → "thats", "don't" → "dont"), so data files and messages agree
/// whether or not people type them; a hyphenated word is its parts ("low-fat" → "low", "fat"), because people write
/// "low fat", "low-fat" and "lowfat" alike; "&" is the word "and". A number stays one word with its decimal point
/// ("2.5", "3.25%") and without its thousands commas ("1,000" → "1000"); "%" stays with it ("2%" milk is not 2 milk).
/// Every other mark separates words. ASCII text, nearly every message and USDA name, is split byte by byte without
/// Foundation; other text is normalised first (`TextNormalizer`: NFKC, curly quotes, fractions).
public enum FoldedWords {
    /// The words of the first `TextNormalizer.maximumLength` scalars of `text`, in order.
    public static func words(of text: String) -> [String] {
        var utf8 = text.utf8
        if let words = asciiWords(&utf8) { return words }
        return unicodeWords(text)
    }

    /// The words of each comma-separated part of `text` ("Milk, reduced fat, 2%" → [["milk"], ["reduced", "fat"],
    /// ["2%"]]), empty parts left out: how USDA names are read, most general part first.
    public static func commaSegments(of text: String) -> [[String]] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [[String]]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var segments: [[String]] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                if end > start, let words = asciiWords(UnsafeBufferPointer(rebasing: bytes[start..<end])) { segments.append(words) }
                start = end + 1
            }
            return segments
        }
        if let segments = ascii ?? nil { return segments }
        return text.split(separator: ",").map { words(of: String($0)) }
    }

    // MARK: - ASCII

    private static func asciiWords(_ utf8: inout String.UTF8View) -> [String]? {
        if let words = utf8.withContiguousStorageIfAvailable({ asciiWords(UnsafeBufferPointer(rebasing: $0.prefix(TextNormalizer.maximumLength))) }) {
            return words
        }
        return Array(utf8.prefix(TextNormalizer.maximumLength)).withUnsafeBufferPointer { asciiWords($0) }
    }

    /// Each word is measured first and then written straight into its string, without a scratch buffer.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        words.reserveCapacity(bytes.count / 4 + 1)
        var start = 0
        while start < bytes.count {
            switch role(of: bytes[start]) {
            case .nonASCII: return nil
            case .separator: start += 1
            case .and:
                words.append("and")
                start += 1
            case .kept, .ignored:
                // A word runs over kept and ignored bytes ("don't") and number marks ("2.5") to the next separator.
                var end = start
                var kept = 0
                run: while end < bytes.count {
                    switch role(of: bytes[end]) {
                    case .kept: kept += 1
                    case .ignored: break
                    case .nonASCII: return nil
                    case .and: break run
                    case .separator:
                        switch numberMark(in: bytes, at: end) {
                        case .decimal: kept += 1
                        case .thousands: break
                        case nil: break run
                        }
                    }
                    end += 1
                }
                if kept > 0 {
                    words.append(String(unsafeUninitializedCapacity: kept) { out in
                        var count = 0
                        for index in start..<end {
                            if case .kept(let folded) = role(of: bytes[index]) {
                                out[count] = folded
                                count += 1
                            } else if bytes[index] == UInt8(ascii: "."), numberMark(in: bytes, at: index) == .decimal {
                                out[count] = UInt8(ascii: ".")
                                count += 1
                            }
                        }
                        return count
                    })
                }
                start = end
            }
        }
        return words
    }

    /// What an ASCII byte is to a word.
    private enum Role {
        /// Part of a word, lowercased ("A" → "a"; digits and "%" stay).
        case kept(UInt8)
        /// Dropped inside a word ("don't" → "dont").
        case ignored
        /// "&", which is the word "and".
        case and
        /// Ends the word, unless it is a number's mark.
        case separator
        /// Not ASCII: the text needs normalising.
        case nonASCII
    }

    @inline(__always)
    private static func role(of byte: UInt8) -> Role {
        switch byte {
        case 0x80...: return .nonASCII
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"): return .kept(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .kept(byte + 32)
        case UInt8(ascii: "'"): return .ignored
        case UInt8(ascii: "&"): return .and
        default: return .separator
        }
    }

    private enum NumberMark { case decimal, thousands }

    /// Whether the byte at `i` is a decimal point ("2.5") or a thousands comma ("1,000") between digits.
    @inline(__always)
    private static func numberMark(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> NumberMark? {
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
        guard isDigit(i - 1), isDigit(i + 1) else { return nil }
        if bytes[i] == UInt8(ascii: ".") { return .decimal }
        if bytes[i] == UInt8(ascii: ","), isDigit(i + 2), isDigit(i + 3), !isDigit(i + 4) { return .thousands }
        return nil
    }

    // MARK: - Unicode

    /// The same rules on normalised, folded scalars.
    private static func unicodeWords(_ text: String) -> [String] {
        let normalized = String(scalars: TextNormalizer.normalizeKeepingMap(text).scalars[...])
        let folded = Array(normalized.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .unicodeScalars)
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < folded.count && folded[k].properties.numericType != nil }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for (k, scalar) in folded.enumerated() {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "%" {
                current.append(scalar)
            } else if scalar == "'" {
                continue
            } else if scalar == ".", isDigit(k - 1), isDigit(k + 1) {
                current.append(scalar)
            } else if scalar == ",", isDigit(k - 1), isDigit(k + 1), isDigit(k + 2), isDigit(k + 3), !isDigit(k + 4) {
                continue
            } else {
                if !current.isEmpty { words.append(String(current)); current = String.UnicodeScalarView() }
                if scalar == "&" { words.append("and") }
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }
}
