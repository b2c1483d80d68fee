import Foundation
import PostgresNIO
import Testing
@testable import NutriServer

/// Where `nutrichat serve` keeps an account's journal: a SQLite file in the database folder, or the account's rows in
/// PostgreSQL (and then no file at all). The same requests on both; the export answers the same document; deleting
/// the account takes every row or the file.
@Suite("Server journal storage", .serialized, .enabled(if: ServerProcess.available))
struct ServerJournalStorageTests {
    static let now = "2026-11-21T12:30:00"

    /// The PostgreSQL journal tables that name their account, and the two that hang off a row of another table.
    static let accountTables = [
        "journal_custom_food", "journal_dialogue_state", "journal_entry", "journal_exercise", "journal_food_number",
        "journal_goal", "journal_goal_note", "journal_history_step", "journal_meal_slot", "journal_meal_slot_change",
        "journal_preference", "journal_profile", "journal_recipe", "journal_setting", "journal_suggestion_like",
        "journal_water", "journal_weight",
    ]

    /// A server on `kind`, its PostgreSQL menus kept in a `files` folder of the test's own.
    static func start(_ kind: StoreKind) async throws -> (ServerProcess, files: URL) {
        let server = try ServerProcess()
        let files = server.folder.deletingLastPathComponent().appendingPathComponent("files", isDirectory: true)
        if kind == .postgres { server.database = try await PostgresTestServer.shared.newDatabase() }
        try server.start(now: now, extra: kind == .postgres ? ["--files", files.path] : [])
        return (server, files)
    }

    /// Writes something in every part of alice's journal over HTTP, leaving a question open.
    static func fillJournal(_ client: HTTPClient) async throws {
        let writes: [(String, String, [String: Any])] = [
            ("POST", "/v1/chat", ["message": "2 eggs for breakfast"]),
            ("POST", "/v1/foods/custom", ["name": "zorblax bar", "nutrients": ["energy_kcal": 250, "protein_g": 20], "serving": "1 bar"]),
            ("POST", "/v1/recipes", ["name": "alice oats", "ingredients": ["1 cup rolled oats", "1 cup milk"]]),
            ("POST", "/v1/weight", ["kilograms": 70]), ("POST", "/v1/water", ["milliliters": 300]),
            ("PUT", "/v1/goals", ["energy_kcal": 1700]), ("PUT", "/v1/profile", ["age": 40, "height_cm": 170]),
            ("POST", "/v1/chat", ["message": "I ran for 30 minutes"]),
            ("POST", "/v1/chat", ["message": "I had rice for lunch"]),
        ]
        for (method, path, body) in writes {
            let answer = try await client.send(method, path, body: try JSONSerialization.data(withJSONObject: body))
            #expect((200...201).contains(answer.status), "\(method) \(path): \(answer.text)")
        }
    }

    @Test(arguments: StoreKind.testable)
    func theJournalLivesInTheDatabaseAndGoesWithTheAccount(_ kind: StoreKind) async throws {
        let (server, files) = try await Self.start(kind)
        defer { server.stop() }
        var alice = HTTPClient(base: server.base)
        alice.token = try await alice.signUp("alice")
        let bob = HTTPClient(base: server.base, token: try await alice.signUp("bob"))
        try await Self.fillJournal(alice)
        #expect(try await bob.post("/v1/chat", json: ["message": "a banana"]).object["logged"] as? [Any] != nil)
        let parsed = try await alice.post("/v1/parse", json: ["text": "a zorblax bar and a bowl of alice oats"])
        #expect(parsed.text.contains("custom:1") && parsed.text.contains("recipe:1"), "\(parsed.text)")

        let store = try ServerAuditTests.store(of: server, kind)
        let aliceID = try #require(try store.account(named: "alice")?.id)
        let bobID = try #require(try store.account(named: "bob")?.id)
        let journals = server.folder.appendingPathComponent("journals")
        switch kind {
        case .sqlite:
            #expect(FileManager.default.fileExists(atPath: journals.appendingPathComponent("\(aliceID)/journal.sqlite").path))
        case .postgres:
            #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent("journals").path),
                    "no SQLite journal for a PostgreSQL account")
            let rows = try Self.rowCounts(server.database, accountID: aliceID)
            for table in Self.accountTables where !["journal_goal_note", "journal_meal_slot_change", "journal_preference",
                                                    "journal_suggestion_like", "journal_setting", "journal_meal_slot"].contains(table) {
                #expect((rows[table] ?? 0) > 0, "alice has rows in \(table): \(rows)")
            }
        }

