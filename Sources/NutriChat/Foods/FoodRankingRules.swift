import Foundation
import NutriLanguage

/// The data behind re-ranking: preparation words and each food group's default state, from `Lexicon/`.
public struct FoodRankingRules: Sendable {
    /// "fried" → "cooked", "raw" → "raw", "canned" → "processed".
    public var preparationState: [String: String]
    /// Food group prefix → default state ("raw" for fruit, "cooked" for meat).
    public var groupState: [String: String]
    /// Food group prefix → score adjustment when the query does not name the group.
    public var groupPrior: [String: Double]
    /// Everyday word → the words USDA names use for it ("diet" → ["low", "calorie"]).
    public var synonyms: [String: [String]] = [:]
    /// Everyday phrases USDA writes as one word ("baby food" → "babyfood"), by their words.
    public var compounds: [[String]: String] = [:] { didSet { compoundFirstWords = Set(compounds.keys.compactMap(\.first)) } }
    /// The first words of `compounds`' phrases: most words start none, known with one lookup.
    public private(set) var compoundFirstWords: Set<String> = []
    /// Words that never name a food ("all", "right", "variety"), left out of lookups (`non-food-words.tsv`).
    public var nonFoodWords: Set<String> = []
    /// Qualifiers that change the food ("sugar free", "light"), by their words, each with the USDA wordings that
    /// express it (`qualifiers.tsv`: "light" is "light", "lite", "reduced fat" …).
    public var qualifiers: [[String]: [[String]]] = [:]
    /// Portion words a food's relatives can share: measures and containers ("tbsp", "bag"), not counts ("cookie"),
    /// whose size belongs to one food. Set from the language lexicon's units.
    public var sharedPortionUnits: Set<String> = []
    /// Words after which a reference name lists ingredients, not the food ("…, with calcium, saccharin"). Set from the
    /// language lexicon (`grammar-words.tsv`, kind ingredient-lead).
    public var ingredientLeads: Set<String> = []
    /// Words that qualify a USDA name without changing what a person would call the food (`scoring-words.tsv`).
    public var neutralWords: Set<String> = []
    /// Query words that name the baby-food groups, so their prior does not push them down (`scoring-words.tsv`).
    public var babyWords: Set<String> = []
    /// The scorer's word table, for phrases read from a whole message: "baby food" or "for babies" beside a food's
    /// name (kind baby-phrase, `scoring-words.tsv`).
    public var scoringWords = WordKinds()
    /// Runs of capitals in USDA names that are abbreviations, not brands, lowercased ("nfs"; `scoring-words.tsv`).
    public var notBrandRuns: Set<String> = []
    /// Words after which the food's name goes on, the words before being what fills it ("filled", "stuffed").
    public var fillingMarks: Set<String> = []

    /// Creates rules from explicit values.
    public init(preparationState: [String: String] = [:], groupState: [String: String] = [:],
                groupPrior: [String: Double] = [:]) {
        self.preparationState = preparationState
        self.groupState = groupState
        self.groupPrior = groupPrior
    }

    /// Loads `preparations.tsv`, `food-group-defaults.tsv`, `synonyms.tsv`, `compounds.tsv`, `qualifiers.tsv` and
    /// `non-food-words.tsv` and `scoring-words.tsv`.
    public static func load(from lexicon: URL) throws -> FoodRankingRules {
        var rules = FoodRankingRules()
        let prep = try TSVTable(contentsOf: lexicon.appendingPathComponent("preparations.tsv"), required: ["word", "state"])
        for row in prep.rows {
            guard ["cooked", "raw", "processed", "form", "dry"].contains(row["state"]) else {
                throw DataFileError(file: prep.file, line: row.line, reason: "state must be cooked, raw, processed, form or dry")
            }
            rules.preparationState[row["word"].lowercased()] = row["state"]
        }
        let groups = try TSVTable(contentsOf: lexicon.appendingPathComponent("food-group-defaults.tsv"),
                                  required: ["prefix", "state", "prior"])
        for row in groups.rows {
            if row["state"] != "-" { rules.groupState[row["prefix"]] = row["state"] }
            if row["prior"] != "-" { rules.groupPrior[row["prefix"]] = try row.double("prior", file: groups.file) }
        }
        let synonyms = try TSVTable(contentsOf: lexicon.appendingPathComponent("synonyms.tsv"), required: ["word", "usda"])
        for row in synonyms.rows {
            let words = FoldedWords.words(of: row["usda"])
            guard !row["word"].isEmpty, !words.isEmpty else {
                throw DataFileError(file: synonyms.file, line: row.line, reason: "word and usda are both needed")
            }
            rules.synonyms[row["word"].lowercased()] = words
        }
        let compounds = try TSVTable(contentsOf: lexicon.appendingPathComponent("compounds.tsv"), required: ["phrase", "word"])
        for row in compounds.rows {
            let words = FoldedWords.words(of: row["phrase"])
            guard words.count >= 2, !row["word"].isEmpty else {
                throw DataFileError(file: compounds.file, line: row.line, reason: "a phrase of two or more words and its word")
            }
            rules.compounds[words] = row["word"].lowercased()
        }
        let qualifiers = try TSVTable(contentsOf: lexicon.appendingPathComponent("qualifiers.tsv"), required: ["phrase", "usda"])
        for row in qualifiers.rows {
            let phrase = FoldedWords.words(of: row["phrase"])
            let usda = FoldedWords.words(of: row["usda"])
            guard !phrase.isEmpty, !usda.isEmpty else {
                throw DataFileError(file: qualifiers.file, line: row.line, reason: "phrase and usda are both needed")
            }
            rules.qualifiers[phrase, default: []].append(usda)
        }
        let nonFood = try TSVTable(contentsOf: lexicon.appendingPathComponent("non-food-words.tsv"), required: ["word"])
        rules.nonFoodWords = Set(nonFood.rows.map { $0["word"].lowercased() })
        let scoring = try WordKinds(TSVTable(contentsOf: lexicon.appendingPathComponent("scoring-words.tsv"),
                                             required: ["phrase", "kind"]), kinds: ["neutral", "baby", "baby-phrase", "not-brand", "filling-mark"])
        rules.neutralWords = scoring["neutral"]
        rules.babyWords = scoring["baby"]
        rules.scoringWords = scoring
        rules.notBrandRuns = scoring["not-brand"]
        rules.fillingMarks = scoring["filling-mark"]
        return rules
    }
}
