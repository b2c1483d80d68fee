import Foundation
import GRDB
import Testing
@testable import NutriStore

/// Each kind of bad import file is refused with a one-line reason, and the journal stays byte-for-byte as it was.
@Suite("Import refuses bad files")
struct TransferBadFileTests {
    /// Runs `prepare` on the file `make` writes, expects `check` to accept the error, then checks the journal.
    private func expectRefused(_ make: (URL, Journal) throws -> URL,
                               _ check: (TransferError) -> Bool,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = try make(work, journal)
        let entriesBefore = try TransferHome.allEntries(journal)
        let bytesBefore = try home.journalBytes()
        let homeFilesBefore = try FileManager.default.contentsOfDirectory(atPath: home.folder.path).sorted()
        do {
            let candidate = try JournalImporter.prepare(file: file, workingFolder: home.folder)
            candidate.discard()
            Issue.record("accepted a bad file", sourceLocation: sourceLocation)
        } catch let error as TransferError {
            #expect(check(error), "unexpected reason: \(error)", sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(try home.journalBytes() == bytesBefore, sourceLocation: sourceLocation)
        #expect(try TransferHome.allEntries(journal) == entriesBefore, sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path).sorted() == homeFilesBefore,
                "a temporary copy was left behind", sourceLocation: sourceLocation)
    }

    private func write(_ bytes: Data, _ name: String) -> (URL, Journal) throws -> URL {
        { folder, _ in
            let file = folder.appendingPathComponent(name)
            try bytes.write(to: file)
            return file
        }
    }

    @Test func emptyFile() throws {
        try expectRefused(write(Data(), "empty.sqlite")) { if case .empty = $0 { true } else { false } }
    }

