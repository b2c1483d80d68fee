import Foundation
import Testing
@testable import NutriServer

/// The SQLite account store, in memory: accounts, tokens, attempts, the audit log and saved dialogue state.
@Suite("Account store")
struct AccountStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTakenNameIsRefusedAndNamesAreExact() throws {
        let store = try SQLiteAccountStore()
        let alice = try store.createAccount(username: "alice", passwordHash: "h", at: now)
        #expect(throws: AccountStoreError.usernameTaken) { try store.createAccount(username: "alice", passwordHash: "x", at: now) }
        #expect(try store.account(named: "alice") == alice)
        #expect(try store.account(named: "alice' OR '1'='1") == nil)
    }

    @Test func tokensExpireAndAreRevocable() throws {
        let store = try SQLiteAccountStore()
        let alice = try store.createAccount(username: "alice", passwordHash: "h", at: now)
        try store.saveToken(hash: "t1", accountID: alice.id, created: now, expires: now.addingTimeInterval(60))
        #expect(try store.account(forTokenHash: "t1", now: now)?.id == alice.id)
        #expect(try store.account(forTokenHash: "t1", now: now.addingTimeInterval(60)) == nil)
        try store.revokeToken(hash: "t1")
        #expect(try store.account(forTokenHash: "t1", now: now) == nil)
    }

    @Test func deletingAnAccountTakesItsTokensAndStateButNotTheAuditLog() throws {
        let store = try SQLiteAccountStore()
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

    @Test func dialogueStateIsReplacedPerAccount() throws {
        let store = try SQLiteAccountStore()
        let a = try store.createAccount(username: "aaa", passwordHash: "h", at: now)
        let b = try store.createAccount(username: "bbb", passwordHash: "h", at: now)
        try store.saveDialogueState(Data("1".utf8), accountID: a.id, at: now)
        try store.saveDialogueState(Data("2".utf8), accountID: a.id, at: now)
        #expect(try store.dialogueState(accountID: a.id) == Data("2".utf8))
        #expect(try store.dialogueState(accountID: b.id) == nil)
    }

    @Test func failedLoginsCountPerNameAndAddressWithinTheWindow() throws {
        let store = try SQLiteAccountStore()
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
}
