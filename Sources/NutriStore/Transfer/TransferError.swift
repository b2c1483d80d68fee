import Foundation

/// Why an export or import was refused, as one line a person can act on. An import that throws one of these has
/// not touched the journal.
public enum TransferError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file or folder at the path.
    case notFound(path: String)
    /// A folder was given where a file is needed; `csvExport` when it holds CSV files.
    case isFolder(path: String, csvExport: Bool)
    /// The file has no bytes.
    case empty(path: String)
    /// The file does not start with the SQLite header; `looksLike` names what it seems to be instead.
    case notSQLite(path: String, looksLike: String)
    /// The file is shorter than its own header says.
    case truncated(path: String, detail: String)
    /// SQLite cannot read the file or its integrity check fails.
    case corrupt(path: String, detail: String)
    /// A SQLite database, but not a NutriChat journal.
    case foreignDatabase(path: String, reason: String)
    /// A journal written by a newer NutriChat, with migrations this one does not know.
    case newerVersion(path: String, unknownMigrations: [String])
    /// A table or column of the journal schema is missing or extra.
    case schemaMismatch(path: String, detail: String)
    /// A value no NutriChat would have written.
    case badValue(path: String, table: String, row: Int64, detail: String)
    /// The export destination already exists.
    case destinationExists(path: String)
    /// The journal is locked by another program for longer than the busy timeout.
    case busy(detail: String)
    /// Reading or writing a file failed.
    case io(path: String, detail: String)

    /// The one-line message shown to the person.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "no such file: \(path)"
        case .isFolder(let path, let csvExport):
            return csvExport
                ? "\(path) is a folder of CSV files; CSV and JSON exports are readable copies, import takes a SQLite export"
                : "\(path) is a folder, not a NutriChat export file"
        case .empty(let path):
            return "\(path) is empty, not a NutriChat export"
        case .notSQLite(let path, let looksLike):
            return "\(path) is not a SQLite export (\(looksLike)); import takes a file written by 'nutrichat export'"
        case .truncated(let path, let detail):
            return "\(path) is truncated (\(detail)); export it again"
        case .corrupt(let path, let detail):
            return "\(path) is damaged: \(detail)"
        case .foreignDatabase(let path, let reason):
            return "\(path) is a SQLite database but not a NutriChat journal (\(reason))"
        case .newerVersion(let path, let unknown):
            return "\(path) was written by a newer NutriChat (unknown migrations: \(unknown.joined(separator: ", "))); update NutriChat first"
        case .schemaMismatch(let path, let detail):
            return "\(path) does not have the NutriChat journal schema: \(detail)"
        case .badValue(let path, let table, let row, let detail):
            return "\(path) holds a bad value in \(table) row \(row): \(detail)"
        case .destinationExists(let path):
            return "\(path) already exists; choose another name or remove it first"
        case .busy(let detail):
            return "the journal is busy (\(detail)); close other NutriChat sessions and try again"
        case .io(let path, let detail):
            return "cannot write \(path): \(detail)"
        }
    }
}
