import Foundation
import GRDB

/// A journal row that cannot be read or breaks ``JournalRules``: left out of what is shown, never fatal.
public struct DamagedRow: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The table ("entry", "water", "customFood").
    public var table: String
    /// The row's id.
    public var id: Int64
    /// The row's day, when it has a readable one.
    public var date: String?
    /// Why it was left out, in a few words.
    public var reason: String

    /// "journal entry row 7 (2026-11-21) is damaged and left out: grams is not a finite number".
    public var description: String {
        let day = date.map { " (\($0))" } ?? ""
        return "journal \(table) row \(id)\(day) is damaged and left out: \(reason); 'nutrichat export' keeps a copy of it"
    }

    /// The report for `row` of `table`, which failed with `error`; its day only when it is a real one.
    init(_ row: Row, table: String, error: Error) {
        self.table = table
        id = row.hasColumn("id") ? Int64.fromDatabaseValue(row["id"] as DatabaseValue) ?? 0 : 0
        let day = row.hasColumn("date") ? String.fromDatabaseValue(row["date"] as DatabaseValue) : nil
        date = day.flatMap { (try? JournalRules.checkDate($0)) == nil ? nil : $0 }
        reason = Journal.reason(error)
    }

    /// A report made field by field.
    public init(table: String, id: Int64, date: String?, reason: String) {
        self.table = table
        self.id = id
        self.date = date
        self.reason = reason
    }
}

extension QueryInterfaceRequest where RowDecoder: CheckedRecord {
    /// The request's records that pass the rules; each damaged row goes to `damaged` and is left out.
    func fetchReadable(_ db: Database, damaged: (DamagedRow) -> Void) throws -> [RowDecoder] {
        Journal.readable(try asRequest(of: Row.self).fetchAll(db), as: RowDecoder.self, damaged: damaged)
    }

    /// The first record of the request that passes the rules, reading no further than needed.
    func fetchFirstReadable(_ db: Database, damaged: (DamagedRow) -> Void) throws -> RowDecoder? {
        let rows = try asRequest(of: Row.self).fetchCursor(db)
        while let row = try rows.next() {
            if let record = Journal.readable([row], as: RowDecoder.self, damaged: damaged).first { return record }
        }
        return nil
    }
}

extension CheckedRecord {
    /// The records a fixed read finds (constant SQL, bound values) that pass the rules; each damaged row goes to
    /// `damaged`. Through a statement compiled once per connection and kept: the reads every reply makes (profile,
    /// goals, weights, meal slots, water), which the query interface would build again each time and, on each new
    /// connection, check against the schema (`sqlite_master` and `table_xinfo` read first). The server opens a
    /// journal for nearly every request of an account not seen in the last seconds.
    static func readable(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
                         damaged: (DamagedRow) -> Void) throws -> [Self] {
        Journal.readable(try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments), as: Self.self, damaged: damaged)
    }

    /// The first record of such a read that passes the rules, reading no further than needed.
    static func firstReadable(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
                              damaged: (DamagedRow) -> Void) throws -> Self? {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            if let record = Journal.readable([row], as: Self.self, damaged: damaged).first { return record }
        }
        return nil
    }
}

/// Reading rows one by one, so one bad row is reported and skipped instead of failing the whole day.
extension Journal {
    /// Rows found damaged since the last call, each reported once per journal.
    public func takeDamageReports() -> [DamagedRow] {
        damage.take()
    }

    /// Every damaged row of the journal, of every kind (a full scan: export and `diary` use it, chat does not).
    public func damagedRows() throws -> [DamagedRow] {
        try read { db in
            var found: [DamagedRow] = []
            for kind in JournalRecordKinds.all { try Self.scan(kind, db: db) { found.append($0) } }
            return found
        }
    }

    /// Reads every row of `kind`'s table (when the journal has it) and reports the damaged ones.
    private static func scan<Record: CheckedRecord>(_ kind: Record.Type, db: Database, damaged: (DamagedRow) -> Void) throws {
        guard try db.tableExists(Record.databaseTableName) else { return }
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(Record.databaseTableName.quotedDatabaseIdentifier) ORDER BY rowid")
        _ = readable(rows, as: kind, damaged: damaged)
    }

    /// Records decoded and checked one row at a time; bad rows go to `damaged` and are left out.
    static func readable<Record: CheckedRecord>(_ rows: [Row], as kind: Record.Type = Record.self,
                                                damaged: (DamagedRow) -> Void) -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        for row in rows {
            do {
                records.append(try Record.checked(row))
            } catch {
                damaged(DamagedRow(row, table: Record.databaseTableName, error: error))
            }
        }
        return records
    }

    /// A few words for a decoding or rule error.
    static func reason(_ error: Error) -> String {
        switch error {
        case let error as StoreError: return error.description
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context):
            // A JSON column's own decoder starts a fresh coding path: the field is not known, only that it is JSON.
            let field = context.codingPath.first?.stringValue
            return field.map { "\($0) cannot be read" } ?? "a JSON value cannot be read"
        case DecodingError.keyNotFound(let key, _): return "\(key.stringValue) is missing"
        case let error as RowDecodingError: return column(in: error).map { "\($0) cannot be read" } ?? "a value cannot be read"
        default: return "a value cannot be read"
        }
    }

    /// The column GRDB names in a row-decoding error (its description says `column: "amount"`); GRDB does not make
    /// the key public. Only a plain column name is taken, never the stored value the description also holds.
    private static func column(in error: RowDecodingError) -> String? {
        let text = String(describing: error)
        guard let start = text.range(of: "column: \"")?.upperBound,
              let end = text[start...].firstIndex(of: "\"") else { return nil }
        let name = text[start..<end]
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return String(name)
    }
}

/// The damaged rows a journal has met and not yet reported.
final class DamageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<DamagedRow> = []
    private var fresh: [DamagedRow] = []

    func record(_ row: DamagedRow) {
        lock.lock()
        defer { lock.unlock() }
        if seen.insert(row).inserted { fresh.append(row) }
    }

    func take() -> [DamagedRow] {
        lock.lock()
        defer { lock.unlock() }
        defer { fresh = [] }
        return fresh
    }
}
