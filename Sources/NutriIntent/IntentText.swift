import Foundation

/// A message as the intent stages see it: lowercased, diacritics folded, split into words of letters and digits.
///
/// This is deliberately simpler than NutriLanguage's normaliser: the classifier only needs stable word shapes.
/// Apostrophes are dropped inside words ("that's" → "thats", "don't" → "dont"), so rules and examples agree
/// whether or not people type them; every other non-alphanumeric character separates words.
public struct IntentText: Sendable, Equatable {
    /// Only this many Unicode scalars of a message are looked at, so a 1 MB line costs no more than a long one.
    public static let maximumScalars = 2_000

    /// The words, joined by single spaces ("" when there are none).
    public let normalized: String

    /// Normalises `raw`, looking at its first `maximumScalars` scalars only.
    public init(_ raw: String) {
        var raw = raw
        let ascii = raw.withUTF8 { Self.asciiNormalized($0) }
        normalized = ascii ?? Self.unicodeNormalized(raw)
    }

    /// The words in order.
    public var words: [String] {
        // ASCII text (nearly every message) splits on the space byte, without walking grapheme clusters.
        if normalized.utf8.allSatisfy({ $0 < 0x80 }) {
            return normalized.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
        }
        return normalized.split(separator: " ").map(String.init)
    }

    /// The number of words.
    public var wordCount: Int {
        normalized.isEmpty ? 0 : normalized.utf8.reduce(1) { $1 == UInt8(ascii: " ") ? $0 + 1 : $0 }
    }

    // MARK: - Normalisation

    /// The fast path, taken by nearly every message: pure ASCII needs no Unicode folding. `nil` for other text.
    private static func asciiNormalized(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        let input = UnsafeBufferPointer(rebasing: raw.prefix(maximumScalars))
        guard !input.contains(where: { $0 >= 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: input.count) { output in
            var length = 0
            var pendingSpace = false
            for byte in input {
                var lowered = byte
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    break
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    lowered = byte + 32
                case UInt8(ascii: "'"):
                    continue
                default:
                    pendingSpace = true
                    continue
                }
                if pendingSpace && length > 0 {
                    output[length] = UInt8(ascii: " ")
                    length += 1
                }
                pendingSpace = false
                output[length] = lowered
                length += 1
            }
            return length
        }
    }

    /// The slow path: fold case, diacritics and width, then keep letters and digits of any script.
    private static func unicodeNormalized(_ raw: String) -> String {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: raw.unicodeScalars.prefix(maximumScalars))
        let folded = String(prefix).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" { continue }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                pendingSpace = true
            }
        }
        return String(result)
    }
}
