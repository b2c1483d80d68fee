import Foundation
import NutriLanguage
import NutriStore

/// A custom food as read from a message or from command options, not yet saved.
public struct CustomFoodDraft: Sendable, Equatable {
    public var name: String
    public var serving: CustomServing
    /// Amounts in one serving by `name_unit` key.
    public var nutrients: [String: Double]

    /// Creates a draft.
    public init(name: String, serving: CustomServing, nutrients: [String: Double]) {
        self.name = name
        self.serving = serving
        self.nutrients = nutrients
    }

    /// The record to save (validated by the journal).
    public func record(at date: Date) -> CustomFoodRecord {
        CustomFoodRecord(name: name, servingQuantity: serving.quantity, servingUnit: serving.unit, servingGrams: serving.grams,
                         nutrients: nutrients, createdAt: date)
    }
}

/// Reads "add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar" and the like: the name (after
/// "called"/"named", in double quotes, after a colon, or before the first number or comma), nutrition facts, and
/// the serving ("per bar", "per 30 g", "each", "45 cal a slice"; one serving of unknown weight when none is said).
///
/// The name is quoted as written, so it is cut from the text itself; the words that mark where it starts and ends,
/// the request words around it and the serving cues are data (`reader-words.tsv`), and the facts and amounts are
/// read through NutriLanguage's front end.
public enum CustomFoodStatement {
    /// The draft a message describes, or a one-line `UserFacingError` saying what is missing.
    public static func read(_ text: String, servings: ServingReader) throws -> CustomFoodDraft {
        let words = servings.language.readerWords
        let name = self.name(in: text, words: words)
        guard !name.isEmpty else {
            throw UserFacingError("What's the food called? Say e.g. \"add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar\".")
        }
        let rest = remainder(of: text, after: name)
        let facts = NutritionFactsReader(language: servings.language).read(rest)
        if let conflict = facts.conflict {
            throw UserFacingError("\(UserFoodRules.label(conflict.key).capitalizedFirst) is given twice (\(ReplyText.number(conflict.first)) and \(ReplyText.number(conflict.second))); nothing was saved.")
        }
        guard facts.values["energy_kcal"] != nil else {
            throw UserFacingError("How many calories are in one serving of \(name)? Say it all in one message, e.g. \"add a food: \(name), 200 kcal, 10 g protein per serving\".")
        }
        let serving = try self.serving(in: rest, reader: servings)
        return CustomFoodDraft(name: name, serving: serving, nutrients: facts.values)
    }

    // MARK: - Name

    /// The food's name as written, or "" when the message names none.
    static func name(in text: String, words: WordKinds) -> String {
        if let quoted = quoted(in: text) { return tidy(quoted, stripIntro: false, words: words) }
        if let marker = TextSpans.first(of: words["name-marker"], in: text) {
            return tidy(cut(String(text[marker.upperBound...]), words: words), stripIntro: false, words: words)
        }
        if let colon = text.firstIndex(of: ":") {
            let after = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let before = String(text[..<colon])
            let afterName = tidy(cut(after, words: words), stripIntro: true, words: words)
            return afterName.isEmpty ? tidy(cut(before, words: words), stripIntro: true, words: words) : afterName
        }
        return tidy(cut(text, words: words), stripIntro: true, words: words)
    }

    /// The text between the first pair of double quotes, straight or curly.
    static func quoted(in text: String) -> String? {
        guard let open = text.firstIndex(where: { $0 == "\"" || $0 == "“" }) else { return nil }
        let inside = text[text.index(after: open)...]
        guard let close = inside.firstIndex(where: { $0 == "\"" || $0 == "”" }), close > inside.startIndex else { return nil }
        return String(inside[..<close])
    }

    /// The text up to the first comma, bracket, dash, digit, or word that ends a name ("per", "with": `name-end`).
    static func cut(_ text: String, words: WordKinds) -> String {
        var end = text.endIndex
        for separator in [",", ";", "(", " - ", " – "] {
            if let range = text.range(of: separator), range.lowerBound < end { end = range.lowerBound }
        }
        if let word = TextSpans.first(of: words["name-end"], in: text), word.lowerBound < end { end = word.lowerBound }
        if let digit = text.firstIndex(where: \.isNumber), digit < end {
            // A number inside a word ("7up", "v8") belongs to the name.
            let previous = digit > text.startIndex ? text[text.index(before: digit)] : " "
            if previous == " " { end = digit }
        }
        return String(text[..<end])
    }

    /// Trims spaces, quotes and punctuation, leading request words and trailing joining words.
    static func tidy(_ text: String, stripIntro: Bool, words: WordKinds) -> String {
        var said = text.split(whereSeparator: \.isWhitespace).map(String.init)
        func key(_ word: String) -> String { MeasureText.words(word.lowercased()).joined(separator: " ") }
        if stripIntro { while let first = said.first, words.contains(key(first), "food-intro") { said.removeFirst() } }
        while let last = said.last, words.contains(key(last), "food-join") || key(last).isEmpty { said.removeLast() }
        return said.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " .:;,!?\"'“”-"))
    }

    /// The message after the name, where the facts and the serving are.
    static func remainder(of text: String, after name: String) -> String {
        guard let range = text.range(of: name, options: .caseInsensitive) else { return text }
        return String(text[range.upperBound...])
    }

    // MARK: - Serving

    /// "per bar", "per 30 g", "each", "45 cal a slice", "serving size 40 g"; a plain serving when none is said.
    static func serving(in text: String, reader: ServingReader) throws -> CustomServing {
        let words = reader.language.readerWords
        if let per = TextSpans.first(of: words["serving-per"], in: text) {
            let after = text[per.upperBound...]
            let said = after.prefix { $0 != "," && $0 != ";" && $0 != ":" }.trimmingCharacters(in: .whitespaces)
            if !said.isEmpty { return try reader.read(said) }
        }
        if TextSpans.first(of: words["food-each"], in: text) != nil { return CustomServing(quantity: 1, unit: "piece") }
        let measured = MeasureText(text, lexicon: reader.language)
        if let word = wordAfterEnergy(in: measured, language: reader.language) { return try reader.read(word) }
        if let stated = statedServing(in: text, words: words) { return try reader.read(stated) }
        return .plain
    }

    /// "45 cal a slice": the word after an energy and an article.
    private static func wordAfterEnergy(in text: MeasureText, language: LanguageLexicon) -> String? {
        for measure in text.measures where measure.dimension == .energy {
            let next = measure.range.upperBound
            guard next + 1 < text.tokens.count, language.isArticle(text.tokens[next].text),
                  text.tokens[next + 1].number == nil, text.tokens[next + 1].text.contains(where: \.isLetter) else { continue }
            return text.tokens[next + 1].text
        }
        return nil
    }

    /// "serving size is 40 g", "portion: 2 cookies (30 g)": the amount after a serving word, up to a comma.
    private static func statedServing(in text: String, words: WordKinds) -> String? {
        guard let word = TextSpans.first(of: words["serving-word"], in: text) else { return nil }
        var rest = text[word.upperBound...]
        while true {
            rest = rest.drop { $0 == " " || $0 == ":" || $0 == "=" }
            guard let glue = TextSpans.leading(words["serving-glue"], in: rest) else { break }
            rest = rest[glue...]
        }
        guard rest.first?.isNumber == true else { return nil }
        return String(rest.prefix { $0 != "," && $0 != ";" })
    }
}

extension String {
    /// "protein" → "Protein".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
