import Foundation

/// Every word list the language stage uses, loaded from `Lexicon/*.tsv`.
///
/// Adding a unit, a filler word or a connector is a line in a file, never a code change.
public struct LanguageLexicon: Sendable {
    /// The files read by `load(from:)`.
    public static let fileNames = ["units.tsv", "numbers.tsv", "plurals.tsv", "connectors.tsv", "filler-words.tsv",
                                   "descriptors.tsv", "meals.tsv", "dates.tsv", "amount-modifiers.tsv", "dish-heads.tsv", "dish-parts.tsv", "sides.tsv",
                                   "repetition-words.tsv", "body-words.tsv", "reader-words.tsv", "nutrition-labels.tsv",
                                   "grammar-words.tsv", "company-words.tsv"]

    var unitsByCanonical: [String: UnitDefinition] = [:]
    /// Case-folded unit surfaces ("tbsp", "fl oz").
    var units = PhraseTable<UnitDefinition>()
    /// Single-token surfaces matched with their case ("T", "t").
    var exactCaseUnits: [String: UnitDefinition] = [:]
    /// Letters that may stick to a number and still be a unit ("250g", "12oz").
    var attachableUnits: Set<String> = []
    /// Every dimension's surfaces ("cm", "hours", "kcal", "tbsp"), for measures outside food.
    var measureUnits = PhraseTable<UnitDefinition>()
    /// Surfaces that are a unit only right after a number ("in": "5 ft 10 in", but "5k in 28 minutes").
    var afterNumberUnits: Set<String> = []
    /// Letters of any measure that may stick to a number ("180cm", "5k", "1h30").
    var measureAttachableUnits: Set<String> = []
    var numbers: [String: NumberWord] = [:]
    /// `plurals.tsv`, with the rules for words it does not list.
    public internal(set) var pluralForms = PluralForms()
    var connectors = PhraseTable<ConnectorKind>()
    /// Last words of dish names whose "with …" parts are ingredients ("burrito with meat and beans").
    var dishHeads: Set<String> = []
    /// The dish heads that hold a whole plate ("frozen meal"): every food listed with them is theirs, sides too.
    var plateHeads: Set<String> = []
    /// The dish heads that are breads ("bun", "biscuit"), and words naming only a dish's bread ("bread", "toast").
    var breadHeads: Set<String> = []
    /// Foods served beside a dish ("fries", "crackers"), which "with" does not fold into it.
    var sides: Set<String> = []
    /// Words naming a part of a dish ("crust", "coating", "skin"), never a food alone.
    public internal(set) var dishParts: Set<String> = []
    /// Words that make a second mention of a food a second portion ("another", "more"), not the same one told again.
    public internal(set) var repetitionWords: Set<String> = []
    var filler = PhraseTable<FillerAction>()
    var descriptors = PhraseTable<String>()
    /// Descriptors of group `preparation` ("fried", "sauteed"): after one, a `cooking-medium` word ("in") starts
    /// what the food was cooked in.
    var preparationDescriptors: Set<String> = []
    var meals = PhraseTable<MealPhrase>()
    var dates = PhraseTable<DateWord>()
    var modifiers = PhraseTable<ModifierPosition>()
    /// Suffixes that make any hyphenated word a modifier ("bun-size", "thick-cut").
    var modifierSuffixes: [(suffix: String, position: ModifierPosition)] = []
    /// The words of age, birth date and target-weight statements (`body-words.tsv`).
    public internal(set) var bodyWords = BodyWords()
    /// Canonical units that are an amount even alone ("pinch salt", "tbsp honey").
    var standaloneUnits: Set<String> = []
    /// The words the readers of custom foods, servings, recipes and profile commands decide on (`reader-words.tsv`).
    public internal(set) var readerWords = WordKinds()
    /// Nutrient names on a nutrition label → a custom food's `name_unit` key (`nutrition-labels.tsv`).
    public internal(set) var nutritionLabels = PhraseTable<String>()
    /// Articles, prepositions, meal and clock glue words, by kind (`grammar-words.tsv`), each one token as written.
    public internal(set) var grammarWords = WordKinds()
    /// The people a food was eaten or shared with, and the verbs of sharing (`company-words.tsv`).
    public internal(set) var companyWords = WordKinds()
    /// Unit words that scale the unit after them instead ("10k steps": "k" is a thousand before another length).
    var unitScales: [String: Double] = [:]
    /// Words that write a number no amount can be (`not-a-number`, `endless` in numbers.tsv), as written: "NaN" → NaN.
    var unreadableNumbers: [String: Double] = [:]

