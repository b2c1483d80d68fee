import Foundation
import Testing

/// `nutrichat serve` end to end over loopback: the real process, the full food database, a fixed clock.
/// Skipped without `$NUTRICHAT_HOME` (the full database) or a built `nutrichat`.
@Suite("Server end to end", .serialized, .enabled(if: ServerProcess.available))
struct ServerEndToEndTests {
    static let now = "2026-11-21T12:30:00"

    /// On a database folder and on PostgreSQL (accounts, tokens and dialogue state in the database server).
    @Test(arguments: StoreKind.testable)
    func accountsChatAcrossARestartParseDiaryAndLogOut(_ kind: StoreKind) async throws {
        let server = try ServerProcess()
        if kind == .postgres { server.database = try await PostgresTestServer.shared.newDatabase() }
        try server.start(now: Self.now)
        var client = HTTPClient(base: server.base)
        let created = try await client.post("/v1/accounts", json: ["username": "alice", "password": "correct horse"])
        #expect(created.status == 201)
        #expect(created.object["username"] as? String == "alice")
        let taken = try await client.post("/v1/accounts", json: ["username": "alice", "password": "another one"])
        #expect(taken.status == 409 && taken.error != nil)
        let wrong = try await client.post("/v1/sessions", json: ["username": "alice", "password": "not the one"])
        #expect(wrong.status == 401 && wrong.error != nil)
        let session = try await client.post("/v1/sessions", json: ["username": "alice", "password": "correct horse"])
        let token = try #require(session.object["token"] as? String)
        #expect(session.status == 200 && token.count == 64)
        client.token = token

        let question = try await client.post("/v1/chat", json: ["message": "I had rice for lunch"])
        #expect(question.status == 200)
        #expect(question.object["pending"] as? String == "quantity", "\(question.text)")
        server.stop()
        try server.start(now: Self.now)
        client = HTTPClient(base: server.base, token: token)
        let answer = try await client.post("/v1/chat", json: ["message": "1 cup"])
        #expect(answer.status == 200)
        let logged = try #require(answer.object["logged"] as? [[String: Any]], "\(answer.text)")
        #expect(logged.count == 1 && (logged.first?["meal"] as? String) == "lunch", "\(answer.text)")
        #expect(answer.object["pending"] is NSNull)

        let diary = try await client.get("/v1/diary?date=2026-11-21")
        #expect(diary.status == 200)
        #expect((diary.object["entries"] as? [Any])?.count == 1, "\(diary.text)")
        let parsed = try await client.post("/v1/parse", json: ["text": "2 eggs and a banana"])
        #expect(parsed.status == 200)
        #expect((parsed.object["items"] as? [Any])?.count == 2, "\(parsed.text)")
        let diaryAfterParse = try await client.get("/v1/diary?date=2026-11-21")
        #expect((diaryAfterParse.object["entries"] as? [Any])?.count == 1, "parse never logs")

        let foods = try await client.get("/v1/foods?q=banana&limit=3")
        #expect(foods.status == 200 && (1...3).contains(foods.array.count), "\(foods.text)")
        let firstId = try #require((foods.array.first as? [String: Any])?["id"] as? String)
        let food = try await client.get("/v1/foods/\(firstId)")
        #expect(food.status == 200 && food.object["nutrients_per_100g"] != nil)
        let export = try await client.get("/v1/export")
        #expect(export.status == 200 && export.object["format"] as? String == "nutrichat-journal")
        let openAPI = try await client.get("/v1/openapi.json", token: "")
        #expect(openAPI.status == 200 && openAPI.object["openapi"] as? String == "3.1.0")

        let out = try await client.send("DELETE", "/v1/sessions/current")
        #expect(out.status == 204)
        let afterOut = try await client.get("/v1/diary")
        #expect(afterOut.status == 401 && afterOut.error != nil)
    }

