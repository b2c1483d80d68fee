import Foundation
import NutriLanguage
import Testing
@testable import NutriChat

/// Corpora for the readers of custom foods and recipes as they read through NutriLanguage's front end: many
/// surface forms of one fact → one reading, and a negative list of what must not be read as one.
@Suite("Reader corpora on the one front end")
struct ReaderCorpusTests {
    static func language() throws -> LanguageLexicon {
        guard let language = TestServices.services?.language else { throw UserFacingError("test services unavailable") }
        return language
    }

    // MARK: - Nutrition facts

    /// One label, written many ways.
    static let labelForms = [
        "Calories 250, Total Fat 12g, Sodium 470mg, Total Carbohydrate 31g, Protein 5g",
        "calories: 250; total fat: 12 g; sodium: 470 mg; total carbohydrate: 31 g; protein: 5 g",
        "250 kcal, 12 g fat, 470 mg sodium, 31 g carbs, 5 g protein",
        "Energy 250 kcal (1046 kJ), Fat 12 g, Carbohydrate 31 g, Protein 5 g, Sodium 0.47 g",
        "250 calories, fat 12g, carbohydrates 31g, protein 5g",
        "two hundred and fifty calories, twelve grams of fat, 31 g carbohydrates, five grams protein",
        "CALORIES 250 TOTAL FAT 12G TOTAL CARBS 31G PROTEIN 5G",
        "250 kcal · 12g fat · 31g carbs · 5g protein",
        "fat 12000 mg, carbs 31 g, protein 5 g, 250 cal",
    ]

    @Test(arguments: labelForms)
    func aLabelIsReadTheSameWhateverItsForm(_ text: String) throws {
        let facts = NutritionFactsReader(language: try Self.language()).read(text)
        #expect(facts.values == ["energy_kcal": 250, "fat_g": 12, "carbohydrate_g": 31, "protein_g": 5], "\(text)")
        #expect(facts.conflict == nil, "\(text)")
    }

    static let factCorpus: [(String, [String: Double])] = [
        ("Saturated Fat 3g, Dietary Fiber 4g, Total Sugars 12g", ["saturated_fat_g": 3, "fiber_g": 4, "sugars_g": 12]),
        ("sat fat 1.5 g", ["saturated_fat_g": 1.5]), ("1 1/2 g fibre", ["fiber_g": 1.5]),
        ("Energy 840 kJ", ["energy_kcal": 200.8]), ("200 kcal (840 kJ)", ["energy_kcal": 200]),
        ("protein is 20 g", ["protein_g": 20]), ("7 g of fat", ["fat_g": 7]), ("2.5g sugar", ["sugars_g": 2.5]),
        ("0.5 oz protein", ["protein_g": 14.2]),
    ]

    @Test(arguments: factCorpus)
    func labelFactsAreRead(_ text: String, _ expected: [String: Double]) throws {
        let facts = NutritionFactsReader(language: try Self.language()).read(text)
        #expect(facts.values.mapValues { ($0 * 10).rounded() / 10 } == expected, "\(text)")
    }

    /// Amounts that belong to no nutrient a custom food keeps, or numbers with no nutrient at all.
    static let noFacts = ["Sodium 470mg", "Cholesterol 30 mg, Vitamin D 2 mcg", "12 g", "serving size 40 g",
                          "a protein bar", "fat free", "high protein", "2-3 pieces", "5 minutes", "10k steps"]

    @Test(arguments: noFacts)
    func nothingElseIsAFact(_ text: String) throws {
        #expect(NutritionFactsReader(language: try Self.language()).read(text).values.isEmpty, "\(text)")
    }

    // MARK: - Servings

