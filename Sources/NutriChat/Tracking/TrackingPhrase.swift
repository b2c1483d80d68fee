import Foundation

/// A message read for tracking: lowercase word and number tokens, and the measures in it ("180 cm", "5'10",
/// "an hour and a half", "12 st 4 lb"), each with its token range so readers can tell what a measure belongs to.
public struct TrackingPhrase: Sendable {
    /// One token: a word, a symbol (' and "), or a number (word numbers already folded: "twenty five" → 25).
    public struct Token: Sendable, Equatable {
        public var text: String
        public var number: Double?
    }

    /// A number with its unit, as stated; compounds ("5 ft 10") are one measure in the base unit.
    public struct Measure: Sendable, Equatable {
        /// The amount in the base unit of `unit.dimension` (kg, m, minutes, ml, kcal).
        public var base: Double
        /// The first unit stated ("foot" in "5 ft 10").
        public var unit: TrackingUnit
        /// The tokens it spans.
        public var range: Range<Int>
        public var dimension: TrackingDimension { unit.dimension }
    }

    public let tokens: [Token]
    public let measures: [Measure]

    /// Reads `text` with the tracking units and number words.
    public init(_ text: String, units: TrackingUnits) {
        let folded = Self.foldNumbers(Self.tokenize(text), units: units)
        let reader = MeasureScanner(tokens: folded, units: units)
        measures = reader.scan()
        tokens = folded
    }

    /// The word texts (numbers as written digits).
    public var words: [String] { tokens.map(\.text) }

    /// Numbers that are not part of a measure, with their token index.
    public var bareNumbers: [(index: Int, value: Double)] {
        tokens.indices.compactMap { i in
            guard let value = tokens[i].number, !measures.contains(where: { $0.range.contains(i) }) else { return nil }
            return (i, value)
        }
    }

    /// Whether the words contain `phrase` ("per week") as consecutive tokens.
    public func contains(_ phrase: String) -> Bool { index(of: phrase) != nil }

    /// The first token index where `phrase` starts.
    public func index(of phrase: String) -> Int? {
        let wanted = phrase.splitting(" ").map(String.init)
        guard !wanted.isEmpty, wanted.count <= tokens.count else { return nil }
        return (0...(tokens.count - wanted.count)).first { start in
            wanted.indices.allSatisfy { tokens[start + $0].text == wanted[$0] }
        }
    }

    /// Whether any of `words` is a token.
    public func containsAny(_ words: Set<String>) -> Bool { tokens.contains { words.contains($0.text) } }

    // MARK: - Tokens

    /// Lowercase, diacritics folded; letters, digits and the feet/inch marks become tokens; "i'm" → "im";
    /// "1,800" → 1800, "1,5" → 1.5, "1/2" → 0.5; letters and digits split apart ("180cm", "5k").
    static func tokenize(_ text: String) -> [Token] {
        // Plain ASCII (every lexicon phrase, most messages) skips Foundation's folding, which is slow on Linux.
        var folded = text.utf8.allSatisfy { $0 < 0x80 } ? text.lowercased()
            : text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "‘", with: "'")
                .replacingOccurrences(of: "′", with: "'").replacingOccurrences(of: "″", with: "\"")
                .replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
        if folded.contains("''") { folded = folded.replacingOccurrences(of: "''", with: "\"") }
        let chars = Array(folded)
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isPlainDigit {
                var j = i
                var text = ""
                while j < chars.count {
                    if chars[j].isPlainDigit { text.append(chars[j]); j += 1; continue }
                    if (chars[j] == "." || chars[j] == ","), j + 1 < chars.count, chars[j + 1].isPlainDigit {
                        var k = j + 1
                        while k < chars.count, chars[k].isPlainDigit { k += 1 }
                        let thousands = chars[j] == "," && k - j - 1 == 3
                        if !thousands && text.contains(".") { break }
                        text.append(thousands ? Character("_") : Character("."))
                        j += 1
                        continue
                    }
                    break
                }
                let digits = text.replacingOccurrences(of: "_", with: "")
                var value = Double(digits) ?? 0
                var written = digits
                if j + 1 < chars.count, chars[j] == "/", chars[j + 1].isPlainDigit {
                    var k = j + 1
                    var denominator = ""
                    while k < chars.count, chars[k].isPlainDigit { denominator.append(chars[k]); k += 1 }
                    if let d = Double(denominator), d > 0 { value /= d }
                    written += "/" + denominator
                    j = k
                }
                if written.contains("/"), let last = tokens.last, let whole = last.number, !last.text.contains("/") {
                    tokens[tokens.count - 1] = Token(text: last.text + " " + written, number: whole + value)
                } else {
                    tokens.append(Token(text: written, number: value))
                }
                i = j
            } else if c.isLetter {
                var word = ""
                var j = i
                while j < chars.count, chars[j].isLetter || (chars[j] == "'" && j + 1 < chars.count && chars[j + 1].isLetter && !word.isEmpty) {
                    if chars[j] != "'" { word.append(chars[j]) }
                    j += 1
                }
                tokens.append(Token(text: word, number: nil))
                i = j
            } else {
                if c == "'" || c == "\"" || c == "%" { tokens.append(Token(text: String(c), number: nil)) }
                i += 1
            }
        }
        return tokens
    }
}

extension Character {
    /// 0–9 only (not other scripts' digits or superscripts).
    var isPlainDigit: Bool { ("0"..."9").contains(self) }
}