    /// The kinds of `company-words.tsv`, as its header comment explains them.
    static let companyKinds: Set<String> = ["share", "shared", "lead", "lead-all", "person", "group", "self", "us", "determiner", "of", "order",
                                          "order-back"]

    /// The kinds of `reader-words.tsv`, as its header comment explains them.
    static let readerKinds: Set<String> = [
        "food-intro", "food-join", "name-marker", "name-end", "serving-per", "serving-each", "food-each", "serving-lead",
        "serving-filler", "serving-word", "serving-glue", "facts-glue", "recipe-delete", "recipe-part", "recipe-meal",
        "recipe-save", "recipe-adding", "recipe-list", "recipe-not-list", "recipe-show", "recipe-word", "recipe-own",
        "recipe-new", "recipe-create", "recipe-into", "recipe-generic", "servings-verb", "servings-filler",
        "servings-noun", "profile-topic", "profile-work", "profile-targets", "profile-reset", "profile-set-up",
        "profile-show", "goal-clear", "goal-all", "preference-allergy", "preference-intolerance", "preference-avoid",
        "preference-removal", "health-condition", "energy-kilojoule",
        "servings-clause", "servings-clause-lead", "servings-count-noun", "recipe-name-lead", "recipe-title",
        "recipe-name-end", "recipe-ingredients-lead", "recipe-save-into", "recipe-name-article",
    ]

    /// The kinds of `grammar-words.tsv`, as its header comment explains them.
    static let grammarKinds: Set<String> = [
        "preposition", "definite", "determiner", "list-and", "list-more", "of", "noun-joiner", "meal-preposition",
        "meal-determiner", "meal-article", "weekday-introducer", "weekday-back", "weekday-this", "date-on", "ago",
        "clock-preposition", "clock-approximate", "clock-bare-hour", "clock-am", "clock-pm", "clock-oclock", "lookup-stop",
        "part-lead", "part-from", "cooking-medium", "ingredient-lead", "number-range", "number-and", "number-multiplier",
        "number-fraction-alone", "descriptor-after", "per-item", "amount-total", "uncounted-piece", "exclusion", "filling-mark", "metric-mass",
        "container-from", "vague-unit",
    ]

    /// Reads the lexicon files in `directory`; a bad row throws a `DataFileError` naming `file:line`.
    public static func load(from directory: URL) throws -> LanguageLexicon {
        var lexicon = LanguageLexicon()
        func table(_ name: String, _ required: [String]) throws -> TSVTable {
            try TSVTable(contentsOf: directory.appendingPathComponent(name), required: required)
        }
        try lexicon.loadUnits(table("units.tsv", ["surface", "canonical", "dimension", "factor", "match", "alone", "drink", "body", "part"]))
        try lexicon.loadNumbers(table("numbers.tsv", ["word", "value", "kind"]))
        try lexicon.loadPlurals(table("plurals.tsv", ["plural", "singular"]))
        try lexicon.loadPhrases(table("connectors.tsv", ["phrase", "kind"])) { ConnectorKind(rawValue: $0["kind"]) }
            into: { $0.connectors.insert($1, value: $2) }
        let heads = try table("dish-heads.tsv", ["word", "kind"])
        lexicon.dishHeads = Set(heads.rows.filter { $0["kind"] != "base" }.map { $0["word"].lowercased() })
        lexicon.plateHeads = Set(heads.rows.filter { $0["kind"] == "plate" }.map { $0["word"].lowercased() })
        lexicon.breadHeads = Set(heads.rows.filter { ["bread", "base"].contains($0["kind"]) }.map { $0["word"].lowercased() })
        lexicon.sides = Set(try table("sides.tsv", ["word"]).rows.map { $0["word"].lowercased() })
        lexicon.dishParts = Set(try table("dish-parts.tsv", ["word"]).rows.map { $0["word"].lowercased() })
        lexicon.repetitionWords = Set(try table("repetition-words.tsv", ["word"]).rows.map { $0["word"].lowercased() })
        try lexicon.loadPhrases(table("filler-words.tsv", ["phrase", "action"])) { FillerAction(rawValue: $0["action"]) }
            into: { $0.filler.insert($1, value: $2) }
        let descriptors = try table("descriptors.tsv", ["phrase", "group"])
        try lexicon.loadPhrases(descriptors) { $0["phrase"].lowercased() }
            into: { $0.descriptors.insert($1, value: $2) }
        lexicon.preparationDescriptors = Set(descriptors.rows
            .filter { $0["group"] == "preparation" }.map { $0["phrase"].lowercased() })
        try lexicon.loadModifiers(table("amount-modifiers.tsv", ["phrase", "position"]))
        try lexicon.loadMeals(table("meals.tsv", ["phrase", "meal", "day_offset"]))
        try lexicon.loadDates(table("dates.tsv", ["phrase", "kind", "value"]))
        try lexicon.bodyWords.load(table("body-words.tsv", ["phrase", "kind", "value"]))
        lexicon.readerWords = try WordKinds(table("reader-words.tsv", ["phrase", "kind"]), kinds: readerKinds)
        lexicon.grammarWords = try WordKinds(table("grammar-words.tsv", ["phrase", "kind"]), kinds: grammarKinds, asWritten: true)
        lexicon.companyWords = try WordKinds(table("company-words.tsv", ["phrase", "kind"]), kinds: companyKinds)
        for row in try table("nutrition-labels.tsv", ["phrase", "key"]).rows {
            lexicon.nutritionLabels.insert(row["phrase"].lowercased(), row["key"])
        }
        return lexicon
    }

