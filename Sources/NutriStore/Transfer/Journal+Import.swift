import Foundation
import GRDB

/// Replacing the whole journal with a validated import.
///
/// Why SQLite's backup API rather than renaming a file over `journal.sqlite`: another NutriChat (a chat left open)
/// may hold the journal open. After a rename it would keep writing to the old, unlinked file, and removing the
/// `-wal`/`-shm` files under a live connection can lose or corrupt data. The backup API instead copies every page
/// of the candidate into the journal through an ordinary connection, in one write transaction under SQLite's own
/// locks: other processes wait (busy timeout) and then see either the old journal or the new one, never a mix; a
/// crash before the commit leaves the old journal as it was (WAL). The schema comes along with the data, which is
/// why the candidate must match a new journal's schema exactly (``ImportSchemaCheck/checkShape(_:shownPath:)``).
extension Journal {
    /// Replaces everything in the journal with the candidate's contents, atomically, and returns what was imported.
    @discardableResult
    public func replaceAll(with candidate: ImportCandidate) throws -> ImportSummary {
        guard let source = candidate.queue else {
            throw TransferError.io(path: candidate.copy.path, detail: "the import candidate was already discarded")
        }
        let pageSize = try read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096 }
        try matchPageSize(of: source, to: pageSize)
        do {
            try source.backup(to: writer)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw TransferError.busy(detail: error.message ?? "locked")
        }
        let problems = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard problems == ["ok"] else {
            throw TransferError.corrupt(path: "the journal after import", detail: problems.first ?? "integrity check failed")
        }
        candidate.discard()
        return candidate.summary
    }

    /// A WAL database only accepts a backup with its own page size, so the candidate is rebuilt with it when needed.
    private func matchPageSize(of source: DatabaseQueue, to pageSize: Int) throws {
        guard [512, 1024, 2048, 4096, 8192, 16_384, 32_768, 65_536].contains(pageSize) else { return }
        try source.writeWithoutTransaction { db in
            guard try Int.fetchOne(db, sql: "PRAGMA page_size") != pageSize else { return }
            // PRAGMA takes no bound parameters; `pageSize` is one of the integers listed above, never user text.
            try db.execute(sql: "PRAGMA page_size = \(pageSize)")
            try db.execute(sql: "VACUUM")
        }
    }
}
