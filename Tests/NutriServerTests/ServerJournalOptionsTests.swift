import Foundation
import Testing
@testable import NutriServer
import NutriStore

/// The server's journals close without checkpointing their log: what was committed stays in the synced log and is
/// read back at the next open (by the server or the command line), a new journal starts with an empty log, and a log
/// that grows is checkpointed at `ServerJournalOptions.checkpointPages`, so a journal's files stay small.
@Suite("Server journal options")
struct ServerJournalOptionsTests {
    static func entry(_ text: String) -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: "lunch", text: text, foodId: "usda:09040", foodName: "Bananas, raw", quantity: 1,
                     unit: nil, grams: 118, nutrients: ["energy_kcal": 105], createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aNewJournalStartsWithAnEmptyLogAndAClosedOneKeepsItsCommits() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do { _ = try ServerJournalOptions.openJournal(path: path) }
        #expect(Self.size(path + "-wal") == 0, "the journal's creation is checkpointed once")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do { try ServerJournalOptions.openJournal(path: path).addEntries([Self.entry("a banana")]) }
        #expect(Self.size(path + "-wal") > 0, "the close left the log as it was")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing was copied into the database")
        let copy = try Self.folder()
        defer { try? FileManager.default.removeItem(at: copy) }
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy.appendingPathComponent("journal.sqlite" + suffix).path)
        }
        #expect(try ServerJournalOptions.openJournal(path: path).entries(on: "2026-11-21").map(\.text) == ["a banana"])
        #expect(try Journal(path: path).entries(on: "2026-11-21").map(\.text) == ["a banana"], "the command line reads it")
        let copied = copy.appendingPathComponent("journal.sqlite").path
        #expect(try ServerJournalOptions.openJournal(path: copied).entries(on: "2026-11-21").map(\.text) == ["a banana"],
                "the database and its log, copied as a crash leaves them, hold the entry")
    }

    @Test func aGrowingLogIsCheckpointed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        for round in 0..<10 {
            let journal = try ServerJournalOptions.openJournal(path: path)
            for index in 0..<30 { try journal.addEntries([Self.entry("entry \(round).\(index)")]) }
        }
        let pages = ServerJournalOptions.checkpointPages * 2
        #expect(Self.size(path + "-wal") <= pages * (ServerJournalOptions.newJournalPageSize + 100), "the log stays near \(ServerJournalOptions.checkpointPages) pages")
        #expect(try Journal(path: path).entries(on: "2026-11-21").count == 300)
    }

    /// A journal the server creates has 1 KiB pages; one made before (4 KiB, as the command line makes them) keeps
    /// its pages and its rows when the server opens it and writes to it.
    @Test func newJournalsHaveSmallPagesAndOlderOnesKeepTheirs() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func pageSize(_ path: String) throws -> Int {
            let data = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 18) ?? Data()
            let raw = Int(data[16]) << 8 | Int(data[17])  // the database header: big-endian page size, 1 meaning 65536
            return raw == 1 ? 65_536 : raw
        }
        let new = folder.appendingPathComponent("new/journal.sqlite").path
        do { try ServerJournalOptions.openJournal(path: new).addEntries([Self.entry("a banana")]) }
        #expect(try pageSize(new) == ServerJournalOptions.newJournalPageSize)
        #expect(ServerJournalOptions.newJournalPageSize == 1024)
        #expect(Self.size(new) < 150_000, "a new journal is small")
        let old = folder.appendingPathComponent("old/journal.sqlite").path
        do { try Journal(path: old).addEntries([Self.entry("an apple")]) }
        #expect(try pageSize(old) == 4096)
        do { try ServerJournalOptions.openJournal(path: old).addEntries([Self.entry("a pear")]) }
        #expect(try pageSize(old) == 4096)
        #expect(try ServerJournalOptions.openJournal(path: old).entries(on: "2026-11-21").map(\.text) == ["an apple", "a pear"])
        #expect(try Journal(path: new).entries(on: "2026-11-21").map(\.text) == ["a banana"], "the command line reads it")
    }
}
