import Foundation
import Testing
@testable import NutriServer

/// The two account stores a server can run on; every test of the suite runs against each.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    /// The kinds this machine can test: PostgreSQL only where its binaries are installed.
    static var testable: [StoreKind] { PostgresTestServer.available ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// A fresh, empty store: SQLite in memory, or a new database on the test cluster.
    func make() async throws -> any AccountStore {
        switch self {
        case .sqlite: return try SQLiteAccountStore()
        case .postgres: return try PostgresAccountStore(location: try PostgresLocation(url: await PostgresTestServer.shared.newDatabase()))
        }
    }
}

/// The account store contract, run against the SQLite store and the PostgreSQL store alike: accounts, tokens,
/// attempts, the audit log and saved dialogue state.
@Suite("Account store")
struct AccountStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func thePostgresStoreIsAmongTheStoresTested() {
        #expect(StoreKind.testable.contains(.postgres))
    }

    @Test(arguments: StoreKind.testable) func aTakenNameIsRefusedAndNamesAreExact(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let alice = try store.createAccount(username: "alice", passwordHash: "h", at: now)
        #expect(throws: AccountStoreError.usernameTaken) { try store.createAccount(username: "alice", passwordHash: "x", at: now) }
        #expect(try store.account(named: "alice") == alice)
        #expect(try store.account(named: "alice' OR '1'='1") == nil)
    }

    /// The load bench's shortcut: seeded accounts come back in order, each with its token, and a taken name writes nothing.
    @Test(arguments: StoreKind.testable) func seededAccountsHaveTheirTokens(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let seeded = [("u0", "t0"), ("u1", "t1"), ("u2", "t2")]
        let seed = { (accounts: [(username: String, tokenHash: String)]) throws -> [Int64] in
            switch store {
            case let sqlite as SQLiteAccountStore:
                return try sqlite.seedAccounts(accounts, passwordHash: "h", at: self.now, tokensExpire: self.now.addingTimeInterval(60))
            case let postgres as PostgresAccountStore:
                return try postgres.seedAccounts(accounts, passwordHash: "h", at: self.now, tokensExpire: self.now.addingTimeInterval(60))
            default:
                throw ServerTestError("no seeding for \(type(of: store))")
            }
        }
        let ids = try seed(seeded)
        for ((name, token), id) in zip(seeded, ids) {
            #expect(try store.account(forTokenHash: token, now: now)?.username == name)
            #expect(try store.account(named: name)?.id == id)
        }
        #expect(throws: (any Error).self) { try seed([("u3", "t3"), ("u1", "t4")]) }
        #expect(try store.account(named: "u3") == nil && store.account(forTokenHash: "t4", now: now) == nil)
    }

    @Test(arguments: StoreKind.testable) func tokensExpireAndAreRevocable(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let alice = try store.createAccount(username: "alice", passwordHash: "h", at: now)
        try store.saveToken(hash: "t1", accountID: alice.id, created: now, expires: now.addingTimeInterval(60))
        #expect(try store.account(forTokenHash: "t1", now: now)?.id == alice.id)
        #expect(try store.account(forTokenHash: "t1", now: now.addingTimeInterval(60)) == nil)
        try store.revokeToken(hash: "t1")
        #expect(try store.account(forTokenHash: "t1", now: now) == nil)
    }

    @Test(arguments: StoreKind.testable) func deletingAnAccountTakesItsTokensAndStateButNotTheAuditLog(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let bob = try store.createAccount(username: "bob", passwordHash: "h", at: now)
        try store.saveToken(hash: "t", accountID: bob.id, created: now, expires: now.addingTimeInterval(60))
        try store.saveDialogueState(Data("{}".utf8), accountID: bob.id, at: now)
        try store.audit(AuditEvent(at: now, kind: .accountCreated, username: "bob", address: "127.0.0.1"))
        try store.deleteAccount(id: bob.id)
        #expect(try store.account(forTokenHash: "t", now: now) == nil)
        #expect(try store.dialogueState(accountID: bob.id) == nil)
        let again = try store.createAccount(username: "bob", passwordHash: "h2", at: now)
        #expect(again.id != bob.id, "ids are never reused")
        #expect(try store.auditLog(limit: 10).map(\.kind) == [.accountCreated])
    }

    @Test(arguments: StoreKind.testable) func dialogueStateIsReplacedPerAccount(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let a = try store.createAccount(username: "aaa", passwordHash: "h", at: now)
        let b = try store.createAccount(username: "bbb", passwordHash: "h", at: now)
        try store.saveDialogueState(Data("1".utf8), accountID: a.id, at: now)
        try store.saveDialogueState(Data("2".utf8), accountID: a.id, at: now)
        #expect(try store.dialogueState(accountID: a.id) == Data("2".utf8))
        #expect(try store.dialogueState(accountID: b.id) == nil)
    }

    @Test(arguments: StoreKind.testable) func failedLoginsCountPerNameAndAddressWithinTheWindow(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        var limits = LoginLimits()
        limits.perUsername = 3
        limits.perAddress = 4
        for minute in 0..<3 {
            try store.recordLoginAttempt(username: "alice", address: "10.0.0.1", succeeded: false,
                                         at: now.addingTimeInterval(Double(minute) * 60))
        }
        let later = now.addingTimeInterval(5 * 60)
        #expect(try limits.retryAfter(username: "alice", address: "10.0.0.2", store: store, now: later) == 600)
        #expect(try limits.retryAfter(username: "bob", address: "10.0.0.2", store: store, now: later) == nil)
        try store.recordLoginAttempt(username: "bob", address: "10.0.0.1", succeeded: false, at: later)
        #expect(try limits.retryAfter(username: "carol", address: "10.0.0.1", store: store, now: later) == 600)
        #expect(try limits.retryAfter(username: "alice", address: nil, store: store, now: now.addingTimeInterval(16 * 60)) == nil)
        try store.recordLoginAttempt(username: "dave", address: nil, succeeded: true, at: later)
        #expect(try store.failedLogins(username: "dave", since: now).isEmpty)
    }

    @Test(arguments: StoreKind.testable) func namesAndAddressesAreKeptExactly(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        for name in ["o'brien", "robert\"); DROP TABLE account;--", "zoë", "$1"] {
            let account = try store.createAccount(username: name, passwordHash: "h", at: now)
            #expect(try store.account(named: name) == account, "\(name)")
            try store.audit(AuditEvent(at: now, kind: .loginFailed, username: name, address: "::1"))
        }
        #expect(try store.auditLog(limit: 2).map(\.username) == ["zoë", "$1"])
        #expect(try store.auditLog(limit: 10).count == 4)
    }

    @Test(arguments: StoreKind.testable) func auditLinesKeepTheirDetailAndAreCountedByKindAndAddress(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        let detail = "3 items (0 replaced): North Hall on 2026-11-21; 'x'); DROP TABLE audit_log;--"
        try store.audit(AuditEvent(at: now, kind: .menusImported, username: "chef", address: "10.0.0.1", detail: detail))
        for minutes in [0.0, 10, 70] {
            try store.audit(AuditEvent(at: now.addingTimeInterval(minutes * 60), kind: .accountCreated, username: "u", address: "10.0.0.1"))
        }
        try store.audit(AuditEvent(at: now, kind: .accountCreated, username: "v", address: "10.0.0.2"))
        #expect(try store.auditLog(limit: 10).first == AuditEvent(at: now, kind: .menusImported, username: "chef", address: "10.0.0.1", detail: detail))
        #expect(try store.auditLog(limit: 1).first?.detail == nil)
        let since = now.addingTimeInterval(5 * 60)
        #expect(try store.auditTimes(kind: .accountCreated, address: "10.0.0.1", since: since) == [10, 70].map { now.addingTimeInterval($0 * 60) })
        #expect(try store.auditTimes(kind: .login, address: "10.0.0.1", since: now).isEmpty)
    }

    @Test(arguments: StoreKind.testable) func signUpsFromOneAddressAreLimitedWithinTheWindow(_ kind: StoreKind) async throws {
        let store = try await kind.make()
        var limits = LoginLimits()
        limits.signUpsPerAddress = 3
        for minutes in [0.0, 20, 40] {
            #expect(try limits.signUpRetryAfter(address: "10.0.0.1", store: store, now: now.addingTimeInterval(minutes * 60)) == nil)
            try store.audit(AuditEvent(at: now.addingTimeInterval(minutes * 60), kind: .accountCreated, username: "u\(minutes)", address: "10.0.0.1"))
        }
        #expect(try limits.signUpRetryAfter(address: "10.0.0.1", store: store, now: now.addingTimeInterval(50 * 60)) == 600)
        #expect(try limits.signUpRetryAfter(address: "10.0.0.2", store: store, now: now.addingTimeInterval(50 * 60)) == nil)
        #expect(try limits.signUpRetryAfter(address: nil, store: store, now: now.addingTimeInterval(50 * 60)) == nil)
        #expect(try limits.signUpRetryAfter(address: "10.0.0.1", store: store, now: now.addingTimeInterval(61 * 60)) == nil)
    }
}

