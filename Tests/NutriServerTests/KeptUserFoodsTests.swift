import Foundation
import NutriChat
import NutriStore
import Testing
@testable import NutriServer

/// `parse` answers an account whose journal is not open from the custom foods kept at its last read, and reads them
/// again once the journal's files changed, whoever changed them (this server or another process).
@Suite("Kept user foods")
struct KeptUserFoodsTests {
    static func bar(_ name: String, kcal: Double) -> CustomFoodRecord {
        CustomFoodRecord(name: name, servingQuantity: 1, servingUnit: "bar", servingGrams: 60,
                         nutrients: ["energy_kcal": kcal, "protein_g": 20], createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A server engine on `folder` that keeps one journal open at most and trusts any stamp, with two accounts.
    static func engineOfTwo(in folder: URL) throws -> (Engine, alice: Account, bob: Account) {
        let analyzer = try #require(ConversationStoreTests.analyzer, "needs NUTRICHAT_HOME")
        let store = try SQLiteAccountStore(path: folder.appendingPathComponent("accounts.sqlite").path)
        let engine = Engine(analyzer: analyzer, store: store, folder: folder, clock: { Clock(now: Date(timeIntervalSince1970: 1_800_000_000)) },
                            openJournals: 1, keptFoods: KeptUserFoods(settle: 0))
        return (engine, Account(id: 1, username: "alice", passwordHash: "x", createdAt: Date()),
                Account(id: 2, username: "bob", passwordHash: "x", createdAt: Date()))
    }

    @Test func aJournalsStampMovesWithEveryCommitAndSettlesOnlyLater() throws {
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        #expect(JournalStamp(journal: path) == nil, "no journal, no stamp")
        let journal = try ServerJournalOptions.openJournal(path: path)
        let first = try #require(JournalStamp(journal: path))
        _ = try journal.entries(on: "2026-11-21")
        #expect(JournalStamp(journal: path) == first, "a read changes nothing")
        try journal.addCustomFood(Self.bar("Oat bar", kcal: 180))
        let second = try #require(JournalStamp(journal: path))
        #expect(second != first, "a commit moves the stamp")
        try journal.addCustomFood(Self.bar("Nut bar", kcal: 210))
        #expect(JournalStamp(journal: path) != second, "so does the next one, right after")
        #expect(!second.settled(), "files changed just now are not trusted")
        #expect(second.settled(now: Date().addingTimeInterval(3)))
    }

    @Test func keptFoodsStandUntilTheJournalChanges() throws {
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        try ServerJournalOptions.openJournal(path: path).addCustomFood(Self.bar("Oat bar", kcal: 180))
        let kept = KeptUserFoods(settle: 0)
        #expect(kept.source(of: 7, journal: path) == nil, "nothing kept yet")
        kept.keep([], of: 7, stamp: JournalStamp(journal: path))
        #expect(kept.source(of: 7, journal: path)?.userFoods().isEmpty == true)
        #expect(kept.source(of: 8, journal: path) == nil, "kept per account")
        try Journal(path: path).addCustomFood(Self.bar("Nut bar", kcal: 210))  // as another process would
        #expect(kept.source(of: 7, journal: path) == nil, "a changed journal is read again")
        let strict = KeptUserFoods(settle: 60)
        strict.keep([], of: 7, stamp: JournalStamp(journal: path))
        #expect(strict.source(of: 7, journal: path) == nil, "a stamp of files changed a moment ago is not kept")
        #expect(strict.count == 0)
    }

    @Test func foodsAreReadOnlyWhenKeepingThemIsOfUse() throws {
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let journal = try ServerJournalOptions.openJournal(path: path)
        let oat = UserFood(try journal.addCustomFood(Self.bar("Oat bar", kcal: 180)), words: { [$0.lowercased()] })
        var reads = 0
        let strict = KeptUserFoods(settle: 60)
        strict.keepIfUseful(of: 7, stamp: JournalStamp(journal: path)) { reads += 1; return [oat] }
        #expect(reads == 0, "files changed a moment ago: nothing read, since nothing would be kept")
        #expect(strict.count == 0)
        let kept = KeptUserFoods(settle: 0)
        kept.keepIfUseful(of: 7, stamp: JournalStamp(journal: path)) { reads += 1; return [oat] }
        #expect(reads == 1 && kept.source(of: 7, journal: path)?.userFoods().count == 1)
        kept.keepIfUseful(of: 7, stamp: JournalStamp(journal: path)) { reads += 1; return [] }
        #expect(reads == 1, "the same files: the kept foods stand and are not read again")
        #expect(kept.source(of: 7, journal: path)?.userFoods().count == 1)
        kept.keepIfUseful(of: 8, stamp: JournalStamp(journal: path)) { reads += 1; return [] }
        #expect(reads == 2, "kept per account")
        try journal.addCustomFood(Self.bar("Nut bar", kcal: 210))
        kept.keepIfUseful(of: 7, stamp: JournalStamp(journal: path)) { reads += 1; return [] }
        #expect(reads == 3 && kept.source(of: 7, journal: path)?.userFoods().isEmpty == true, "changed files are read again")
        let settling = KeptUserFoods(settle: 60)
        settling.keep([oat], of: 7, stamp: nil)
        settling.keepIfUseful(of: 7, stamp: nil) { reads += 1; return [] }
        #expect(reads == 3 && settling.count == 0, "no journal file: nothing read or kept")
    }

    @Test func parseSeesAFoodAddedByAnotherProcessAfterItsFoodsWereKept() async throws {
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (engine, alice, bob) = try Self.engineOfTwo(in: folder)
        try await engine.prepareJournal(of: alice)
        try await engine.prepareJournal(of: bob)  // closes alice's journal (one open at most)
        #expect(!(try await engine.parse(alice, text: "a zorblax bar").contains("custom:")))
        #expect(engine.keptFoods.count == 1, "alice's foods, read by that parse, are kept")
        _ = try await engine.parse(bob, text: "a banana")  // alice's journal closes again
        #expect(!engine.sessions.holds(alice.id))
        let files = try #require(engine.journals as? SQLiteFolderJournals)
        let path = files.journalFile(of: alice)
        try Journal(path: path).addCustomFood(Self.bar("Zorblax bar", kcal: 321))
        let answer = try await engine.parse(alice, text: "a zorblax bar")
        #expect(answer.contains("custom:") && answer.contains("Zorblax"), "the new food is seen: \(answer)")
        #expect(!(try await engine.parse(bob, text: "a zorblax bar").contains("custom:")), "bob never sees alice's food")
    }

    @Test func aJournalOpenedByTheDiaryKeepsItsFoodsWhenItCloses() async throws {
        let folder = try ServerJournalOptionsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (engine, alice, bob) = try Self.engineOfTwo(in: folder)
        let files = try #require(engine.journals as? SQLiteFolderJournals)
        try ServerJournalOptions.openJournal(path: files.journalFile(of: alice)).addCustomFood(Self.bar("Zorblax bar", kcal: 321))
        _ = try await engine.diary(alice, date: nil)
        #expect(engine.keptFoods.count == 0, "nothing kept while the journal is open")
        try await engine.prepareJournal(of: bob)  // closes alice's journal (one open at most), on alice's own queue
        for _ in 0..<200 where engine.keptFoods.count == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(engine.keptFoods.count == 1, "alice's foods are kept as her journal closes")
        let answer = try await engine.parse(alice, text: "a zorblax bar")
        #expect(answer.contains("custom:") && answer.contains("Zorblax"), "answered from the kept foods: \(answer)")
        #expect(!engine.sessions.holds(alice.id), "without opening alice's journal again")
        #expect(!(try await engine.parse(bob, text: "a zorblax bar").contains("custom:")), "bob never sees alice's food")
    }
}
