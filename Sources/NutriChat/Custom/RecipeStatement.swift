import Foundation

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

/// Splits manage_recipe messages into a `RecipeRequest`.
public enum RecipeStatement {
    static let numberWords: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "a": 1, "an": 1, "a dozen": 12, "dozen": 12,
    ]
    static let mealReferences: Set<String> = ["this", "that", "these", "it", "everything", "breakfast", "lunch", "dinner",
                                              "snack", "today", "todays", "yesterday", "yesterdays", "last", "brunch",
                                              "supper", "logged"]
    static let saveWords: Set<String> = ["save", "store", "make", "turn", "combine", "create", "add", "favorite", "favourite", "keep"]

    /// Reads one message. Deleting is checked first ("remove the sugar from …" is an ingredient change, not a
    /// deletion), then creating with ingredients ("with" or a colon followed by amounts), then saving a logged meal.
    public static func read(_ text: String) -> RecipeRequest {
        let words = TextFolding.words(text)
        let set = Set(words)
        let servings = self.servings(in: text)
        if !set.isDisjoint(with: ["delete", "remove", "erase", "drop"]), !set.contains("from"), !set.contains("out") {
            return .delete
        }
        if let (name, ingredients) = creation(in: text) {
            return .create(name: name, ingredients: ingredients, servings: servings)
        }
        if !set.isDisjoint(with: saveWords), !set.isDisjoint(with: mealReferences) || set.contains("from") {
            let (source, name) = splitSave(text)
            return .saveMeal(source: source, name: name, servings: servings)
        }
        if let servings, set.isDisjoint(with: ["add", "with"]) { return .setServings(servings) }
        if !set.isDisjoint(with: ["list", "recipes", "meals"]) || (set.contains("recipe") && set.contains("list")) {
            if set.isDisjoint(with: ["in", "ingredients", "add", "change", "edit", "update", "rename"]) { return .list }
        }
        if !set.isDisjoint(with: ["show", "whats", "what", "view", "open", "see", "ingredients", "display"]) { return .show }
        if set.contains("recipe") || set.contains("recipes"), words.count <= 3,
           !set.isDisjoint(with: ["my", "recipe", "recipes"]), set.isDisjoint(with: ["new", "create", "add", "save", "make"]) {
            return words.contains("recipes") ? .list : .show
        }
        if !set.isDisjoint(with: ["create", "new", "make", "build", "start", "add"]), set.isDisjoint(with: ["to", "into"]) {
            return .create(name: createdName(in: text) ?? "", ingredients: "", servings: servings)
        }
        return .other
    }

    /// "makes 2 servings", "serves 4", "2 servings", "for 6 people", "makes a dozen".
    public static func servings(in text: String) -> Double? {
        let number = "([0-9]+(?:[.,][0-9]+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen|dozen)"
        let patterns = [
            "(?i)\\b(?:makes|serves|yields|making|feeds|to)\\s+(?:about\\s+)?\(number)\\b",
            "(?i)\\b\(number)\\s+(?:servings?|portions?|people|persons|helpings?)\\b",
        ]
        for pattern in patterns {
            guard let found = CustomFoodStatement.firstGroup(pattern, in: text)?.lowercased() else { continue }
            if let value = numberWords[found] ?? Double(found.replacingOccurrences(of: ",", with: ".")) { return value }
        }
        return nil
    }

    // MARK: - Parts

    /// The name and ingredient text of "… called NAME with INGREDIENTS", "recipe: NAME, INGREDIENTS",
    /// "recipe for NAME with INGREDIENTS"; nil when the message lists no ingredient with an amount.
    static func creation(in text: String) -> (String, String)? {
        let body = withoutServings(text)
        if let name = createdName(in: body) {
            for marker in [" with ", ":"] {
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
                let name = CustomFoodStatement.tidy(parts[0], stripIntro: false)
                if !name.isEmpty { return (name, parts[1]) }
            }
        }
        return nil
    }

    /// "called NAME", "named NAME", "recipe for NAME", "recipe: NAME", up to "with", a comma or a colon.
    static func createdName(in text: String) -> String? {
        let patterns = ["(?i)\\b(?:called|named)\\s+(.+)$", "(?i)\\brecipe\\s+for\\s+(?:my\\s+)?(.+)$", "(?i)\\b(?:recipe|meal)\\s*:\\s*(.+)$"]
        for pattern in patterns {
            guard let found = CustomFoodStatement.firstGroup(pattern, in: text) else { continue }
            var end = found.endIndex
            for separator in [" with ", ",", ":", ";", " makes ", " serves ", " that makes "] {
                if let range = found.range(of: separator, options: .caseInsensitive), range.lowerBound < end { end = range.lowerBound }
            }
            let name = CustomFoodStatement.tidy(String(found[..<end]), stripIntro: false)
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// "save my breakfast as a recipe called power breakfast" → ("save my breakfast", "power breakfast").
    static func splitSave(_ text: String) -> (String, String?) {
        let body = withoutServings(text)
        if let called = body.range(of: "(?i)\\b(called|named)\\s+", options: .regularExpression) {
            let name = CustomFoodStatement.tidy(String(body[called.upperBound...]), stripIntro: false)
            let before = String(body[..<called.lowerBound])
            let source = before.range(of: "(?i)\\s(as|into)\\s", options: .regularExpression).map { String(before[..<$0.lowerBound]) } ?? before
            return (source, name.isEmpty ? nil : name)
        }
        guard let asRange = body.range(of: "(?i)\\s(as|into)\\s", options: .regularExpression) else { return (body, nil) }
        let source = String(body[..<asRange.lowerBound])
        var name = String(body[asRange.upperBound...])
        name = name.replacingOccurrences(of: "(?i)^(a|an|my|the)\\s+", with: "", options: .regularExpression)
        let generic: Set<String> = ["recipe", "recipes", "meal", "meals", "saved meal", "new recipe", "new meal", "favorite",
                                    "favourite", "recipie", "a recipe", "one"]
        let tidy = CustomFoodStatement.tidy(name, stripIntro: false)
        return (source, generic.contains(tidy.lowercased()) || tidy.isEmpty ? nil : tidy)
    }

    /// The text without its servings clause (", makes 2 servings", "serves 4").
    static func withoutServings(_ text: String) -> String {
        let pattern = "(?i)[,;]?\\s*(?:and\\s+|it\\s+|that\\s+|which\\s+)?\\b(?:makes|serves|yields|feeds)\\b.*$"
        return text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            .replacingOccurrences(of: "(?i)[,;]?\\s*\\b[0-9]+\\s+servings?\\s*$", with: "", options: .regularExpression)
    }
}
