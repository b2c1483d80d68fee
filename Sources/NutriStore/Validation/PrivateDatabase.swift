import Foundation
import GRDB

/// Opens a database file of the home (the journal, the menus): its folder and file private to the owner, a
/// ten-second wait on a busy lock, migrated, and an unreadable file turned into one message with advice.
enum PrivateDatabase {
    static func open(path: String, label: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        try PrivateFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        try PrivateFiles.prepareDatabaseFile(path)
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.label = label
        do {
            return try openAndMigrate(path: path, configuration: config, migrator: migrator)
        } catch let error as DatabaseError {
            throw StoreError.databaseUnreadable(path: path, reason: Journal.openingAdvice(error, path: path))
        }
    }

    /// Opens and migrates, retrying when another process is creating the same new file at the same moment:
    /// switching a new file to WAL needs a lock the other opener may hold ("database is locked"), and the migrator
    /// reads which migrations ran before it takes the write lock, so the loser of that race can see "table already
    /// exists". On a second look everything is in place.
    private static func openAndMigrate(path: String, configuration: Configuration, migrator: DatabaseMigrator) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrator.migrate(pool)
                return pool
            } catch let error as DatabaseError where attempt < 6 {
                attempt += 1
                _ = error
                usleep(useconds_t(25_000 * attempt))
            }
        }
    }
}
