import Foundation
import Testing

/// The server's journals are lock-free and close without a checkpoint: a server killed mid-traffic (SIGKILL) still
/// keeps every entry it acknowledged. Three accounts chat at once through a server keeping one journal open, so
/// journals close and reopen all the time; after the kill and a restart on the same folder, each account's diary holds
/// at least every acknowledged entry and no more than were sent.
@Suite("Server crash", .serialized, .enabled(if: ServerProcess.available))
struct ServerCrashTests {
    /// One account's tally: messages sent and "Logged" replies received.
    actor Tally {
        var sent = 0
        var acknowledged = 0
        func send() { sent += 1 }
        func acknowledge() { acknowledged += 1 }
    }

    @Test func aKilledServerKeepsEveryAcknowledgedEntry() async throws {
        let server = try ServerProcess()
        try server.start(now: ServerEndToEndTests.now, extra: ["--open-journals", "1"])
        let client = HTTPClient(base: server.base)
        var accounts: [(token: String, tally: Tally)] = []
        for name in ["alice", "bob.b", "carol"] { accounts.append((try await client.signUp(name), Tally())) }

        await withTaskGroup(of: Void.self) { group in
            for (token, tally) in accounts {
                group.addTask {
                    for _ in 0..<400 {
                        await tally.send()
                        guard let answer = try? await client.post("/v1/chat", json: ["message": "a banana"], token: token),
                              answer.status == 200 else { return }
                        if let logged = answer.object["logged"] as? [Any], !logged.isEmpty { await tally.acknowledge() }
                    }
                }
            }
            group.addTask {
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline, await accounts.asyncAllSatisfy({ await $0.tally.acknowledged < 15 }) {
                    try? await Task.sleep(nanoseconds: 20_000_000)
                }
                server.kill()
            }
        }

        try server.start(now: ServerEndToEndTests.now)
        defer { server.stop() }
        let restarted = HTTPClient(base: server.base)
        var (allSent, allAcknowledged) = (0, 0)
        for (_, tally) in accounts {
            allSent += await tally.sent
            allAcknowledged += await tally.acknowledged
        }
        #expect(allSent > allAcknowledged, "the kill came while messages were on their way")
        for (token, tally) in accounts {
            let (sent, acknowledged) = (await tally.sent, await tally.acknowledged)
            let diary = try await restarted.get("/v1/diary?date=2026-11-21", token: token)
            let kept = (diary.object["entries"] as? [Any])?.count ?? -1
            #expect(acknowledged > 0)
            #expect(kept >= acknowledged && kept <= sent, "kept \(kept), acknowledged \(acknowledged), sent \(sent)")
        }
    }
}

extension Array where Element: Sendable {
    /// Whether every element satisfies an async predicate.
    func asyncAllSatisfy(_ predicate: (Element) async -> Bool) async -> Bool {
        for element in self where !(await predicate(element)) { return false }
        return true
    }
}
