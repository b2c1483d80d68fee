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
        var words: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(16)
        func flush() {
            if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        for byte in utf8 {
            switch asciiRole(of: byte) {
            case .nonASCII: return nil
            case .letter(let folded): current.append(folded)
            case .ignored: continue
            case .and:
                flush()
                words.append("and")
            case .separator: flush()
            }
        }
        flush()
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
