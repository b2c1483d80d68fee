import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Issue 13 in conversation: escapes never reach the journal, absurd amounts are asked about, never logged.
@Suite("Trust transcripts")
struct TrustTranscriptTests {
    @Test func terminalEscapesAreStrippedBeforeTheJournal() throws {
        let chat = try ChatHarness()
        let reply = chat.say("\u{1B}c2 scrambled eggs for breakfast\u{1B}]0;pwned\u{07}\u{1B}[2J")
        #expect(reply.logged.count == 1)
        let entries = chat.entries
        #expect(entries.count == 1)
        for entry in entries {
            #expect(TextSafety.firstUnsafe(in: entry.text) == nil)
            #expect(entry.text == "2 scrambled eggs")
        }
        #expect(TextSafety.firstUnsafe(in: reply.text) == nil)
        #expect(TextSafety.firstUnsafe(in: reply.input) == nil)
        let diary = try DiaryDay.load(date: "2026-11-21", journal: chat.journal).text(bold: { $0 }, dim: { $0 })
        #expect(!diary.unicodeScalars.contains { $0 != "\n" && TextSafety.isUnsafe($0) })
    }

    @Test func anAbsurdAmountIsAskedAboutNotLogged() throws {
        let chat = try ChatHarness()
        let question = chat.say("99999999999999999999 cups rice")
        #expect(question.text.hasPrefix("Did you mean 9 cups of rice? \"99999999999999999999 cups rice\" is more than a person eats in one go"))
        #expect(question.pending == "quantity")
        #expect(question.logged.isEmpty && chat.entries.isEmpty)
        // A second absurd answer is asked about again; a plausible one is logged with its own words.
        let again = chat.say("5000 cups")
        #expect(again.text.hasPrefix("Did you mean 500 cups of rice?") == false)
        #expect(again.text.contains("Did you mean") && chat.entries.isEmpty)
        let answer = chat.say("2 cups")
        #expect(answer.logged.count == 1)
        #expect(chat.entries.map(\.text) == ["2 cups rice"])
        #expect((300...500).contains(try chat.journal.energy(on: "2026-11-21")))
    }

    @Test func didYouMeanOffersTheLeadingDigitsThatFit() throws {
        let chat = try ChatHarness()
        let reply = chat.say("2000 cups of whole milk and a banana")
        // The plausible part of the message is logged; the implausible one waits for its answer.
        #expect(reply.text.hasPrefix("Logged for lunch: a banana"))
        #expect(reply.text.contains("Did you mean 20 cups of whole milk?"))
        #expect(reply.pending == "quantity")
        #expect(chat.entries.map(\.text) == ["a banana"])
        #expect(chat.say("90 bananas").text.hasPrefix("Skipped the whole milk. Did you mean 9 bananas?"))
        #expect(PlausibleAmounts.leadingPart(of: "99999999999999999999", within: 20) == "9")
        #expect(PlausibleAmounts.leadingPart(of: "2000", within: 20) == "20")
        #expect(PlausibleAmounts.leadingPart(of: "90", within: 5) == nil)
    }

    /// "yes" and its everyday forms (`yes` in dialogue-words.tsv) log the amount the question suggested.
    @Test(arguments: ["yes", "Yes.", "yeah", "yep", "correct", "right", "that's right", "Yes, that's right!"])
    func yesLogsTheAmountAskedAbout(answer: String) throws {
        let chat = try ChatHarness()
        let question = chat.say("99999999999999999999 cups rice")
        #expect(question.text.hasPrefix("Did you mean 9 cups of rice?"))
        let reply = chat.say(answer)
        #expect(reply.logged.count == 1, "\(reply.text)")
        #expect(reply.pending == nil)
        #expect(chat.entries.map(\.text) == ["9 cups rice"])
        #expect(chat.entries.first?.quantity == 9 && chat.entries.first?.unit == "cup")
        // Nothing is left to say yes to.
        #expect(chat.say("yes").logged.isEmpty && chat.entries.count == 1)
    }

    /// "no" lets the question go and logs nothing; the next message is a message of its own.
    @Test(arguments: ["no", "nope", "nah", "no thanks", "No."])
    func noDropsTheAmountAskedAbout(answer: String) throws {
        let chat = try ChatHarness()
        _ = chat.say("2000 cups of whole milk")
        let reply = chat.say(answer)
        #expect(reply.pending == nil && reply.logged.isEmpty, "\(reply.text)")
        #expect(reply.text.contains("milk"), "\(reply.text)")
        #expect(chat.entries.isEmpty)
        #expect(chat.say("2 cups").logged.isEmpty && chat.entries.isEmpty)
    }

    /// A question with no amount to suggest takes no "yes": it stays an amount question until answered or let go.
    @Test func yesNeedsASuggestedAmount() throws {
        let chat = try ChatHarness()
        let question = chat.say("9 kg of rice")
        #expect(question.text.contains("Did you mean a smaller amount?"), "\(question.text)")
        #expect(chat.say("yes").logged.isEmpty && chat.entries.isEmpty)
    }

    @Test func parseMarksAnAbsurdItemWithAnErrorAndNoGrams() throws {
        let analyzer = try TestServices.analyzer()
        let reference = try #require(Clock.parse("2026-11-21T12:30:00")).reference
        let analysis = analyzer.analyze("99999999999999999999 cups rice and 1 cup of milk", reference: reference)
        #expect(analysis.items.count == 2)
        let absurd = try #require(analysis.items.first)
        #expect(absurd.portion == nil && absurd.amountProblem != nil)
        let json = analysis.jsonText
        #expect(json.contains("\"grams\":null"))
        #expect(json.contains("\"error\":\"implausible amount: \\\"99999999999999999999 cups rice\\\""))
        #expect(analysis.items.last?.amountProblem == nil)
        // Ordinary big meals pass.
        for text in ["500 g of rice", "a gallon of water", "3 cups of rice", "12 eggs", "2 liters of milk"] {
            #expect(analyzer.analyze(text, reference: reference).items.allSatisfy { $0.amountProblem == nil }, "\(text)")
        }
    }

    @Test func jsonOutputEscapesLineSeparators() {
        var writer = JSONWriter()
        writer.string("a\u{2028}b\u{2029}c\u{85}d — é")
        #expect(writer.text == "\"a\\u2028b\\u2029c\\u0085d — é\"")
        let reply = Reply(input: "x\u{2028}", intent: "greet", text: "ok", pending: nil, logged: [])
        #expect(!reply.json.serialized.unicodeScalars.contains { $0.value == 0x2028 })
    }

    @Test func aFailedSaveSaysSoOnItsReplyLine() throws {
        let chat = try ChatHarness()
        // An error the journal did not expect stands in for any failed save: the reply is marked and says "Not saved".
        struct DiskTrouble: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        chat.say("2 scrambled eggs for breakfast")
        #expect(chat.entries.count == 1)
        let failure = chat.conversation.failureReply("x", DiskTrouble())
        #expect(failure.failure?.fatal == false)
        #expect(failure.text.hasPrefix("Not saved:"))
        #expect(failure.json.serialized.contains(",\"error\":"))
        #expect(!chat.say("hello").json.serialized.contains("\"error\""))
        // A value the journal's rules refuse is an answer to what was typed: it says so, but the session has not failed.
        let refused = chat.conversation.failureReply("x", StoreError.invalidValue("grams is over the limit"))
        #expect(refused.text == "Not saved: grams is over the limit.")
        #expect(refused.failure == nil)
    }
}
