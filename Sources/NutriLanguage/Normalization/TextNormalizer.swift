import Foundation

/// Text after normalisation, with a map back to the original so spans can be quoted as written.
struct NormalizedText: Sendable {
    /// The normalised scalars: NFKC, fractions spelled "1/2", plain quotes and dashes; case is kept.
    let scalars: [Unicode.Scalar]
    /// For each normalised scalar, the index of the original scalar it came from.
    let sourceIndex: [Int]
    /// The original scalars (capped), for quoting spans.
    let source: [Unicode.Scalar]

    /// The original text behind normalised scalars `range`, trimmed.
    func originalText(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound < sourceIndex.count else { return "" }
        let start = sourceIndex[range.lowerBound]
        let end = min(sourceIndex[min(range.upperBound, sourceIndex.count) - 1] + 1, source.count)
        var from = start
        var to = end
        while from < to, source[from].properties.isWhitespace { from += 1 }
        while to > from, source[to - 1].properties.isWhitespace { to -= 1 }
        guard from < to else { return "" }
        return String(scalars: source[from..<to])
    }
}

/// Normalisation: NFKC, unicode fractions, curly quotes and dashes, invisible characters.
///
/// Case is kept here (the tokenizer case-folds) because "T" (tablespoon) and "t" (teaspoon) differ.
public enum TextNormalizer {
    /// Input beyond this many characters is ignored, so a 1 MB line costs no more than a long sentence.
    public static let maximumLength = 2_000

    /// The normalised, case-folded text with spaces collapsed and decimal commas as points ("1,5" → "1.5").
    public static func normalize(_ text: String) -> String {
        let normalized = normalizeKeepingMap(text)
        var out = ""
        for token in Tokenizer.tokenize(normalized, attachableUnits: []) {
            if !out.isEmpty && token.spaceBefore { out += " " }
            if token.isNumber && token.raw.utf8.contains(UInt8(ascii: ",")) {
                out += token.value == token.value.rounded() && abs(token.value) < 1e15 ? String(Int(token.value)) : String(token.value)
            } else {
                out += token.text
            }
        }
        return out
    }

    static func normalizeKeepingMap(_ text: String) -> NormalizedText {
        var source: [Unicode.Scalar] = []
        source.reserveCapacity(min(text.unicodeScalars.count, maximumLength))
        for scalar in text.unicodeScalars {
            if source.count >= maximumLength { break }
            source.append(scalar)
        }
        var out: [Unicode.Scalar] = []
        var map: [Int] = []
        out.reserveCapacity(source.count + 8)
        map.reserveCapacity(source.count + 8)
        for (index, scalar) in source.enumerated() {
            if scalar.isASCII {
                out.append(scalar)
                map.append(index)
                continue
            }
            for mapped in replacement(for: scalar, after: out.last, before: index + 1 < source.count ? source[index + 1] : nil) {
                out.append(mapped)
                map.append(index)
            }
        }
        return NormalizedText(scalars: out, sourceIndex: map, source: source)
    }

    // MARK: - Non-ASCII scalars

    /// Unicode vulgar fractions, spelled out so "1½" reads as "1 1/2".
    static let vulgarFractions: [Unicode.Scalar: String] = [
        "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5",
        "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅐": "1/7", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8",
        "⅑": "1/9", "⅒": "1/10",
    ]

    private static func replacement(for scalar: Unicode.Scalar, after previous: Unicode.Scalar?,
                                    before next: Unicode.Scalar?) -> [Unicode.Scalar] {
        if let fraction = vulgarFractions[scalar] {
            // "1½" → "1 1/2"; "½cup" → "1/2 cup".
            var result: [Unicode.Scalar] = []
            if let previous, previous.properties.numericType != nil || previous.properties.isAlphabetic { result.append(" ") }
            result.append(contentsOf: fraction.unicodeScalars)
            if let next, next.properties.isAlphabetic || next.properties.numericType != nil { result.append(" ") }
            return result
        }
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4, 0x0060: return ["'"]
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB: return ["\""]
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: return ["-"]
        case 0x2044, 0x2215: return ["/"]
        case 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: return []   // soft hyphen, zero-width marks
        case 0x00A0, 0x2007, 0x202F: return [" "]
        default: break
        }
        let compatible = String(scalar).precomposedStringWithCompatibilityMapping
        return Array(compatible.unicodeScalars.map { $0.value == 0x2044 ? "/" : $0 })
    }
}
