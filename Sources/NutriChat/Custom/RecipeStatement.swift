import Foundation
import NutriData
import NutriLanguage

/// What a manage_recipe message asks for. Names are matched against saved recipes by the conversation, which knows
/// them; this reader only splits the message.
public enum RecipeRequest: Sendable, Equatable {
    /// "create a recipe called overnight oats with 1 cup rolled oats, 1 cup milk …, makes 2 servings".
    case create(name: String, ingredients: String, servings: Double?)
    /// "save this meal as a recipe called X", "save my breakfast as a recipe called power breakfast": `source` is the
    /// part naming the meal ("save my breakfast"), `name` the new recipe's name when one was given.
    case saveMeal(source: String, name: String?, servings: Double?)
    /// "show my recipes".
    case list
    /// "what's in my overnight oats recipe", "show the chili recipe".
    case show
    /// "delete the overnight oats recipe".
    case delete
    /// "my chili recipe makes 6 servings", "change the soup recipe to 4 servings".
    case setServings(Double)
    /// Anything else about recipes (adding or removing one ingredient, renaming…).
    case other
}

/// Splits manage_recipe messages into a `RecipeRequest`. Its words are data (`recipe-*` and `servings-*` kinds in
/// `reader-words.tsv`); counts are read by NutriLanguage's number grammar ("serves four", "makes a dozen").
public enum RecipeStatement {
    /// The bundled lexicon, for callers that have none at hand; read once, on the first recipe message.
    static let bundledLanguage: LanguageLexicon? = try? LanguageLexicon.load(from: DataDirectory.bundled.lexicon)

    /// Reads one message with the bundled lexicon.
    public static func read(_ text: String) -> RecipeRequest {
        guard let language = bundledLanguage else { return .other }
        return read(text, language: language)
    }

    /// Reads one message. Deleting is checked first ("remove the sugar from …" is an ingredient change, not a
    /// deletion), then creating with ingredients ("with" or a colon followed by amounts), then saving a logged meal.
    public static func read(_ text: String, language: LanguageLexicon) -> RecipeRequest {
        let kinds = language.readerWords
        let words = MeasureText.words(text.lowercased())
        let set = Set(words)
        func any(_ kind: String) -> Bool { kinds.any(kind, in: set) }
        let servings = self.servings(in: text, language: language)
        if any("recipe-delete"), !any("recipe-part") { return .delete }
        if let (name, ingredients) = creation(in: text, words: kinds) {
            return .create(name: name, ingredients: ingredients, servings: servings)
        }
        if any("recipe-save"), any("recipe-meal") {
            let (source, name) = splitSave(text, words: kinds)
            return .saveMeal(source: source, name: name, servings: servings)
        }
        if let servings, !any("recipe-adding") { return .setServings(servings) }
        if any("recipe-list"), !any("recipe-not-list") { return .list }
        if any("recipe-show") { return .show }
        if any("recipe-word"), words.count <= 3, any("recipe-own"), !any("recipe-new") {
            // "my recipes" lists, "my chili recipe" shows: the plural is both a recipe word and a list word.
            return set.contains { kinds.contains($0, "recipe-word") && kinds.contains($0, "recipe-list") } ? .list : .show
        }
        if any("recipe-create"), !any("recipe-into") {
            return .create(name: createdName(in: text, words: kinds) ?? "", ingredients: "", servings: servings)
        }
        return .other
    }

    /// "makes 2 servings", "serves 4", "2 servings", "for four people", "makes a dozen": the count after a
    /// `servings-verb` (perhaps "about"), else the count before a `servings-noun`.
    public static func servings(in text: String, language: LanguageLexicon) -> Double? {
        let kinds = language.readerWords
        let reading = MeasureText(text, lexicon: language)
        let tokens = reading.tokens
        for (i, token) in tokens.enumerated() where kinds.contains(token.text, "servings-verb") {
            var j = i + 1
            while j < tokens.count, kinds.contains(tokens[j].text, "servings-filler") { j += 1 }
            if let count = count(at: j, in: tokens, language: language) { return count }
        }
        for (i, token) in tokens.enumerated().dropFirst() where kinds.contains(token.text, "servings-noun") {
            if let count = count(at: i - 1, in: tokens, language: language) { return count }
        }
        return nil
    }

    /// The count at token `i`: a number, or a lone collective the grammar left as a word ("a dozen" → 12).
    private static func count(at i: Int, in tokens: [MeasureText.Word], language: LanguageLexicon) -> Double? {
        guard i < tokens.count else { return nil }
        if let number = tokens[i].number { return number }
        if language.isArticle(tokens[i].text), i + 1 < tokens.count {
            return MeasureText(tokens[i...i + 1].map(\.text).joined(separator: " ") + " servings", lexicon: language)
                .tokens.first?.number
        }
        return nil
    }

