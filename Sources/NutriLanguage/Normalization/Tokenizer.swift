import Foundation

/// One token of normalised text.
struct Token: Sendable, Equatable {
    /// What kind of token this is.
    enum Kind: Sendable, Equatable { case word, number, punctuation }

    var kind: Kind
    /// Case-folded text.
    var text: String
    /// Text with its case kept ("T" is a tablespoon, "t" a teaspoon).
    var raw: String
    /// The value of a number token ("1.5", "1,5" → 1.5).
    var value: Double = 0
    /// Range of normalised scalars the token covers.
    var start: Int
    var end: Int
    /// Whether whitespace came right before the token.
    var spaceBefore: Bool

    var isNumber: Bool { kind == .number }
    var isWord: Bool { kind == .word }
    var isInteger: Bool { kind == .number && value == value.rounded() && !raw.utf8.contains(UInt8(ascii: ".")) }
}

/// Splits normalised text into words, numbers and punctuation.
///
/// "250g" splits into 250 and "g" only when the letters are a unit (`attachableUnits`); otherwise a
/// digit-led run stays one word, so "7up", "v8" and "b12" are never amounts. "2%" is one word: in
/// "2% milk" the percentage is part of the food.
enum Tokenizer {
    static let punctuation: Set<Unicode.Scalar> = [",", ".", ";", ":", "!", "?", "(", ")", "[", "]", "/", "-", "&", "+", "~", "%", "\"", "*", "@", "#", "=", "<", ">"]

    static func tokenize(_ text: NormalizedText, attachableUnits: Set<String>) -> [Token] {
        let s = text.scalars
        let n = s.count
        var tokens: [Token] = []
        tokens.reserveCapacity(n / 4 + 1)
        var i = 0
        var spaceBefore = true
        func make(_ kind: Token.Kind, _ a: Int, _ b: Int, value: Double = 0) -> Token {
            let raw = String(scalars: s[a..<b])
            return Token(kind: kind, text: kind == .word ? raw.lowercased() : raw, raw: raw, value: value,
                         start: a, end: b, spaceBefore: spaceBefore)
        }
        while i < n {
            let c = s[i]
            if c.value <= 0x20 || (!c.isASCII && c.properties.isWhitespace) {
                spaceBefore = true; i += 1; continue
            }
            if isDigit(c) || (c == "." && i + 1 < n && isDigit(s[i + 1]) && (i == 0 || !isDigit(s[i - 1]))) {
                let (numberEnd, value) = readNumber(s, from: i)
                let j = numberEnd
                if let (exponentEnd, scaled) = exponent(s, from: j, mantissa: value) {
                    // "1e308", "2.5E3": a number in exponent form stays a number, however large (1e400 is endless),
                    // so the amount bound refuses it instead of the digits passing for a food word.
                    tokens.append(make(.number, i, exponentEnd, value: scaled))
                    i = exponentEnd; spaceBefore = false; continue
                }
                if j < n, s[j] == "%" {
                    tokens.append(make(.word, i, j + 1)); i = j + 1; spaceBefore = false; continue
                }
                if j < n, isLetter(s[j]) {
                    var k = j
                    while k < n, isLetter(s[k]) { k += 1 }
                    // "1h30", "5ft10": a unit between two numbers splits from both; "b12" and "v8" stay words.
                    let unitThenNumber = k < n && isDigit(s[k]) && attachableUnits.contains(String(scalars: s[j..<k]).lowercased())
                    if !unitThenNumber { while k < n, isLetter(s[k]) || isDigit(s[k]) { k += 1 } }
                    if attachableUnits.contains(String(scalars: s[j..<k]).lowercased()) {
                        tokens.append(make(.number, i, j, value: value))
                        spaceBefore = false
                        tokens.append(make(.word, j, k))
                    } else {
                        tokens.append(make(.word, i, k))
                    }
                    i = k; spaceBefore = false; continue
                }
                tokens.append(make(.number, i, j, value: value))
                i = j; spaceBefore = false; continue
            }
            if isLetter(c) {
                var j = i + 1
                while j < n {
                    let d = s[j]
                    if isLetter(d) || isDigit(d) { j += 1; continue }
                    // Internal apostrophes and hyphens keep a word whole: "kid's", "low-fat", "twenty-one".
                    if (d == "'" || d == "-"), j + 1 < n, isLetter(s[j + 1]) { j += 2; continue }
                    break
                }
                tokens.append(make(.word, i, j))
                i = j; spaceBefore = false; continue
            }
            if punctuation.contains(c) || c == "'" {
                tokens.append(make(.punctuation, i, i + 1))
                i += 1; spaceBefore = false; continue
            }
            // Emoji and other symbols separate words but carry nothing.
            spaceBefore = true; i += 1
        }
        return tokens
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (c.value >= 65 && c.value <= 90) || (c.value >= 97 && c.value <= 122) }
        return c.properties.isAlphabetic || c.properties.generalCategory == .nonspacingMark
    }

    /// `e<digits>` or `e-<digits>` right after a number's digits, ending the token: its end and the scaled value.
    private static func exponent(_ s: [Unicode.Scalar], from start: Int, mantissa: Double) -> (end: Int, value: Double)? {
        let n = s.count
        guard start + 1 < n, s[start] == "e" || s[start] == "E" else { return nil }
        var j = start + 1
        let negative = s[j] == "-"
        if s[j] == "-" || s[j] == "+" { j += 1 }
        let digitsStart = j
        while j < n, isDigit(s[j]) { j += 1 }
        guard j > digitsStart, j == n || !(isLetter(s[j]) || isDigit(s[j])) else { return nil }
        // More than four exponent digits is endless (or nothing) either way; pow needs no bigger argument.
        let power = j - digitsStart > 4 ? 9_999 : Double(String(scalars: s[digitsStart..<j])) ?? 9_999
        return (j, mantissa == 0 ? 0 : mantissa * pow(10, negative ? -power : power))
    }

    /// Reads "12", "1.5", ".5", "1,5" (decimal comma) and "1,000" (thousands) starting at `start`.
    private static func readNumber(_ s: [Unicode.Scalar], from start: Int) -> (end: Int, value: Double) {
        let n = s.count
        var digits = ""
        var i = start
        func runOfDigits(from k: Int) -> Int { var j = k; while j < n, isDigit(s[j]) { j += 1 }; return j }
        while i < n, isDigit(s[i]) { digits.unicodeScalars.append(s[i]); i += 1 }
        while i + 1 < n, s[i] == ",", isDigit(s[i + 1]) {
            let runEnd = runOfDigits(from: i + 1)
            let count = runEnd - (i + 1)
            // "1,000" groups thousands; "1,5" is a decimal comma (1.5). Three digits always read as thousands.
            if count == 3 && !digits.isEmpty {
                for k in (i + 1)..<runEnd { digits.unicodeScalars.append(s[k]) }
                i = runEnd
                continue
            }
            if count <= 2 && !digits.utf8.contains(UInt8(ascii: ".")) {
                digits.append(".")
                for k in (i + 1)..<runEnd { digits.unicodeScalars.append(s[k]) }
                i = runEnd
            }
            break
        }
        if i + 1 < n, s[i] == ".", isDigit(s[i + 1]), !digits.utf8.contains(UInt8(ascii: ".")) {
            digits.append(digits.isEmpty ? "0." : ".")
            let runEnd = runOfDigits(from: i + 1)
            for k in (i + 1)..<runEnd { digits.unicodeScalars.append(s[k]) }
            i = runEnd
        }
        return (i, Double(digits) ?? 0)
    }
}
