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
            let queue = try DatabaseQueue(path: path, configuration: config)
            if try queue.read({ db in try JournalSchema.migrator.hasCompletedMigrations(db) }) {
                return Journal(database: queue)
            }
            let memory = try DatabaseQueue()
            try queue.backup(to: memory)
            try queue.close()
            try JournalSchema.migrator.migrate(memory)
            return Journal(database: memory)
        } catch let error as DatabaseError {
            throw StoreError.databaseUnreadable(path: path, reason: Journal.openingAdvice(error))
        }
    }

    /// What to say when SQLite cannot open or read the journal file.
    static func openingAdvice(_ error: DatabaseError) -> String {
        let message = error.message ?? "not a NutriChat journal"
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return "\(message); it is damaged: move it aside and restore an export with 'nutrichat import FILE'"
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return "\(message); check the permissions of the file and its folder"
        default:
            return message
        }
    }
}
