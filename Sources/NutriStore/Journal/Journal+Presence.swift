import Foundation
import GRDB

extension Journal {
    /// The meal slots that hold at least one entry on `date`: one indexed query, however many entries the day has
    /// (reminders ask this after every log, so it must not read the entries themselves).
    public func mealsWithEntries(on date: String) throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT meal FROM entry WHERE date = ? AND meal IS NOT NULL",
                                    arguments: [date]))
        }
    }

    /// Whether any entry falls from `start` to `end` inclusive (ISO dates), without reading one.
    public func hasEntries(from start: String, to end: String) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE date BETWEEN ? AND ?)",
                              arguments: [start, end]) ?? false
        }
    }
}
