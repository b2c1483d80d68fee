import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Custom foods (issue 5 part 6) and their snapshots (part 8), as transcripts with a fixed clock (2026-11-21 12:30).
@Suite("Custom food transcripts")
struct CustomFoodTranscriptTests {
    static let proteinBar = "add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar"

    @Test func aCustomFoodIsAddedAndLoggedBeforeAnyReferenceFood() throws {
        let chat = try CustomFixture.chat()
        let added = chat.say(Self.proteinBar)
        #expect(added.intent == "add_food")
        #expect(added.text.contains("Added the custom food \"protein bar\": 1 bar = 200 kcal, 20 g protein, 22 g carbs, 7 g fat."))
        let food = try #require(try chat.journal.customFood(named: "protein bar"))
        #expect(food.servingUnit == "bar" && food.servingQuantity == 1 && food.servingGrams == nil)
        let logged = chat.say("I had a protein bar")
        #expect(logged.intent == "log_food")
        let entry = try #require(logged.logged.first)
        #expect(entry.foodId == "custom:1")
        #expect(entry.nutrients["energy_kcal"] == 200 && entry.nutrients["protein_g"] == 20)
        let two = chat.say("I had 2 protein bars for lunch")
        #expect(two.logged.first?.nutrients["energy_kcal"] == 400)
        #expect(two.logged.first?.nutrients["fat_g"] == 14)
    }

    /// A name holding a unit or meal word is still the person's food: "meal pack" is not "a meal" of "packs".
    @Test func aCustomFoodNamedWithAUnitWordIsLoggedByItsName() throws {
        let chat = try CustomFixture.chat()
        chat.say("add a food: meal pack, 500 kcal, 30 g protein per pack")
        let two = chat.say("2 meal packs for lunch")
        #expect(two.intent == "log_food")
        #expect(two.logged.first?.foodId == "custom:1")
        #expect(two.logged.first?.nutrients["energy_kcal"] == 1000)
        let one = chat.say("a meal pack")
        #expect(one.logged.first?.foodId == "custom:1")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.reduce(0) { $0 + $1.kcal } == 1500)
    }

    /// The issue's own wording (#11): no protein given, "per pack".
    @Test func twoMealPacksLogTwoOfThem() throws {
        let chat = try CustomFixture.chat()
        let added = chat.say("add a food: meal pack, 500 kcal per pack")
        #expect(added.text.contains("Added the custom food \"meal pack\": 1 package = 500 kcal."))
        let two = chat.say("2 meal packs for lunch")
        #expect(two.intent == "log_food")
        #expect(two.text.hasPrefix("Logged for lunch: 2 meal packs (1,000 kcal)."))
        #expect(two.logged.count == 1)
        #expect(two.logged.first?.foodId == "custom:1")
        #expect(two.logged.first?.nutrients["energy_kcal"] == 1000)
    }

    @Test func aCustomFoodComesFirstInSearchEvenOverAnEverydayName() throws {
        let chat = try CustomFixture.chat()
        chat.say("add a food: banana, 50 kcal, 1 g protein, 12 g carbs per piece")
        let resolver = chat.conversation.analyzer.services.resolver
        let banana = try resolver.candidates(for: "bananas", limit: 3)
        #expect(banana.first?.food.id == "custom:1")
        #expect(banana.first?.score == FoodResolver.userExactScore)
        #expect(banana.dropFirst().contains { $0.food.id == "usda:09040" })
        chat.say(Self.proteinBar)
        #expect(try resolver.candidates(for: "bar protein").first?.food.id == "custom:2")
        #expect(try resolver.candidates(for: "chocolate protein bar").first?.food.id == "custom:2")
        #expect(try resolver.candidates(for: "protein").contains { $0.food.id == "custom:2" })
        #expect(chat.say("I had a banana").logged.first?.nutrients["energy_kcal"] == 50)
    }

    @Test func aMetricServingLogsByWeight() throws {
        let chat = try CustomFixture.chat()
        let added = chat.say("add a food: granola, 120 kcal, 3 g protein, 20 g carbs, 3 g fat per 30 g")
        #expect(added.text.contains("30 g = 120 kcal"))
        let grams = try #require(chat.say("I had 60 g of granola").logged.first)
        #expect(grams.grams == 60 && grams.nutrients["energy_kcal"] == 240)
        let serving = try #require(chat.say("I had a serving of granola").logged.first)
        #expect(serving.grams == 30 && serving.nutrients["energy_kcal"] == 120)
    }

    @Test func aHouseholdServingWithItsWeightScalesByVolume() throws {
        let chat = try CustomFixture.chat()
        chat.say("add a food: house cereal, 110 kcal, 2 g protein, 24 g carbs, 1 g fat per 3/4 cup (30 g)")
        let food = try #require(try chat.journal.customFood(named: "house cereal"))
        #expect(food.servingQuantity == 0.75 && food.servingUnit == "cup" && food.servingGrams == 30)
        let entry = try #require(chat.say("I had 1.5 cups of house cereal").logged.first)
        #expect(close(entry.grams, 60) && close(entry.nutrients["energy_kcal"], 220))
    }

