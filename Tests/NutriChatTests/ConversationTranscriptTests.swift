import Foundation
import Testing
@testable import NutriChat

/// Whole conversations with a fixed clock (2026-11-21 12:30) over an in-memory journal and the SR24 fixture.
@Suite("Conversation transcripts")
struct ConversationTranscriptTests {
    @Test func missingAmountIsAskedAndTheBareAnswerCompletesIt() throws {
        let chat = try ChatHarness()
        let question = chat.say("I had rice for lunch")
        #expect(question.pending == "quantity")
        #expect(question.text.contains("How much rice"))
        #expect(chat.entries.isEmpty)
        let answer = chat.say("1 cup")
        #expect(answer.pending == nil)
        #expect(answer.logged.count == 1)
        let entries = chat.entries
        #expect(entries.count == 1)
        #expect(entries.first?.meal == "lunch")
        #expect(entries.first?.foodId == "usda:20045")
        #expect((180...230).contains(entries.first?.kcal ?? 0))
    }

    /// A line of a food the database lacks is never logged as something else: the reply says the food is unknown,
    /// and the entry before it stays.
    @Test func unknownFoodIsSaidNotLoggedAsAnotherFood() throws {
        let chat = try ChatHarness()
        chat.say("2 scrambled eggs for breakfast")
        let reply = chat.say("6 gherkinettes")
        #expect(reply.intent == "log_food")
        #expect(reply.logged.isEmpty)
        #expect(reply.text.contains("couldn't find \"gherkinette\""))
        let spice = chat.say("2 tsp zaatar")
        #expect(spice.logged.isEmpty)
        #expect(spice.text.contains("\"zaatar\""))
        #expect(chat.entries.count == 1)
    }

    @Test func correctionChangesTheEntryInPlace() throws {
        let chat = try ChatHarness()
        chat.say("2 scrambled eggs for breakfast")
        let two = try #require(chat.entries.first)
        let reply = chat.say("actually make that 3")
        #expect(reply.intent == "correct")
        let entries = chat.entries
        #expect(entries.count == 1)
        #expect(entries.first?.id == two.id)
        #expect(entries.first?.quantity == 3)
        #expect(abs((entries.first?.grams ?? 0) - two.grams * 1.5) < 0.5)
        #expect(entries.first?.meal == "breakfast")
    }

    @Test func correctionOfTheFood() throws {
        let chat = try ChatHarness()
        chat.say("1 cup of rice for dinner")
        chat.say("no, I meant brown rice")
        #expect(chat.entries.count == 1)
        #expect(chat.entries.first?.foodId == "usda:20037")
        chat.say("a glass of whole milk")
        chat.say("it was 2%, not whole")
        #expect(chat.entries.count == 2)
        #expect(chat.entries.contains { $0.foodId == "usda:01079" })
        #expect(!chat.entries.contains { $0.foodId == "usda:01077" })
    }

    @Test func undoRemovesOnlyTheLastMessage() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        chat.say("a can of coke")
        #expect(chat.entries.count == 2)
        let reply = chat.say("undo")
        #expect(reply.intent == "undo")
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
    }

    @Test func undoByName() throws {
        let chat = try ChatHarness()
        chat.say("a banana and 2 scrambled eggs for lunch")
        #expect(chat.entries.count == 2)
        chat.say("remove the banana from lunch")
        #expect(chat.entries.map(\.foodId) == ["usda:01132"])
    }

    @Test func yesterdayIsDatedYesterday() throws {
        let chat = try ChatHarness()
        chat.say("yesterday I had a big mac for dinner")
        let entry = try #require(chat.entries.first)
        #expect(entry.date == "2026-11-20")
        #expect(entry.meal == "dinner")
        #expect(entry.foodName.contains("BIG MAC"))
    }

    @Test func fourFoodsMakeFourEntries() throws {
        let chat = try ChatHarness()
        let reply = chat.say("For breakfast I had 2 scrambled eggs, a slice of white bread, a banana and a cup of coffee")
        #expect(reply.logged.count == 4)
        #expect(Set(chat.entries.map(\.foodId)) == ["usda:01132", "usda:18069", "usda:09040", "usda:14209"])
        #expect(chat.entries.allSatisfy { $0.meal == "breakfast" })
    }

    @Test("nothing is logged for messages outside the domain", arguments: [
        "what's the weather like?", "play some music", "set a timer for 10 minutes", "tell me a joke",
        "book a table for two at 7", "hello", "thanks!", "help",
    ])
    func noEntryOutsideTheDomain(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.logged.isEmpty)
        #expect(chat.entries.isEmpty)
        #expect(!reply.intent.hasPrefix("log_"))
    }

    @Test func aPendingQuestionNeverTraps() throws {
        let chat = try ChatHarness()
        #expect(chat.say("I had rice for lunch").pending == "quantity")
        let other = chat.say("a banana")
        #expect(other.logged.count == 1)
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
    }

    @Test func nutritionQuestionsAnswerFromTheDatabase() throws {
        let chat = try ChatHarness()
        let protein = chat.say("how much protein is in chicken breast?")
        #expect(protein.intent == "ask_nutrition")
        #expect(protein.text.contains("protein"))
        #expect(protein.text.contains("per 100 g"))
        let comparison = chat.say("which has more iron, spinach or lentils?")
        #expect(comparison.text.lowercased().hasPrefix("lentil"))
        #expect(comparison.text.contains("more iron"))
        let amount = chat.say("calories in 2 slices of white bread")
        #expect(amount.text.contains("kcal"))
        #expect(chat.entries.isEmpty)
    }

    /// Alcohol is a nutrient of SR24 ("how much alcohol is in a beer" is the beer's alcohol, not the alcohol
    /// of vanilla extract), and still a drink when had. Full database; skipped without it.
    @Test(arguments: [("how much alcohol is in a beer", "beer"), ("how much alcohol is in red wine", "wine")])
    func alcoholIsANutrientOfDrinks(question: String, drink: String) throws {
        guard let services = TestServices.fullServices else { return }
        let chat = try ChatHarness(services: services)
        let reply = chat.say(question)
        #expect(reply.intent == "ask_nutrition", "\(question): \(reply.text)")
        #expect(reply.text.contains("g alcohol"), "\(question): \(reply.text)")
        #expect(reply.text.lowercased().contains(drink), "\(question): \(reply.text)")
        #expect(!reply.text.lowercased().contains("vanilla"), "\(question): \(reply.text)")
        #expect(chat.entries.isEmpty)
    }

    @Test func progressAgainstTheGoal() throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let progress = chat.say("how am I doing today?")
        #expect(progress.intent == "ask_progress")
        #expect(progress.text.contains("105 kcal of your 2,000 kcal goal"))
        let eaten = chat.say("what did I eat today?")
        #expect(eaten.text.contains("Breakfast"))
        #expect(eaten.text.contains("banana"))
    }

    @Test func waterGoesToWaterNotFood() throws {
        let chat = try ChatHarness()
        let reply = chat.say("2 glasses of water")
        #expect(reply.intent == "log_water")
        #expect(chat.entries.isEmpty)
        #expect(try chat.journal.water(on: "2026-11-21") == 480)
    }

    @Test("bad input gets a reply, never a crash", arguments: [
        "", "   ", String(repeating: "x", count: 1_000_000), "\u{0}\u{1}\u{2}", "🍌🍌🍌", "%%%%%%", "1/0 cups of ???",
        String(decoding: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }, as: UTF8.self),
    ])
    func badInput(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(!reply.text.isEmpty)
    }
}
