import Foundation
import Testing
@testable import NutriServer

/// Names, passwords, tokens and request values.
@Suite("Request validation")
struct ValidationTests {
    @Test(arguments: ["abc", "alice", "bob.b", "a_b-c.d", "x12", String(repeating: "z", count: 32)])
    func goodUsernames(_ name: String) {
        #expect(Credentials.problem(username: name) == nil)
    }

    @Test(arguments: ["ab", "", "Alice", "al ice", "alice!", "ålice", "a\u{0}bc", String(repeating: "z", count: 33), "../etc"])
    func badUsernames(_ name: String) {
        #expect(Credentials.problem(username: name) != nil)
    }

    @Test func passwordLengths() {
        #expect(Credentials.problem(password: "1234567") != nil)
        #expect(Credentials.problem(password: "12345678") == nil)
        #expect(Credentials.problem(password: String(repeating: "p", count: 128)) == nil)
        #expect(Credentials.problem(password: String(repeating: "p", count: 129)) != nil)
    }

    @Test func passwordsAreHashedWithBcrypt() {
        let hash = Credentials.hash(password: "correct horse", cost: 4)
        #expect(hash.hasPrefix("$2") && !hash.contains("correct horse"))
        #expect(Credentials.verify(password: "correct horse", hash: hash))
        #expect(!Credentials.verify(password: "correct horsf", hash: hash))
    }

    @Test func tokensAreRandomAndStoredAsSHA256() {
        let a = Credentials.newToken()
        let b = Credentials.newToken()
        #expect(a.count == 64 && a.allSatisfy(\.isHexDigit) && a != b)
        #expect(Credentials.tokenHash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func datesMustExist() throws {
        #expect(try RequestValues.date("2026-11-21", name: "date") == "2026-11-21")
        #expect(try RequestValues.date(nil, name: "date") == nil)
        for bad in ["2026-02-30", "2026-13-01", "21-11-2026", "2026-11-2", "2026-1１-21", "yesterday"] {
            #expect(throws: (any Error).self, "\(bad)") { try RequestValues.date(bad, name: "date") }
        }
    }

    @Test func fieldsAreCheckedForTypeLengthAndControls() throws {
        let fields = JSONFields(object: ["message": "2 eggs", "number": 3, "bell": "a\u{7}", "long": "abcdef", "none": NSNull()])
        #expect(try fields.string("message", maxLength: 10) == "2 eggs")
        for key in ["number", "bell", "long", "none", "missing"] {
            #expect(throws: (any Error).self, "\(key)") { try fields.string(key, maxLength: 5) }
        }
    }

    @Test func aPostgresURLIsNotYetSupported() {
        #expect(throws: (any Error).self) { try ServerDatabase.folder(from: "postgres://localhost/nutrichat") }
        #expect(throws: (any Error).self) { try ServerDatabase.folder(from: "") }
        #expect((try? ServerDatabase.folder(from: "/tmp/x"))?.path == "/tmp/x")
    }
}
