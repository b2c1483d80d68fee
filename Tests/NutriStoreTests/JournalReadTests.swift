import Foundation
import GRDB
import GRDBSQLite
import Testing
@testable import NutriStore

/// A journal's reads on one connection (the server's journals) keep the statements the connection compiled: GRDB's
/// read-only mode sets `PRAGMA query_only`, and setting a flag pragma expires every compiled statement, so each read
/// had the journal's cached statements compiled again at their next step. SQLite counts those recompiles per
/// statement (`SQLITE_STMTSTATUS_REPREPARE`); the reads under test must leave it at zero, and still see every commit.
@Suite("Journal reads on one connection")
struct JournalReadTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let day = "2026-11-21"

    /// How many times SQLite compiled `sql` again since this connection first compiled it (a cached statement).
    static func recompiles(_ sql: String, in journal: Journal) throws -> Int32 {
        try journal.writer.writeWithoutTransaction { db in
            let statement = try db.cachedStatement(sql: sql)
            _ = try Row.fetchAll(statement)
            return sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
    }

    /// Every kind of journal read a reply makes, none of them remembered from a previous call (a commit comes first).
    static func readEverything(_ journal: Journal) throws {
        _ = try journal.userFoodRows()
        _ = try journal.dialogueState("conversation")
        _ = try journal.currentMealSlotName(for: "lunch")
        _ = try journal.setting("units")
        _ = try journal.entries(on: day)
        _ = try journal.recipes()
        _ = try journal.entryCount()
    }

    @Test(arguments: [false, true])
    func readsKeepCompiledStatements(lockFree: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try lockFree ? Journal(path: path, lockFree: true) : Journal(path: path, singleConnection: true)
        let probe = "SELECT COUNT(*) FROM entry WHERE date = '2026-11-21'"
        #expect(try Self.recompiles(probe, in: journal) == 0)
        for round in 0..<3 {
            try journal.setSetting("units", to: round % 2 == 0 ? "metric" : "imperial", at: Self.now)
            try Self.readEverything(journal)
            #expect(try journal.setting("units") == (round % 2 == 0 ? "metric" : "imperial"))
        }
        #expect(try Self.recompiles(probe, in: journal) == 0, "a read expired the connection's statements")
    }

    /// A read still runs in one transaction and sees what another connection on the file committed before it began.
    @Test func readsSeeOtherConnectionsCommits() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let server = try Journal(path: path, singleConnection: true)
        let other = try Journal(path: path)
        #expect(try server.dialogueState("conversation") == nil)
        try other.saveDialogueState("conversation", Data("asked".utf8), at: Self.now)
        #expect(try server.dialogueState("conversation") == Data("asked".utf8))
        try other.setSetting("units", to: "imperial", at: Self.now)
        #expect(try server.setting("units") == "imperial")
    }

    /// A journal is always migrated, so reading its custom foods never asks the schema whether their tables exist:
    /// GRDB answers that by reading all of `sqlite_master`, once for every journal the server opens.
    @Test func customFoodReadsLeaveTheSchemaAlone() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(path: folder.appendingPathComponent("journal.sqlite").path, lockFree: true)
        let traced = SQLSeen()
        try journal.writer.writeWithoutTransaction { db in db.trace(options: .statement) { traced.add("\($0)") } }
        let fingerprint = try journal.userFoodsFingerprint()
        #expect(try journal.userFoodRows() == UserFoodRows())
        #expect(!traced.all.isEmpty, "the trace saw the reads")
        #expect(!traced.all.contains { $0.contains("sqlite_master") || $0.contains("sqlite_schema") }, "\(traced.all)")
        try journal.writer.writeWithoutTransaction { db in db.trace(options: .statement, nil) }
        _ = try journal.addCustomFood(CustomFoodRecord(name: "oat bar", servingQuantity: 1, servingUnit: "bar", servingGrams: 40,
                                                      nutrients: ["energy_kcal": 160], createdAt: Self.now))
        #expect(try journal.userFoodsFingerprint() != fingerprint)
        #expect(try journal.userFoodRows().customFoods.map(\.name) == ["oat bar"])
    }

    /// An exclusive journal (`lockFree`) reads without BEGIN and COMMIT around each read (GRDB compiles those two
    /// every time) and without asking `data_version`; a journal another connection may share still does both.
    @Test(arguments: [false, true])
    func exclusiveReadsRunOnlyTheirOwnStatements(exclusive: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try exclusive ? Journal(path: path, lockFree: true) : Journal(path: path, singleConnection: true)
        let traced = SQLSeen()
        try journal.writer.writeWithoutTransaction { db in db.trace(options: .statement) { traced.add("\($0)") } }
        _ = try journal.goals()
        _ = try journal.profile()
        _ = try journal.dialogueState("conversation")
        _ = try journal.dayTotals(on: Self.day)
        let transactions = traced.all.filter { $0.hasPrefix("BEGIN") || $0.hasPrefix("COMMIT") }
        let versions = traced.all.filter { $0.contains("data_version") }
        if exclusive {
            #expect(transactions.isEmpty, "\(traced.all)")
            #expect(versions.isEmpty, "\(traced.all)")
        } else {
            #expect(transactions.count == 6, "\(traced.all)")
            #expect(!versions.isEmpty)
        }
        #expect(traced.all.contains { $0.contains("FROM \"goal\"") || $0.contains("FROM goal") }, "\(traced.all)")
    }
}


/// SQL text seen by a connection's trace.
final class SQLSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func add(_ sql: String) { lock.withLock { seen.append(sql) } }
    var all: [String] { lock.withLock { seen } }
}
