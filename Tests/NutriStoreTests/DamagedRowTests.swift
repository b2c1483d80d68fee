import Foundation
import GRDB
import Testing
@testable import NutriStore

/// Issue 13: a journal holding one hand-damaged row of any kind still opens; readers leave the row out and name it,
/// export keeps it, and import refuses it by name.
@Suite("A damaged row of any kind")
struct DamagedRowTests {
    /// One hand damage: the SQL that makes it, the table and row it hits, and a read that must leave it out.
    struct Damage: CustomTestStringConvertible, Sendable {
        var sql: String
        var table: String
        /// The row hit: the table's first unless said.
        var row: Int64 = 1
        var read: @Sendable (Journal) throws -> Bool
        var testDescription: String { sql }
    }

    static let damages: [Damage] = [
        Damage(sql: "UPDATE exercise SET kcal = -343", table: "exercise") { try $0.exercise(on: "2026-11-21").isEmpty },
        Damage(sql: "UPDATE exercise SET createdAt = 'last week'", table: "exercise") { try $0.exercise(on: "2026-11-21").isEmpty },
        Damage(sql: "UPDATE exercise SET text = 'ran' || char(27) || 'c'", table: "exercise") {
            try $0.exercise(from: "2026-01-01", to: "2026-12-31").isEmpty
        },
        Damage(sql: "UPDATE weight SET kilograms = 9e9", table: "weight") {
            try $0.weights(from: "2026-01-01", to: "2026-12-31").isEmpty && $0.latestWeight(onOrBefore: "2026-11-21") == nil
        },
        Damage(sql: "UPDATE weight SET date = '2026-11-31'", table: "weight") { try $0.latestWeight(onOrBefore: "2026-12-01") == nil },
        Damage(sql: "UPDATE water SET milliliters = 1e999", table: "water") { try $0.water(on: "2026-11-21") == 0 },
        Damage(sql: "UPDATE water SET milliliters = 'a lot'", table: "water") { try $0.waterRecords(on: "2026-11-21").isEmpty },
        Damage(sql: "UPDATE goal SET amount = 'lots'", table: "goal") { try $0.goals().isEmpty },
        Damage(sql: "UPDATE goal SET key = 'happiness'", table: "goal") { try $0.goals().isEmpty },
        Damage(sql: "UPDATE goal SET amount = 1e15", table: "goal") { try $0.goals().isEmpty },
        Damage(sql: "UPDATE preference SET kind = 'hatred'", table: "preference") { try $0.preferences().isEmpty },
        Damage(sql: "UPDATE preference SET item = ''", table: "preference") { try $0.preferences().isEmpty },
        Damage(sql: "UPDATE profile SET sex = 'x'", table: "profile") { try $0.profile() == ProfileRecord() },
        Damage(sql: "UPDATE profile SET heightCm = 1e999", table: "profile") { try $0.profile().heightCm == nil },
        Damage(sql: "UPDATE mealSlot SET position = 'first' WHERE name = 'tea'", table: "mealSlot", row: 4) {
            try !$0.mealSlots().map(\.name).contains("tea") && !$0.mealSlotNames(on: "2026-11-22").contains("tea")
        },
        Damage(sql: "UPDATE mealSlot SET name = 'tea' || char(155) WHERE name = 'tea'", table: "mealSlot", row: 4) {
            try $0.mealSlots().count == 4
        },
        Damage(sql: "UPDATE mealSlotChange SET kind = 'explode'", table: "mealSlotChange") {
            try $0.mealSlotNames(on: "2026-11-01").contains("tea")  // the rename cannot be undone: today's names
        },
        Damage(sql: "UPDATE recipe SET servings = -2", table: "recipe") { try $0.recipes().isEmpty },
        Damage(sql: "UPDATE customFood SET nutrients = '{\"energy_kcal\": -5000}'", table: "customFood") {
            try $0.customFoods().isEmpty
        },
    ]