        let answer = try await alice.post("/v1/chat", json: ["message": "1 cup"])
        #expect((answer.object["logged"] as? [Any])?.count == 1, "the open question is answered: \(answer.text)")
        let gone = try await alice.send("DELETE", "/v1/accounts/me")
        #expect(gone.status == 204)
        switch kind {
        case .sqlite:
            #expect(!FileManager.default.fileExists(atPath: journals.appendingPathComponent("\(aliceID)").path))
        case .postgres:
            #expect(try Self.rowCounts(server.database, accountID: aliceID).values.allSatisfy { $0 == 0 })
            #expect(try Self.rowCounts(server.database, accountID: bobID)["journal_entry"] == 1, "bob keeps his")
        }
        let bobDiary = try await bob.get("/v1/diary?date=2026-11-21")
        #expect((bobDiary.object["entries"] as? [Any])?.count == 1, "\(bobDiary.text)")
    }

    /// The same journal exported from a SQLite folder and from PostgreSQL: the same tables, the same columns in
    /// each, and the same values where the two stores keep them alike.
    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func theExportIsTheSameDocumentOnBothDatabases() async throws {
        var exports: [[String: [[String: Any]]]] = []
        for kind in [StoreKind.sqlite, .postgres] {
            let (server, _) = try await Self.start(kind)
            defer { server.stop() }
            var client = HTTPClient(base: server.base)
            client.token = try await client.signUp("alice")
            try await Self.fillJournal(client)
            let export = try await client.get("/v1/export")
            #expect(export.status == 200 && export.object["format"] as? String == "nutrichat-journal", "\(kind): \(export.text.prefix(300))")
            exports.append(try #require(export.object["tables"] as? [String: [[String: Any]]], "\(kind): \(export.text.prefix(300))"))
        }
        let (sqlite, postgres) = (exports[0], exports[1])
        for (table, rows) in sqlite {
            let columns = Set(rows.flatMap(\.keys))
            let theirs = try #require(postgres[table], "PostgreSQL's export has no table \(table)")
            // A folder keeps the pending question in its account store; PostgreSQL in the journal's dialogue states.
            #expect(theirs.count == rows.count + (table == "dialogueState" ? 1 : 0),
                    "\(table): \(rows.count) rows on SQLite, \(theirs.count) on PostgreSQL")
            #expect(Set(theirs.flatMap(\.keys)).isSuperset(of: columns.subtracting(["id"])),
                    "\(table): columns \(columns.sorted()) against \(Set(theirs.flatMap(\.keys)).sorted())")
        }
        let entries = (sqlite["entry"] ?? []).map { $0["foodName"] as? String }
        #expect(entries == (postgres["entry"] ?? []).map { $0["foodName"] as? String } && entries.count == 1)
        #expect((postgres["customFood"]?.first?["nutrients"] as? String)?.contains("250") == true)
    }

    /// Rows of one account in each journal table, read straight from PostgreSQL.
    static func rowCounts(_ url: String, accountID: Int64) throws -> [String: Int] {
        let session = try PostgresSession(location: try PostgresLocation(url: url))
        var counts: [String: Int] = [:]
        for table in accountTables {
            counts[table] = try count(session, "SELECT count(*)::bigint FROM \(unescaped: table) WHERE account_id = \(accountID)")
        }
        counts["journal_recipe_ingredient"] = try count(session, """
            SELECT count(*)::bigint FROM journal_recipe_ingredient i JOIN journal_recipe r ON r.id = i.recipe_id
            WHERE r.account_id = \(accountID)
            """)
        counts["journal_history_change"] = try count(session, """
            SELECT count(*)::bigint FROM journal_history_change c JOIN journal_history_step s ON s.id = c.step_id
            WHERE s.account_id = \(accountID)
            """)
        return counts
    }

    private static func count(_ session: PostgresSession, _ query: PostgresQuery) throws -> Int {
        Int(try session.rows(query).first?.decode(Int64.self) ?? 0)
    }
}
