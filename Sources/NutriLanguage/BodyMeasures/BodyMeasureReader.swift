import Foundation

/// Body weight, height and age as people state them: "80 kg", "12 st 4", "180 lbs" (weights); "5'10", "180cm",
/// "six foot one" (heights); "30 years old", "aged 52", "I'm 19" (ages).
///
/// Weights and heights are measures whose unit has `body` weight or height in `units.tsv`, so "150 g" is never
/// a body weight and "5 km" never a height; ages are numbers next to the words of `body-words.tsv`.
public enum BodyMeasureReader {
    /// A value read from a message, with the tokens it spans.
    public struct Reading: Sendable, Equatable {
        /// Kilograms, centimeters or years.
        public var value: Double
        /// The tokens it spans.
        public var range: Range<Int>
        /// The value as the person typed it ("-170 cm"), for replies that refuse it.
        public var written = ""
    }

    /// Every body weight stated with a unit, in kilograms.
    public static func weights(in text: MeasureText) -> [Reading] {
        text.measures.filter { $0.unit.body == .weight }.map { Reading(value: $0.amount / 1000, range: $0.range, written: $0.written) }
    }

    /// Every height stated with a unit, in centimeters.
    public static func heights(in text: MeasureText) -> [Reading] {
        text.measures.filter { $0.unit.body == .height }.map { Reading(value: $0.amount * 100, range: $0.range, written: $0.written) }
    }

    /// The first age: a bare number before an age unit ("30 years"), up to three words after an age cue ("age 52"),
    /// or right after a self word ("I'm 19"); numbers at `skipping` are someone else's.
    public static func age(in text: MeasureText, words: BodyWords, skipping: Set<Int> = []) -> Reading? {
        let tokens = text.words
        for (index, value) in text.bareNumbers where !skipping.contains(index) {
            let next = index + 1 < tokens.count ? tokens[index + 1] : ""
            let before = tokens[max(0, index - 3)..<index]
            let afterSelf = index > 0 && words.selfWords.contains(tokens[index - 1])
            if words.ageUnits.contains(next) || before.contains(where: words.ageCues.contains) || afterSelf {
                // "I'm -30": the sign stays, so the age is refused rather than read as 30.
                let signed = text.tokens[index].minus ? -value : value
                return Reading(value: signed, range: index..<index + 1, written: (signed < 0 ? "-" : "") + text.tokens[index].text)
            }
        }
        return nil
    }
}
