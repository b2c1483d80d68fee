import Foundation

/// Lowercases, folds diacritics and splits food names into words, the same way for queries, aliases and USDA names.
public enum TextFolding {
    /// "Café Latte, 2%-fat & more" → ["cafe", "latte", "2%", "fat", "and", "more"].
    public static func words(_ text: String) -> [String] {
        var utf8 = text.utf8
        if let words = asciiWords(&utf8) { return words }
        return unicodeWords(text)
    }

    /// `text` without leading and trailing white space and newlines, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` gives, without a trip through Foundation when the ends are visible ASCII.
    public static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `line` has nothing but spaces and tabs (`CharacterSet.whitespaces`); most lines show an ASCII letter.
    public static func isBlank(_ line: String) -> Bool {
        if line.utf8.contains(where: { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }) { return false }
        return line.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The fast path for ASCII text, which is nearly every USDA name and message: no Foundation folding.
    private static func asciiWords(_ utf8: inout String.UTF8View) -> [String]? {
        if let words = utf8.withContiguousStorageIfAvailable({ asciiWords($0) }) { return words }
        return Array(utf8).withUnsafeBufferPointer { asciiWords($0) }
    }

    /// Each word is measured first and then written straight into its string, without a scratch buffer.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        words.reserveCapacity(bytes.count / 4 + 1)
        var start = 0
        while start < bytes.count {
            switch asciiRole(of: bytes[start]) {
            case .nonASCII: return nil
            case .separator: start += 1
            case .and:
                words.append("and")
                start += 1
            case .letter, .ignored:
                // A word runs over letters and ignored bytes ("don't") to the next separator or "&".
                var end = start
                var letters = 0
                run: while end < bytes.count {
                    switch asciiRole(of: bytes[end]) {
                    case .letter: letters += 1
                    case .ignored: break
                    case .nonASCII: return nil
                    case .separator, .and: break run
                    }
                    end += 1
                }
                if letters > 0 {
                    words.append(String(unsafeUninitializedCapacity: letters) { out in
                        var count = 0
                        for index in start..<end {
                            if case .letter(let folded) = asciiRole(of: bytes[index]) { out[count] = folded; count += 1 }
                        }
                        return count
                    })
                }
                start = end
            }
        }
        return words
    }

    /// What an ASCII byte is to a word: the one rule for queries, aliases and USDA names alike.
    enum ASCIIRole {
        /// Part of a word, lowercased ("A" → "a"; digits and "%" stay).
        case letter(UInt8)
        /// Dropped inside a word ("don't" → "dont").
        case ignored
        /// "&", which is the word "and".
        case and
        /// Ends the word.
        case separator
        /// Not ASCII: the text needs Unicode folding.
        case nonASCII
    }

    @inline(__always)
    static func asciiRole(of byte: UInt8) -> ASCIIRole {
        switch byte {
        case 0x80...: return .nonASCII
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"): return .letter(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .letter(byte + 32)
        case UInt8(ascii: "'"): return .ignored
        case UInt8(ascii: "&"): return .and
        default: return .separator
        }
    }

    private static func unicodeWords(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "%" {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else {
                if !current.isEmpty { words.append(current); current = "" }
                if scalar == "&" { words.append("and") }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
