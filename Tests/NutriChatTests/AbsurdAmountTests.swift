import Foundation
import Testing
import NutriLanguage
@testable import NutriChat

/// Numbers stay numbers: an amount no one can eat is an item error in parse and a question in chat, never a serving
/// of one; ordinary amounts of the same shapes log as before.
@Suite("Absurd amounts")
struct AbsurdAmountTests {
    static let reference = ReferenceDate(year: 2026, month: 11, day: 21)

    @Test("an absurd amount is an item error", arguments: AnalyzerCorpusTests.lines("absurd-amount-lines"))
    func absurdAmount(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: Self.reference)
        let item = try #require(analysis.items.first, "\(line): no item")
        #expect(item.amountProblem != nil, "\(line): \(item.mention.amount)")
        #expect(item.portion == nil && item.nutrients.entries.isEmpty)
        let json = analysis.json.serialized
        #expect(json.contains("\"error\":\"implausible amount: "), "\(json)")
        #expect(!json.contains("\"quantity\":-") && !json.contains(":nan") && !json.contains(":inf"))
    }

    @Test("an ordinary amount is no error", arguments: AnalyzerCorpusTests.lines("ordinary-amount-lines"))
    func ordinaryAmount(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: Self.reference)
        #expect(analysis.intent == .logFood, "\(line)")
        #expect(!analysis.items.isEmpty && analysis.items.allSatisfy { $0.amountProblem == nil }, "\(line)")
    }

    @Test func corporaAreThere() {
        #expect(AnalyzerCorpusTests.lines("absurd-amount-lines").count >= 15)
        #expect(AnalyzerCorpusTests.lines("ordinary-amount-lines").count >= 10)
    }

    @Test(arguments: ["1e308 eggs", "-3 eggs", "NaN eggs", "1/0 cup milk", "inf g rice"])
    func chatAsksInsteadOfLogging(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.logged.isEmpty && chat.entries.isEmpty, "\(reply.text)")
        #expect(reply.pending == "quantity", "\(reply.text)")
        #expect(reply.text.contains("\"\(message)\""), "\(reply.text)")
        // Said again as the answer to "How much egg?", the absurd amount is refused again, not read without its sign.
        let again = chat.say(message)
        #expect(again.logged.isEmpty && chat.entries.isEmpty, "\(again.text)")
    }
}
