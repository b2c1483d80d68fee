import Foundation
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
public enum CustomFoodStatement {
    /// Leading words of a request that are not part of the food's name.
    static let introWords: Set<String> = [
        "please", "can", "could", "would", "you", "i", "id", "want", "to", "like", "need", "let", "me", "add", "create",
        "make", "define", "save", "register", "enter", "put", "new", "a", "an", "the", "my", "own", "custom", "food",
        "foods", "item", "product", "entry", "brand", "snack", "drink", "beverage", "supplement", "this", "called",
        "named", "for", "in", "list", "database", "manually", "name", "another"]
    /// Trailing words that join the name to its facts.
    static let joinWords: Set<String> = ["with", "has", "is", "at", "of", "that", "and", "which", "per", "its", "it"]

    /// The draft a message describes, or a one-line `UserFacingError` saying what is missing.
    public static func read(_ text: String, servings: ServingReader) throws -> CustomFoodDraft {
        let name = self.name(in: text)
        guard !name.isEmpty else {
            throw UserFacingError("What's the food called? Say e.g. \"add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar\".")
        }
        let rest = remainder(of: text, after: name)
        let facts = NutritionFactsReader().read(NutritionFactsReader.tokenize(rest))
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
    static func name(in text: String) -> String {
        if let quoted = firstGroup("[\"“]([^\"”]+)[\"”]", in: text) { return tidy(quoted, stripIntro: false) }
        if let called = firstGroup("(?i)\\b(?:called|named)\\s+(.+)$", in: text) { return tidy(cut(called), stripIntro: false) }
        if let colon = text.firstIndex(of: ":") {
            let after = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let before = String(text[..<colon])
            let afterName = tidy(cut(after), stripIntro: true)
            return afterName.isEmpty ? tidy(cut(before), stripIntro: true) : afterName
        }
        return tidy(cut(text), stripIntro: true)
    }

    /// The text up to the first comma, bracket, dash, digit, or joining word ("per", "with").
    static func cut(_ text: String) -> String {
        var end = text.endIndex
        for separator in [",", ";", "(", " - ", " – ", " per ", " with ", " at ", " each", " that has "] {
            if let range = text.range(of: separator, options: .caseInsensitive), range.lowerBound < end { end = range.lowerBound }
        }
        if let digit = text.firstIndex(where: \.isNumber), digit < end {
            // A number inside a word ("7up", "v8") belongs to the name.
            let previous = digit > text.startIndex ? text[text.index(before: digit)] : " "
            if previous == " " { end = digit }
        }
        return String(text[..<end])
    }

    /// Trims spaces, quotes and punctuation, leading request words and trailing joining words.
    static func tidy(_ text: String, stripIntro: Bool) -> String {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        func key(_ word: String) -> String { word.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        if stripIntro { while let first = words.first, introWords.contains(key(first)) { words.removeFirst() } }
        while let last = words.last, joinWords.contains(key(last)) || key(last).isEmpty { words.removeLast() }
        return words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " .:;,!?\"'“”-"))
    }

    /// The message after the name, where the facts and the serving are.
    static func remainder(of text: String, after name: String) -> String {
        guard let range = text.range(of: name, options: .caseInsensitive) else { return text }
        return String(text[range.upperBound...])
    }

    // MARK: - Serving

    /// "per bar", "per 30 g", "each", "45 cal a slice"; a plain serving when none is said.
    static func serving(in text: String, reader: ServingReader) throws -> CustomServing {
        if let per = firstGroup("(?i)\\bper\\s+([^,;:]+)", in: text) { return try reader.read(per) }
        if firstGroup("(?i)\\b(each)\\b", in: text) != nil { return CustomServing(quantity: 1, unit: "piece") }
        if let word = firstGroup("(?i)\\b(?:kcal|calories|cals?)\\s+(?:a|an)\\s+([\\p{L}]+)", in: text) { return try reader.read(word) }
        if let serving = firstGroup("(?i)\\b(?:serving|portion)\\s*(?:size)?\\s*(?:is|=|:|of)?\\s*([0-9][^,;]*)", in: text) {
            return try reader.read(serving)
        }
        return .plain
    }

    /// The first capture group of `pattern` in `text`.
    static func firstGroup(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}

extension String {
    /// "protein" → "Protein".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
