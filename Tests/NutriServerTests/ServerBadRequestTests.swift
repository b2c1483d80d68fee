import Foundation
import Testing

/// Bad requests over loopback: each gets its status and a JSON error, and nothing is written.
@Suite("Server bad requests", .serialized, .enabled(if: ServerProcess.available))
struct ServerBadRequestTests {
    static let now = "2026-11-21T12:30:00"

    @Test func badBodiesAnswerTheirStatusAndWriteNothing() async throws {
        let server = try ServerProcess()
        try server.start(now: Self.now)
        let client = HTTPClient(base: server.base)
        let token = try await client.signUp("carol")
        let cases: [(String, String, Data, Int)] = [
            ("broken JSON", "/v1/chat", Data("{\"message\": \"2 eggs\"".utf8), 400),
            ("not an object", "/v1/chat", Data("[\"2 eggs\"]".utf8), 400),
            ("wrong type", "/v1/chat", Data("{\"message\": 42}".utf8), 400),
            ("missing field", "/v1/chat", Data("{\"text\": \"2 eggs\"}".utf8), 400),
            ("control character", "/v1/chat", Data("{\"message\": \"2 eggs\\u0007\"}".utf8), 400),
            ("over-long", "/v1/chat", Data("{\"message\": \"\(String(repeating: "egg ", count: 1_001))\"}".utf8), 400),
            ("huge body", "/v1/chat", Data("{\"message\": \"\(String(repeating: "e", count: 200_000))\"}".utf8), 413),
            ("empty body", "/v1/parse", Data(), 400),
            ("short name", "/v1/accounts", Data("{\"username\": \"ab\", \"password\": \"correct horse\"}".utf8), 400),
            ("capital name", "/v1/accounts", Data("{\"username\": \"Dave\", \"password\": \"correct horse\"}".utf8), 400),
            ("short password", "/v1/accounts", Data("{\"username\": \"dave\", \"password\": \"short\"}".utf8), 400),
            ("numeric password", "/v1/accounts", Data("{\"username\": \"dave\", \"password\": 12345678}".utf8), 400),
        ]
        for (name, path, body, status) in cases {
            let answer = try await client.send("POST", path, body: body, token: token)
            #expect(answer.status == status, "\(name): \(answer.status) \(answer.text)")
            #expect(answer.error?.isEmpty == false, "\(name): \(answer.text)")
        }
        let diary = try await client.get("/v1/diary?date=2026-11-21", token: token)
        #expect((diary.object["entries"] as? [Any])?.isEmpty == true, "\(diary.text)")
        let dave = try await client.post("/v1/sessions", json: ["username": "dave", "password": "correct horse"])
        #expect(dave.status == 401, "no account was created by a refused body")

        for (name, path) in [("bad date", "/v1/diary?date=2026-02-30"), ("no query", "/v1/foods"),
                             ("bad limit", "/v1/foods?q=egg&limit=0")] {
            let answer = try await client.get(path, token: token)
            #expect(answer.status == 400 && answer.error != nil, "\(name): \(answer.status) \(answer.text)")
        }
        let unknown = try await client.get("/v1/nothing-here", token: token)
        #expect(unknown.status == 404 && unknown.error != nil, "\(unknown.text)")
    }

    @Test func missingBadRevokedAndExpiredTokensAre401() async throws {
        let server = try ServerProcess()
        try server.start(now: Self.now, extra: ["--token-lifetime", "60"])
        let client = HTTPClient(base: server.base)
        let token = try await client.signUp("erin")
        for (name, bad) in [("missing", ""), ("malformed", "abc"), ("unknown", String(repeating: "a", count: 64))] {
            let answer = try await client.post("/v1/chat", json: ["message": "2 eggs"], token: bad)
            #expect(answer.status == 401 && answer.error != nil, "\(name): \(answer.text)")
        }
        let fine = try await client.get("/v1/diary", token: token)
        #expect(fine.status == 200)
        server.stop()
        try server.start(now: "2026-11-21T12:31:30", extra: ["--token-lifetime", "60"])
        let later = HTTPClient(base: server.base)
        let expired = try await later.post("/v1/chat", json: ["message": "2 eggs"], token: token)
        #expect(expired.status == 401 && expired.error != nil, "\(expired.text)")
        let fresh = try await later.post("/v1/sessions", json: ["username": "erin", "password": "correct horse"])
        let freshToken = try #require(fresh.object["token"] as? String)
        let diary = try await later.get("/v1/diary?date=2026-11-21", token: freshToken)
        #expect((diary.object["entries"] as? [Any])?.isEmpty == true, "the expired token's message was not logged")
    }

    @Test func repeatedFailedLoginsAreRateLimited() async throws {
        let server = try ServerProcess()
        try server.start(now: Self.now)
        let client = HTTPClient(base: server.base)
        _ = try await client.signUp("frank")
        for _ in 0..<5 {
            let wrong = try await client.post("/v1/sessions", json: ["username": "frank", "password": "wrong password"])
            #expect(wrong.status == 401)
        }
        let limited = try await client.post("/v1/sessions", json: ["username": "frank", "password": "correct horse"])
        #expect(limited.status == 429 && limited.error != nil, "\(limited.text)")
        #expect(Int(limited.headers["retry-after"] ?? "") == 900, "\(limited.headers)")
    }
}
