import Foundation
import GRDB

/// Opening the journal only to read it, for `diary`, `export` and the like: nothing is created, migrated or
/// written, so a read-only home works. A missing journal reads as an empty one; a journal from an older NutriChat
/// is copied into memory and upgraded there, leaving the file as it is.
extension Journal {
    /// Opens `path` for reading.
    public static func openForReading(path: String) throws -> Journal {
        guard FileManager.default.fileExists(atPath: path) else { return try Journal() }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        config.label = "journal-read-only"
        do {
            let queue = try openReadOnly(path: path, configuration: config)
            if try queue.read({ db in try JournalSchema.migrator.hasCompletedMigrations(db) }) {
                return Journal(database: queue)
            }
            let memory = try DatabaseQueue()
            try queue.backup(to: memory)
            try queue.close()
            try JournalSchema.migrator.migrate(memory)
            return Journal(database: memory)
        } catch let error as DatabaseError {
            throw StoreError.databaseUnreadable(path: path, reason: Journal.openingAdvice(error, path: path))
        }
    }

    /// A WAL journal needs its `-shm` file to be read; in a folder the reader cannot write, that file cannot be
    /// made, so the journal is opened immutable instead (no locks, no WAL): nobody who cannot write the folder can
    /// be changing it through this path.
    static func openReadOnly(path: String, configuration: Configuration) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode) {
            return try DatabaseQueue(path: FoodDatabase.immutableURI(path), configuration: configuration)
        }
    }

    /// What to say when SQLite cannot open or read the journal file at `path`: for anything but permissions and
    /// locks, the first line of SQLite's integrity check and the way back (export what can be read, import an export).
    static func openingAdvice(_ error: DatabaseError, path: String) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder, not a journal file; move it aside and NutriChat starts a new journal"
        }
        let message = error.message ?? "not a NutriChat journal"
        switch error.resultCode {
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return "\(message); check the permissions of the file and its folder"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "\(message); close other NutriChat sessions and try again"
        default:
            return "\(message); it is damaged (integrity_check: \(integrityNote(path: path))): save what can be read with "
                + "'nutrichat export FILE', move the journal aside and restore an export with 'nutrichat import FILE'"
        }
    }

    /// The first line of `PRAGMA quick_check` on a read-only connection, or why it could not run.
    static func integrityNote(path: String) -> String {
        var config = Configuration()
        config.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") } ?? "no result"
        } catch let error as DatabaseError {
            return error.message ?? "it cannot run"
        } catch {
            return "it cannot run"
        }
    }
}