    /// Whether `word` is a preposition or a determiner (`grammar-words.tsv`): never a food word of its own.
    public func isGrammarWord(_ word: String) -> Bool {
        grammarWords.contains(word, "preposition") || grammarWords.contains(word, "determiner")
    }

    /// Whether `word` alone is a unit of a measure that is not food ("seconds", "kg" of body weight, "km").
    public func namesMeasure(_ word: String) -> Bool {
        let token = Token(kind: .word, text: word, raw: word, start: 0, end: 0, spaceBefore: true)
        guard let (definition, _) = measureUnits.match([token], at: 0) else { return false }
        return !definition.kind.isFood
    }

    /// The definition of a canonical unit ("cup" → volume, 236.588 ml), or nil for an unknown name.
    public func unitDefinition(for canonical: String) -> UnitDefinition? {
        unitsByCanonical[canonical]
    }

    /// Every canonical food unit the lexicon defines.
    public var canonicalUnits: [UnitDefinition] {
        unitsByCanonical.values.filter(\.kind.isFood).sorted { $0.canonical < $1.canonical }
    }

    /// The modifier at `i`: a listed word or phrase, or a hyphenated word with a listed suffix.
    func modifier(_ t: [Token], at i: Int) -> (position: ModifierPosition, length: Int)? {
        if let (position, length) = modifiers.match(t, at: i) { return (position, length) }
        guard i < t.count, t[i].isWord, t[i].text.utf8.contains(UInt8(ascii: "-")) else { return nil }
        for entry in modifierSuffixes where t[i].text.hasSuffix(entry.suffix) { return (entry.position, 1) }
        return nil
    }

    /// What `unit(named:)` trims from a surface's ends.
    private static let unitTrimming = CharacterSet(charactersIn: ". ").union(.whitespaces)

    /// The canonical unit for a written form ("tbsp", "Tbsp.", "fl oz", "cups"), or nil.
    public func unit(named surface: String) -> UnitDefinition? {
        // Most surfaces ("cup", "g") have nothing to trim; Foundation's trimming is slow, so it runs only when an end
        // is a dot, white space or not ASCII.
        let utf8 = surface.utf8
        let plainEnds = [utf8.first, utf8.last].allSatisfy { byte in
            byte.map { $0 < 0x80 && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: " ") && !(0x09...0x0D).contains($0) } ?? false
        }
        let trimmed = plainEnds ? surface : surface.trimmingCharacters(in: Self.unitTrimming)
        if let exact = exactCaseUnits[trimmed] { return exact }
        let tokens = Tokenizer.tokenize(TextNormalizer.normalizeKeepingMap(trimmed), attachableUnits: [])
            .filter { $0.text != "." }
        guard !tokens.isEmpty else { return nil }
        if let (definition, length) = units.match(tokens, at: 0), length == tokens.count { return definition }
        if tokens.count == 1 {
            let one = singular(tokens[0].text)
            if one != tokens[0].text, let (definition, _) = units.match([Token(kind: .word, text: one, raw: one, start: 0, end: 0, spaceBefore: true)], at: 0) {
                return definition
            }
        }
        return nil
    }
}
