import Foundation
import NutriLanguage

/// Reads nutrition facts as people copy them from a label: "200 kcal, 20 g protein, 22g carbs, 7 g fat",
/// "calories 230 fat 9 protein 8", "Calories 250, Total Fat 12g, Sodium 470mg", "840 kJ".
///
/// It reads through NutriLanguage's front end: the one tokenizer and number grammar, the unit table for grams,
/// milligrams, kcal and kJ (`units.tsv`), and the label's nutrient names from `nutrition-labels.tsv`. Clause by
/// clause (between commas), left to right: a number takes the nutrient right after it ("20 g protein"), a nutrient
/// takes the number right after it ("protein 20 g"); so in "calories 230 fat 9" 230 is already taken when "fat" is
/// reached, and in "Sodium 470mg, Total Carbohydrate 31g" the sodium's milligrams never reach the carbohydrate.
public struct NutritionFactsReader: Sendable {
    let language: LanguageLexicon

    /// What a message stated: values by key, and the first nutrient stated twice, if any.
    public struct Facts: Sendable, Equatable {
        public var values: [String: Double] = [:]
        /// A nutrient given twice with different values ("protein" → (20, 25)).
        public var conflict: (key: String, first: Double, second: Double)?

        public static func == (lhs: Facts, rhs: Facts) -> Bool {
            lhs.values == rhs.values && lhs.conflict?.key == rhs.conflict?.key
        }

        /// Records `value` for `key`; the first value stays, a different second one is the conflict.
        mutating func assign(_ key: String, _ value: Double) {
            if let old = values[key], old != value, conflict == nil { conflict = (key, old, value) }
            values[key] = values[key] ?? value
        }
    }

    /// The key `nutrition-labels.tsv` gives energy stated in kilojoules.
    static let kilojouleKey = "kj"

    /// Creates a reader over the language lexicon's units and label names.
    public init(language: LanguageLexicon) {
        self.language = language
    }

    /// The facts stated in `text`.
    public func read(_ text: String) -> Facts {
        var facts = Facts()
        var kilojoules: Double?
        for clause in MeasureText.clauses(text, lexicon: language) {
            read(clause) { key, value in
                if key == Self.kilojouleKey { kilojoules = kilojoules ?? value } else { facts.assign(key, value) }
            }
        }
        if facts.values["energy_kcal"] == nil, let kilojoules { facts.values["energy_kcal"] = (kilojoules / 4.184 * 10).rounded() / 10 }
        return facts
    }

    /// Reads one clause left to right, handing each (key, value) to `assign`.
    private func read(_ clause: MeasureText, assign: (String, Double) -> Void) {
        let words = clause.words
        var i = 0
        while i < words.count {
            if let (key, value, end) = amount(at: i, in: clause) {
                // "250 kcal" names itself; "20 g protein", "7 g of fat" name the nutrient after.
                if let key {
                    assign(key, value)
                    i = end
                    continue
                }
                let j = end < words.count && language.readerWords.contains(words[end], "facts-glue") ? end + 1 : end
                if let (label, length) = language.nutritionLabels.match(words: words, at: j) {
                    assign(label, value)
                    i = j + length
                    continue
                }
            } else if let (label, length) = language.nutritionLabels.match(words: words, at: i) {
                var j = i + length
                while j < words.count, language.readerWords.contains(words[j], "facts-glue") { j += 1 }
                if let (key, value, end) = amount(at: j, in: clause) {
                    assign(key ?? label, value)
                    i = end
                    continue
                }
            }
            i += 1
        }
    }

    /// The amount starting at token `i`: energy names its own key (kcal, or kJ counted apart), a mass is in grams,
    /// a bare number is as written; nil when no number starts there.
    private func amount(at i: Int, in clause: MeasureText) -> (key: String?, value: Double, end: Int)? {
        guard i < clause.tokens.count, let number = clause.tokens[i].number else { return nil }
        let sign: Double = clause.tokens[i].minus ? -1 : 1
        guard let measure = clause.measures.first(where: { $0.range.lowerBound == i }) else { return (nil, sign * number, i + 1) }
        switch measure.dimension {
        case .energy where measure.unit.canonical == "kilojoule":
            return (Self.kilojouleKey, sign * number, measure.range.upperBound)
        case .energy:
            return ("energy_kcal", measure.amount, measure.range.upperBound)   // a measure keeps its own sign
        case .mass:
            return (nil, measure.amount, measure.range.upperBound)
        default:
            return (nil, sign * number, i + 1)
        }
    }
}
