import Foundation
import NutriLanguage
import NutriStore

/// One serving of a custom food as the person gave it: `quantity` × `unit`, weighing `grams` when known.
public struct CustomServing: Sendable, Equatable {
    public var quantity: Double
    /// A canonical unit ("bar", "cup", "gram", "milliliter", "piece") or the person's own word ("cookie").
    public var unit: String
    public var grams: Double?

    /// Creates a serving.
    public init(quantity: Double, unit: String, grams: Double? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.grams = grams
    }

    /// One serving of unknown weight.
    public static let plain = CustomServing(quantity: 1, unit: "serving")
}

/// Reads a serving: "1 bar", "bar", "30 g", "3/4 cup", "half a cup", "2 cookies", "each", "serving (40 g)",
/// "60 g bar", "2 oz". Mass units give the weight; a weight in brackets or after "=" gives it for any other unit.
public struct ServingReader: Sendable {
    let language: LanguageLexicon
    let quantities: QuantityParser

    /// Creates a reader over the language lexicon's numbers and units.
    public init(language: LanguageLexicon) {
        self.language = language
        quantities = QuantityParser(lexicon: language)
    }

    /// The serving `text` describes, or a one-line reason it cannot be read.
    public func read(_ text: String) throws -> CustomServing {
        var rest = withoutLead(text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines))
            .trimmingCharacters(in: CharacterSet(charactersIn: " .:"))
        guard !rest.isEmpty else { throw UserFacingError("the serving is empty; say e.g. '1 bar', '30 g' or '3/4 cup'") }
        if words.contains(MeasureText.words(rest).joined(separator: " "), "serving-each") {
            return CustomServing(quantity: 1, unit: "piece")
        }
        let (withoutWeight, statedGrams) = splitWeight(rest)
        rest = withoutWeight
        var serving: CustomServing
        if let (amount, after) = quantities.leadingAmount(in: rest) {
            serving = try servingFrom(amount, after: after, original: text)
        } else {
            serving = CustomServing(quantity: 1, unit: try unitWord(rest, original: text))
        }
        if let statedGrams {
            if let grams = serving.grams, abs(grams - statedGrams) > 0.5 {
                throw UserFacingError("the serving '\(text)' gives two different weights")
            }
            serving.grams = statedGrams
        }
        return serving
    }

    private var words: WordKinds { language.readerWords }

    /// `text` without a leading "per", "for" or "in" (`serving-lead` in `reader-words.tsv`).
    private func withoutLead(_ text: String) -> String {
        guard let first = MeasureText.words(text).first, words.contains(first, "serving-lead"), text.hasPrefix(first) else {
            return text
        }
        let after = text.dropFirst(first.count)
        return after.first?.isLetter == true ? text : String(after)
    }

    private func servingFrom(_ amount: Amount, after: String, original: String) throws -> CustomServing {
        let quantity = (amount.quantity ?? 1) * (amount.package?.quantity ?? 1)
        let leftover = after.trimmingCharacters(in: .whitespaces)
        guard let unit = amount.unit, let definition = language.unitDefinition(for: unit) else {
            // "2 cookies": a count of the person's own word.
            guard !leftover.isEmpty else {
                throw UserFacingError("the serving '\(original)' has no unit; say e.g. '1 bar', '30 g' or '3/4 cup'")
            }
            return CustomServing(quantity: quantity, unit: try unitWord(leftover, original: original))
        }
        if definition.kind == .mass, let grams = definition.grams {
            // "a 60 g bar" is one bar weighing 60 g.
            if !leftover.isEmpty, let word = try? unitWord(leftover, original: original), !words.contains(word, "serving-filler") {
                return CustomServing(quantity: 1, unit: word, grams: quantity * grams)
            }
            return CustomServing(quantity: quantity, unit: definition.canonical, grams: quantity * grams)
        }
        return CustomServing(quantity: quantity, unit: definition.canonical)
    }

    /// A unit word: a unit the lexicon knows ("slice", "tbsp" → "tablespoon") or the person's own word, singular.
    private func unitWord(_ text: String, original: String) throws -> String {
        let said = MeasureText.words(text).filter { !words.contains($0, "serving-filler") && $0 != "'" && $0 != "\"" }
        guard let first = said.first, said.count <= 3, first.contains(where: \.isLetter), first.count <= 30 else {
            throw UserFacingError("I can't read the serving '\(original)'; say e.g. '1 bar', '30 g' or '3/4 cup'")
        }
        if let unit = language.unit(named: said.joined(separator: " ")) ?? language.unit(named: first) {
            return unit.canonical
        }
        return language.singular(first)
    }

    /// A weight in brackets or after "=" ("bar (60 g)", "1 cup = 240 g"), taken out of the text; a metric volume
    /// there ("bottle (330 ml)") counts at the density of water, close enough for the drinks people state that way.
    func splitWeight(_ text: String) -> (String, Double?) {
        guard let mark = text.firstIndex(where: { $0 == "(" || $0 == "=" }) else { return (text, nil) }
        var inside = text[text.index(after: mark)...]
        var tail = Substring("")
        if text[mark] == "(", let close = inside.firstIndex(of: ")") {
            tail = inside[inside.index(after: close)...]
            inside = inside[..<close]
        }
        let reading = MeasureText(String(inside), lexicon: language)
        guard let measure = reading.measures.first, measure.range.lowerBound == 0,
              measure.dimension == .mass || UserFoodRules.metricUnits.contains(measure.unit.canonical) else { return (text, nil) }
        let leftover = reading.words[measure.range.upperBound...].joined(separator: " ")
        let rest = [String(text[..<mark]), leftover, String(tail)].map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return (rest, measure.amount)
    }
}
