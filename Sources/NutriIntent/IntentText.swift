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
    /// The words in order.
    public let words: [String]

    /// Normalises `raw`, looking at its first `maximumScalars` scalars only.
    public init(_ raw: String) {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: raw.unicodeScalars.prefix(Self.maximumScalars))
        var text = String(scalars)
        if !text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Slow path for non-ASCII text only: training data and most messages are ASCII.
            text = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        let words = Self.split(text)
        self.words = words
        self.normalized = words.joined(separator: " ")
    }

    /// Splits folded text into lowercase words of letters and digits, dropping apostrophes.
    private static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current.append(scalar)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    current.append(Unicode.Scalar(byte + 32))
                case UInt8(ascii: "'"):
                    continue
                default:
                    flush(&current, into: &words)
                }
            } else if scalar == "\u{2019}" || scalar == "\u{2018}" {
                continue  // typographic apostrophes, as in "I’m"
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                flush(&current, into: &words)
            }
        }
        flush(&current, into: &words)
        return words
    }

    private static func flush(_ current: inout String.UnicodeScalarView, into words: inout [String]) {
        guard !current.isEmpty else { return }
        words.append(String(current))
        current = String.UnicodeScalarView()
    }
}
