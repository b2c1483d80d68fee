import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Recipes (issue 5 part 7) and their snapshots (part 8), as transcripts with a fixed clock (2026-11-21 12:30) over
/// the SR24 fixture (oats 08120, whole milk 01077, 2% milk 01079, banana 09040, peanut butter, white bread…).
@Suite("Recipe transcripts")
struct CustomRecipeTranscriptTests {
    static let oats = "create a recipe called overnight oats with 1 cup rolled oats, 1 cup whole milk and 1 banana, makes 2 servings"

    @Test func aRecipeIsMadeFromItsIngredientsAndLoggedByTheServing() throws {
        let chat = try CustomFixture.chat()
        let created = chat.say(Self.oats)
        #expect(created.intent == "manage_recipe")
        #expect(created.text.hasPrefix("Saved the recipe \"overnight oats\" (3 ingredients, 2 servings)."))
        let recipe = try #require(try chat.journal.recipe(named: "overnight oats"))
        #expect(recipe.ingredients.map(\.foodId) == ["usda:08120", "usda:01077", "usda:09040"])
        #expect(recipe.record.servings == 2)
        let total = recipe.ingredients.reduce(0) { $0 + ($1.nutrients["energy_kcal"] ?? 0) }
        #expect(close(recipe.perServing["energy_kcal"], total / 2, within: 1e-9))
        #expect(close(recipe.per100g?["energy_kcal"], total * 100 / recipe.totalGrams, within: 1e-9))
        #expect(created.text.contains("Per serving (\(ReplyText.amount(recipe.gramsPerServing, "g")))"))
        let logged = chat.say("I had a serving of overnight oats")
        let entry = try #require(logged.logged.first)
        #expect(entry.foodId == "recipe:1")
        #expect(close(entry.grams, recipe.gramsPerServing, within: 0.01))
        #expect(close(entry.nutrients["energy_kcal"], total / 2, within: 0.01))
        let two = try #require(chat.say("I had 2 servings of overnight oats for breakfast").logged.first)
        #expect(close(two.nutrients["energy_kcal"], total, within: 0.01))
    }

