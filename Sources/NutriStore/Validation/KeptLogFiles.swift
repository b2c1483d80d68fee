import Foundation
import GRDB
import GRDBSQLite

/// How a single-connection database (the server's per-account journal) keeps its WAL files between opens. The
/// server opens and closes thousands of journals; by default each open created `-wal` and `-shm`, GRDB's WAL set-up
/// wrote a throw-away table into every journal whose log was empty (so every close then checkpointed and synced
/// twice, even after a read), and each close deleted both files. Here the files stay (SQLite's persistent WAL), a
/// close empties the log instead of deleting it (`journal_size_limit`), and WAL mode is switched on with a pragma
/// only, so a journal opened to be read is never written and closes without syncing. (A lock-free connection, as the
/// server's journals now are, has no `-shm`: its log's index lives in its memory; see `PrivateDatabase.open`.)
enum KeptLogFiles {
    /// Run on the connection before anything else: keep the `-wal` and `-shm` files when the connection closes, and
    /// cut the log back to empty at close (it is checkpointed first, as on every close).
    static func prepare(_ db: Database) throws {
        var keep: Int32 = 1
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &keep)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot keep the WAL file") }
        try db.execute(sql: "PRAGMA journal_size_limit = 0")
    }

    /// WAL mode, set once in a new file (it is a property of the file) and only read afterwards, with every commit
    /// synced to disk before it returns (`PrivateDatabase.durable`).
    static func useWAL(_ db: Database) throws {
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else { throw DatabaseError(message: "could not switch the journal to WAL mode") }
        try PrivateDatabase.durable(db)
    }
}
