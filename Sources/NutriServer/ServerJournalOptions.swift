import Foundation
import GRDB
import NutriSQLiteOptions
import NutriStore

/// The SQLite options of every journal the server opens, on top of the kept WAL files (`KeptLogFiles`).
///
/// A journal closes without checkpointing its log into the database: the server closes journals all the time (it
/// keeps at most `AccountSessions.defaultLimit()` open), and each close after a write checkpointed and synced twice,
/// then emptied the log, so the next write after the next open began a new log and synced its header. The log's
/// commits are synced already (`synchronous = FULL`), so nothing acknowledged depends on that checkpoint; the next
/// open reads the log back. The log is checkpointed once it holds `checkpointPages` pages, small, so the reading back
/// at an open stays cheap and a journal's files stay small.
public enum ServerJournalOptions {
    /// Pages in the log before a commit checkpoints it (1 KiB each in a journal the server made, `newJournalPageSize`;
    /// 4 KiB in one made before): a dozen or more chat messages' worth.
    static let checkpointPages = 64

    /// The page size of a journal the server creates. Most of a journal's twenty tables hold a few rows, and each
    /// table and index still takes a page of its own: at SQLite's default 4 KiB a new journal was 44 pages (180 KB),
    /// and an open journal kept about 88 KB of pages in memory after a chat message; at 1 KiB it is 121 pages (118 KB)
    /// and about 38 KB, and a commit writes smaller pages to the log. Journals made before keep their page size.
    static let newJournalPageSize = 1024

    /// Runs on the connection that creates a journal, before its first table: the page size is fixed then.
    @Sendable static func prepareNew(_ db: Database) throws {
        try db.execute(sql: "PRAGMA page_size = \(newJournalPageSize)")  // a constant: a pragma takes no bound value
        try prepare(db)
    }

    /// Runs on each journal connection as it opens.
    @Sendable static func prepare(_ db: Database) throws {
        let code = nutri_sqlite_skip_checkpoint_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
        guard ResultCode(rawValue: code) == .SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot keep the log at close")
        }
        try db.execute(sql: "PRAGMA wal_autocheckpoint = 64")  // checkpointPages (a pragma takes no bound value)
    }

    /// Opens an account's journal with these options, lock-free (`PrivateDatabase.open`: the server holds its folder's
    /// lock, `ServerFolderLock`, and keeps one session per account, so no other connection opens the file meanwhile);
    /// a journal this call creates gets 1 KiB pages (`newJournalPageSize`) and is checkpointed once, so its creation
    /// (the schema's pages) is not read back from the log at every later open.
    public static func openJournal(path: String) throws -> Journal {
        let isNew = !FileManager.default.fileExists(atPath: path)
        let journal = try Journal(path: path, lockFree: true, prepare: isNew ? prepareNew : prepare)
        if isNew { try journal.checkpoint() }
        return journal
    }
}
