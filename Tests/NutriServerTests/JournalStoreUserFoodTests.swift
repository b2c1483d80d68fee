import Foundation
import NutriStore
import Testing
@testable import NutriServer

/// The journal store contract for custom foods, recipes, preferences and settings, run against the SQLite journal
/// and PostgreSQL alike: the same answers, the same refusals in the same words, nothing half-written.
@Suite("Journal store user foods")
struct JournalStoreUserFoodTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var later: Date { now.addingTimeInterval(60) }

    func bar(_ name: String = "Protein bar", kcal: Double = 200) -> CustomFoodRecord {
        CustomFoodRecord(name: name, servingQuantity: 1, servingUnit: "bar", servingGrams: 60,
                         nutrients: ["energy_kcal": kcal, "protein_g": 20], createdAt: now)
    }

    func oats(_ name: String = "Overnight oats") -> (RecipeRecord, [RecipeIngredientRecord]) {
        (RecipeRecord(name: name, servings: 2, text: "command", createdAt: now),
         [RecipeIngredientRecord(text: "1 cup rolled oats", foodId: "usda:08120", foodName: "Oats", quantity: 1, unit: "cup",
                                 grams: 81, nutrients: ["energy_kcal": 307, "protein_g": 10.7]),
          RecipeIngredientRecord(text: "1 protein bar", foodId: "usda:01077", foodName: "Milk", quantity: nil, unit: nil,
                                 grams: 60, weightKnown: false, nutrients: ["energy_kcal": 149])])
    }

    func eaten(_ foodId: String) -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: "lunch", text: "one", foodId: foodId, foodName: "food", quantity: 1, unit: "serving",
                     grams: 60, nutrients: ["energy_kcal": 200], createdAt: now)
    }

    @Test(arguments: StoreKind.testable) func customFoodsAreFoundByIdOrNameEditedAndDeleted(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let saved = try journal.addCustomFood(bar())
        let id = try #require(saved.id)
        #expect(try journal.customFood(id: id) == saved)
        #expect(try journal.customFood(named: "  PROTEIN BAR ") == saved)
        var changed = saved
        changed.name = "Protein bar XL"
        changed.servingGrams = nil
        changed.nutrients["energy_kcal"] = 300
        let updated = try journal.updateCustomFood(changed, at: later)
        #expect(updated.revision == 1 && updated.updatedAt == later && updated.createdAt == now)
        #expect(try journal.customFood(id: id) == updated)
        #expect(try journal.customFood(named: "protein bar") == nil)
        #expect(try journal.deleteCustomFood(id: id) == updated)
        #expect(try journal.deleteCustomFood(id: id) == nil)
        #expect(try journal.customFood(id: id) == nil)
        var gone = updated
        gone.name = "Ghost"
        #expect(throws: StoreError.unknownFood(id: updated.foodId)) { try journal.updateCustomFood(gone, at: later) }
    }

    @Test(arguments: StoreKind.testable) func aNameIsTakenOnceAmongCustomFoodsAndRecipesInAnyCase(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let food = try journal.addCustomFood(bar())
        let (record, items) = oats()
        let recipe = try journal.addRecipe(record, ingredients: items)
        let foodTaken = StoreError.invalidValue("there is already a custom food called 'Protein bar'")
        let recipeTaken = StoreError.invalidValue("there is already a recipe called 'Overnight oats'")
        #expect(throws: foodTaken) { try journal.addCustomFood(self.bar("protein BAR")) }
        #expect(throws: recipeTaken) { try journal.addCustomFood(self.bar("overnight OATS")) }
        var clash = record
        clash.name = "PROTEIN bar"
        #expect(throws: foodTaken) { try journal.addRecipe(clash, ingredients: items) }
        var renamed = food
        renamed.name = "Overnight Oats"
        #expect(throws: recipeTaken) { try journal.updateCustomFood(renamed, at: self.later) }
        var renamedRecipe = recipe.record
        renamedRecipe.name = "protein bar"
        #expect(throws: foodTaken) { try journal.updateRecipe(renamedRecipe, ingredients: nil, at: self.later) }
        renamed.name = "PROTEIN BAR"
        #expect(try journal.updateCustomFood(renamed, at: later).name == "PROTEIN BAR", "its own name in other letters is free")
        #expect(try journal.customFoods(sortedBy: .added).count == 1 && journal.recipes(sortedBy: .added).count == 1)
    }

    @Test(arguments: StoreKind.testable) func recipesKeepTheirIngredientsInOrderThroughEdits(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let (record, items) = oats()
        let saved = try journal.addRecipe(record, ingredients: items)
        let id = try #require(saved.record.id)
        #expect(saved.ingredients.map(\.position) == [0, 1])
        #expect(saved.ingredients.allSatisfy { $0.recipeId == id && $0.id != nil })
        #expect(try journal.recipe(id: id) == saved)
        #expect(try journal.recipe(named: "OVERNIGHT OATS") == saved)
        var renamed = saved.record
        (renamed.name, renamed.servings) = ("Oats", 3)
        let kept = try journal.updateRecipe(renamed, ingredients: nil, at: later)
        #expect(kept.ingredients == saved.ingredients && kept.record.revision == 1 && kept.record.servings == 3)
        #expect(try journal.recipe(id: id) == kept)
        let swapped = try journal.updateRecipe(kept.record, ingredients: [items[1], items[0]], at: later)
        #expect(swapped.ingredients.map(\.text) == ["1 protein bar", "1 cup rolled oats"] && swapped.record.revision == 2)
        #expect(try journal.recipe(id: id) == swapped)
        #expect(try journal.deleteRecipe(id: id) == swapped)
        #expect(try journal.deleteRecipe(id: id) == nil)
        #expect(try journal.recipe(named: "oats") == nil)
        #expect(try journal.recipes(sortedBy: .added).isEmpty)
    }

    @Test(arguments: StoreKind.testable) func listsAreSortedAndCountedAndDeletedNumbersStillResolve(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let zesty = try journal.addCustomFood(bar("Zesty bar"))
        let chips = try journal.addCustomFood(bar("apple chips"))
        let (record, items) = oats()
        let recipe = try journal.addRecipe(record, ingredients: items)
        try journal.addEntries([eaten(chips.foodId), eaten(chips.foodId), eaten(zesty.foodId), eaten(recipe.record.foodId)])
        #expect(try journal.timesEaten(foodId: chips.foodId) == 2)
        #expect(try journal.customFoods(sortedBy: .added).map(\.item.name) == ["Zesty bar", "apple chips"])
        #expect(try journal.customFoods(sortedBy: .name).map(\.item.name) == ["apple chips", "Zesty bar"])
        #expect(try journal.customFoods(sortedBy: .eaten).map(\.timesEaten) == [2, 1])
        #expect(try journal.recipes(sortedBy: .eaten).map(\.timesEaten) == [1])
        #expect(try journal.userFoodRows() == UserFoodRows(customFoods: [zesty, chips], recipes: [recipe]))
        let before = try journal.userFoodsFingerprint()
        try journal.deleteCustomFood(id: try #require(chips.id))
        #expect(try journal.userFoodsFingerprint() != before)
        // Undo puts back entries naming a deleted food; a number never handed out is refused.
        #expect(try journal.addEntries([eaten(chips.foodId)]).count == 1)
        #expect(throws: (any Error).self) { try journal.addEntries([self.eaten("custom:999999")]) }
        #expect(throws: (any Error).self) { try journal.addEntries([self.eaten("recipe:999999")]) }
        #expect(try journal.timesEaten(foodId: chips.foodId) == 3)
    }

    @Test(arguments: StoreKind.testable) func bothStoresRefuseTheSameBadFoodsAndSaveNothing(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        var noServing = bar("Empty serving")
        noServing.servingQuantity = 0
        let badFoods = [bar("", kcal: 10), bar("a\u{7}b"), bar(String(repeating: "n", count: 51)), bar("Minus", kcal: -5),
                        bar("Not a number", kcal: .nan), noServing]
        for (index, food) in badFoods.enumerated() {
            #expect(throws: (any Error).self, "bad food \(index)") { try journal.addCustomFood(food) }
        }
        let (record, items) = oats()
        var noServings = record
        noServings.servings = 0
        var badItem = items[0]
        badItem.nutrients["energy_kcal"] = .infinity
        #expect(throws: (any Error).self) { try journal.addRecipe(noServings, ingredients: items) }
        #expect(throws: (any Error).self) { try journal.addRecipe(record, ingredients: [badItem, items[1]]) }
        #expect(try journal.customFoods(sortedBy: .added).isEmpty && journal.recipes(sortedBy: .added).isEmpty)
        let saved = try journal.addRecipe(record, ingredients: items)
        #expect(throws: (any Error).self) { try journal.updateRecipe(saved.record, ingredients: [badItem], at: self.later) }
        #expect(try journal.recipe(id: try #require(saved.record.id)) == saved, "a refused edit changes nothing")
    }

    @Test(arguments: StoreKind.testable) func preferencesAndSettingsBehaveAlike(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let first = try journal.addPreference(PreferenceRecord(kind: .allergy, item: "peanut", text: "peanuts", createdAt: now))
        let diet = try journal.addPreference(PreferenceRecord(kind: .diet, item: "vegetarian", text: "vegetarian", createdAt: now))
        let again = try journal.addPreference(PreferenceRecord(kind: .avoid, item: "peanut", text: "peanut butter", createdAt: now))
        #expect(first.id != nil && again.id != first.id)
        #expect(try journal.preferences() == [diet, again], "one per item; the newer one comes last")
        #expect(try journal.removePreference(item: "peanut") == again)
        #expect(try journal.removePreference(item: "peanut") == nil)
        #expect(throws: (any Error).self) {
            try journal.addPreference(PreferenceRecord(kind: .diet, item: "", text: "x", createdAt: self.now))
        }
        #expect(try journal.preferences() == [diet])

        #expect(try journal.settings().isEmpty && journal.setting("nudge.water") == nil)
        try journal.setSetting("nudge.water", to: "off", at: now)
        try journal.setSetting("nudge.water", to: "on", at: later)
        try journal.setSetting("units", to: "metric", at: now)
        let tooLong = String(repeating: "k", count: 65)
        let refused = StoreError.invalidValue("a setting's key and value must be 1 to 64 characters")
        #expect(throws: refused) { try journal.setSetting("", to: "on", at: self.now) }
        #expect(throws: refused) { try journal.setSetting(tooLong, to: "on", at: self.now) }
        #expect(throws: refused) { try journal.setSetting("units", to: tooLong, at: self.now) }
        #expect(try journal.settings() == ["nudge.water": "on", "units": "metric"])
        #expect(try journal.setting("nudge.water") == "on")
    }

    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func onPostgresOneAccountNeverSeesAnothersFoodsPreferencesOrSettings() async throws {
        let (accounts, alice, bob) = try await StoreKind.twoPostgresJournals(at: now)
        let food = try alice.addCustomFood(bar())
        let (record, items) = oats()
        let recipe = try alice.addRecipe(record, ingredients: items)
        try alice.addPreference(PreferenceRecord(kind: .allergy, item: "peanut", text: "peanuts", createdAt: now))
        try alice.setSetting("units", to: "imperial", at: now)
        let (foodID, recipeID) = (try #require(food.id), try #require(recipe.record.id))
        #expect(try bob.customFood(id: foodID) == nil && bob.recipe(id: recipeID) == nil)
        #expect(try bob.customFood(named: "protein bar") == nil && bob.recipe(named: "overnight oats") == nil)
        #expect(try bob.userFoodRows() == UserFoodRows())
        #expect(try bob.preferences().isEmpty && bob.settings().isEmpty)
        #expect(try bob.deleteCustomFood(id: foodID) == nil && bob.deleteRecipe(id: recipeID) == nil)
        #expect(try bob.removePreference(item: "peanut") == nil)
        var stolen = food
        stolen.name = "Mine now"
        #expect(throws: StoreError.unknownFood(id: food.foodId)) { try bob.updateCustomFood(stolen, at: self.now) }
        #expect(throws: (any Error).self, "bob cannot log alice's food number") { try bob.addEntries([self.eaten(food.foodId)]) }
        #expect(try bob.addCustomFood(bar()).name == "Protein bar", "names are per account")
        #expect(try alice.customFood(id: foodID) == food && alice.recipe(id: recipeID) == recipe)
        try accounts.deleteAccount(id: alice.accountID)
        #expect(try alice.userFoodRows() == UserFoodRows() && alice.preferences().isEmpty && alice.settings().isEmpty)
    }
}
