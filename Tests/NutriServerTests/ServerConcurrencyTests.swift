import Foundation
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
    private func session() -> AccountSession {
        AccountSession { throw CancellationError() }
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
        _ = sessions.checkOut(2) { made = true; return session() }
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
}
