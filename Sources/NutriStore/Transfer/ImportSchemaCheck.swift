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

    /// Values a NutriChat journal never holds: bad dates in any table with a `date` column, negative grams,
    /// nutrients that are not a JSON object of non-negative numbers, non-positive water, blank meal-slot names.
    static func checkValues(_ db: Database, shownPath: String) throws {
        for table in try JournalTables.dataTables(db) where try db.columns(in: table).contains(where: { $0.name == "date" }) {
            try firstBad(db, table: table, shownPath: shownPath, detail: "date is not a YYYY-MM-DD day", condition: """
                "date" IS NOT NULL AND (typeof("date") <> 'text' OR "date" NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                OR date("date") IS NOT "date")
                """)
        }
        let rules: [(table: String, detail: String, condition: String)] = [
            ("entry", "grams must be a number of at least 0", "typeof(grams) NOT IN ('integer', 'real') OR grams < 0"),
            ("entry", "quantity must be empty or a number of at least 0",
             "quantity IS NOT NULL AND (typeof(quantity) NOT IN ('integer', 'real') OR quantity < 0)"),
            ("entry", "nutrients must be a JSON object",
             "typeof(nutrients) <> 'text' OR NOT json_valid(nutrients) OR json_type(nutrients) <> 'object'"),
            ("entry", "nutrient amounts must be numbers of at least 0", """
                EXISTS (SELECT 1 FROM json_each(entry.nutrients)
                        WHERE json_each.type NOT IN ('integer', 'real') OR json_each.value < 0)
                """),
            ("water", "milliliters must be a number above 0", "typeof(milliliters) NOT IN ('integer', 'real') OR milliliters <= 0"),
            ("mealSlot", "the meal-slot name is blank", "typeof(name) <> 'text' OR trim(name) = ''"),
        ]
        for rule in rules {
            try firstBad(db, table: rule.table, shownPath: shownPath, detail: rule.detail, condition: rule.condition)
        }
        if let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            let table: String = violation[0]
            let row: Int64? = violation[1]
            throw TransferError.badValue(path: shownPath, table: table, row: row ?? 0, detail: "it refers to a missing row")
        }
    }

    /// Throws for the first row of `table` matching `condition` (fixed SQL text from this file).
    private static func firstBad(_ db: Database, table: String, shownPath: String, detail: String, condition: String) throws {
        // Conditions come from this file only; the entry rules run after json_valid, as json_each raises on bad JSON.
        let sql = "SELECT rowid FROM \(table.quotedDatabaseIdentifier) WHERE \(condition) ORDER BY rowid LIMIT 1"
        if let row = try Int64.fetchOne(db, sql: sql) {
            throw TransferError.badValue(path: shownPath, table: table, row: row, detail: detail)
        }
    }
}
