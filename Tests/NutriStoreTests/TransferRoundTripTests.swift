import Foundation
import GRDB
import Testing
@testable import NutriStore

@Suite("Export and import")
struct TransferRoundTripTests {
    @Test func sqliteRoundTripIntoAFreshHomeReproducesEveryRow() throws {
        let (source, journal) = try TransferHome.make()
        defer { source.remove() }
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }

        let candidate = try JournalImporter.prepare(file: file, workingFolder: target.folder)
        #expect(candidate.summary.entryCount == 3)
        #expect(candidate.summary.firstDate == "2026-11-19")
        #expect(candidate.summary.lastDate == "2026-11-21")
        #expect(candidate.summary.upgradedBy.isEmpty)
        try fresh.replaceAll(with: candidate)

        #expect(try TransferHome.allEntries(fresh) == TransferHome.allEntries(journal))
        #expect(try TransferHome.allRows(target.journalURL.path) == TransferHome.allRows(source.journalURL.path))
        #expect(try fresh.water(on: "2026-11-21") == 250)
        #expect(try fresh.mealSlots().map(\.name).contains("tea"))
        #expect(try fresh.integrityCheck() == "ok")
        // The temporary copy is gone and the journal still works.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.folder.path).allSatisfy { !$0.hasPrefix(".import") })
        let added = try fresh.addEntries([MealSlotSamples.entry(date: "2026-11-22", meal: "lunch", text: "more")])
        #expect(added.first?.id == 4)
    }

    @Test func importReplacesEverythingAndOtherConnectionsSeeIt() throws {
        let (source, journal) = try TransferHome.make()
        defer { source.remove() }
        let file = try TransferHome.sqliteExport(of: journal)
        let (target, existing) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try existing.addEntries((0..<10).map { MealSlotSamples.entry(date: "2025-01-0\($0 % 9 + 1)", meal: "lunch", text: "old \($0)") })
        let otherProcess = try Journal(path: target.journalURL.path)
        #expect(try otherProcess.entryCount() == 10)

        try existing.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        #expect(try existing.entryCount() == 3)
        #expect(try otherProcess.entryCount() == 3)
        #expect(try TransferHome.allEntries(otherProcess) == TransferHome.allEntries(journal))
        try otherProcess.addEntries([MealSlotSamples.entry(date: "2026-11-22", meal: "lunch", text: "after")])
        #expect(try existing.entryCount() == 4)
    }

    @Test func olderExportIsMigratedForward() throws {
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let old = work.appendingPathComponent("old.sqlite")
        let queue = try DatabaseQueue(path: old.path)
        try JournalSchema.migrator.migrate(queue, upTo: "v1-entries")
        try queue.write { db in
            var entry = MealSlotSamples.entry(date: "2025-06-01", meal: "breakfast", text: "a banana")
            try entry.insert(db)
        }
        try queue.close()

        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        let candidate = try JournalImporter.prepare(file: old, workingFolder: target.folder)
        #expect(candidate.summary.upgradedBy == Array(JournalSchema.migrator.migrations.dropFirst()))
        #expect(candidate.summary.upgradedBy.contains("v3-meal-slot-changes"))
        try fresh.replaceAll(with: candidate)
        #expect(try fresh.entries(on: "2025-06-01").map(\.text) == ["a banana"])
        try fresh.renameMealSlot("breakfast", to: "brekkie", today: "2026-01-01")
        #expect(try fresh.mealSlotNames(on: "2025-06-01").first == "breakfast")
    }

    @Test func anExportWithAnotherPageSizeIsImported() throws {
        let (source, journal) = try TransferHome.make()
        defer { source.remove() }
        let file = try TransferHome.sqliteExport(of: journal)
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA page_size = 1024")
            try db.execute(sql: "VACUUM")
            #expect(try Int.fetchOne(db, sql: "PRAGMA page_size") == 1024)
        }
        try queue.close()
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try fresh.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        #expect(try TransferHome.allEntries(fresh) == TransferHome.allEntries(journal))
        #expect(try fresh.integrityCheck() == "ok")
    }

    @Test func exportRefusesAnExistingDestination() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        for format in ExportFormat.allCases {
            #expect(throws: TransferError.destinationExists(path: home.journalURL.path)) {
                try journal.export(to: home.journalURL, format: format)
            }
        }
        let nowhere = home.folder.appendingPathComponent("missing/out.sqlite")
        #expect(throws: TransferError.self) { try journal.export(to: nowhere, format: .sqlite) }
    }

    @Test func csvExportHasOneFilePerTable() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let folder = home.folder.appendingPathComponent("csv")
        let summary = try journal.export(to: folder, format: .csv)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // Tables added by later migrations get their own files too; these are the ones every journal has.
        #expect(Set(["entry.csv", "mealSlot.csv", "mealSlotChange.csv", "water.csv"]).isSubset(of: names))
        #expect(summary.files.count == names.count)
        #expect(summary.entryCount == 3)
        let entries = try String(contentsOf: folder.appendingPathComponent("entry.csv"), encoding: .utf8)
        #expect(entries.hasPrefix("id,date,meal,text,foodId,foodName,quantity,unit,grams,nutrients,createdAt\n"))
        #expect(entries.contains("\"crème brûlée, \"\"small\"\"\""))
        #expect(entries.contains(",0.30000000000000004,"))
        #expect(!FileManager.default.fileExists(atPath: home.folder.appendingPathComponent("csv.partial").path))
    }

    @Test func jsonExportIsOneDocumentWithEveryTable() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let file = home.folder.appendingPathComponent("journal.json")
        _ = try journal.export(to: file, format: .json)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let tables = object?["tables"] as? [String: [[String: Any]]]
        #expect(object?["format"] as? String == "nutrichat-journal")
        #expect((object?["migrations"] as? [String])?.first == "v1-entries")
        let entries = tables?["entry"] ?? []
        #expect(entries.count == 3)
        #expect(entries.map { $0["text"] as? String } == ["2 cups oatmeal", "crème brûlée, \"small\"", "rice and beans"])
        #expect(entries.first?["grams"] as? Double == 468)
        #expect(entries.dropFirst().first?["quantity"] is NSNull)
        #expect(tables?["water"]?.count == 1)
        #expect(tables?["mealSlot"]?.count == 5)
    }

    @Test func sqliteExportOfAnInMemoryJournal() throws {
        let journal = try Journal()
        try TransferHome.seed(journal)
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        try fresh.replaceAll(with: try JournalImporter.prepare(file: file, workingFolder: target.folder))
        #expect(try TransferHome.allEntries(fresh) == TransferHome.allEntries(journal))
    }
}
