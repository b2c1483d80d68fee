import Foundation
import GRDB

/// What `nutrichat export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A consistent SQLite copy of the whole journal (`VACUUM INTO`); the only format `import` reads.
    case sqlite
    /// A folder with one CSV file per table, header row first: a readable copy.
    case csv
    /// One JSON document with every table as an array of row objects: a readable copy.
    case json
}

/// What an export wrote.
public struct ExportSummary: Equatable, Sendable {
    /// The file or folder written.
    public var destination: URL
    /// The files written (one for sqlite and json, one per table for csv).
    public var files: [URL]
    /// Rows per table, by table name.
    public var rowCounts: [String: Int]

    /// Journal entries written.
    public var entryCount: Int { rowCounts["entry"] ?? 0 }
}

/// Export of all user data. Every format reads one snapshot of the journal, writes next to the destination under a
/// hidden name that says which process it belongs to (``Leftovers/exportWorkName()``), syncs it to disk and only
/// then renames it into place, so a crash never leaves half an export under the requested name; the half-written
/// work is removed by the next start-up (through a note in `home`) or the next export into the same folder.
extension Journal {
    /// Writes every table of the journal to `destination` (which must not exist yet) in `format`. `home`, when
    /// given, keeps a note of where the work in progress is while the export runs.
    public func export(to destination: URL, format: ExportFormat, home: URL? = nil) throws -> ExportSummary {
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: destination.path) else {
            throw TransferError.destinationExists(path: destination.path)
        }
        var isFolder: ObjCBool = false
        let parent = destination.deletingLastPathComponent()
        guard fileManager.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw TransferError.io(path: destination.path, detail: "no such folder: \(parent.path)")
        }
        Leftovers.sweep(parent)  // work of an earlier export into this folder whose process is gone
        let working = parent.appendingPathComponent(Leftovers.exportWorkName())
        return try Leftovers.noting(working, in: home) {
            switch format {
            case .sqlite: return try exportSQLite(to: destination, working: working)
            case .csv: return try exportCSV(to: destination, working: working)
            case .json: return try exportJSON(to: destination, working: working)
            }
        }
    }

    // MARK: - SQLite

    private func exportSQLite(to destination: URL, working: URL) throws -> ExportSummary {
        defer { FileSafety.removeDatabaseFiles(working) }
        // VACUUM INTO reads one consistent snapshot and cannot run inside a transaction; the path is bound.
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [working.path])
        }
        PrivateFiles.restrict(working.path)
        let counts = try Self.rowCounts(ofDatabaseAt: working)
        try FileSafety.sync(working)
        try FileSafety.moveIntoPlace(working, destination)
        return ExportSummary(destination: destination, files: [destination], rowCounts: counts)
    }

    /// Rows per data table of a database file, read back as a check that the copy opens.
    static func rowCounts(ofDatabaseAt url: URL) throws -> [String: Int] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: url.path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            try JournalTables.dataTables(db).reduce(into: [String: Int]()) { counts, table in
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
        }
    }

    // MARK: - CSV and JSON

    private func exportCSV(to destination: URL, working: URL) throws -> ExportSummary {
        defer { try? FileManager.default.removeItem(at: working) }
        try FileManager.default.createDirectory(at: working, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: Int(PrivateFiles.folderMode)])
        var counts: [String: Int] = [:]
        var names: [String] = []
        try read { db in
            for table in try JournalTables.dataTables(db) {
                let (columns, rows) = try JournalTables.rows(of: table, in: db)
                var text = TextTableFormat.csvLine(columns) + "\n"
                for row in rows { text += TextTableFormat.csvLine(row.map(TextTableFormat.csvText)) + "\n" }
                let name = Self.fileName(for: table) + ".csv"
                let file = working.appendingPathComponent(name)
                try PrivateFiles.write(Data(text.utf8), to: file)
                try FileSafety.sync(file)
                counts[table] = rows.count
                names.append(name)
            }
        }
        try FileSafety.sync(working)
        try FileSafety.moveIntoPlace(working, destination)
        return ExportSummary(destination: destination, files: names.map { destination.appendingPathComponent($0) },
                             rowCounts: counts)
    }

    private func exportJSON(to destination: URL, working: URL) throws -> ExportSummary {
        var counts: [String: Int] = [:]
        let text: String = try read { db in
            let migrations = try JournalTables.appliedMigrations(db) ?? []
            var tables: [String] = []
            for table in try JournalTables.dataTables(db) {
                let (columns, rows) = try JournalTables.rows(of: table, in: db)
                let lines = rows.map { "    " + TextTableFormat.jsonObject(columns: columns, values: $0) }
                let body = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
                tables.append("  " + TextTableFormat.jsonString(table) + ": " + body)
                counts[table] = rows.count
            }
            return """
                {"format": "nutrichat-journal", "migrations": [\(migrations.map(TextTableFormat.jsonString).joined(separator: ", "))],
                "tables": {
                \(tables.joined(separator: ",\n"))
                }}

                """
        }
        defer { try? FileManager.default.removeItem(at: working) }
        try PrivateFiles.write(Data(text.utf8), to: working)
        try FileSafety.sync(working)
        try FileSafety.moveIntoPlace(working, destination)
        return ExportSummary(destination: destination, files: [destination], rowCounts: counts)
    }

    /// A file name for a table: its name with anything but letters, digits, `-` and `_` replaced.
    private static func fileName(for table: String) -> String {
        String(table.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
