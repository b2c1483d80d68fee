import Foundation
import NutriLanguage
import NutriStore
import Testing
@testable import NutriChat

/// Close candidates with different nutrition become numbered choices, answered by number or by name.
@Suite("Choices")
struct ChoiceTranscriptTests {
    /// Lentils raw (352 kcal/100 g) and cooked (116): an unsure match between them must be asked about.
    func ambiguousItem(_ chat: ChatHarness) throws -> PendingItem {
        let catalog = chat.conversation.analyzer.services.catalog
        let raw = try catalog.food(id: "usda:16069")
        let cooked = try catalog.food(id: "usda:16070")
        let mention = FoodMention(text: "lentils", amount: Amount(quantity: 1, unit: "cup"), food: "lentils")
        let item = AnalyzedItem(mention: mention, candidates: [FoodCandidate(food: cooked, score: 0.8, alias: nil),
                                                               FoodCandidate(food: raw, score: 0.79, alias: nil)],
                                portion: nil, nutrients: NutrientValues(), question: nil)
        return PendingItem(item: item, date: "2026-11-21", meal: "lunch")
    }

    @Test func closeCandidatesWithDifferentNutritionAreAsked() throws {
        let chat = try ChatHarness()
        let pending = try ambiguousItem(chat)
        #expect(chat.conversation.needsChoice(pending.item))
        #expect(chat.conversation.replies.ask(.choice(pending)).contains("1) Lentils, mature seeds, cooked"))
    }

    @Test("a choice answered by number or name", arguments: [("2", "usda:16069"), ("the second", "usda:16069"),
                                                             ("raw", "usda:16069"), ("1", "usda:16070"),
                                                             ("the cooked one", "usda:16070")])
    func answered(answer: String, expected: String) throws {
        let chat = try ChatHarness()
        chat.conversation.state.pending = .choice(try ambiguousItem(chat))
        let reply = chat.say(answer)
        #expect(reply.logged.count == 1)
        #expect(chat.entries.map(\.foodId) == [expected])
        #expect(chat.entries.first?.meal == "lunch")
        #expect(reply.pending == nil)
    }

    @Test func anUnrelatedMessageIsHandledAsItself() throws {
        let chat = try ChatHarness()
        chat.conversation.state.pending = .choice(try ambiguousItem(chat))
        let reply = chat.say("a banana")
        #expect(reply.logged.map(\.foodId) == ["usda:09040"])
        #expect(chat.entries.count == 1)
    }

    @Test func denyCancelsTheQuestion() throws {
        let chat = try ChatHarness()
        chat.conversation.state.pending = .choice(try ambiguousItem(chat))
        let reply = chat.say("no")
        #expect(reply.logged.isEmpty)
        #expect(chat.entries.isEmpty)
        #expect(chat.conversation.state.pending?.name == nil)
    }

    @Test func weekSummary() throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let reply = chat.say("give me my weekly summary")
        #expect(reply.intent == "ask_progress")
        #expect(reply.text.contains("Last 7 days"))
        #expect(reply.text.contains("11-21: 105 kcal"))
    }
}