    @Test(arguments: damages)
    func aDamagedRowIsLeftOutNamedExportedAndRefusedOnImport(damage: Damage) throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try TrustStoreTests.seedEverything(journal)
        let id = damage.row
        try TransferHome.tamper(home.journalURL, damage.sql)
        let reopened = try Journal(path: home.journalURL.path)
        #expect(try damage.read(reopened))
        let reports = reopened.takeDamageReports()
        #expect(reports.map(\.table) == [damage.table], "\(reports)")
        #expect(reports.first?.id == id)
        #expect(reports.allSatisfy { !$0.description.contains("\n") && TextSafety.firstUnsafe(in: $0.description) == nil })
        #expect(reopened.takeDamageReports().isEmpty)  // each row is reported once
        #expect(try reopened.damagedRows().map(\.table) == [damage.table])
        // Everything else still reads.
        #expect(try reopened.entries(on: "2026-11-21").count == 2)
        _ = try reopened.snapshotSettings(weightDate: "2026-11-21")
        // Export keeps the row as it is; import names it.
        let file = try TransferHome.sqliteExport(of: reopened)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect { _ = try JournalImporter.prepare(file: file, workingFolder: home.folder) } throws: { error in
            guard case TransferError.badValue(_, let table, let row, _) = error else { return false }
            return table == damage.table && row == id
        }
    }

    @Test func undoingASettingsChangeKeepsADamagedGoal() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try TrustStoreTests.seedEverything(journal)
        try journal.setGoal("energy_kcal", to: 1800, at: TrustStoreTests.created)
        try TransferHome.tamper(home.journalURL, "UPDATE goal SET amount = 'lots' WHERE key = 'protein_g'")
        let reopened = try Journal(path: home.journalURL.path)
        let snapshot = try reopened.snapshotSettings(weightDate: nil)
        #expect(snapshot.goals.map(\.key) == ["energy_kcal"])
        try reopened.setGoal("energy_kcal", to: 2000, at: TrustStoreTests.created)
        try reopened.restoreSettings(snapshot)
        #expect(try reopened.goals() == ["energy_kcal": 1800])
        #expect(try reopened.damagedRows().map(\.table) == ["goal"])
    }

    @Test func aNewWeightReplacesADamagedOneOfTheSameDay() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try TrustStoreTests.seedEverything(journal)
        try TransferHome.tamper(home.journalURL, "UPDATE weight SET kilograms = 9e9")
        let reopened = try Journal(path: home.journalURL.path)
        let step = try reopened.recordWeight(WeightRecord(date: "2026-11-21", kilograms: 71, text: "71 kg",
                                                          createdAt: TrustStoreTests.created))
        #expect(step.replaced == nil)
        #expect(try reopened.latestWeight(onOrBefore: "2026-11-21")?.kilograms == 71)
        #expect(try reopened.damagedRows().isEmpty)
    }

    @Test(arguments: [
        ("UPDATE exercise SET kcal = -343", "exercise"),
        ("UPDATE weight SET kilograms = 9e9", "weight"),
        ("UPDATE goal SET amount = 1e15", "goal"),
        ("UPDATE preference SET text = 'x' || char(27) || '[2J'", "preference"),
        ("UPDATE profile SET age = 400", "profile"),
        ("UPDATE mealSlot SET name = 'TEA' WHERE name = 'tea'", "mealSlot"),
        ("UPDATE recipe SET servings = 1e9", "recipe"),
    ])
    func importRefusesABadRowOfEveryKind(sql: String, table: String) throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try TrustStoreTests.seedEverything(journal)
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try TransferHome.tamper(file, sql)
        let (target, fresh) = try TransferHome.make(seeded: false)
        defer { target.remove() }
        let before = try TransferHome.allRows(target.journalURL.path)
        #expect { _ = try JournalImporter.prepare(file: file, workingFolder: target.folder) } throws: { error in
            guard case TransferError.badValue(_, let named, _, _) = error else { return false }
            return named == table && !"\(error)".contains("\n")
        }
        #expect(try TransferHome.allRows(target.journalURL.path) == before)
        #expect(try fresh.entryCount() == 0)
    }

    @Test func aHistoryCopyThatBreaksTheRulesIsNeverWritten() throws {
        let (home, journal) = try TransferHome.make(seeded: false)
        defer { home.remove() }
        try journal.record(HistoryStep(kind: .log, summary: "2 eggs", changes: [.added(.entry(TrustStoreTests.entry()))]))
        #expect(try journal.entryCount() == 1)
        let tampering = "UPDATE historyChange SET after = replace(after, '\"grams\":100', '\"grams\":1e12')"
        // Brought in by an import: refused by name before anything is touched.
        let file = try TransferHome.sqliteExport(of: journal)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try TransferHome.tamper(file, tampering)
        #expect { _ = try JournalImporter.prepare(file: file, workingFolder: home.folder) } throws: { error in
            guard case TransferError.badValue(_, "historyChange", 1, let detail) = error else { return false }
            return detail.contains("grams is over the limit")
        }
        // Put there by hand: redo refuses it like any other write.
        try journal.undoStep()
        #expect(try journal.entryCount() == 0)
        try TransferHome.tamper(home.journalURL, tampering)
        #expect(throws: StoreError.self) { try journal.redoStep() }
        #expect(try journal.entryCount() == 0)
    }

    // MARK: - A journal that cannot be opened for writing

    @Test func aJournalFromANewerNutriChatIsReadButNeverWritten() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let count = try journal.entryCount()
        try TransferHome.tamper(home.journalURL, "INSERT INTO grdb_migrations VALUES ('v99-future')")
        let before = try TransferHome.allRows(home.journalURL.path)
        #expect { _ = try Journal(path: home.journalURL.path) } throws: { error in
            "\(error)".contains("written by a newer NutriChat (migration 'v99-future')") && !"\(error)".contains("\n")
        }
        #expect(try Journal.openForReading(path: home.journalURL.path).entryCount() == count)
        #expect(try TransferHome.allRows(home.journalURL.path) == before)
    }

    @Test func aFolderInTheJournalsPlaceIsNamedAsOne() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        for open in [{ _ = try Journal(path: path.path) }, { _ = try Journal.openForReading(path: path.path) }] {
            #expect { try open() } throws: { "\($0)".contains("it is a folder, not a journal file") }
        }
    }
}