    // MARK: - Parts

    /// The name and ingredient text of "… called NAME with INGREDIENTS", "recipe: NAME, INGREDIENTS",
    /// "recipe for NAME with INGREDIENTS"; nil when the message lists no ingredient with an amount.
    static func creation(in text: String, words: WordKinds) -> (String, String)? {
        let body = withoutServings(text, words: words)
        if let name = createdName(in: body, words: words) {
            for marker in words["recipe-ingredients-lead"].sorted().map({ " \($0) " }) + [":"] {
                guard let nameRange = body.range(of: name, options: .caseInsensitive),
                      let range = body.range(of: marker, options: .caseInsensitive, range: nameRange.upperBound..<body.endIndex)
                else { continue }
                let ingredients = String(body[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                if ingredients.contains(where: \.isNumber) || ingredients.splitting(",").count >= 2 { return (name, ingredients) }
            }
        }
        // "recipe: lentil soup, 1 cup lentils, 1 onion": the part before the first amount is the name.
        if let colon = body.firstIndex(of: ":") {
            let after = body[body.index(after: colon)...]
            let parts = after.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, !parts[0].contains(where: \.isNumber), parts[1].contains(where: \.isNumber) {
                let name = CustomFoodStatement.tidy(parts[0], stripIntro: false, words: words)
                if !name.isEmpty { return (name, parts[1]) }
            }
        }
        return nil
    }

    /// "called NAME", "named NAME", "recipe for NAME", "recipe: NAME", up to "with", a comma or a colon.
    static func createdName(in text: String, words: WordKinds) -> String? {
        let patterns = ["(?i)\\b(?:\(alternation(words["name-marker"])))\\s+(.+)$",
                        "(?i)\\b(?:\(alternation(words["recipe-name-lead"])))\\s+(.+)$",
                        "(?i)\\b(?:\(alternation(words["recipe-title"])))\\s*:\\s*(.+)$"]
        let separators = [",", ":", ";"] + words["recipe-name-end"].sorted().map { " \($0) " }
        for pattern in patterns {
            guard let found = firstGroup(pattern, in: text) else { continue }
            var end = found.endIndex
            for separator in separators {
                if let range = found.range(of: separator, options: .caseInsensitive), range.lowerBound < end { end = range.lowerBound }
            }
            let name = CustomFoodStatement.tidy(String(found[..<end]), stripIntro: false, words: words)
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// "save my breakfast as a recipe called power breakfast" → ("save my breakfast", "power breakfast").
    static func splitSave(_ text: String, words: WordKinds) -> (String, String?) {
        let body = withoutServings(text, words: words)
        let into = "(?i)\\s(\(alternation(words["recipe-save-into"])))\\s"
        if let called = TextSpans.first(of: words["name-marker"], in: body) {
            let name = CustomFoodStatement.tidy(String(body[called.upperBound...]), stripIntro: false, words: words)
            let before = String(body[..<called.lowerBound])
            let source = before.range(of: into, options: .regularExpression).map { String(before[..<$0.lowerBound]) } ?? before
            return (source, name.isEmpty ? nil : name)
        }
        guard let asRange = body.range(of: into, options: .regularExpression) else { return (body, nil) }
        let source = String(body[..<asRange.lowerBound])
        var name = String(body[asRange.upperBound...])
        name = name.replacingOccurrences(of: "(?i)^(\(alternation(words["recipe-name-article"])))\\s+", with: "",
                                        options: .regularExpression)
        let tidy = CustomFoodStatement.tidy(name, stripIntro: false, words: words)
        let generic = words.contains(MeasureText.words(tidy.lowercased()).joined(separator: " "), "recipe-generic")
        return (source, generic || tidy.isEmpty ? nil : tidy)
    }

    /// The text without its servings clause (", makes 2 servings", "serves 4").
    static func withoutServings(_ text: String, words: WordKinds) -> String {
        let lead = alternation(words["servings-clause-lead"])
        let pattern = "(?i)[,;]?\\s*(?:(?:\(lead))\\s+)?\\b(?:\(alternation(words["servings-clause"])))\\b.*$"
        return text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            .replacingOccurrences(of: "(?i)[,;]?\\s*\\b[0-9]+\\s+(?:\(alternation(words["servings-count-noun"])))\\s*$", with: "",
                                  options: .regularExpression)
    }

    /// A regular-expression alternation of `phrases` (`reader-words.tsv`), longest first, each escaped; a phrase's
    /// words match across any white space.
    static func alternation(_ phrases: Set<String>) -> String {
        let sorted = phrases.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        let escaped = sorted.map { phrase in
            phrase.splitting(" ").map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "\\s+")
        }
        return escaped.isEmpty ? "(?!)" : escaped.joined(separator: "|")
    }

    /// The first capture group of `pattern` in `text`.
    static func firstGroup(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