    /// Every endpoint, on both stores: what alice writes, bob can neither read, nor change, nor delete.
    @Test(arguments: StoreKind.testable)
    func anAccountNeverSeesOrChangesAnothersData(_ kind: StoreKind) async throws {
        let server = try ServerProcess()
        if kind == .postgres { server.database = try await PostgresTestServer.shared.newDatabase() }
        try server.start(now: Self.now)
        let client = HTTPClient(base: server.base)
        let alice = try await client.signUp("alice")
        let bob = try await client.signUp("bob.b")
        let logged = try await client.post("/v1/chat", json: ["message": "2 eggs for breakfast"], token: alice)
        #expect((logged.object["logged"] as? [Any])?.count == 1, "\(logged.text)")
        let custom = try await client.post("/v1/chat", json: ["message": "add a food: zorblax bar, 250 kcal, 20 g protein per bar"],
                                           token: alice)
        #expect(custom.status == 200)
        let aliceParse = try await client.post("/v1/parse", json: ["text": "a zorblax bar"], token: alice)
        #expect(aliceParse.text.contains("custom:1") && aliceParse.text.contains("250"), "her own food: \(aliceParse.text)")

        let bobDiary = try await client.get("/v1/diary?date=2026-11-21", token: bob)
        #expect((bobDiary.object["entries"] as? [Any])?.isEmpty == true, "\(bobDiary.text)")
        let bobExport = try await client.get("/v1/export", token: bob)
        #expect(!bobExport.text.contains("egg") && !bobExport.text.contains("zorblax"))
        let bobUndo = try await client.post("/v1/chat", json: ["message": "undo"], token: bob)
        #expect((bobUndo.object["logged"] as? [Any])?.isEmpty == true)
        let bobParse = try await client.post("/v1/parse", json: ["text": "a zorblax bar"], token: bob)
        #expect(!bobParse.text.contains("custom:"), "\(bobParse.text)")
        let bobSearch = try await client.get("/v1/foods?q=zorblax", token: bob)
        #expect(!bobSearch.text.contains("custom:"), "\(bobSearch.text)")
        let bobShow = try await client.get("/v1/foods/custom:1", token: bob)
        #expect(bobShow.status == 404 && bobShow.error != nil)
        let bobChat = try await client.post("/v1/chat", json: ["message": "how many calories today"], token: bob)
        #expect(bobChat.status == 200 && (bobChat.object["logged"] as? [Any])?.isEmpty == true)
        try await Self.checkJournalIsolation(client, alice: alice, bob: bob)

        let gone = try await client.send("DELETE", "/v1/accounts/me", token: bob)
        #expect(gone.status == 204)
        let bobAgain = try await client.get("/v1/diary", token: bob)
        #expect(bobAgain.status == 401)
        let aliceDiary = try await client.get("/v1/diary?date=2026-11-21", token: alice)
        #expect((aliceDiary.object["entries"] as? [Any])?.count == 1, "\(aliceDiary.text)")
        let bobLogin = try await client.post("/v1/sessions", json: ["username": "bob.b", "password": "correct horse"])
        #expect(bobLogin.status == 401)
    }

