import Foundation
import NutriStore
import PostgresNIO

/// Day totals and presence of one account in PostgreSQL: sums and counts made by the database, never by reading
/// every entry here.
extension PostgresJournalStore {
    public func dayTotals(on date: String) throws -> DayTotals {
        let count = try session.rows("""
            SELECT count(*) FROM journal_entry WHERE account_id = \(accountID) AND date = \(date)
            """).first?.decode(Int64.self) ?? 0
        var totals = DayTotals(count: Int(count), totals: [:])
        guard count > 0 else { return totals }
        for row in try session.rows("""
            SELECT item.key, SUM(item.value::float8) FROM journal_entry e, jsonb_each_text(e.nutrients) AS item
            WHERE e.account_id = \(accountID) AND e.date = \(date) GROUP BY item.key
            """) {
            let (key, sum) = try row.decode((String, Double).self)
            totals.totals[key] = sum
        }
        return totals
    }

    public func hasEntries(from start: String, to end: String) throws -> Bool {
        try session.rows("""
            SELECT EXISTS (SELECT 1 FROM journal_entry WHERE account_id = \(accountID) AND date BETWEEN \(start) AND \(end))
            """).first?.decode(Bool.self) ?? false
    }

    public func mealsWithEntries(on date: String) throws -> Set<String> {
        Set(try session.rows("""
            SELECT DISTINCT meal FROM journal_entry WHERE account_id = \(accountID) AND date = \(date)
            """).map { try $0.decode(String.self) })
    }

    public func periodEntries(from start: String, to end: String) throws -> [JournalEntry] {
        try entries(from: start, to: end)
    }

    public func waterByDay(from start: String, to end: String) throws -> [String: Double] {
        Dictionary(try session.rows("""
            SELECT date, SUM(milliliters) FROM journal_water
            WHERE account_id = \(accountID) AND date BETWEEN \(start) AND \(end) GROUP BY date
            """).map { try $0.decode((String, Double).self) }, uniquingKeysWith: { first, _ in first })
    }

    public func entryCount() throws -> Int {
        Int(try session.rows("SELECT count(*) FROM journal_entry WHERE account_id = \(accountID)").first?.decode(Int64.self) ?? 0)
    }

    /// A PostgreSQL failure in the journal's words: the database unreachable, the disk full, the server too busy.
    public func failure(for error: Error) -> JournalFailure? {
        guard let error = error as? PostgresStoreError else { return nil }
        switch error.sqlState {
        case nil: return .unreachable(detail: error.description)
        case "53100": return .diskFull
        case "40001", "40P01", "55P03", "53300": return .busy
        case let state? where state.hasPrefix("08") || state.hasPrefix("57"): return .unreachable(detail: error.description)
        default: return nil
        }
    }

    /// Rows in PostgreSQL are typed and checked on the way in, so none is reported damaged.
    public func takeDamageReports() -> [DamagedRow] { [] }
}