/// What only the PostgreSQL store has: a database shared by several processes, migrations recorded in the database,
/// one-line errors for a database that cannot be used.
@Suite("PostgreSQL account store", .enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
struct PostgresAccountStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func twoStoresOnOneDatabaseShareAccountsAndMigrateOnce() async throws {
        let location = try PostgresLocation(url: await PostgresTestServer.shared.newDatabase())
        let first = try PostgresAccountStore(location: location)
        let second = try PostgresAccountStore(location: location)
        #expect(first.installationID == second.installationID)
        let alice = try first.createAccount(username: "alice", passwordHash: "h", at: now)
        #expect(try second.account(named: "alice") == alice)
        #expect(throws: AccountStoreError.usernameTaken) { try second.createAccount(username: "alice", passwordHash: "x", at: now) }
        let applied = try first.session.rows("SELECT name FROM schema_migration WHERE store = 'accounts'").map { try $0.decode(String.self) }
        #expect(applied == ["v1-accounts", "v2-audit-detail"])
    }

    @Test func aDatabaseMigratedByANewerBuildIsRefused() async throws {
        let location = try PostgresLocation(url: await PostgresTestServer.shared.newDatabase())
        let store = try PostgresAccountStore(location: location)
        try store.session.rows("INSERT INTO schema_migration (store, name, applied_at) VALUES ('accounts', 'v9-future', now())")
        #expect { _ = try PostgresAccountStore(location: location) } throws: { error in
            String(describing: error).contains("newer NutriChat")
        }
    }

    @Test func anUnreachableServerOrDatabaseIsOneLineWithoutThePassword() async throws {
        let url = try await PostgresTestServer.shared.newDatabase()
        let missing = try PostgresLocation(url: url.replacingOccurrences(of: "nutrichat@", with: "nutrichat:s3cret@") + "_missing")
        #expect { _ = try PostgresAccountStore(location: missing) } throws: { error in
            let text = String(describing: error)
            return text.contains("does not exist") && !text.contains("s3cret") && !text.contains("\n")
        }
        let closed = try PostgresLocation(url: "postgres://nutrichat@127.0.0.1:1/nutrichat")
        #expect { _ = try PostgresAccountStore(location: closed) } throws: { error in
            String(describing: error).hasPrefix("cannot reach PostgreSQL at postgres://nutrichat@127.0.0.1:1/nutrichat")
        }
    }
}
