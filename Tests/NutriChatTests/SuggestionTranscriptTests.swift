import Foundation
import NutriData
import NutriStore
import Testing
@testable import NutriChat

/// Suggestions (issue 12 part 6) with a fixed clock over journals seeded through the conversation and the journal's
/// public API, on the SR24 fixture (only ideas whose every ingredient is in the fixture can appear).
@Suite("Suggestion transcripts")
struct SuggestionTranscriptTests {
    @Test func atMostFiveFittingTheCaloriesLeftThenTheNextFive() throws {
        let chat = try ChatHarness(now: "2026-11-21T18:30:00").sharingCatalog()
        chat.say("set my calorie goal to 1800")
        chat.say("a big mac for lunch")
        let first = chat.say("what should I eat for dinner?")
        #expect(first.intent == "suggest")
        let titles = SuggestionLines.titles(first.text)
        #expect((1...5).contains(titles.count))
        let left = 1800 - (try chat.journal.energy(on: "2026-11-21"))
        #expect(SuggestionLines.kcal(first.text).allSatisfy { $0 <= left })
        #expect(first.text.contains("kcal left today"))
        let next = chat.say("another")
        #expect(next.intent == "suggest")
        #expect(Set(SuggestionLines.titles(next.text)).isDisjoint(with: titles))
    }

