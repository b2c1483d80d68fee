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
        var rest = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        rest = rest.replacingOccurrences(of: "^(per|for|in)\\b", with: "", options: .regularExpression)
            .trimmingCharacters(in: CharacterSet(charactersIn: " .:"))
        guard !rest.isEmpty else { throw UserFacingError("the serving is empty; say e.g. '1 bar', '30 g' or '3/4 cup'") }
        if ["each", "apiece", "a piece", "one", "per piece"].contains(rest) { return CustomServing(quantity: 1, unit: "piece") }
        let (withoutWeight, statedGrams) = try Self.splitWeight(rest)
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
            if !leftover.isEmpty, let word = try? unitWord(leftover, original: original), word != "of" {
                return CustomServing(quantity: 1, unit: word, grams: quantity * grams)
            }
            return CustomServing(quantity: quantity, unit: definition.canonical, grams: quantity * grams)
        }
        return CustomServing(quantity: quantity, unit: definition.canonical)
    }

    /// A unit word: a unit the lexicon knows ("slice", "tbsp" → "tablespoon") or the person's own word, singular.
    private func unitWord(_ text: String, original: String) throws -> String {
        let words = TextFolding.words(text).filter { !["a", "an", "of", "one"].contains($0) }
        guard let first = words.first, words.count <= 3, first.contains(where: \.isLetter), first.count <= 30 else {
            throw UserFacingError("I can't read the serving '\(original)'; say e.g. '1 bar', '30 g' or '3/4 cup'")
        }
        if let unit = language.unit(named: words.joined(separator: " ")) ?? language.unit(named: first) {
            return unit.canonical
        }
        return language.singular(first)
    }

    /// A weight in brackets or after "=" ("bar (60 g)", "1 cup = 240 g"), taken out of the text; a volume there
    /// ("bottle (330 ml)") counts at the density of water, close enough for the drinks people state that way.
    static func splitWeight(_ text: String) throws -> (String, Double?) {
        let pattern = "[(=]\\s*([0-9]+(?:[.,][0-9]+)?)\\s*(g|gr|grams?|ml|milliliters?|millilitres?)\\s*\\)?"
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let whole = Range(match.range, in: text), let number = Range(match.range(at: 1), in: text),
              let grams = Double(text[number].replacingOccurrences(of: ",", with: "."))
        else { return (text, nil) }
        var rest = text
        rest.removeSubrange(whole)
        return (rest.trimmingCharacters(in: .whitespaces), grams)
    }
}
