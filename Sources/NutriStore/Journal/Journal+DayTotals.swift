import Foundation
import GRDB

/// A day's sums computed by SQLite from the stored JSON, without decoding entries: a chat message that reports the
/// day's totals costs about the same with 10 or 1,000 entries that day. A value a reader would refuse (unreadable
/// JSON, not a number, negative, over ``JournalRules/maximumAmount(forKey:)``) counts as 0.
extension Journal {
    /// Kilocalories logged on a day.
    public func energy(on date: String) throws -> Double {
        try dayTotals(on: date, keys: ["energy_kcal"]).totals["energy_kcal"] ?? 0
    }

    /// How many entries a day has, and the sums of the nutrients `keys` over them.
    public func dayTotals(on date: String, keys: [String]) throws -> (count: Int, totals: [String: Double]) {
        try writer.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE date = ?", arguments: [date]) ?? 0
            var totals: [String: Double] = [:]
            guard count > 0 else { return (0, totals) }
            for key in keys where key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                // The JSON path is bound, never spliced: `$."protein_g"`.
                totals[key] = try Double.fetchOne(db, sql: """
                    SELECT COALESCE(SUM(amount), 0) FROM (
                        SELECT CASE WHEN json_valid(nutrients) THEN json_extract(nutrients, ?) END AS amount
                        FROM entry WHERE date = ?)
                    WHERE typeof(amount) IN ('integer', 'real') AND amount >= 0 AND amount <= ?
                    """, arguments: ["$.\"\(key)\"", date, JournalRules.maximumAmount(forKey: key)]) ?? 0
            }
            return (count, totals)
        }
    }
}