    @Test(arguments: ["foods high in iron", "what foods are high in iron?", "what are good sources of iron",
                      "which foods are rich in iron", "best sources of iron", "iron rich foods",
                      "what has the most iron", "what has most iron", "which has the highest iron",
                      "what food has the most iron"])
    func foodsRichInANutrientAreTheSuggestionsRichInIt(_ question: String) throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        let first = chat.say(question)
        #expect(first.intent == "suggest", "\(question) → \(first.intent): \(first.text)")
        #expect(first.text.contains("rich in iron"), "\(first.text)")
        #expect(first.text.contains(" mg iron"), "\(first.text)")
        #expect(chat.say("another").intent == "suggest")
        #expect(chat.entries.isEmpty)
    }

    @Test(arguments: ["is spinach high in iron", "how much iron is in spinach", "how much iron have I had",
                      "what is iron", "iron", "how much iron", "which meal had the most iron"])
    func aQuestionAboutOneFoodOrTheDayIsNoSuggestion(_ question: String) throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        #expect(chat.say(question).intent != "suggest", "\(question)")
    }

    @Test func anAllergyNeverAppearsInASuggestion() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        chat.say("I'm allergic to peanuts")
        var seen: [String] = []
        for message in ["suggest a snack", "another", "more", "what should I eat", "something high in protein", "another"] {
            seen += SuggestionLines.lines(chat.say(message).text)
        }
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { !$0.lowercased().contains("peanut") })
        let without = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        #expect(without.say("suggest a snack").text.lowercased().contains("peanut"))
    }

    @Test func savingASuggestionMakesARecipeAndALikeThatRanksFirst() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        let offered = SuggestionLines.titles(chat.say("suggest a snack").text)
        try #require(offered.count >= 2)
        let saved = chat.say("I like the second one")
        #expect(saved.text.contains("Saved \"\(offered[1])\""))
        #expect(try chat.journal.recipe(named: offered[1]) != nil)
        #expect(try chat.journal.likedSuggestions().contains(offered[1].lowercased()))
        let again = chat.say("suggest a snack")
        #expect(SuggestionLines.titles(again.text).first == offered[1])
        #expect(SuggestionLines.lines(again.text).first?.contains("liked") == true)
    }

    /// A front end that keeps the state between processes (`nutrichat serve`): the suggestions on screen are kept in
    /// the journal, so a new conversation over it still knows what "the second one" and "another" are.
    @Test func theSuggestionsOnScreenOutliveTheConversationThroughTheJournal() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        let offered = SuggestionLines.titles(chat.say("suggest a snack").text)
        try #require(offered.count >= 2)
        let saved = try chat.conversation.savedState()
        #expect(try chat.journal.dialogueState(Conversation.suggestionsKey) != nil)
        #expect(!String(decoding: saved, as: UTF8.self).contains(offered[0]), "the offer is kept apart from the state")
        let next = try ChatHarness(now: "2026-11-21T15:30:00", journal: chat.journal).sharingCatalog()
        try next.conversation.restoreState(saved)
        #expect(next.say("I like the second one").text.contains("Saved \"\(offered[1])\""))
        let more = next.say("another")
        #expect(more.intent == "suggest" && Set(SuggestionLines.titles(more.text)).isDisjoint(with: offered))
        _ = try next.conversation.savedState()
        let fresh = try ChatHarness(now: "2026-11-21T15:30:00", journal: chat.journal).sharingCatalog()
        #expect(fresh.say("I like the second one").intent != "suggest", "a conversation that restores nothing starts empty")
    }

    @Test func saveThatAfterTheDetailsSavesTheOneShown() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        let offered = SuggestionLines.titles(chat.say("suggest a snack").text)
        try #require(offered.count >= 3)
        let details = chat.say("show the third one")
        #expect(details.text.hasPrefix(offered[2]) && details.text.contains("Ingredients:"))
        #expect(chat.say("save that").text.contains("Saved \"\(offered[2])\""))
        #expect(chat.say("save that").text.contains("already in your recipes"))
    }

    @Test func followUpsOnlyFollowSuggestions() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:30:00").sharingCatalog()
        chat.say("suggest a snack")
        chat.say("a banana")
        let another = chat.say("another")
        #expect(another.intent != "suggest")
        #expect(try chat.journal.recipes().isEmpty)
    }

    @Test func theOwnRecipesAndUsualFoodsComeFirst() throws {
        let start = try ChatHarness(now: "2026-11-18T08:00:00").sharingCatalog()
        for day in ["2026-11-18", "2026-11-19", "2026-11-20"] {
            try start.at(day + "T08:00:00").say("2 scrambled eggs for breakfast")
        }
        let builder = RecipeBuilder(analyzer: start.conversation.analyzer)
        let reference = try #require(Clock.parse("2026-11-20T08:00:00")).reference
        try start.journal.addRecipe(RecipeRecord(name: "Banana oats", servings: 1, text: "test", createdAt: Date()),
                                    ingredients: builder.ingredients(from: ["1 cup cooked oatmeal", "1 banana"], reference: reference))
        let chat = try start.at("2026-11-21T07:30:00")
        let titles = SuggestionLines.titles(chat.say("what should I have for breakfast").text)
        #expect(titles.prefix(2) == ["Banana oats", "2 scrambled eggs"])
    }

    @Test func overTheGoalOnlyLightOptionsAreOffered() throws {
        let chat = try ChatHarness(now: "2026-11-21T19:00:00").sharingCatalog()
        chat.say("set my calorie goal to 1200")
        chat.say("2 big macs for lunch")
        let reply = chat.say("what should I eat for dinner")
        #expect(reply.text.contains("light options"))
        #expect(SuggestionLines.kcal(reply.text).allSatisfy { $0 <= Conversation.lightKcal })
    }

    @Test func aRequestIsReadForMealLimitNutrientDietAndIngredient() throws {
        let chat = try ChatHarness().sharingCatalog()
        let reading = CoachingReading("a quick vegetarian lunch under 450 kcal with lentils, high in fiber and low in sodium",
                                      words: try chat.conversation.coachingWords())
        let request = try chat.conversation.suggestionRequest(reading)
        #expect(request.meal == "lunch")
        #expect(request.maxKcal == 450)
        #expect(request.diets == ["vegetarian"])
        #expect(request.tags == ["quick"])
        #expect(request.ingredients == ["lentil"])
        #expect(request.high == ["fiber_g"] && request.low == ["sodium_mg"])
        let grams = try chat.conversation.suggestionRequest(CoachingReading("suggest a meal with 30g protein",
                                                                              words: try chat.conversation.coachingWords()))
        #expect(grams.minimums == ["protein_g": 30])
    }

    @Test func browsingTheCatalogNeverTakesAMessageAboutOwnRecipes() throws {
        let chat = try ChatHarness().sharingCatalog()
        let words = try chat.conversation.coachingWords()
        let file = DataDirectory.bundled.intents.appendingPathComponent("manage_recipe.txt")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(lines.count > 20)
        for line in lines { #expect(!IntentRouter().isCatalogBrowse(CoachingReading(line, words: words)), "\(line)") }
        for line in ["recipes with chickpeas", "show me a high protein breakfast recipe", "any good dinner recipes",
                     "italian recipes", "recipe ideas", "a quick recipe under 400 kcal"] {
            #expect(IntentRouter().isCatalogBrowse(CoachingReading(line, words: words)), "\(line)")
        }
    }
}
