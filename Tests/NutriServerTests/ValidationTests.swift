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

    @Test func theDatabaseIsAFolderOrAPostgresURL() throws {
        #expect(try ServerDatabase("/tmp/x") == .folder(URL(fileURLWithPath: "/tmp/x", isDirectory: true)))
        guard case .postgres(let location, let files) = try ServerDatabase("postgres://ann:secret@db.example:5433/meals",
                                                                         files: "/srv/j") else {
            Issue.record("not read as a postgres URL")
            return
        }
        #expect(location.host == "db.example" && location.port == 5433 && location.username == "ann")
        #expect(location.password == "secret" && location.database == "meals" && files?.path == "/srv/j")
        #expect(!location.description.contains("secret"))
        let socket = try PostgresLocation(url: "postgresql://ann@/meals?host=/tmp/pg&port=6000")
        #expect(socket.socketFolder == "/tmp/pg" && socket.port == 6000 && socket.sslMode == "disable")
        for bad in ["", "http://x/y", "postgres://db.example/meals", "postgres://ann@db.example/",
                    "postgres://ann@db.example/meals?sslmode=sometimes"] {
            #expect(throws: (any Error).self, "\(bad)") { try ServerDatabase(bad) }
        }
        #expect(throws: (any Error).self, "--files needs a postgres database") { try ServerDatabase("/tmp/x", files: "/tmp/y") }
        #expect(PostgresLocation.redacted("postgres://ann:secret@h/x") == "postgres://ann:***@h/x")
    }
}
