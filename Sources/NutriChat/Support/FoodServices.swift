import Foundation
import NutriData
import NutriLanguage
import NutriStore

/// The loaded reference data every front end needs: lexicons, the food database and the resolver.
public final class FoodServices: @unchecked Sendable {
    public let data: DataDirectory
    public let catalogs: ReferenceCatalogs
    public let database: FoodDatabase
    public let catalog: FoodCatalog
    public let resolver: FoodResolver
    public let portions: PortionResolver
    /// How dishes described by their fillings are built from parts (`dish-bases.tsv`, `fillings.tsv`).
    public let composition: DishComposition
    public let language: LanguageLexicon
    /// How a message's contents overrule its wording (`Intents/slot-rules.tsv`, `Lexicon/message-cues.tsv`).
    public let slotRules: SlotRules
    /// The words a mention of plain water may hold (`Lexicon/water-words.tsv`).
    public let waterWords: Set<String>
    /// The most of one item in one go, per unit and food group (`plausible-amounts.tsv`).
    public let plausibleAmounts: PlausibleAmounts
    /// Every alias name indexed for the meal parser, which never splits a known name.
    public let knownFoods: KnownFoods
    private let lock = NSLock()
    private var vocabulary: QuestionVocabulary?
    private var exercises: ExerciseTable?

    /// Loads the lexicons from `data` and opens the food database at `foodsPath`. The alias table, the largest part,
    /// is read on another thread meanwhile, and what needs no language lexicon is read before waiting for it: a
    /// one-line `parse` pays mostly for this start. `language` is a lexicon load shared with the intent classifier's
    /// thread (`AnalyzerLoader`); without one the lexicon is read here.
    public init(data: DataDirectory, foodsPath: String, language shared: LexiconLoad? = nil) throws {
        self.data = data
        let load = shared ?? LexiconLoad(directory: data.lexicon)
        let dishes = try FoodCatalog.loadDishes(from: data.lexicon.appendingPathComponent("dishes.tsv"))
        let aliasFile = data.lexicon.appendingPathComponent("foods.tsv")
        let loadingAliases = BackgroundResult {
            let lexicon = try load.lexicon()
            let plurals = lexicon.pluralForms
            let aliases = try FoodAliasTable.load(from: aliasFile, dishes: dishes, stopWords: lexicon.grammarWords["lookup-stop"],
                                                  singular: { plurals.singular($0) })
            return (aliases, KnownFoods(aliases.names, lexicon: lexicon))
        }
        catalogs = try ReferenceCatalogs.load(from: data.lexicon)
        database = try FoodDatabase(path: foodsPath)
        catalog = FoodCatalog(database: database, dishes: dishes)
        var rules = try FoodRankingRules.load(from: data.lexicon)
        slotRules = try SlotRules.load(intents: data.intents, lexicon: data.lexicon)
        waterWords = Set(try TSVTable(contentsOf: data.lexicon.appendingPathComponent("water-words.tsv"), required: ["word"])
            .rows.map { $0["word"].lowercased() })
        plausibleAmounts = try PlausibleAmounts.load(from: data.lexicon)
        language = try load.lexicon()
        let plurals = language.pluralForms
        let singular: (String) -> String = { plurals.singular($0) }
        let stopWords = language.grammarWords["lookup-stop"]
        rules.ingredientLeads = language.grammarWords["ingredient-lead"]
        portions = try PortionResolver(catalog: catalog, language: language, lexicon: data.lexicon)
        composition = try DishComposition.load(from: data.lexicon, singular: singular, stopWords: stopWords)
        let (aliases, knownFoods) = try loadingAliases.value()
        self.knownFoods = knownFoods
        // Alias portions are written as people write them ("tbsp"): each is looked up as a unit.
        let language = self.language
        rules.sharedPortionUnits = Set(aliases.portionWords.filter { word in
            language.unit(named: word).map { [.mass, .volume, .container].contains($0.kind) } ?? false
        })
        resolver = FoodResolver(catalog: catalog, aliases: aliases, rules: rules, stopWords: stopWords, singular: singular)
    }

    /// Nutrient words and question filler, loaded on first use (start-up stays lean for batch parse).
    public func questionVocabulary() throws -> QuestionVocabulary {
        try loadedOnce(\.vocabulary) { try QuestionVocabulary.load(from: data.lexicon) }
    }

    /// Activities and counted movements (`exercises.tsv`, `exercise-aliases.tsv`, `exercise-speeds.tsv`,
    /// `exercise-reps.tsv`, `exercise-laps.tsv`), loaded on first use and shared with the conversation's tracking lexicon.
    public func exerciseTable() throws -> ExerciseTable {
        try loadedOnce(\.exercises) { try ExerciseTable.load(from: data.lexicon) }
    }

    /// The table kept at `slot`, loaded by `load` the first time any thread asks.
    private func loadedOnce<Table>(_ slot: ReferenceWritableKeyPath<FoodServices, Table?>, _ load: () throws -> Table) throws -> Table {
        lock.lock()
        defer { lock.unlock() }
        if let table = self[keyPath: slot] { return table }
        let loaded = try load()
        self[keyPath: slot] = loaded
        return loaded
    }
}
