import Foundation
import GRDB

/// The user-data tables of a journal, found generically in `sqlite_master` so tables added by later migrations
/// (profile, weight, exercise, …) are exported and checked with no change here. Table names only ever come from
/// `sqlite_master` and are quoted as identifiers; nothing typed by a person reaches the SQL.
enum JournalTables {
    /// Ordinary tables holding data, by name: not SQLite's own, not GRDB's migration record, not virtual tables
    /// (full-text indexes) nor their shadow tables, which are derived from the others.
    static func dataTables(_ db: Database) throws -> [String] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'grdb_migrations'
            ORDER BY name
            """)
        var virtual: [String] = []
        var ordinary: [String] = []
        for row in rows {
            let name: String = row["name"]
            let sql: String = row["sql"] ?? ""
            if sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") { virtual.append(name) } else { ordinary.append(name) }
        }
        return ordinary.filter { name in !virtual.contains { name.hasPrefix($0 + "_") } }
    }

    /// Column names of `table`, in declaration order.
    static func columns(of table: String, in db: Database) throws -> [String] {
        try db.columns(in: table).map(\.name)
    }

    /// Every row of `table` as database values, in rowid order when the table has one.
    static func rows(of table: String, in db: Database) throws -> (columns: [String], rows: [[DatabaseValue]]) {
        let columns = try columns(of: table, in: db)
        let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let order = try hasRowID(table, in: db) ? " ORDER BY rowid" : ""
        let rows = try Row.fetchAll(db, sql: "SELECT \(list) FROM \(table.quotedDatabaseIdentifier)\(order)")
        return (columns, rows.map { row in (0..<row.count).map { row[$0] as DatabaseValue } })
    }

    /// The migration identifiers recorded in the database, or nil when it has no GRDB migration table.
    static func appliedMigrations(_ db: Database) throws -> [String]? {
        guard try db.tableExists("grdb_migrations") else { return nil }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    private static func hasRowID(_ table: String, in db: Database) throws -> Bool {
        let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                      arguments: [table]) ?? ""
        return !sql.uppercased().contains("WITHOUT ROWID")
    }
}
