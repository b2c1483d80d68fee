import Foundation
import GRDB
import GRDBSQLite

/// Opens a database file of the home (the journal, the menus): its folder and file private to the owner, a
/// ten-second wait on a busy lock, migrated, and an unreadable file turned into one message with advice.
enum PrivateDatabase {
    /// `singleConnection` opens one connection (a queue, in WAL mode) instead of a writer and its readers: for a
    /// caller that serialises its own use, such as the server's per-account session, which opens thousands of
    /// journals and pays for each connection's opening and schema reading.
    /// `prepare` runs on the single connection right after `KeptLogFiles.prepare`.
    /// `current` (the journal's schema stamp) is asked first: when it answers true the schema is known to be this
    /// build's and the migrator is not consulted (its reads of `grdb_migrations` at every open of the server's journals).
    /// `lockFree` (with `singleConnection`) opens the file through SQLite's `unix-none` VFS, which takes no file locks,
    /// in `locking_mode = EXCLUSIVE`, which keeps the WAL index in the connection's memory instead of a `-shm` file:
    /// an open then skips SQLite's search of every file the process has open (under one process-wide lock, longer
    /// with every journal the server keeps open), and a read transaction skips its locks and the shared index. Only
    /// for a caller that guarantees no other connection, in this process or another, opens the file meanwhile: two
    /// lock-free connections, or one beside a locking one, would not see each other's writes. The server holds its
    /// folder's lock (`ServerFolderLock`) and one session per account. Commits are synced as always (`durable`).
    static func open(path: String, label: String, migrator: DatabaseMigrator, singleConnection: Bool = false,
                     lockFree: Bool = false, prepare: (@Sendable (Database) throws -> Void)? = nil,
                     current: ((Database) throws -> Bool)? = nil) throws -> any DatabaseWriter {
        try PrivateFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        try PrivateFiles.prepareDatabaseFile(path)
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.label = label
        do {
            if singleConnection {
                config.prepareDatabase { db in
                    if lockFree { try lockFreeMode(db) }
                    try KeptLogFiles.prepare(db)
                    try prepare?(db)
                }
                let name = lockFree ? lockFreeName(path) : path
                return try openAndMigrate(configuration: config, migrator: migrator, current: current) { configuration -> DatabaseQueue in
                    let queue = try DatabaseQueue(path: name, configuration: configuration)
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

    /// The file's name as a URI naming the `unix-none` VFS (the system's SQLite takes URIs, `SQLITE_USE_URI`); the path
    /// is percent-encoded, so a `%`, `?` or `#` in it stays part of the path.
    static func lockFreeName(_ path: String) -> String {
        "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?vfs=unix-none"
    }

    /// Checks that the connection runs on `unix-none` (a SQLite built without URIs would have taken the URI for a file
    /// name) and sets the exclusive locking mode, before anything is read.
    static func lockFreeMode(_ db: Database) throws {
        var name: UnsafeMutablePointer<CChar>?
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_VFSNAME, &name)
        defer { sqlite3_free(name) }
        guard code == SQLITE_OK, let name, String(cString: name) == "unix-none" else {
            throw DatabaseError(message: "this SQLite cannot open a file without locks (it takes no file URIs)")
        }
        try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
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
