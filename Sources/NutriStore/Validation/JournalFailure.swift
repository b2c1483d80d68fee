import Foundation
import GRDB

/// Why the journal could not save or read, in terms of what the person can do about it.
public enum JournalFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite found damaged pages; `check` is the first line of `PRAGMA integrity_check`.
    case damaged(path: String, check: String)
    /// The disk is full.
    case diskFull
    /// The journal or its folder cannot be written.
    case readOnly(path: String)
    /// Another program holds the journal locked for longer than the busy timeout.
    case busy
    /// The database server holding the journal cannot be reached (a journal in PostgreSQL); `detail` says why.
    case unreachable(detail: String)

    /// Whether nothing more can be saved until the person acts (chat stops instead of failing every message).
    public var isFatal: Bool {
        if case .damaged = self { return true }
        return false
    }

    /// One line saying what happened and what to do.
    public var description: String {
        switch self {
        case .damaged(let path, let check):
            return "the journal \(path) is damaged (integrity_check: \(check)); save what can be read with "
                + "'nutrichat export FILE', then move the journal aside and restore an export with 'nutrichat import FILE'"
        case .diskFull:
            return "the disk is full; free some space and say it again"
        case .readOnly(let path):
            return "the journal \(path) cannot be written (read-only); check the folder's permissions"
        case .busy:
            return "the journal is busy (another NutriChat is writing); say it again in a moment"
        case .unreachable(let detail):
            return "the journal's database cannot be reached (\(detail)); say it again in a moment"
        }
    }
}

extension Journal {
    /// The journal failure behind `error`, or nil when it is not a storage failure (a rule broken, a bug).
    public func failure(for error: Error) -> JournalFailure? {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            let check = (try? read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) ?? nil
            return .damaged(path: writer.path, check: check ?? error.message ?? "unreadable")
        case .SQLITE_FULL: return .diskFull
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM: return .readOnly(path: writer.path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy
        case .SQLITE_IOERR:
            return error.extendedResultCode == .SQLITE_IOERR_WRITE ? .diskFull : .damaged(path: writer.path, check: error.message ?? "I/O error")
        default: return nil
        }
    }
}