    @Test func randomBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try expectRefused(write(bytes, "random.sqlite")) { if case .notSQLite = $0 { true } else { false } }
    }

    @Test func csvFile() throws {
        let csv = Data("id,date,meal,text\n1,2026-11-21,breakfast,a banana\n".utf8)
        try expectRefused(write(csv, "journal.csv")) {
            if case .notSQLite(_, let looksLike) = $0 { looksLike.contains("CSV") } else { false }
        }
    }

    @Test func jsonExport() throws {
        try expectRefused({ folder, journal in
            let file = folder.appendingPathComponent("journal.json")
            _ = try journal.export(to: file, format: .json)
            return file
        }) { if case .notSQLite(_, let looksLike) = $0 { looksLike.contains("JSON") } else { false } }
    }

    @Test func csvExportFolder() throws {
        try expectRefused({ folder, journal in
            let target = folder.appendingPathComponent("csv")
            _ = try journal.export(to: target, format: .csv)
            return target
        }) { if case .isFolder(_, true) = $0 { true } else { false } }
    }

    @Test func plainFolder() throws {
        try expectRefused({ folder, _ in folder }) { if case .isFolder(_, false) = $0 { true } else { false } }
    }

    @Test func missingFile() throws {
        try expectRefused({ folder, _ in folder.appendingPathComponent("nope.sqlite") }) {
            if case .notFound = $0 { true } else { false }
        }
    }

    @Test func truncatedInTheMiddle() throws {
        try expectRefused({ folder, journal in
            let data = try Data(contentsOf: try TransferHome.sqliteExport(of: journal))
            let file = folder.appendingPathComponent("cut.sqlite")
            try data.prefix(data.count / 2).write(to: file)
            return file
        }) { if case .truncated = $0 { true } else { false } }
    }

    @Test func truncatedOffPageBoundary() throws {
        try expectRefused({ folder, journal in
            let data = try Data(contentsOf: try TransferHome.sqliteExport(of: journal))
            let file = folder.appendingPathComponent("cut.sqlite")
            try data.prefix(data.count - 1000).write(to: file)
            return file
        }) { if case .truncated = $0 { true } else { false } }
    }

    @Test func truncatedInsideTheHeader() throws {
        try expectRefused({ folder, journal in
            let data = try Data(contentsOf: try TransferHome.sqliteExport(of: journal))
            let file = folder.appendingPathComponent("cut.sqlite")
            try data.prefix(60).write(to: file)
            return file
        }) { if case .truncated = $0 { true } else { false } }
    }

    @Test func damagedPages() throws {
        try expectRefused({ folder, journal in
            var data = try Data(contentsOf: try TransferHome.sqliteExport(of: journal))
            let pageSize = 4096
            for index in (pageSize + 8)..<min(data.count, 4 * pageSize) { data[index] = UInt8(truncatingIfNeeded: index * 31) }
            let file = folder.appendingPathComponent("damaged.sqlite")
            try data.write(to: file)
            return file
        }) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func foreignSQLiteDatabase() throws {
        try expectRefused({ folder, _ in
            let file = folder.appendingPathComponent("other.sqlite")
            let queue = try DatabaseQueue(path: file.path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE contact(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contact(name) VALUES ('Ada')")
            }
            try queue.close()
            return file
        }) { if case .foreignDatabase = $0 { true } else { false } }
    }

    @Test func foreignGRDBDatabase() throws {
        try expectRefused({ folder, _ in
            let file = folder.appendingPathComponent("other.sqlite")
            let queue = try DatabaseQueue(path: file.path)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("createPlayers") { db in try db.execute(sql: "CREATE TABLE player(id INTEGER PRIMARY KEY)") }
            try migrator.migrate(queue)
            try queue.close()
            return file
        }) { if case .foreignDatabase = $0 { true } else { false } }
    }

    @Test func newerVersion() throws {
        try expectRefused({ _, journal in
            let file = try TransferHome.sqliteExport(of: journal)
            try TransferHome.tamper(file, "INSERT INTO grdb_migrations(identifier) VALUES ('v99-teleporter')")
            return file
        }) { if case .newerVersion(_, let unknown) = $0 { unknown == ["v99-teleporter"] } else { false } }
    }

    @Test(arguments: [
        ("UPDATE entry SET grams = -5 WHERE id = 2", "entry"),
        ("UPDATE entry SET date = '2026-13-01' WHERE id = 2", "entry"),
        ("UPDATE entry SET date = '21/11/2026' WHERE id = 2", "entry"),
        ("UPDATE entry SET nutrients = 'lots of protein' WHERE id = 2", "entry"),
        ("UPDATE entry SET nutrients = '[1, 2]' WHERE id = 2", "entry"),
        ("UPDATE entry SET nutrients = '{\"energy_kcal\": \"many\"}' WHERE id = 2", "entry"),
        ("UPDATE water SET milliliters = 0", "water"),
        ("UPDATE mealSlot SET name = ' ' WHERE id = 1", "mealSlot"),
        // Issue 13: one test per bad-file kind, refused by the rules every writer follows.
        ("UPDATE entry SET nutrients = '{\"energy_kcal\": 1e999}' WHERE id = 2", "entry"),  // non-finite
        ("UPDATE entry SET grams = 9e999 WHERE id = 2", "entry"),  // non-finite (stored as Inf)
        ("UPDATE customFood SET nutrients = '{\"energy_kcal\": -5000}'", "customFood"),  // negative
        ("UPDATE entry SET grams = 1e12 WHERE id = 2", "entry"),  // huge
        ("UPDATE entry SET nutrients = '{\"energy_kcal\": 1e12}' WHERE id = 2", "entry"),  // huge
        ("UPDATE entry SET foodId = 'custom:99' WHERE id = 2", "entry"),  // dangling reference
        ("UPDATE entry SET text = 'x' || char(27) || ']0;pwned' || char(7) WHERE id = 2", "entry"),  // control characters
        ("UPDATE entry SET foodName = 'a' || char(8238) || 'b' WHERE id = 2", "entry"),  // bidi override
    ])
    func insaneValues(sql: String, table: String) throws {
        try expectRefused({ _, journal in
            let file = try TransferHome.sqliteExport(of: journal)
            try TransferHome.tamper(file, sql)
            return file
        }) { if case .badValue(_, let badTable, _, _) = $0 { badTable == table } else { false } }
    }

    @Test(arguments: [
        "DROP TABLE water",
        "ALTER TABLE entry DROP COLUMN unit",
        "CREATE TABLE surprise(id INTEGER PRIMARY KEY)",
        "CREATE TRIGGER wipe AFTER INSERT ON entry BEGIN DELETE FROM entry; END",
    ])
    func schemaNotOurs(sql: String) throws {
        try expectRefused({ _, journal in
            let file = try TransferHome.sqliteExport(of: journal)
            try TransferHome.tamper(file, sql)
            return file
        }) { if case .schemaMismatch = $0 { true } else { false } }
    }
}
