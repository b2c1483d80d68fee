import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Issue 15 item 8, "asking only when it matters": food a group got for everyone ("we bought a loaf of bread", "my
/// family and I got a bucket of chicken") is not all the person's. With no share and no amount of their own said,
/// chat asks one question in the food's own pieces (the quantity question of "How much rice?") and logs the answer
/// as their share. Fixed clock (2026-11-21 12:30), in-memory journal, SR24 fixture.
@Suite("Group order transcripts")
struct GroupOrderTranscriptTests {
    /// Many ways of saying a group got food: one question each, nothing logged yet.
    @Test(arguments: [
        ("we bought a loaf of bread", "How much of the loaf of bread did you have? e.g. 2 slices, a quarter of it"),
        ("my family and I got a loaf of bread", "How much of the loaf of bread did you have?"),
        ("the kids and I picked up a loaf of bread", "How much of the loaf of bread did you have?"),
        ("we got a bucket of chicken", "How much of the bucket of chicken did you have?"),
        ("the kids and I bought a bucket of chicken", "How much of the bucket of chicken did you have?"),
        ("we picked up 4 big macs for lunch", "How much of the 4 big macs did you have? e.g. 1, a quarter of one"),
    ])
    func aGroupsOrderIsAskedAbout(message: String, question: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.pending == "quantity", "\(message): \(reply.text)")
        #expect(reply.text.hasPrefix(question), "\(message): \(reply.text)")
        #expect(chat.entries.isEmpty, "\(message) logged \(chat.entries.map(\.text))")
        // Batch parse carries the same question, as it does "How much rice?".
        let analysis = try TestServices.analyzer().analyze(message, reference: .init(year: 2026, month: 11, day: 21))
        #expect(analysis.questions.first.map { $0.hasPrefix(question) } == true, "\(message): \(analysis.questions)")
    }

    /// Each kind of answer logs that amount of the food ordered, marked as the person's share.
    @Test(arguments: [
        ("2 slices", 2.0, "slice"), ("3", 3, "slice"), ("about 2 slices", 2, "slice"),
        ("half of it", 0.5, "loaf"), ("a quarter", 0.25, "loaf"),
    ])
    func anAnswerLogsThePersonsShare(answer: String, quantity: Double, unit: String) throws {
        let chat = try ChatHarness()
        chat.say("we bought a loaf of bread")
        let reply = chat.say(answer)
        #expect(reply.pending == nil, "\(answer): \(reply.text)")
        let entries = chat.entries
        #expect(entries.count == 1, "\(answer): \(entries.map(\.text))")
        #expect(entries.first?.foodId == "usda:18069")
        #expect(entries.first?.quantity == quantity, "\(answer): \(entries.map(\.text))")
        #expect(entries.first?.unit == unit, "\(answer): \(entries.map(\.text))")
        #expect(entries.first?.text.hasSuffix("your share of a loaf of bread") == true, "\(answer): \(entries.map(\.text))")
    }

    @Test func aSliceAnswerWeighsSlices() throws {
        let chat = try ChatHarness()
        chat.say("my family and I got a loaf of bread")
        chat.say("2 slices")
        #expect(chat.entries.first?.grams == 56)
    }

    @Test(arguments: ["all of it", "everything", "I ate all of it"])
    func allOfItLogsTheWholeOrder(answer: String) throws {
        let chat = try ChatHarness()
        chat.say("we picked up 4 big macs for lunch")
        chat.say(answer)
        let entries = chat.entries
        #expect(entries.count == 1, "\(answer)")
        #expect(entries.first?.foodId == "usda:21237")
        #expect(entries.first?.quantity == 4)
        #expect(entries.first?.grams == 876)
        #expect(entries.first?.text == "4 big macs")
    }

    @Test func aBareCountOfWholesIsThatMany() throws {
        let chat = try ChatHarness()
        chat.say("we picked up 4 big macs for lunch")
        chat.say("1")
        #expect(chat.entries.map(\.quantity) == [1])
        #expect(chat.entries.first?.grams == 219)
    }

    /// "… and I had one", "… and I ate 2 of them": the person's own count of the wholes ordered is logged, of the
    /// food ordered and with its size, and nothing is asked.
    @Test(arguments: [
        ("we picked up 2 big macs and I had one", 1.0, "one of the 2 big macs"),
        ("we picked up 2 big macs and I had 1", 1, "1 of the 2 big macs"),
        ("we got 4 big macs and I ate 2 of them", 2, "2 of the 4 big macs"),
        ("my family and I grabbed 4 big macs and I had two", 2, "two of the 4 big macs"),
        ("we ordered 3 big macs, I had one of those", 1, "one of the 3 big macs"),
    ])
    func aCountOfTheOrderIsLoggedWithoutAQuestion(message: String, quantity: Double, text: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.pending == nil, "\(message): \(reply.text)")
        #expect(chat.entries.map(\.text) == [text], "\(message): \(chat.entries.map(\.text))")
        #expect(chat.entries.map(\.foodId) == ["usda:21237"], "\(message)")
        #expect(chat.entries.map(\.quantity) == [quantity], "\(message)")
        #expect(chat.entries.first?.grams == 219 * quantity, "\(message)")
    }

    /// A group's order told as done is a log whatever the classifier makes of "ordered" ("order me a burger" is
    /// a request): it is asked about, never refused as out of scope.
    @Test(arguments: ["we ordered 4 big macs", "we ordered 2 big macs for dinner", "my wife and I ordered 2 big macs",
                      "the kids and I grabbed 3 big macs"])
    func aGroupsOrderIsNeverOutOfScope(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.pending == "quantity", "\(message): \(reply.text)")
        #expect(reply.text.contains("big macs did you have?"), "\(message): \(reply.text)")
    }

    @Test(arguments: ["cancel", "never mind"])
    func cancelLogsNothing(answer: String) throws {
        let chat = try ChatHarness()
        chat.say("we got a bucket of chicken")
        let reply = chat.say(answer)
        #expect(reply.pending == nil)
        #expect(reply.text.hasPrefix("OK."), "\(reply.text)")
        #expect(chat.entries.isEmpty)
    }

    /// "… and I had 2 slices": the person's own amount is logged, of the food ordered, and nothing is asked.
    @Test(arguments: ["we bought a loaf of bread and I had 2 slices", "we got bread and I had 2 slices",
                      "my family and I picked up a loaf of bread and I ate 2 slices"])
    func aStatedPersonalAmountIsLoggedWithoutAQuestion(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.pending == nil, "\(message): \(reply.text)")
        let entries = chat.entries
        #expect(entries.count == 1, "\(message): \(entries.map(\.text))")
        #expect(entries.first?.foodId == "usda:18069")
        #expect(entries.first?.quantity == 2)
        #expect(entries.first?.unit == "slice")
        #expect(entries.first?.grams == 56)
    }

    /// No group, a share said, no amount, a request or a question: as before, no group question.
    @Test(arguments: ["I bought a loaf of bread", "I got a bucket of chicken", "we shared 2 big macs",
                      "we had bread for lunch", "order a loaf of bread for lunch", "we bought a loaf of bread?",
                      "we got bread"])
    func otherMessagesAreNotAskedAboutAnOrder(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(!reply.text.contains("did you have?"), "\(message): \(reply.text)")
        let analysis = try TestServices.analyzer().analyze(message, reference: .init(year: 2026, month: 11, day: 21))
        #expect(!analysis.questions.contains { $0.contains("did you have?") }, "\(message): \(analysis.questions)")
    }

    /// "we shared 2 big macs" keeps its share: one of the two.
    @Test func sharingStillDivides() throws {
        let chat = try ChatHarness()
        chat.say("we shared 2 big macs")
        #expect(chat.entries.map(\.grams) == [219])
    }
}