    static let servingCorpus: [(String, Double, String, Double?)] = [
        ("1 cup (228 g)", 1, "cup", 228), ("cup (228g)", 1, "cup", 228), ("1 cup = 228 g", 1, "cup", 228),
        ("2 pieces", 2, "piece", nil), ("two pieces", 2, "piece", nil), ("per pack", 1, "package", nil),
        ("pack", 1, "package", nil), ("for 1 pack", 1, "package", nil), ("a piece", 1, "piece", nil), ("apiece", 1, "piece", nil),
        ("1 slice (28 g)", 1, "slice", 28), ("can (355 ml)", 1, "can", 355), ("bar (2 oz)", 1, "bar", 56.7),
        ("100 g", 100, "gram", 100), ("2 tbsp (30 g)", 2, "tablespoon", 30),
    ]

    @Test(arguments: servingCorpus)
    func servingsAreRead(_ text: String, _ quantity: Double, _ unit: String, _ grams: Double?) throws {
        let serving = try ServingReader(language: try Self.language()).read(text)
        #expect(serving.quantity == quantity, "\(text)")
        #expect(serving.unit == unit, "\(text)")
        #expect(serving.grams.map { ($0 * 10).rounded() / 10 } == grams, "\(text)")
    }

    @Test(arguments: ["per", "for", "12345", "((", "one two three four five"])
    func unreadableServingsAreRefused(_ text: String) throws {
        let reader = ServingReader(language: try Self.language())
        #expect(throws: UserFacingError.self, "\(text)") { try reader.read(text) }
    }

    // MARK: - Custom food statements

    static let mealPackForms = [
        "add a food: meal pack, 500 kcal per pack", "add a food called meal pack, 500 kcal per pack",
        "new food \"meal pack\" 500 calories per pack", "create a custom food: Meal Pack, 500 cal per pack",
        "please add my own food meal pack with 500 kcal per pack", "add meal pack, 500 kcal a pack",
        "add a food: meal pack - 500 kcal per pack", "save a food named meal pack: 500 kcal, per pack",
    ]

    @Test(arguments: mealPackForms)
    func oneCustomFoodIsReadTheSameWhateverItsForm(_ text: String) throws {
        let draft = try CustomFoodStatement.read(text, servings: ServingReader(language: try Self.language()))
        #expect(draft.name.lowercased() == "meal pack", "\(text)")
        #expect(draft.nutrients == ["energy_kcal": 500], "\(text)")
        #expect(draft.serving == CustomServing(quantity: 1, unit: "package"), "\(text)")
    }

    @Test(arguments: ["add a food: meal pack", "add a food called meal pack per pack", "add a food: 500 kcal per pack",
                      "add a food: meal pack, 20 g protein per pack", "add a food: meal pack, 500 kcal, 600 kcal per pack"])
    func incompleteOrConflictingFoodsAreRefused(_ text: String) throws {
        let reader = ServingReader(language: try Self.language())
        #expect(throws: UserFacingError.self, "\(text)") { try CustomFoodStatement.read(text, servings: reader) }
    }

    // MARK: - Recipe servings

    static let servingCounts: [(String, Double)] = [
        ("serves 4", 4), ("makes 6 servings", 6), ("for four people", 4), ("makes about 8", 8), ("feeds six", 6),
        ("yields 12 portions", 12), ("makes a dozen", 12), ("4 servings", 4), ("it serves two", 2),
        ("change the soup recipe to 3 servings", 3), ("makes 2.5 servings", 2.5), ("makes twenty", 20),
    ]

    @Test(arguments: servingCounts)
    func recipeServingsAreRead(_ text: String, _ expected: Double) throws {
        #expect(RecipeStatement.servings(in: text, language: try Self.language()) == expected, "\(text)")
    }

    @Test(arguments: ["add 2 eggs to my chili recipe", "save my breakfast as a recipe", "1 cup of milk", "serves",
                      "makes sense", "for lunch", "show my recipes", "people", "2 cups oats"])
    func otherCountsAreNoServings(_ text: String) throws {
        #expect(RecipeStatement.servings(in: text, language: try Self.language()) == nil, "\(text)")
    }
}
