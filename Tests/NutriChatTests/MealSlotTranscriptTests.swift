import Foundation
import Testing
@testable import NutriChat

/// Meal slots managed in conversation, with a fixed clock (2026-11-21 12:30) and an in-memory journal.
@Suite("Meal slots in conversation")
struct MealSlotTranscriptTests {
    func slots(_ chat: ChatHarness) throws -> [String] { try chat.journal.mealSlots().map(\.name) }

    @Test("adding a meal", arguments: ["add a meal called brunch", "Add a new meal slot named brunch", "add brunch as a meal",
                                        "new meal brunch", "create a meal slot called brunch"])
    func add(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.text.contains("Added the meal \"brunch\""))
        #expect(try slots(chat).last == "brunch")
        #expect(chat.entries.isEmpty)
    }

    @Test func renameMoveAndList() throws {
        let chat = try ChatHarness()
        chat.say("add a meal called brunch")
        #expect(chat.say("rename lunch to midday").text.contains("Renamed \"lunch\" to \"midday\""))
        #expect(try slots(chat).contains("midday") && !(try slots(chat).contains("lunch")))
        chat.say("move brunch before midday")
        let order = try slots(chat)
        #expect(order.firstIndex(of: "brunch") == (order.firstIndex(of: "midday") ?? 0) - 1)
        chat.say("move dinner to position 1")
        #expect(try slots(chat).first == "dinner")
        #expect(chat.say("what are my meal slots?").text.hasPrefix("Your meals, in order: dinner"))
        // A meal word follows the rename: "for lunch" now logs under midday.
        chat.say("a banana for lunch")
        #expect(chat.entries.first?.meal == "midday")
    }

    @Test func deleteAsksAndAsksAgainWhenEntriesExist() throws {
        let chat = try ChatHarness()
        chat.say("a banana for dinner")
        let first = chat.say("delete the dinner meal")
        #expect(first.pending == "confirm")
        #expect(try slots(chat).contains("dinner"))
        let second = chat.say("yes")
        #expect(second.text.contains("1 entry from today on"))
        #expect(second.pending == "confirm")
        let done = chat.say("yes")
        #expect(done.text.contains("Deleted the meal \"dinner\" and 1 entry"))
        #expect(!(try slots(chat).contains("dinner")))
        #expect(chat.entries.isEmpty)
    }

    @Test func noKeepsTheSlotAndAnUnrelatedMessageIsHandled() throws {
        let chat = try ChatHarness()
        chat.say("remove the morning snack slot")
        #expect(chat.say("no").text.contains("stays"))
        #expect(try slots(chat).contains("morning snack"))
        chat.say("delete the morning snack slot")
        #expect(chat.say("a banana").logged.count == 1)
        #expect(try slots(chat).contains("morning snack"))
    }

    @Test("invalid changes get one line and change nothing", arguments: [
        "add a meal called lunch", "add a meal called a very long meal name indeed", "rename lunch to dinner",
        "move dinner to position 9",
    ])
    func invalid(message: String) throws {
        let chat = try ChatHarness()
        let before = try slots(chat)
        let reply = chat.say(message)
        #expect(!reply.text.isEmpty && !reply.text.contains("\n"))
        #expect(try slots(chat) == before)
    }

    @Test func foodMessagesAboutMealsAreNotSlotCommands() throws {
        let chat = try ChatHarness()
        #expect(chat.say("remove the banana from lunch").intent == "undo")
        #expect(chat.say("what did I eat for lunch?").intent == "ask_progress")
        #expect(try slots(chat).count == 5)
    }
}