    /// Alice's weight, water, goals, profile, custom foods and recipes: bob's reads answer his own (empty) journal,
    /// his edits and deletes answer 404, and alice's data is whole afterwards.
    static func checkJournalIsolation(_ client: HTTPClient, alice: String, bob: String) async throws {
        _ = try await client.post("/v1/weight", json: ["kilograms": 70], token: alice)
        _ = try await client.post("/v1/water", json: ["milliliters": 300], token: alice)
        _ = try await client.put("/v1/goals", json: ["energy_kcal": 1700], token: alice)
        _ = try await client.put("/v1/profile", json: ["age": 40, "height_cm": 170], token: alice)
        let recipe = try await client.post("/v1/recipes", json: ["name": "alice oats", "ingredients": ["1 cup rolled oats"]], token: alice)
        #expect(recipe.status == 201, "\(recipe.text)")
        let reads: [(String, (HTTPAnswer) -> Bool)] = [
            ("/v1/weight", { $0.object["latest_kg"] is NSNull }), ("/v1/water", { $0.object["water_ml"] as? Double == 0 }),
            ("/v1/goals", { ($0.object["goals"] as? [String: Any])?.isEmpty == true }),
            ("/v1/profile", { $0.object["age"] is NSNull && $0.object["height_cm"] is NSNull }),
            ("/v1/foods/custom", { $0.status == 200 && $0.array.isEmpty }), ("/v1/recipes", { $0.status == 200 && $0.array.isEmpty }),
            ("/v1/recipes/recipe:1", { $0.status == 404 }), ("/v1/recipes/alice%20oats", { $0.status == 404 }),
            ("/v1/report?from=2026-11-15&to=2026-11-21", { $0.status == 200 && !$0.text.contains("egg") }),
        ]
        for (path, isBobsOwn) in reads {
            let answer = try await client.get(path, token: bob)
            #expect(isBobsOwn(answer), "bob reads \(path): \(answer.text.prefix(300))")
        }
        for path in ["/v1/foods/custom/custom:1", "/v1/foods/custom/zorblax%20bar", "/v1/recipes/recipe:1", "/v1/weight/2026-11-21"] {
            let answer = try await client.send("DELETE", path, token: bob)
            #expect(answer.status == 404, "bob deletes \(path): \(answer.status) \(answer.text)")
        }
        let edits: [(String, [String: Any])] = [("/v1/foods/custom/custom:1", ["name": "mine", "nutrients": ["energy_kcal": 1]]),
                                                ("/v1/foods/custom/zorblax%20bar", ["name": "mine", "nutrients": ["energy_kcal": 1]]),
                                                ("/v1/recipes/recipe:1", ["name": "mine", "ingredients": ["1 cup milk"]])]
        for (path, body) in edits {
            let answer = try await client.put(path, json: body, token: bob)
            #expect(answer.status == 404, "bob edits \(path): \(answer.status) \(answer.text)")
        }
        let bobFood = try await client.post("/v1/foods/custom", json: ["name": "zorblax bar", "nutrients": ["energy_kcal": 1]], token: bob)
        #expect(bobFood.status == 201, "bob's names are his own: \(bobFood.text)")
        #expect(try await client.get("/v1/weight", token: alice).object["latest_kg"] as? Double == 70)
        #expect(try await client.get("/v1/water", token: alice).object["water_ml"] as? Double == 300)
        #expect(try await client.get("/v1/profile", token: alice).object["age"] as? Double == 40)
        #expect(try await client.get("/v1/recipes", token: alice).array.count == 1)
        let aliceFoods = try await client.get("/v1/foods/custom", token: alice)
        #expect(aliceFoods.array.count == 1 && aliceFoods.text.contains("250"), "\(aliceFoods.text)")
    }

    /// Two server processes on one PostgreSQL database (and one journal folder): a question asked through one is
    /// answered through the other, and each sees the other's accounts, tokens and entries.
    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func twoServersOnOnePostgresDatabaseShareAccountsAndPendingQuestions() async throws {
        let url = try await PostgresTestServer.shared.newDatabase()
        let first = try ServerProcess()
        let second = try ServerProcess()
        let files = first.folder.appendingPathComponent("files").path
        for server in [first, second] {
            server.database = url
            try server.start(now: Self.now, extra: ["--files", files])
        }
        let token = try await HTTPClient(base: first.base).signUp("carol")
        let question = try await HTTPClient(base: first.base, token: token).post("/v1/chat", json: ["message": "I had rice for lunch"])
        #expect(question.object["pending"] as? String == "quantity", "\(question.text)")
        let answer = try await HTTPClient(base: second.base, token: token).post("/v1/chat", json: ["message": "1 cup"])
        #expect((answer.object["logged"] as? [Any])?.count == 1, "\(answer.text)")
        let diary = try await HTTPClient(base: first.base, token: token).get("/v1/diary?date=2026-11-21")
        #expect((diary.object["entries"] as? [Any])?.count == 1, "\(diary.text)")
        let taken = try await HTTPClient(base: second.base).post("/v1/accounts", json: ["username": "carol", "password": "correct horse"])
        #expect(taken.status == 409)
    }
}
