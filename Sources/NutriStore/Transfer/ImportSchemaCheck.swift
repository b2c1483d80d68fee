import Foundation
import GRDB

/// Checks on an opened import candidate: its migration record, its schema against a freshly migrated journal,
/// and values no NutriChat would write. SQL here is fixed text or uses names read from `sqlite_master`, quoted.
enum ImportSchemaCheck {
    /// The migration record must name `v1-entries` and only migrations this NutriChat knows.
    static func checkMigrations(_ db: Database, shownPath: String) throws {
        guard let applied = try JournalTables.appliedMigrations(db) else {
            throw TransferError.foreignDatabase(path: shownPath, reason: "it has no migration record")
        }
        guard applied.contains("v1-entries") else {
            let listed = applied.prefix(3).joined(separator: ", ")
            throw TransferError.foreignDatabase(path: shownPath,
                                                reason: applied.isEmpty ? "its migration record is empty" : "its migrations are \(listed)")
        }
        let known = Set(JournalSchema.migrator.migrations)
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw TransferError.newerVersion(path: shownPath, unknownMigrations: unknown) }
    }

    /// After migrating forward, the candidate must have exactly the tables and columns of a new journal, and no
    /// triggers or views a new journal lacks (the import replaces the schema too, so nothing foreign may ride along).
    static func checkShape(_ db: Database, shownPath: String) throws {
        let reference = try DatabaseQueue()
        try JournalSchema.migrator.migrate(reference)
        let expected = try reference.read { try Shape(db: $0) }
        let actual = try Shape(db: db)
        if let table = expected.columns.keys.sorted().first(where: { actual.columns[$0] == nil }) {
            throw TransferError.schemaMismatch(path: shownPath, detail: "table \(table) is missing")
        }
        if let table = actual.columns.keys.sorted().first(where: { expected.columns[$0] == nil }) {
            throw TransferError.schemaMismatch(path: shownPath, detail: "unexpected table \(table)")
        }
        for (table, columns) in expected.columns.sorted(by: { $0.key < $1.key }) where actual.columns[table] != columns {
            let found = actual.columns[table] ?? []
            let missing = columns.subtracting(found).sorted()
            let detail = missing.isEmpty
                ? "unexpected column \(table).\(found.subtracting(columns).sorted().first ?? "?")"
                : "column \(table).\(missing[0]) is missing"
            throw TransferError.schemaMismatch(path: shownPath, detail: detail)
        }
        if let extra = actual.others.subtracting(expected.others).sorted().first {
            throw TransferError.schemaMismatch(path: shownPath, detail: "unexpected \(extra)")
        }
    }

    /// Tables with their column names, plus the names of triggers and views.
    private struct Shape {
        var columns: [String: Set<String>] = [:]
        var others: Set<String> = []

        init(db: Database) throws {
            let objects = try Row.fetchAll(db, sql: """
                SELECT type, name FROM sqlite_master
                WHERE type IN ('table', 'trigger', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                """)
            for object in objects {
                let type: String = object["type"]
                let name: String = object["name"]
                if type == "table" {
                    columns[name] = Set(try db.columns(in: name).map(\.name))
                } else {
                    others.insert("\(type) \(name)")
                }
            }
        }
    }

    // MARK: - Values

    /// Every row is checked against the rules every writer follows (``JournalRules``, ``UserFoodRules``) before
    /// anything is imported: in every table, numbers finite, text free of control characters, dates real days; then
    /// every kind of row decoded and checked (``JournalRecordKinds``), food ids resolved, and SQLite's
    /// foreign-key check. The first bad row is named.
    static func checkValues(_ db: Database, shownPath: String) throws {
        func refuse(_ table: String, _ row: Row, _ error: Error) -> TransferError {
            .badValue(path: shownPath, table: table, row: Int64.fromDatabaseValue(row["importRow"] as DatabaseValue) ?? 0, detail: Journal.reason(error))
        }
        for table in try JournalTables.dataTables(db) {
            let dated = try db.columns(in: table).contains { $0.name == "date" }
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS importRow, * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid") {
                do {
                    try checkCells(row)
                    if dated { try JournalRules.checkDate(String.fromDatabaseValue(row["date"] as DatabaseValue) ?? "") }
                    try checkRecord(table, row, db: db)
                } catch {
                    throw refuse(table, row, error)
                }
            }
        }
        if let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            let table: String = violation[0]
            let row: Int64? = violation[1]
            throw TransferError.badValue(path: shownPath, table: table, row: row ?? 0, detail: "it refers to a missing row")
        }
    }

    /// Rules that hold for every column of every table: a real number is finite, text has no control characters.
    private static func checkCells(_ row: Row) throws {
        for (column, value) in row {
            switch value.storage {
            case .double(let number) where !number.isFinite:
                throw StoreError.invalidValue("\(column) is not a finite number")
            case .string(let text):
                try JournalRules.checkText(text, field: column)
            default:
                continue
            }
        }
    }

    /// The record rules of the tables that have them (every kind a reader meets), plus the references of entries and
    /// ingredients, which need the other tables.
    private static func checkRecord(_ table: String, _ row: Row, db: Database) throws {
        if table == "historyChange" { return try Journal.checkHistoryChange(row) }
        guard let kind = JournalRecordKinds.kind(forTable: table) else { return }
        let record = try kind.checked(row)
        if let entry = record as? JournalEntry { try JournalRules.checkReference(entry.foodId, in: db) }
        if let ingredient = record as? RecipeIngredientRecord { try JournalRules.checkReference(ingredient.foodId, in: db) }
    }
}
