import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// The written meal ideas and recipe catalog against the full food database (run with NUTRICHAT_HOME=/work/home;
/// skipped otherwise): every ingredient resolves, and suggestions from the whole pool keep their promises.
@Suite("Recipe catalog and suggestions on the full database", .enabled(if: TestServices.fullServices != nil))
struct RecipeCatalogTests {
    static func chat(_ now: String = "2026-11-21T12:30:00") throws -> ChatHarness {
        try ChatHarness(now: now, services: TestServices.fullServices).sharingCatalog()
    }

    @Test func everyIngredientOfEveryIdeaAndRecipeResolves() throws {
        let chat = try Self.chat()
        let catalog = try chat.conversation.recipeCatalog()
        let unresolved = catalog.unresolved()
        #expect(unresolved.isEmpty, "\(unresolved.map { "\($0.origin) \($0.title): \($0.ingredient) (\($0.reason))" })")
        #expect(catalog.recipes.count >= 150)
        #expect(catalog.ideas.count >= 50)
        let titles = (catalog.recipes + catalog.ideas).map { $0.title.lowercased() }
        #expect(Set(titles).count == titles.count, "titles are unique")
        let waters = catalog.recipes.filter { $0.meals.contains("drink") && $0.title.lowercased().contains("water") }
        #expect(waters.count >= 8)
        for recipe in catalog.resolvedRecipes() {
            let kcal = recipe.perServing["energy_kcal"] ?? 0
            #expect(kcal < 1200, "\(recipe.written.title): \(kcal) kcal a serving")
            #expect(!recipe.written.steps.isEmpty, "\(recipe.written.title) has steps")
        }
    }

    @Test func ironSuggestionsAreRichInIron() throws {
        let chat = try Self.chat()
        let reply = chat.say("what can I eat for my iron")
        let lines = SuggestionLines.lines(reply.text)
        #expect(lines.count == 5)
        // Each shows its iron: at least 20 % of the 18 mg daily value.
        for line in lines {
            let iron = line.range(of: #"[0-9.]+ mg iron"#, options: .regularExpression).flatMap { Double(line[$0].split(separator: " ")[0]) }
            #expect((iron ?? 0) >= 3.6, "\(line)")
        }
    }

    @Test func highProteinUnderALimit() throws {
        let chat = try Self.chat()
        let reply = chat.say("something high in protein under 300 kcal")
        #expect(reply.text.contains("rich in protein under 300 kcal"))
        #expect(SuggestionLines.kcal(reply.text).allSatisfy { $0 <= 300 })
        #expect(SuggestionLines.lines(reply.text).count == 5)
    }

    @Test func aVegetarianLunchHasNoMeatOrFish() throws {
        let chat = try Self.chat()
        chat.say("a vegetarian lunch idea")
        let offered = chat.conversation.state.coaching.offered
        #expect(!offered.isEmpty)
        let table = try chat.conversation.trackingLexicon().preferences
        for suggestion in offered {
            #expect(!suggestion.traits.contains { table.conflicts("vegetarian", groupCode: $0.group, words: $0.words) }, "\(suggestion.title)")
            #expect(suggestion.meals.isEmpty || suggestion.meals.contains("lunch"))
        }
    }

    @Test(arguments: ["peanut", "shellfish", "dairy", "egg", "gluten", "fish", "tree nut"])
    func anAllergyNeverAppearsAnywhereInThePool(allergy: String) throws {
        let chat = try Self.chat("2026-11-21T18:00:00")
        chat.say("I'm allergic to \(allergy)")
        let saved = try chat.journal.preferences().map(\.item)
        try #require(saved.count == 1)
        let table = try chat.conversation.trackingLexicon().preferences
        for message in ["what should I eat for dinner", "suggest a snack", "recipes for breakfast", "something high in protein",
                        "what can I eat for my calcium", "a dessert recipe"] {
            chat.say(message)
            for suggestion in chat.conversation.state.coaching.offered {
                #expect(!suggestion.traits.contains { table.conflicts(saved[0], groupCode: $0.group, words: $0.words) },
                        "\(message): \(suggestion.title) with \(allergy)")
            }
        }
    }

    @Test func browsingTheCatalogInChat() throws {
        let chat = try Self.chat()
        let chickpeas = chat.say("recipes with chickpeas")
        #expect(chickpeas.intent == "suggest")
        let offered = chat.conversation.state.coaching.offered
        #expect(offered.count >= 5)
        #expect(offered.allSatisfy { $0.origin == .catalog && $0.ingredients.contains { $0.foodName.lowercased().contains("chickpea") } })
        let breakfast = chat.say("show me a high protein breakfast recipe")
        let titles = SuggestionLines.titles(breakfast.text)
        #expect(!titles.isEmpty)
        #expect(chat.conversation.state.coaching.offered.allSatisfy { $0.meals.contains("breakfast") && $0.amount("protein_g") * 4 >= $0.kcal * 0.25 })
        #expect(chat.say("I like the first one").text.contains("Saved \"\(titles[0])\""))
        #expect(try chat.journal.recipe(named: titles[0])?.record.servings ?? 0 >= 1)
        #expect(chat.say("show my recipes").intent == "manage_recipe")
    }

    @Test func theCommandLineBrowserFiltersAndSaves() throws {
        let chat = try Self.chat()
        chat.say("I'm vegetarian")
        let browser = CatalogBrowser(analyzer: chat.conversation.analyzer, journal: chat.journal,
                                     clock: try #require(Clock.parse("2026-11-21T12:30:00")))
        let indian = try browser.recipes(meal: "dinner", cuisine: "indian", ingredient: nil)
        #expect(!indian.isEmpty)
        #expect(!indian.map(\.written.title).contains("Chicken tikka with yogurt marinade"))
        #expect(throws: UserFacingError.self) { try browser.recipes(meal: "elevenses", cuisine: nil, ingredient: nil) }
        let saved = try browser.save(title: "chana masala")
        #expect(saved.record.name == "Chana masala" && saved.record.servings == 4)
    }
}
