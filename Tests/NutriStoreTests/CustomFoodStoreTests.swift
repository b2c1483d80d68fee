import Foundation
import GRDB
import Testing
@testable import NutriStore

/// The custom-food and recipe tables (issue 5 parts 6–8) on a fresh in-memory journal per test.
@Suite("Custom food store")
struct CustomFoodStoreTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func bar(_ name: String = "Protein bar", grams: Double? = nil, at date: Date? = nil) -> CustomFoodRecord {
        CustomFoodRecord(name: name, servingQuantity: 1, servingUnit: "bar", servingGrams: grams,
                         nutrients: ["energy_kcal": 200, "protein_g": 20, "carbohydrate_g": 22, "fat_g": 7],
                         createdAt: date ?? now)
    }

    func oats() -> [RecipeIngredientRecord] {
        [RecipeIngredientRecord(text: "1 cup oats", foodId: "usda:08120", foodName: "Oats", quantity: 1, unit: "cup",
                                grams: 81, nutrients: ["energy_kcal": 307.8, "protein_g": 10.7]),
         RecipeIngredientRecord(text: "1 cup milk", foodId: "usda:01077", foodName: "Milk", quantity: 1, unit: "cup",
                                grams: 244, nutrients: ["energy_kcal": 148.8, "protein_g": 7.7])]
    }

    // MARK: - Custom foods

    @Test func aCustomFoodRoundTripsWithItsServing() throws {
        let journal = try Journal()
        let saved = try journal.addCustomFood(bar(grams: 60))
        #expect(saved.foodId == "custom:1")
        #expect(try journal.customFood(id: 1) == saved)
        #expect(try journal.customFood(named: "PROTEIN BAR")?.servingGrams == 60)
        #expect(CustomFoodRecord.number(in: "custom:12") == 12)
        #expect(CustomFoodRecord.number(in: "recipe:12") == nil)
    }

    @Test func namesAreTrimmedUniqueAndAtMostFiftyCharacters() throws {
        let journal = try Journal()
        try journal.addCustomFood(bar("  Protein   bar "))
        #expect(try journal.customFood(id: 1)?.name == "Protein bar")
        #expect(throws: StoreError.invalidValue("there is already a custom food called 'Protein bar'")) {
            try journal.addCustomFood(bar("protein BAR"))
        }
        #expect(throws: StoreError.invalidValue("a custom food needs a name")) { try journal.addCustomFood(bar("   ")) }
        #expect(throws: StoreError.self) { try journal.addCustomFood(bar(String(repeating: "x", count: 51))) }
        try journal.addCustomFood(bar(String(repeating: "x", count: 50)))
        #expect(try journal.customFoods().count == 2)
    }

    @Test func badServingsAndNutrientsAreRefusedAndNothingIsSaved() throws {
        let journal = try Journal()
        var food = bar()
        food.servingQuantity = 0.37
        #expect(throws: StoreError.self) { try journal.addCustomFood(food) }
        food.servingQuantity = 0.75
        food.servingUnit = "cup"
        try journal.addCustomFood(food)
        var metric = bar("Granola")
        metric.servingQuantity = 27.5
        metric.servingUnit = "gram"
        metric.servingGrams = 27.5
        #expect(throws: StoreError.self) { try journal.addCustomFood(metric) }  // 49 g of macros in 27.5 g
        metric.servingQuantity = 60
        metric.servingGrams = 60
        try journal.addCustomFood(metric)
        for (key, value) in [("protein_g", -1.0), ("energy_kcal", .nan), ("sugars_g", 30), ("vitamin_c_mg", 3)] {
            var bad = bar("Bad")
            bad.nutrients[key] = value
            #expect(throws: StoreError.self) { try journal.addCustomFood(bad) }
        }
        var noEnergy = bar("No energy")
        noEnergy.nutrients["energy_kcal"] = nil
        #expect(throws: StoreError.invalidValue("a custom food needs its calories (kcal)")) { try journal.addCustomFood(noEnergy) }
        #expect(try journal.customFoods().map(\.item.name) == ["Protein bar", "Granola"])
    }

    @Test func editingKeepsTheIdBumpsTheRevisionAndRefusesATakenName() throws {
        let journal = try Journal()
        var first = try journal.addCustomFood(bar())
        try journal.addCustomFood(bar("Cookie"))
        let before = try journal.userFoodsFingerprint()
        first.nutrients["energy_kcal"] = 210
        let edited = try journal.updateCustomFood(first, at: now.addingTimeInterval(60))
        #expect(edited.revision == 1)
        #expect(edited.id == first.id)
        #expect(try journal.userFoodsFingerprint() != before)
        first.name = "cookie"
        #expect(throws: StoreError.self) { try journal.updateCustomFood(first, at: now) }
        #expect(try journal.customFood(id: 1)?.nutrients["energy_kcal"] == 210)
        #expect(try journal.customFood(id: 1)?.name == "Protein bar")
    }

    @Test func listsSortByDateAddedNameAndTimesEaten() throws {
        let journal = try Journal()
        try journal.addCustomFood(bar("Zucchini chips", at: now))
        try journal.addCustomFood(bar("apple crisps", at: now.addingTimeInterval(10)))
        try journal.addCustomFood(bar("Muesli bar", at: now.addingTimeInterval(20)))
        let entry = JournalEntry(date: "2026-11-21", meal: "lunch", text: "a muesli bar", foodId: "custom:3",
                                 foodName: "Muesli bar", quantity: 1, unit: "bar", grams: 100, nutrients: ["energy_kcal": 200],
                                 createdAt: now)
        try journal.addEntries([entry, entry, JournalEntry(date: "2026-11-21", meal: "lunch", text: "chips",
                                                           foodId: "custom:1", foodName: "Zucchini chips", quantity: 1,
                                                           unit: "bar", grams: 100, nutrients: [:], createdAt: now)])
        #expect(try journal.customFoods(sortedBy: .added).map(\.item.name) == ["Zucchini chips", "apple crisps", "Muesli bar"])
        #expect(try journal.customFoods(sortedBy: .name).map(\.item.name) == ["apple crisps", "Muesli bar", "Zucchini chips"])
        let eaten = try journal.customFoods(sortedBy: .eaten)
        #expect(eaten.map(\.item.name) == ["Muesli bar", "Zucchini chips", "apple crisps"])
        #expect(eaten.map(\.timesEaten) == [2, 1, 0])
    }

    // MARK: - Recipes

    @Test func aRecipeSavesItsIngredientsInOrderAndAddsThemUp() throws {
        let journal = try Journal()
        let recipe = try journal.addRecipe(RecipeRecord(name: "Overnight oats", servings: 2, text: "test", createdAt: now),
                                           ingredients: oats())
        #expect(recipe.record.foodId == "recipe:1")
        let loaded = try #require(try journal.recipe(named: "overnight OATS"))
        #expect(loaded.ingredients.map(\.text) == ["1 cup oats", "1 cup milk"])
        #expect(loaded.ingredients.map(\.position) == [0, 1])
        #expect(abs(loaded.totals["energy_kcal", default: 0] - 456.6) < 1e-9)
        #expect(abs(loaded.perServing["energy_kcal", default: 0] - 228.3) < 1e-9)
        #expect(loaded.gramsPerServing == 162.5)
        #expect(abs((loaded.per100g?["energy_kcal"] ?? 0) - 456.6 / 3.25) < 1e-9)
    }

    @Test func recipeNamesAreUniqueAmongCustomFoodsToo() throws {
        let journal = try Journal()
        try journal.addCustomFood(bar("Overnight oats"))
        #expect(throws: StoreError.invalidValue("there is already a custom food called 'Overnight oats'")) {
            try journal.addRecipe(RecipeRecord(name: "overnight oats", servings: 2, text: "", createdAt: now), ingredients: oats())
        }
        try journal.addRecipe(RecipeRecord(name: "Porridge", servings: 2, text: "", createdAt: now), ingredients: oats())
        #expect(throws: StoreError.invalidValue("there is already a recipe called 'Porridge'")) {
            try journal.addCustomFood(bar("porridge"))
        }
        #expect(throws: StoreError.self) {
            try journal.addRecipe(RecipeRecord(name: "Empty", servings: 2, text: "", createdAt: now), ingredients: [])
        }
        #expect(throws: StoreError.self) {
            try journal.addRecipe(RecipeRecord(name: "None", servings: 0, text: "", createdAt: now), ingredients: oats())
        }
        #expect(try journal.recipes().map(\.item.record.name) == ["Porridge"])
    }

    @Test func updatingAndDeletingARecipeReplacesOrRemovesItsIngredients() throws {
        let journal = try Journal()
        var recipe = try journal.addRecipe(RecipeRecord(name: "Oats", servings: 2, text: "", createdAt: now), ingredients: oats())
        recipe.record.servings = 4
        let renamed = try journal.updateRecipe(recipe.record, ingredients: nil, at: now)
        #expect(renamed.ingredients.count == 2)
        #expect(renamed.record.revision == 1)
        let shorter = try journal.updateRecipe(renamed.record, ingredients: Array(oats().prefix(1)), at: now)
        #expect(shorter.ingredients.map(\.text) == ["1 cup oats"])
        #expect(try journal.recipe(id: 1)?.record.servings == 4)
        #expect(try journal.deleteRecipe(id: 1)?.record.name == "Oats")
        #expect(try journal.recipe(id: 1) == nil)
        let orphans = try journal.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM recipeIngredient") }
        #expect(orphans == 0)
    }

    // MARK: - Snapshots and read-only access

    @Test func deletingOrEditingAFoodLeavesLoggedEntriesAsTheyWere() throws {
        let journal = try Journal()
        var food = try journal.addCustomFood(bar())
        let entry = JournalEntry(date: "2026-11-21", meal: "lunch", text: "a protein bar", foodId: food.foodId,
                                 foodName: "Protein bar", quantity: 1, unit: "bar", grams: 100,
                                 nutrients: ["energy_kcal": 200, "protein_g": 20], createdAt: now)
        let logged = try journal.addEntries([entry])
        food.nutrients["energy_kcal"] = 250
        food.name = "Better bar"
        try journal.updateCustomFood(food, at: now)
        try journal.deleteCustomFood(id: 1)
        #expect(try journal.entries(on: "2026-11-21") == logged)
    }

    @Test func exportAndImportCarryCustomFoodsAndRecipesExactly() throws {
        let (source, journal) = try TransferHome.make()
        defer { source.remove() }
        try journal.addCustomFood(bar(grams: 60))
        try journal.addRecipe(RecipeRecord(name: "Oats", servings: 2, text: "made in a test", createdAt: now), ingredients: oats())
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try fresh.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        #expect(try fresh.userFoodRows() == journal.userFoodRows())
        #expect(try TransferHome.allRows(target.journalURL.path) == TransferHome.allRows(source.journalURL.path))
        #expect(try fresh.recipe(named: "oats")?.ingredients.count == 2)
    }

    @Test func aReadOnlyCopySeesTheFoodsAndNeverWrites() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try Journal(path: path)
        try journal.addCustomFood(bar())
        try journal.addRecipe(RecipeRecord(name: "Oats", servings: 2, text: "", createdAt: now), ingredients: oats())
        let reader = try ReadOnlyUserFoods(path: path)
        let rows = try reader.userFoodRows()
        #expect(rows.customFoods.map(\.name) == ["Protein bar"])
        #expect(rows.recipes.first?.ingredients.count == 2)
        #expect(try reader.userFoodsFingerprint() == journal.userFoodsFingerprint())
        let missing = try ReadOnlyUserFoods(path: folder.appendingPathComponent("none.sqlite").path)
        #expect(try missing.userFoodRows() == UserFoodRows())
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.sqlite").path))
    }
}
