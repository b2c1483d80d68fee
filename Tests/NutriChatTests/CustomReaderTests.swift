import Foundation
import Testing
@testable import NutriChat

/// Corpora for the readers behind custom foods and recipes: many surface forms → one expected reading, plus inputs
/// that must be refused.
@Suite("Custom food and recipe readers")
struct CustomReaderTests {
    static func servings() throws -> ServingReader {
        guard let language = TestServices.services?.language else { throw UserFacingError("test services unavailable") }
        return ServingReader(language: language)
    }

    static func facts() throws -> NutritionFactsReader {
        NutritionFactsReader(language: try servings().language)
    }

    // MARK: - Servings

    static let servingCorpus: [(String, Double, String, Double?)] = [
        ("1 bar", 1, "bar", nil), ("bar", 1, "bar", nil), ("per bar", 1, "bar", nil), ("30 g", 30, "gram", 30),
        ("3/4 cup", 0.75, "cup", nil), ("half a cup", 0.5, "cup", nil), ("1 1/2 cups", 1.5, "cup", nil),
        ("2 cookies", 2, "cookie", nil), ("each", 1, "piece", nil), ("serving (40 g)", 1, "serving", 40),
        ("60 g bar", 1, "bar", 60), ("2 tbsp", 2, "tablespoon", nil), ("bottle (330 ml)", 1, "bottle", 330),
        ("1 cup = 240 g", 1, "cup", 240), ("250 ml", 250, "milliliter", nil), ("capsule", 1, "capsule", nil),
    ]

    @Test(arguments: servingCorpus)
    func servingsAreRead(_ text: String, _ quantity: Double, _ unit: String, _ grams: Double?) throws {
        let serving = try Self.servings().read(text)
        #expect(serving.quantity == quantity, "\(text)")
        #expect(serving.unit == unit, "\(text)")
        #expect(serving.grams.map { ($0 * 10).rounded() / 10 } == grams, "\(text)")
    }

    @Test(arguments: ["", "   ", "!!!", "per", "123 456 789 012"])
    func unreadableServingsAreRefused(_ text: String) throws {
        let reader = try Self.servings()
        #expect(throws: UserFacingError.self, "\(text)") { try reader.read(text) }
    }

    // MARK: - Nutrition facts

    static let factsCorpus: [(String, [String: Double])] = [
        ("200 kcal, 20 g protein, 22 g carbs, 7 g fat",
         ["energy_kcal": 200, "protein_g": 20, "carbohydrate_g": 22, "fat_g": 7]),
        ("calories 230 fat 9 protein 8 carbs 30", ["energy_kcal": 230, "fat_g": 9, "protein_g": 8, "carbohydrate_g": 30]),
        ("protein: 20g, total fat: 7g, sat fat 3 g", ["protein_g": 20, "fat_g": 7, "saturated_fat_g": 3]),
        ("7 g fat of which 3 g saturated fat", ["fat_g": 7, "saturated_fat_g": 3]),
        ("1,800 kcal", ["energy_kcal": 1800]), ("2,5 g fibre", ["fiber_g": 2.5]), ("500 mg fiber", ["fiber_g": 0.5]),
        ("840 kJ", ["energy_kcal": 200.8]), ("840 kJ / 200 kcal", ["energy_kcal": 200]),
        ("150 calories, 12g sugars, 4 g dietary fiber", ["energy_kcal": 150, "sugars_g": 12, "fiber_g": 4]),
        ("-5 g protein", ["protein_g": -5]),
    ]

    @Test(arguments: factsCorpus)
    func nutritionFactsAreRead(_ text: String, _ expected: [String: Double]) throws {
        let facts = try Self.facts().read(text)
        #expect(facts.values == expected, "\(text)")
    }

    @Test func aNutrientGivenTwiceIsAConflict() throws {
        let facts = try Self.facts().read("5 g protein, protein 6 g")
        #expect(facts.conflict?.key == "protein_g")
    }

    // MARK: - Add-food messages

