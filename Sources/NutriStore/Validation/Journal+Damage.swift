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
}

/// Reading rows one by one, so one bad row is reported and skipped instead of failing the whole day.
extension Journal {
    /// Rows found damaged since the last call, each reported once per journal.
    public func takeDamageReports() -> [DamagedRow] {
        damage.take()
    }

    /// Every damaged entry, water, custom-food and recipe-ingredient row of the journal (a full scan: export and
    /// `diary` use it, chat does not).
    public func damagedRows() throws -> [DamagedRow] {
        try writer.read { db in
            var found: [DamagedRow] = []
            _ = try Self.decodeEntries(try Row.fetchAll(db, sql: "SELECT * FROM entry ORDER BY id"), db: db) { found.append($0) }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM water ORDER BY id") {
                if let problem = Self.problem(in: row, as: WaterRecord.self, check: JournalRules.check) {
                    found.append(DamagedRow(table: "water", id: Int64.fromDatabaseValue(row["id"] as DatabaseValue) ?? 0,
                                            date: String.fromDatabaseValue(row["date"] as DatabaseValue), reason: problem))
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM customFood ORDER BY id") {
                if let problem = Self.problem(in: row, as: CustomFoodRecord.self, check: UserFoodRules.validate) {
                    found.append(DamagedRow(table: "customFood", id: Int64.fromDatabaseValue(row["id"] as DatabaseValue) ?? 0, date: nil, reason: problem))
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM recipeIngredient ORDER BY id") {
                if let problem = Self.problem(in: row, as: RecipeIngredientRecord.self, check: JournalRules.check) {
                    found.append(DamagedRow(table: "recipeIngredient", id: Int64.fromDatabaseValue(row["id"] as DatabaseValue) ?? 0, date: nil, reason: problem))
                }
            }
            return found
        }
    }

    /// Entries decoded and checked one row at a time; bad rows go to `damaged` and are left out.
    static func decodeEntries(_ rows: [Row], db: Database, damaged: (DamagedRow) -> Void) throws -> [JournalEntry] {
        var entries: [JournalEntry] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            do {
                let entry = try JournalEntry(row: row)
                try JournalRules.check(entry)
                entries.append(entry)
            } catch {
                let date = String.fromDatabaseValue(row["date"] as DatabaseValue)
                damaged(DamagedRow(table: "entry", id: Int64.fromDatabaseValue(row["id"] as DatabaseValue) ?? 0,
                                   date: date.flatMap { (try? JournalRules.checkDate($0)) == nil ? nil : $0 },
                                   reason: reason(error)))
            }
        }
        return entries
    }

    /// Why `row` is not a good `Record`, or nil when it is.
    static func problem<Record: FetchableRecord>(in row: Row, as type: Record.Type, check: (Record) throws -> Void) -> String? {
        do {
            try check(try Record(row: row))
            return nil
        } catch {
            return reason(error)
        }
    }

    /// A few words for a decoding or rule error.
    static func reason(_ error: Error) -> String {
        switch error {
        case let error as StoreError: return error.description
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.first?.stringValue
            return field.map { "\($0) cannot be read" } ?? "a value cannot be read"
        case DecodingError.keyNotFound(let key, _): return "\(key.stringValue) is missing"
        default: return "a value cannot be read"
        }
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