    @Test func aServingOfUnknownWeightCountsServings() throws {
        let chat = try CustomFixture.chat()
        let added = chat.say("new food: grandma's cookies, 150 calories each")
        #expect(added.text.contains("1 piece = 150 kcal"))
        #expect(added.text.contains("weight wasn't given"))
        let entry = try #require(chat.say("I had 2 grandma's cookies").logged.first)
        #expect(entry.nutrients["energy_kcal"] == 300)
        #expect(entry.grams == 2 * UserFood.nominalServingGrams)
        let per100 = try chat.conversation.analyzer.services.catalog.food(id: "custom:1").kcalPer100g
        #expect(per100 == nil)
    }

    @Test func badInputGetsOneLineAndChangesNothing() throws {
        let chat = try CustomFixture.chat()
        chat.say(Self.proteinBar)
        let cases: [(String, String)] = [
            ("add a food: protein bars, 150 kcal", "already a custom food called 'protein bar'"),
            ("add a food: bad bar, 200 kcal, -5 g protein", "Protein cannot be negative"),
            ("add a food: huge bar, 200 kcal, 20 g protein, 40 g carbs per 30 g", "more than the serving's 30 g"),
            ("add a food: odd flakes, 100 kcal per 0.37 cup", "simple fraction"),
            ("add a food: zero bar, 100 kcal per 0 bar", "must be more than 0"),
            ("add a food: sugar bomb, 100 kcal, 10 g carbs, 20 g sugar", "cannot be more than carbohydrate"),
            ("add a food: twice bar, 100 kcal, 5 g protein, 6 g protein", "given twice"),
            ("create a custom food called homemade muffin", "How many calories"),
            ("add a new food please", "What's the food called?"),
            ("add a food: grandmother's famous slow cooked beef and vegetable stew, 450 kcal per bowl", "at most 50 characters"),
        ]
        for (message, expected) in cases {
            let reply = chat.say(message)
            #expect(reply.intent == "add_food", "\(message)")
            #expect(reply.text.contains(expected), "\(message) → \(reply.text)")
            #expect(!reply.text.contains("\n"), "\(message)")
        }
        #expect(chat.customFoodNames == ["protein bar"])
    }

    @Test func editingOrDeletingACustomFoodNeverChangesEarlierEntries() throws {
        let chat = try CustomFixture.chat()
        chat.say(Self.proteinBar)
        let first = try #require(chat.say("I had a protein bar").logged.first)
        var food = try #require(try chat.journal.customFood(id: 1))
        food.nutrients["energy_kcal"] = 250
        food.name = "Protein bar deluxe"
        try chat.journal.updateCustomFood(food, at: Date())
        let second = try #require(chat.say("I had a protein bar deluxe").logged.first)
        #expect(second.nutrients["energy_kcal"] == 250 && second.foodName == "Protein bar deluxe")
        try chat.journal.deleteCustomFood(id: 1)
        let entries = chat.entries
        #expect(entries.first == first)
        #expect(entries.first?.foodName == "protein bar" && entries.first?.nutrients["energy_kcal"] == 200)
        #expect(entries.last == second)
        // Gone from lookup: the everyday meaning of the words is back.
        #expect(!chat.say("I had a protein bar").logged.contains { $0.foodId.hasPrefix("custom:") })
    }

    /// A message naming only a custom food made of words unknown to the food data is still a food log:
    /// `MealAnalyzer.namesFood` asks `FoodResolver.namesUserFood` first.
    @Test func aMessageNamingOnlyAnUnfamiliarCustomFoodIsLogged() throws {
        let chat = try CustomFixture.chat()
        chat.say("add a food: crunchy flakes, 110 kcal, 2 g protein, 24 g carbs, 1 g fat per 3/4 cup (30 g)")
        #expect(chat.conversation.analyzer.services.resolver.namesUserFood("I had 1.5 cups of crunchy flakes"))
        #expect(!chat.conversation.analyzer.services.resolver.namesUserFood("I had 1.5 cups of flakes"))
        #expect(chat.say("I had 1.5 cups of crunchy flakes").logged.first?.foodId == "custom:1")
    }

    @Test func parseSeesCustomFoodsThroughAReadOnlyJournal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-custom-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try Journal(path: path)
        try journal.addCustomFood(CustomFoodRecord(name: "Protein bar", servingQuantity: 1, servingUnit: "bar", servingGrams: 60,
                                                   nutrients: ["energy_kcal": 200, "protein_g": 20], createdAt: Date()))
        let services = try CustomFixture.services()
        services.useUserFoods(from: try ReadOnlyUserFoods(path: path))
        guard let classifier = TestServices.classifier else { throw UserFacingError("no classifier") }
        let analyzer = MealAnalyzer(services: services, classifier: classifier)
        let analysis = analyzer.analyze("I had 2 protein bars", reference: try #require(Clock.parse("2026-11-21T12:30:00")).reference)
        let item = try #require(analysis.items.first)
        #expect(item.match?.food.id == "custom:1")
        #expect(item.portion?.grams == 120)
        #expect(close(item.nutrients["energy_kcal"], 400))
        #expect(try journal.entryCount() == 0)
    }
}
