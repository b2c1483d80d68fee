import Foundation
import GRDB

/// What an import file holds, for the confirmation question and the final report.
public struct ImportSummary: Equatable, Sendable {
    /// Rows per data table.
    public var rowCounts: [String: Int]
    /// The first entry date, when there are entries.
    public var firstDate: String?
    /// The last entry date, when there are entries.
    public var lastDate: String?
    /// Migrations run on the import to bring an older export up to this version.
    public var upgradedBy: [String]

    /// Journal entries in the file.
    public var entryCount: Int { rowCounts["entry"] ?? 0 }
}

/// A validated import file: a private copy, migrated to this version and checked, ready to replace the journal
/// with ``Journal/replaceAll(with:)``. Call ``discard()`` when done (it also runs on deinit).
public final class ImportCandidate {
    /// What the file holds.
    public let summary: ImportSummary
    let copy: URL
    var queue: DatabaseQueue?

    init(summary: ImportSummary, copy: URL, queue: DatabaseQueue) {
        self.summary = summary
        self.copy = copy
        self.queue = queue
    }

    /// Closes and removes the private copy.
    public func discard() {
        try? queue?.close()
        queue = nil
        FileSafety.removeDatabaseFiles(copy)
    }

    deinit { discard() }
}

/// Validates a file for `nutrichat import` without touching the journal.
///
/// The file is first copied into `workingFolder` (the journal's folder), so every check runs on exactly the bytes
/// that will be imported, and the original is never opened by SQLite (which could create `-wal`/`-shm` files or
/// roll back a hot journal beside it). On the copy: the byte-level checks of ``ImportFileCheck``, SQLite's open and
/// `PRAGMA integrity_check`, the migration record, then the migrator brings an older export up to this version,
/// then ``ImportSchemaCheck`` compares the schema with a new journal's and looks for bad values. Only a candidate
/// that passes everything is returned.
public enum JournalImporter {
    /// Validates `file` and returns a ready candidate, or throws a ``TransferError`` with the reason.
    public static func prepare(file: URL, workingFolder: URL, shownPath: String? = nil) throws -> ImportCandidate {
        let shown = shownPath ?? file.path
        try ImportFileCheck.check(file, shownPath: shown)
        try PrivateFiles.createFolder(workingFolder)
        let copy = workingFolder.appendingPathComponent(Leftovers.importCopyName())
        do {
            try FileManager.default.copyItem(at: file, to: copy)
        } catch {
            throw TransferError.io(path: copy.path, detail: "cannot copy \(shown) there")
        }
        PrivateFiles.restrict(copy.path)
        // The copy is re-checked: the file may have changed between the first check and the copy.
        do {
            try ImportFileCheck.check(copy, shownPath: shown)
            return try open(copy, shownPath: shown)
        } catch {
            FileSafety.removeDatabaseFiles(copy)
            throw error
        }
    }

    private static func open(_ copy: URL, shownPath: String) throws -> ImportCandidate {
        var config = Configuration()
        config.label = "import"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: copy.path, configuration: config)
        } catch let error as DatabaseError {
            throw TransferError.corrupt(path: shownPath, detail: error.message ?? "SQLite cannot open it")
        }
        do {
            let summary = try validate(queue, shownPath: shownPath)
            return ImportCandidate(summary: summary, copy: copy, queue: queue)
        } catch let error as DatabaseError {
            try? queue.close()
            throw TransferError.corrupt(path: shownPath, detail: error.message ?? "SQLite cannot read it")
        } catch {
            try? queue.close()
            throw error
        }
    }

    private static func validate(_ queue: DatabaseQueue, shownPath: String) throws -> ImportSummary {
        let (before, constraintProblem): ([String], String?) = try queue.writeWithoutTransaction { db in
            // A rollback journal keeps the copy one file, which the backup into the journal expects.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            // A broken CHECK or NOT NULL rule is a bad value, not damage: the value checks below name its row.
            let onlyConstraints = problems.allSatisfy { $0.hasPrefix("CHECK constraint failed") || $0.hasPrefix("NULL value in") }
            guard problems == ["ok"] || onlyConstraints else {
                throw TransferError.corrupt(path: shownPath, detail: problems.first ?? "the integrity check failed")
            }
            try ImportSchemaCheck.checkMigrations(db, shownPath: shownPath)
            return (try JournalTables.appliedMigrations(db) ?? [], problems == ["ok"] ? nil : problems.first)
        }
        do {
            try JournalSchema.migrator.migrate(queue)
        } catch let error as DatabaseError {
            throw TransferError.schemaMismatch(path: shownPath, detail: "cannot upgrade it: \(error.message ?? "migration failed")")
        }
        return try queue.read { db in
            try ImportSchemaCheck.checkShape(db, shownPath: shownPath)
            try ImportSchemaCheck.checkValues(db, shownPath: shownPath)
            if let constraintProblem {
                throw TransferError.corrupt(path: shownPath, detail: "a value breaks the schema's rules (\(constraintProblem))")
            }
            let counts = try JournalTables.dataTables(db).reduce(into: [String: Int]()) { counts, table in
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
            let range = try Row.fetchOne(db, sql: "SELECT MIN(date) AS first, MAX(date) AS last FROM entry")
            let after = try JournalTables.appliedMigrations(db) ?? []
            return ImportSummary(rowCounts: counts, firstDate: range?["first"], lastDate: range?["last"],
                                 upgradedBy: after.filter { !before.contains($0) })
        }
    }
}
