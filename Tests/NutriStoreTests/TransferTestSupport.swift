import Foundation
import GRDB
@testable import NutriStore

/// A file journal in a temporary home with a little of everything, and ways to compare journals exactly.
struct TransferHome {
    let folder: URL
    var journalURL: URL { folder.appendingPathComponent("journal.sqlite") }

    /// A new temporary home; `seeded` adds entries over three days, water and a renamed meal slot.
    static func make(seeded: Bool = true) throws -> (TransferHome, Journal) {
        let home = TransferHome(folder: try Fixtures.temporaryFolder())
        let journal = try Journal(path: home.journalURL.path)
        if seeded { try seed(journal) }
        return (home, journal)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Entries with awkward values: unicode, quotes, commas, nil quantity, fractional grams, a custom food.
    static func seed(_ journal: Journal) throws {
        let created = Date(timeIntervalSince1970: 1_795_000_000.125)
        let custom = try journal.addCustomFood(CustomFoodRecord(name: "Crème brûlée", servingQuantity: 1, servingUnit: "serving",
                                                                servingGrams: 100, nutrients: ["energy_kcal": 300], createdAt: created))
        let entries = [
            JournalEntry(date: "2026-11-19", meal: "breakfast", text: "2 cups oatmeal", foodId: "usda:08121",
                         foodName: "Cereals, oats, regular and quick, unenriched, cooked with water", quantity: 2,
                         unit: "cup", grams: 468, nutrients: ["energy_kcal": 332.28, "protein_g": 11.93], createdAt: created),
            JournalEntry(date: "2026-11-20", meal: "lunch", text: "crème brûlée, \"small\"", foodId: custom.foodId,
                         foodName: "Crème brûlée", quantity: nil, unit: nil, grams: 0.1 + 0.2,
                         nutrients: ["energy_kcal": 1e-7, "fat_g": 0], createdAt: created.addingTimeInterval(60)),
            JournalEntry(date: "2026-11-21", meal: "dinner", text: "rice and beans", foodId: "usda:20045",
                         foodName: "Rice, white", quantity: 1.5, unit: "cup", grams: 237, nutrients: [:],
                         createdAt: created.addingTimeInterval(120)),
        ]
        try journal.addEntries(entries)
        try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 250, text: "a glass of water", createdAt: created))
        try journal.renameMealSlot("afternoon snack", to: "tea", today: "2026-11-21", now: created)
    }

    /// Every row of every table (data tables and the migration record), all columns, as stored.
    static func allRows(_ path: String) throws -> [String: [[DatabaseValue]]] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            var result: [String: [[DatabaseValue]]] = [:]
            for table in try JournalTables.dataTables(db) + ["grdb_migrations"] {
                result[table] = try JournalTables.rows(of: table, in: db).rows
            }
            return result
        }
    }

    /// The journal's file bytes (the main file; a refused import must leave it identical).
    func journalBytes() throws -> Data {
        try Data(contentsOf: journalURL)
    }

    /// All entries, every column.
    static func allEntries(_ journal: Journal) throws -> [JournalEntry] {
        try journal.entries(from: "0000-01-01", to: "9999-12-31").sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    /// Exports `journal` as SQLite into a fresh temporary folder and returns the file.
    static func sqliteExport(of journal: Journal) throws -> URL {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("export.sqlite")
        _ = try journal.export(to: file, format: .sqlite)
        return file
    }

    /// Changes an export with raw SQL (bypassing CHECK constraints), to make bad files.
    static func tamper(_ file: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        try queue.close()
    }
}
