import Foundation
import NutriChat
import NutriStore
import Testing
@testable import NutriServer

/// Requests of different accounts run at the same time over one shared catalog: each still sees only its own custom
/// foods, and one account's requests sent at once are all applied (its work is serialised).
@Suite("Server concurrency", .serialized, .enabled(if: ServerProcess.available))
struct ServerConcurrencyTests {
    @Test func accountsAtTheSameTimeSeeOnlyTheirOwnFoodsAndLoseNoEntry() async throws {
        let server = try ServerProcess()
        try server.start(now: ServerEndToEndTests.now)
        defer { server.stop() }
        let client = HTTPClient(base: server.base)
        let alice = try await client.signUp("alice")
        let bob = try await client.signUp("bob.b")
        let added = try await client.post("/v1/chat", json: ["message": "add a food: zorblax bar, 250 kcal, 20 g protein per bar"],
                                          token: alice)
        #expect(added.status == 200, "\(added.text)")

        let answers = try await withThrowingTaskGroup(of: (String, HTTPAnswer).self) { group in
            for round in 0..<12 {
                let token = round.isMultiple(of: 2) ? alice : bob
                let name = round.isMultiple(of: 2) ? "alice" : "bob"
                group.addTask { (name, try await client.post("/v1/parse", json: ["text": "a zorblax bar"], token: token)) }
                group.addTask { (name + " chat", try await client.post("/v1/chat", json: ["message": "a banana"], token: token)) }
            }
            var all: [(String, HTTPAnswer)] = []
            for try await answer in group { all.append(answer) }
            return all
        }
        for (who, answer) in answers {
            #expect(answer.status == 200, "\(who): \(answer.text)")
            if who == "alice" { #expect(answer.text.contains("custom:"), "\(answer.text)") }
            if who == "bob" { #expect(!answer.text.contains("custom:"), "\(answer.text)") }
        }
        for token in [alice, bob] {
            let diary = try await client.get("/v1/diary?date=2026-11-21", token: token)
            #expect((diary.object["entries"] as? [Any])?.count == 6, "every acknowledged entry is kept: \(diary.text)")
        }
    }
}

/// The bound on open journals: idle sessions beyond it are dropped, least recently used first; one in use never is.
@Suite("Account sessions")
struct AccountSessionsTests {
    private func session(_ predecessor: AccountSession? = nil) -> AccountSession {
        AccountSession(opener: { throw CancellationError() }, after: predecessor)
    }

    @Test func idleSessionsBeyondTheLimitAreDroppedOldestFirst() {
        let sessions = AccountSessions(limit: 2)
        let first = sessions.checkOut(1, make: session)
        sessions.checkIn(1)
        _ = sessions.checkOut(2, make: session)
        sessions.checkIn(2)
        #expect(sessions.checkOut(1, make: session) === first, "a cached session is reused")
        sessions.checkIn(1)
        _ = sessions.checkOut(3, make: session)
        sessions.checkIn(3)
        #expect(sessions.count == 2)
        #expect(sessions.checkOut(1, make: session) === first, "1 was used after 2, so 2 went")
        sessions.checkIn(1)
        var made = false
        _ = sessions.checkOut(2) { made = true; return session($0) }
        #expect(made)
        sessions.checkIn(2)
    }

    @Test func aSessionInUseIsNeverDropped() {
        let sessions = AccountSessions(limit: 1)
        let busy = sessions.checkOut(1, make: session)
        _ = sessions.checkOut(2, make: session)
        #expect(sessions.count == 2, "both are in use: the bound waits")
        sessions.checkIn(2)
        _ = sessions.checkOut(3, make: session)
        sessions.checkIn(3)
        #expect(sessions.checkOut(1, make: session) === busy)
        #expect(sessions.count == 2)
    }

    /// A journal is opened lock-free, so an account's next session opens it only after the dropped session's close
    /// has run, however slow that close (here 100 ms of keeping the account's foods).
    @Test func aDroppedSessionClosesBeforeTheAccountsNextSessionOpensTheJournal() async throws {
        let analyzer = try #require(ConversationStoreTests.analyzer, "needs NUTRICHAT_HOME")
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = EventLog()
        let clock = Clock(now: Date(timeIntervalSince1970: 1_800_000_000))
        func make(_ id: Int64) -> (AccountSession?) -> AccountSession {
            { predecessor in
                AccountSession(opener: {
                    events.add("open \(id)")
                    let path = folder.appendingPathComponent("\(id)/journal.sqlite").path
                    return Conversation(analyzer: analyzer, journal: try ServerJournalOptions.openJournal(path: path), clock: { clock })
                }, closing: { _, _ in
                    Thread.sleep(forTimeInterval: 0.1)
                    events.add("close \(id)")
                }, after: predecessor)
            }
        }
        let sessions = AccountSessions(limit: 1)
        let timing = PhaseTimes(enabled: false)
        for (id, message) in [(1, "a banana"), (2, "an apple"), (1, "a pear"), (2, "a kiwi"), (1, "how many calories today")] {
            let session = sessions.checkOut(Int64(id), make: make(Int64(id)))
            _ = try await session.perform(timing: timing) { $0.respond(to: message).text }
            sessions.checkIn(Int64(id))
        }
        let all = events.all
        #expect(all.filter { $0.hasSuffix(" 1") } == ["open 1", "close 1", "open 1", "close 1", "open 1"],
                "each open of a journal after its last close: \(all)")
        #expect(Array(all.filter { $0.hasSuffix(" 2") }.prefix(3)) == ["open 2", "close 2", "open 2"], "\(all)")
        for _ in 0..<200 where sessions.closingCount > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(sessions.closingCount == 0, "a dropped session is forgotten once closed")
        let journal = try Journal(path: folder.appendingPathComponent("1/journal.sqlite").path)
        #expect(try journal.entries(on: clock.reference.isoDate).map(\.text).sorted() == ["a banana", "a pear"])
    }
}

/// Events appended from several queues, in the order they happened.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func add(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
}
