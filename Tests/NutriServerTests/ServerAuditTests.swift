import Foundation
import Testing
@testable import NutriServer

/// Sign-up rate limiting and the audit of menu imports over loopback, on both account stores: the audit lines are
/// read back from the server's own store.
@Suite("Server sign-up limits and audit", .serialized, .enabled(if: ServerProcess.available))
struct ServerAuditTests {
    /// The store the server writes, opened beside it.
    static func store(of server: ServerProcess, _ kind: StoreKind) throws -> any AccountStore {
        switch kind {
        case .sqlite: return try SQLiteAccountStore(path: server.folder.appendingPathComponent("accounts.sqlite").path)
        case .postgres: return try PostgresAccountStore(location: try PostgresLocation(url: server.database))
        }
    }

    @Test(arguments: StoreKind.testable)
    func signUpsAreRateLimitedPerAddressAndMenuImportsAreAudited(_ kind: StoreKind) async throws {
        let server = try ServerProcess()
        if kind == .postgres { server.database = try await PostgresTestServer.shared.newDatabase() }
        try server.start(now: ServerEndToEndTests.now, extra: ["--operator", "chef"])
        defer { server.stop() }
        let client = HTTPClient(base: server.base)
        let chef = try await client.signUp("chef")
        let imported = try await client.send("POST", "/v1/menus", body: Data(ServerMenuTests.menu.utf8), token: chef)
        #expect(imported.status == 201, "\(imported.text)")

        let limit = LoginLimits().signUpsPerAddress
        for number in 2...limit {
            let created = try await client.post("/v1/accounts", json: ["username": "student\(number)", "password": "correct horse"])
            #expect(created.status == 201, "sign-up \(number): \(created.text)")
        }
        let refused = try await client.post("/v1/accounts", json: ["username": "one.too.many", "password": "correct horse"])
        #expect(refused.status == 429 && refused.error?.contains("too many accounts") == true, "\(refused.text)")
        #expect(Int(refused.headers["retry-after"] ?? "") == 3600, "the fixed clock: the first sign-up leaves in an hour")
        let login = try await client.post("/v1/sessions", json: ["username": "one.too.many", "password": "correct horse"])
        #expect(login.status == 401, "no account was made")
        let stillIn = try await client.get("/v1/diary", token: chef)
        #expect(stillIn.status == 200, "logging in and working are not limited")

        let log = try Self.store(of: server, kind).auditLog(limit: 100)
        let menuLine = try #require(log.first { $0.kind == .menusImported }, "\(log)")
        #expect(menuLine.username == "chef" && menuLine.address == "127.0.0.1", "\(menuLine)")
        #expect(menuLine.detail == "3 items (0 replaced): North Hall on 2026-11-21; South Hall on 2026-11-21", "\(menuLine)")
        #expect(log.filter { $0.kind == .accountCreated }.count == limit)
        #expect(log.suffix(2).map(\.kind) == [.signUpRateLimited, .loginFailed], "\(log.suffix(2))")
        #expect(log.last?.username == "one.too.many")
    }
}