    @Test func aRecipeWithAnUnknownOrUnmeasuredIngredientIsNotSaved() throws {
        let chat = try CustomFixture.chat()
        let unknown = chat.say("create a recipe called smoothie with 1 banana, 1 cup whole milk and 1 cup zorblax, makes 2 servings")
        #expect(unknown.text.contains("I couldn't find \"zorblax\""))
        let vague = chat.say("create a recipe called smoothie with banana and 1 cup whole milk")
        #expect(vague.text.hasPrefix("How much banana?"))
        let empty = chat.say("new recipe: banana muffins")
        #expect(empty.text.contains("needs its ingredients"))
        chat.say(Self.oats)
        let taken = chat.say("create a recipe called Oats Overnight with 1 banana")
        #expect(taken.text.contains("already a recipe called 'overnight oats'"))
        for reply in [unknown, vague, empty, taken] { #expect(!reply.text.contains("\n")) }
        #expect(chat.recipeNames == ["overnight oats"])
    }

    @Test func thisMealIsSavedAsARecipeFromTheLastMealLogged() throws {
        let chat = try CustomFixture.chat()
        let meal = chat.say("2 cups oatmeal and a banana for breakfast").logged
        #expect(meal.count == 2)
        let unnamed = chat.say("save this meal as a recipe")
        #expect(unnamed.text.contains("What should the recipe be called?"))
        let saved = chat.say("save this meal as a recipe called usual breakfast")
        #expect(saved.text.hasPrefix("Saved breakfast on 2026-11-21 as the recipe \"usual breakfast\" (2 ingredients, 1 serving)."))
        let recipe = try #require(try chat.journal.recipe(named: "usual breakfast"))
        #expect(recipe.ingredients.map(\.text) == meal.map(\.text))
        #expect(recipe.ingredients.map(\.nutrients) == meal.map(\.nutrients))
        let mealKcal = meal.reduce(0) { $0 + $1.kcal }
        #expect(close(recipe.perServing["energy_kcal"], mealKcal, within: 1e-9))
    }

    @Test func aNamedMealIsSavedWithOnlyItsOwnEntries() throws {
        let chat = try CustomFixture.chat()
        chat.say("2 cups oatmeal and a banana for breakfast")
        chat.say("1 cup brown rice for lunch")
        chat.say("a glass of 2% milk and a banana for dinner yesterday")
        let breakfast = chat.say("save my breakfast as a recipe called power breakfast, makes 2 servings")
        #expect(breakfast.text.contains("\"power breakfast\" (2 ingredients, 2 servings)"))
        let dinner = chat.say("save yesterday's dinner as a recipe called milk and banana")
        #expect(dinner.text.hasPrefix("Saved dinner on 2026-11-20"))
        #expect(try chat.journal.recipe(named: "milk and banana")?.ingredients.map(\.foodId) == ["usda:01079", "usda:09040"])
        let none = chat.say("save my afternoon snack as a recipe called nothing")
        #expect(none.text.contains("There's nothing logged for afternoon snack on 2026-11-21"))
        #expect(chat.recipeNames == ["power breakfast", "milk and banana"])
    }

    @Test func recipesAreListedShownResizedAndDeleted() throws {
        let chat = try CustomFixture.chat()
        #expect(chat.say("show my recipes").text == CustomText.noRecipes)
        chat.say(Self.oats)
        chat.say("create a recipe called pb toast: 2 slices white bread, 2 tbsp peanut butter")
        let list = chat.say("show my recipes")
        #expect(list.text.hasPrefix("Your recipes: overnight oats (2 servings, "))
        #expect(list.text.contains("; pb toast (1 serving, "))
        let shown = chat.say("what's in my overnight oats recipe")
        #expect(shown.text.contains("1 cup rolled oats → Cereals, oats, regular and quick"))
        let before = try #require(try chat.journal.recipe(named: "overnight oats"))
        let resized = chat.say("my overnight oats recipe makes 4 servings")
        #expect(resized.text.hasPrefix("\"overnight oats\" now makes 4 servings."))
        let after = try #require(try chat.journal.recipe(named: "overnight oats"))
        #expect(close(after.perServing["energy_kcal"], (before.perServing["energy_kcal"] ?? 0) / 2, within: 1e-9))
        #expect(chat.say("delete the chili recipe").text.contains("Your recipes: overnight oats, pb toast"))
        #expect(chat.say("delete the pb toast recipe").text.hasPrefix("Deleted the recipe \"pb toast\"."))
        #expect(chat.recipeNames == ["overnight oats"])
    }

    @Test func editingOrDeletingARecipeNeverChangesEarlierEntries() throws {
        let chat = try CustomFixture.chat()
        chat.say(Self.oats)
        let first = try #require(chat.say("I had a serving of overnight oats").logged.first)
        chat.say("my overnight oats recipe makes 4 servings")
        let second = try #require(chat.say("I had a serving of overnight oats").logged.first)
        #expect(close(second.nutrients["energy_kcal"], (first.nutrients["energy_kcal"] ?? 0) / 2, within: 0.01))
        chat.say("delete the overnight oats recipe")
        #expect(chat.entries == [first, second])
        #expect(try chat.journal.timesEaten(foodId: "recipe:1") == 2)
    }

    @Test func aCustomFoodCanBeAnIngredientAndItsUnknownWeightCarriesOver() throws {
        let chat = try CustomFixture.chat()
        chat.say("add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar")
        chat.say("create a recipe called bar and banana with 1 protein bar and 1 banana")
        let recipe = try #require(try chat.journal.recipe(named: "bar and banana"))
        #expect(recipe.ingredients.map(\.foodId) == ["custom:1", "usda:09040"])
        #expect(!recipe.weightKnown && recipe.per100g == nil)
        #expect(close(recipe.perServing["energy_kcal"], 200 + (recipe.ingredients[1].nutrients["energy_kcal"] ?? 0), within: 1e-9))
        #expect(try chat.conversation.analyzer.services.catalog.food(id: "recipe:1").kcalPer100g == nil)
    }
}
