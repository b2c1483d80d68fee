import Foundation
import Testing
@testable import NutriStore

/// The server's journals (one connection each) keep their WAL files between opens: a close empties the log instead
/// of deleting it, a journal opened only to be read is never written, and what was committed is never lost, whether
/// the journal was closed, left open while many others opened and closed, or its files copied mid-use (a crash).
@Suite("Kept WAL files")
struct KeptLogFilesTests {
    static func entry(_ text: String) -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: "lunch", text: text, foodId: "usda:09040", foodName: "Bananas, raw", quantity: 1,
                     unit: nil, grams: 118, nutrients: ["energy_kcal": 105], createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func texts(_ journal: Journal) throws -> [String] {
        try journal.entries(on: "2026-11-21").map(\.text)
    }

    static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    @Test func aClosedJournalKeepsEmptyLogFilesInWALModeAndItsEntries() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do { try Journal(path: path, singleConnection: true).addEntries([Self.entry("a banana")]) }
        #expect(Self.size(path + "-wal") == 0, "the log is checkpointed and emptied, not deleted")
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header.count == 20 && header[18] == 2 && header[19] == 2, "the file is in WAL mode")
        #expect(try Self.texts(Journal(path: path, singleConnection: true)) == ["a banana"])
        #expect(try Self.texts(Journal(path: path)) == ["a banana"], "the command line's opener reads it too")
    }

    /// A commit is synced before it returns on both openers (the command line's pool and the server's one
    /// connection), so a logged entry survives a power cut: `synchronous = FULL`, not GRDB's WAL default NORMAL.
    @Test(arguments: [false, true]) func everyCommitIsSyncedBeforeItReturns(singleConnection: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try Journal(path: path, singleConnection: singleConnection)
        try journal.addEntries([Self.entry("an apple")])
        let level = try journal.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(level == 2, "synchronous is \(level.map(String.init) ?? "unset"), not FULL (2)")
        let mode = try journal.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aJournalOpenedToBeReadIsNeverWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do { try Journal(path: path, singleConnection: true).addEntries([Self.entry("a pear")]) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for _ in 0..<3 {
            let journal = try Journal(path: path, singleConnection: true)
            #expect(try Self.texts(journal) == ["a pear"])
            #expect(Self.size(path + "-wal") == 0, "reading writes nothing to the log")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nor to the file")
    }

    @Test func aJournalKeptOpenWhileManyOthersOpenAndCloseLosesNothing() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = (0..<40).map { folder.appendingPathComponent("\($0)/journal.sqlite").path }
        let kept = try Journal(path: paths[0], singleConnection: true)
        try kept.addEntries([Self.entry("kept 1")])
        for (index, path) in paths.enumerated().dropFirst() {
            // Each other journal is opened, written and closed (evicted), as accounts come and go.
            try Journal(path: path, singleConnection: true).addEntries([Self.entry("entry \(index)")])
            if index.isMultiple(of: 10) { try kept.addEntries([Self.entry("kept \(index)")]) }
        }
        #expect(try Self.texts(kept) == ["kept 1", "kept 10", "kept 20", "kept 30"])
        for (index, path) in paths.enumerated().dropFirst() {
            #expect(try Self.texts(Journal(path: path, singleConnection: true)) == ["entry \(index)"], "journal \(index) after its close")
        }
        // A copy of the kept journal's files while it is open (what a crash leaves) holds every commit.
        let copy = folder.appendingPathComponent("copy", isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: paths[0] + suffix, toPath: copy.appendingPathComponent("journal.sqlite" + suffix).path)
        }
        #expect(try Self.texts(Journal(path: copy.appendingPathComponent("journal.sqlite").path, singleConnection: true))
            == ["kept 1", "kept 10", "kept 20", "kept 30"])
        #expect(try Self.texts(Journal(path: paths[0], singleConnection: true)) == ["kept 1", "kept 10", "kept 20", "kept 30"],
                "a second connection beside the open one sees every commit")
    }

    /// A lock-free journal (the server's) opens its file through a URI: a path with `%`, `?`, `#`, a space or an
    /// accent is still that path, and the file it writes, with its kept log and no shared-memory index, is an ordinary
    /// journal that the command line reads.
    @Test func aLockFreeJournalIsTheFileAtItsPathWhateverItsName() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("100% oats? #1 café", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do {
            let journal = try Journal(path: path, lockFree: true)
            try journal.addEntries([Self.entry("a banana")])
            try journal.addEntries([Self.entry("a pear")])
            #expect(try Self.texts(journal) == ["a banana", "a pear"])
        }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["journal.sqlite", "journal.sqlite-wal"])
        #expect(try Self.texts(Journal(path: path)) == ["a banana", "a pear"], "the command line reads it")
        #expect(try Self.texts(Journal(path: path, lockFree: true)) == ["a banana", "a pear"])
    }
}

