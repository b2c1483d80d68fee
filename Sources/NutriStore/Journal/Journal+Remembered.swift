import Foundation
import GRDB

/// Reads a conversation asks again and again in one reply, remembered until the journal changes. A logged meal's
/// reply reads the targets (profile, latest weight, goals) for the nudge and again for the summary, the meal slots
/// for the meal name and for the nudge, the day's water twice…; each read is a transaction and, on a journal just
/// opened (the server opens one for nearly every request of an account not seen in the last seconds), a statement
/// to compile. A remembered read is answered again while the journal is unchanged, stamped as the day totals are:
/// SQLite's `data_version` (another connection committed) and this connection's change count (it wrote).
extension Journal {
    /// One read. On a pool, in a transaction of a reader connection (`DatabasePool.read`). On the one connection of a
    /// queue (the server's journals), on that connection without GRDB's read-only mode: that mode is `PRAGMA
    /// query_only` set and cleared around the read, and setting a flag pragma expires every statement the connection
    /// has compiled, so every read would have the journal's cached statements compiled again at their next step
    /// (SQLite's reprepare count, `JournalReadTests`). The closures passed here only read.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        guard writer is DatabaseQueue else { return try writer.read(value) }
        return try writer.writeWithoutTransaction { db in try isolatedRead(db, value) }
    }

    /// `read`'s value, remembered under `key` (the reading method and its arguments) until the journal changes.
    /// Runs on the writing connection, whose change count stamps what it reads.
    func remembered<T>(_ key: String, _ read: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            let stamp = try changeStamp(db)
            // Unwrapped before the cast: a missing value cast to an optional `T` would pass as a remembered nil.
            if let kept = readMemo.value(key, at: stamp), let value = kept as? T { return value }
            let value = try isolatedRead(db, read)
            readMemo.keep(value, key, at: stamp)
            return value
        }
    }

    /// Runs the statements of one read so that they all see the same state of the journal: in one deferred
    /// transaction, or as they come on an exclusive journal, which nothing else changes between two statements (each
    /// transaction's BEGIN and COMMIT are two more statements, compiled by GRDB every time).
    private func isolatedRead<T>(_ db: Database, _ read: (Database) throws -> T) throws -> T {
        if exclusive { return try read(db) }
        var value: T?
        try db.inTransaction(.deferred) {
            value = try read(db)
            return .commit
        }
        guard let value else { throw StoreError.invalidValue("a journal read returned nothing") }
        return value
    }
}

/// The remembered reads of one journal state: a new stamp forgets them all.
final class ReadMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var stamp: DayTotalsCache.Stamp?
    private var values: [String: Any] = [:]

    func value(_ key: String, at current: DayTotalsCache.Stamp) -> Any? {
        lock.withLock { stamp == current ? values[key] : nil }
    }

    func keep(_ value: Any, _ key: String, at current: DayTotalsCache.Stamp) {
        lock.withLock {
            if stamp != current { values = [:] }
            stamp = current
            values[key] = value
        }
    }
}
