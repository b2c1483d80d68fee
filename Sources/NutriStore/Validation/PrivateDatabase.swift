import Foundation
import GRDB

/// Opens a database file of the home (the journal, the menus): its folder and file private to the owner, a
/// ten-second wait on a busy lock, migrated, and an unreadable file turned into one message with advice.
enum PrivateDatabase {
    /// `singleConnection` opens one connection (a queue, in WAL mode) instead of a writer and its readers: for a
    /// caller that serialises its own use, such as the server's per-account session, which opens thousands of
    /// journals and pays for each connection's opening and schema reading.
    /// `prepare` runs on the single connection right after `KeptLogFiles.prepare`.
    /// `current` (the journal's schema stamp) is asked first: when it answers true the schema is known to be this
    /// build's and the migrator is not consulted (its reads of `grdb_migrations` at every open of the server's journals).
    static func open(path: String, label: String, migrator: DatabaseMigrator, singleConnection: Bool = false,
                     prepare: (@Sendable (Database) throws -> Void)? = nil,
                     current: ((Database) throws -> Bool)? = nil) throws -> any DatabaseWriter {
        try PrivateFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        try PrivateFiles.prepareDatabaseFile(path)
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.label = label
        do {
            if singleConnection {
                config.prepareDatabase { db in
                    try KeptLogFiles.prepare(db)
                    try prepare?(db)
                }
                return try openAndMigrate(configuration: config, migrator: migrator, current: current) { configuration -> DatabaseQueue in
                    let queue = try DatabaseQueue(path: path, configuration: configuration)
                    try queue.writeWithoutTransaction { db in try KeptLogFiles.useWAL(db) }
                    return queue
                }
            }
            return try openAndMigrate(configuration: config, migrator: migrator, current: current) { configuration -> DatabasePool in
                let pool = try DatabasePool(path: path, configuration: configuration)
                try pool.writeWithoutTransaction { db in try durable(db) }
                return pool
            }
        } catch let error as DatabaseError {
            throw StoreError.databaseUnreadable(path: path, reason: Journal.openingAdvice(error, path: path))
        }
    }

    /// Every commit synced before it returns (`synchronous = FULL`), so an entry the person was told is logged
    /// survives a power cut, not only the process being killed. GRDB's WAL set-up chooses NORMAL, under which the
    /// last commits before a power cut can roll back; a commit then costs one more sync of the log.
    static func durable(_ db: Database) throws {
        try db.execute(sql: "PRAGMA synchronous = FULL")
    }

    /// Opens and migrates, retrying when another process is creating the same new file at the same moment:
    /// switching a new file to WAL needs a lock the other opener may hold ("database is locked"), and the migrator
    /// reads which migrations ran before it takes the write lock, so the loser of that race can see "table already
    /// exists". On a second look everything is in place.
    private static func openAndMigrate<Writer: DatabaseWriter>(configuration: Configuration, migrator: DatabaseMigrator,
                                                               current: ((Database) throws -> Bool)?,
                                                               opening: (Configuration) throws -> Writer) throws -> Writer {
        var attempt = 0
        while true {
            do {
                let writer = try opening(configuration)
                if let current, try writer.writeWithoutTransaction(current) { return writer }
                try migrator.migrate(writer)
                return writer
            } catch let error as DatabaseError where attempt < 6 {
                attempt += 1
                _ = error
                usleep(useconds_t(25_000 * attempt))
            }
        }
    }
}
