import Foundation

/// The words of a message for stages that compare whole words (the intent classifier, its rules and word lists):
/// the one tokenizer's word and number tokens, with case and diacritics folded and punctuation gone.
///
/// Apostrophes are dropped inside words ("that's" → "thats", "don't" → "dont"), so data files and messages agree
/// whether or not people type them; a hyphenated word is its parts ("low-fat" → "low", "fat"), because people write
/// "low fat", "low-fat" and "lowfat" alike. A number stays one word with its digits and decimal point ("2.5").
public enum FoldedWords {
    /// The words of the first `TextNormalizer.maximumLength` scalars of `text`, in order.
    public static func words(of text: String) -> [String] {
        let tokens = Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(text), attachableUnits: [])
        var words: [String] = []
        words.reserveCapacity(tokens.count)
        for token in tokens {
            switch token.kind {
            case .punctuation:
                continue
            case .number:
                // "1,000" and "1,5" lose their comma: the value is the number grammar's business, not a word's.
                words.append(String(token.raw.unicodeScalars.filter { $0 != "," }.map(Character.init)))
            case .word:
                appendParts(of: token.text, to: &words)
            }
        }
        return words
    }

    /// Appends the parts of a word token between hyphens, apostrophes dropped and diacritics folded.
    private static func appendParts(of text: String, to words: inout [String]) {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        guard ascii else {
            let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            for part in folded.split(separator: "-") {
                let kept = part.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
                if !kept.isEmpty { words.append(String(String.UnicodeScalarView(kept))) }
            }
            return
        }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "%") })
        else {
            words.append(text)
            return
        }
        for part in text.utf8.split(separator: UInt8(ascii: "-")) {
            let kept = part.filter { $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "%") }
            if !kept.isEmpty { words.append(String(decoding: kept, as: UTF8.self)) }
        }
    }
}
