import Foundation
import Testing

/// Suggestions through `nutrichat serve` across a restart: the suggestions on screen are kept in the account's
/// journal, so "show the second one" and "I like it" after a restart mean what was offered before it.
@Suite("Server suggestions", .serialized, .enabled(if: ServerProcess.available))
struct ServerSuggestionTests {
    @Test func suggestionsOnScreenSurviveARestart() async throws {
        let server = try ServerProcess()
        try server.start(now: "2026-11-21T15:30:00")
        let client = HTTPClient(base: server.base)
        let token = try await client.signUp("alice")
        let offer = try await client.post("/v1/chat", json: ["message": "suggest a snack"], token: token)
        let reply = try #require(offer.object["reply"] as? String, "\(offer.text)")
        let titles = reply.split(separator: "\n").compactMap { line -> String? in
            guard line.range(of: #"^[1-5]\. "#, options: .regularExpression) != nil else { return nil }
            return line.dropFirst(3).components(separatedBy: " — ").first
        }
        try #require(titles.count >= 2, "\(reply)")
        server.stop()
        try server.start(now: "2026-11-21T15:30:00")
        let restarted = HTTPClient(base: server.base, token: token)
        let details = try await restarted.post("/v1/chat", json: ["message": "show the second one"])
        let shown = try #require(details.object["reply"] as? String, "\(details.text)")
        #expect(details.object["intent"] as? String == "suggest" && shown.hasPrefix(titles[1]), "\(shown)")
        let liked = try await restarted.post("/v1/chat", json: ["message": "I like it"])
        #expect((liked.object["reply"] as? String)?.contains("Saved \"\(titles[1])\"") == true, "\(liked.text)")
        let recipes = try await restarted.get("/v1/recipes")
        #expect(recipes.text.contains(titles[1]), "\(recipes.text)")
        server.stop()
    }
}