    static let foodCorpus: [(String, String, Double, String)] = [
        ("add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar", "protein bar", 200, "bar"),
        ("new food: grandma's cookies, 150 calories each", "grandma's cookies", 150, "piece"),
        ("create a food called my granola, 120 kcal per 30 g", "my granola", 120, "gram"),
        ("add custom food kirkland protein bar 190 cal 21g protein", "kirkland protein bar", 190, "serving"),
        ("add my protein powder: 120 kcal, 24 g protein per scoop", "protein powder", 120, "scoop"),
        ("add to my foods: keto bread, 45 cal a slice", "keto bread", 45, "slice"),
        ("create food pistachio ice cream 250 cal per half cup", "pistachio ice cream", 250, "cup"),
        ("Add Food: Fairlife milk, 80 calories, 13g protein per cup", "Fairlife milk", 80, "cup"),
        ("make a food for \"homemade granola bar\" with 190 kcal", "homemade granola bar", 190, "serving"),
        ("add a food: V8 juice, 50 kcal per can", "V8 juice", 50, "can"),
    ]

    @Test(arguments: foodCorpus)
    func addFoodMessagesAreRead(_ text: String, _ name: String, _ kcal: Double, _ unit: String) throws {
        let draft = try CustomFoodStatement.read(text, servings: Self.servings())
        #expect(draft.name == name, "\(text)")
        #expect(draft.nutrients["energy_kcal"] == kcal, "\(text)")
        #expect(draft.serving.unit == unit, "\(text)")
    }

    @Test(arguments: ["add a food", "add food with calories 230 fat 9", "add a food: protein bar, 20 g protein",
                      "custom food please"])
    func incompleteAddFoodMessagesAreRefused(_ text: String) throws {
        let reader = try Self.servings()
        #expect(throws: UserFacingError.self, "\(text)") { try CustomFoodStatement.read(text, servings: reader) }
    }

    // MARK: - Recipe messages

    static let recipeCorpus: [(String, RecipeRequest)] = [
        ("create a recipe called overnight oats with 1 cup rolled oats, 1 cup milk and 1 tbsp honey, makes 2 servings",
         .create(name: "overnight oats", ingredients: "1 cup rolled oats, 1 cup milk and 1 tbsp honey", servings: 2)),
        ("recipe: lentil soup, 1 cup lentils, 1 onion, 2 carrots, 4 cups broth",
         .create(name: "lentil soup", ingredients: "1 cup lentils, 1 onion, 2 carrots, 4 cups broth", servings: nil)),
        ("make recipe called tuna salad: 1 can tuna, 2 tbsp mayo", .create(name: "tuna salad", ingredients: "1 can tuna, 2 tbsp mayo", servings: nil)),
        ("new recipe: banana muffins", .create(name: "banana muffins", ingredients: "", servings: nil)),
        ("save this meal as a recipe", .saveMeal(source: "save this meal", name: nil, servings: nil)),
        ("save my breakfast as a recipe called power breakfast",
         .saveMeal(source: "save my breakfast", name: "power breakfast", servings: nil)),
        ("save this meal as taco night", .saveMeal(source: "save this meal", name: "taco night", servings: nil)),
        ("create a recipe from today's dinner", .saveMeal(source: "create a recipe from today's dinner", name: nil, servings: nil)),
        ("show my recipes", .list), ("list recipes", .list), ("what recipes do I have saved", .list), ("my recipes", .list),
        ("what's in my overnight oats recipe", .show), ("show me the chili recipe", .show),
        ("delete the pancake recipe", .delete), ("remove my smoothie recipe", .delete),
        ("my chili recipe makes 6 servings", .setServings(6)), ("change my curry recipe to 5 servings", .setServings(5)),
        ("remove the sugar from my banana bread recipe", .other), ("rename the recipe to mom's lasagna", .other),
    ]

    @Test(arguments: recipeCorpus)
    func recipeMessagesAreRead(_ text: String, _ expected: RecipeRequest) {
        #expect(RecipeStatement.read(text) == expected, "\(text)")
        if let language = TestServices.services?.language {
            #expect(RecipeStatement.read(text, language: language) == expected, "\(text)")
        }
    }
}
