import Foundation
import Testing
import NutriLanguage
import NutriStore
@testable import NutriChat

/// Exercise and body amounts stay numbers: "-5 km" keeps its sign and "1e308 km" its size through the one number
/// grammar, so each is refused where the reader checks it, in the person's words, instead of logged as 5 km or
/// answered with "inf km".
@Suite("Absurd tracking amounts")
struct AbsurdTrackingTests {
    static let reference = ReferenceDate(year: 2026, month: 11, day: 21)

    /// Everything chat can have logged or saved from one message.
    private func logged(_ chat: ChatHarness) throws -> Int {
        let day = "2026-11-21"
        let profile = try chat.journal.profile()
        return try chat.journal.exercise(on: day).count + chat.journal.weights(from: day, to: day).count
            + (chat.journal.water(on: day) > 0 ? 1 : 0) + chat.entries.count
            + (profile.heightCm == nil ? 0 : 1)
    }

    @Test("an absurd tracking amount is refused", arguments: AnalyzerCorpusTests.lines("absurd-tracking-lines"))
    func refused(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: Self.reference)
        #expect(analysis.error?.hasPrefix("implausible amount: ") == true, "\(line): \(analysis.jsonText)")
        let json = analysis.jsonText
        #expect(!json.contains(":nan") && !json.contains(":inf") && !json.contains("\"quantity\":-"), "\(json)")
        let chat = try ChatHarness()
        let reply = chat.say(line)
        #expect(try logged(chat) == 0, "\(line): \(reply.text)")
        #expect(!reply.text.contains("\n") && !reply.text.lowercased().contains("inf ") && !reply.text.contains("nan"), "\(reply.text)")
        #expect(reply.text.contains("Nothing"), "\(line): \(reply.text)")
    }

    @Test("an ordinary tracking amount logs", arguments: AnalyzerCorpusTests.lines("ordinary-tracking-lines"))
    func ordinary(line: String) throws {
        let analysis = try TestServices.analyzer().analyze(line, reference: Self.reference)
        #expect(analysis.error == nil, "\(line): \(analysis.error ?? "")")
        let chat = try ChatHarness()
        let reply = chat.say(line)
        #expect(try logged(chat) > 0, "\(line): \(reply.text)")
    }

    @Test func corporaAreThere() {
        #expect(AnalyzerCorpusTests.lines("absurd-tracking-lines").count >= 20)
        #expect(AnalyzerCorpusTests.lines("ordinary-tracking-lines").count >= 15)
    }

    /// A short transcript with a fixed clock: the refusals name what was typed; ordinary lines then log.
    @Test func transcript() throws {
        let chat = try ChatHarness(now: "2026-11-21T08:30:00")
        #expect(chat.say("I ran -5 km").text
                == "A distance can't be negative (-5 km) — I take up to 300 km for one exercise. Nothing logged.")
        #expect(chat.say("ran 1e308 km").text
                == "1e308 km doesn't look right — I take up to 300 km for one exercise. Nothing logged.")
        #expect(chat.say("swam -30 min").text
                == "A time can't be negative (-30 min) — I take up to 24 hours for one exercise. Nothing logged.")
        #expect(chat.say("I'm -170 cm tall").text.hasPrefix("A height of -170 cm doesn't look right"))
        #expect(chat.say("drank 1e308 ml of water").text
                == "1e308 ml doesn't look right — I take up to 20 litres of water at a time. Nothing logged.")
        #expect(try logged(chat) == 0)
        #expect(chat.say("ran 5 km").text.hasPrefix("Logged running: 5 km"))
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.distanceKm) == [5])
    }
}
