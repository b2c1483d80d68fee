import Foundation

/// Where lexicon phrases stand in a message as written, for readers that quote the person's own words around them
/// (a custom food's name ends before "per"). A phrase matches whole words only, whatever their case.
enum TextSpans {
    /// The earliest occurrence of any of `phrases` in `text`.
    static func first(of phrases: Set<String>, in text: String) -> Range<String.Index>? {
        var best: Range<String.Index>?
        for phrase in phrases where !phrase.isEmpty {
            var from = text.startIndex
            while let found = text.range(of: phrase, options: .caseInsensitive, range: from..<text.endIndex) {
                if isWhole(found, in: text) {
                    if best.map({ found.lowerBound < $0.lowerBound }) ?? true { best = found }
                    break
                }
                from = found.upperBound
            }
        }
        return best
    }

    /// The end of a phrase of `phrases` that `text` starts with, as a whole word.
    static func leading(_ phrases: Set<String>, in text: Substring) -> String.Index? {
        for phrase in phrases {
            guard let found = text.range(of: phrase, options: [.caseInsensitive, .anchored]) else { continue }
            if found.upperBound == text.endIndex || !isWordCharacter(text[found.upperBound]) { return found.upperBound }
        }
        return nil
    }

    private static func isWhole(_ range: Range<String.Index>, in text: String) -> Bool {
        let before = range.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: range.lowerBound)])
        let after = range.upperBound == text.endIndex || !isWordCharacter(text[range.upperBound])
        return before && after
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'"
    }
}
