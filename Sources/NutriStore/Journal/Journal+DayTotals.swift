import Foundation
import GRDB

/// A day's sums for chat's replies ("Today so far: 1,240 kcal"), kept as running totals so a message costs the same
/// with 10 or 1,000 entries that day. The totals of a day are summed by SQLite once, then kept in memory and moved
/// along by this journal's own `addEntries`; any other change (another process's commit, an edit, a delete, an
/// import) is seen through SQLite's `data_version` and the connection's change count, and the day is summed again.
/// A value a reader would refuse (unreadable JSON, not a number, negative, over the rules' ceiling) counts as 0.
extension Journal {
    /// Kilocalories logged on a day.
    public func energy(on date: String) throws -> Double {
        try dayTotals(on: date).totals["energy_kcal"] ?? 0
    }

    /// How many entries a day has, and the sums of every nutrient over them.
    public func dayTotals(on date: String) throws -> DayTotals {
        try writer.writeWithoutTransaction { db in
            let stamp = try changeStamp(db)
            if let cached = dayTotalsCache.totals(on: date, stamp: stamp) { return cached }
            let totals = try Self.sumDay(date, db: db)
            dayTotalsCache.store(totals, on: date, stamp: stamp)
            return totals
        }
    }

    /// What the running totals and remembered reads are stamped with: other connections' commits and this one's.
    func changeStamp(_ db: Database) throws -> DayTotalsCache.Stamp {
        try DayTotalsCache.Stamp(db, exclusive: exclusive)
    }

    /// The day's sums read from the stored JSON, in one pass over its rows.
    static func sumDay(_ date: String, db: Database) throws -> DayTotals {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE date = ?", arguments: [date]) ?? 0
        var totals = DayTotals(count: count, totals: [:])
        guard count > 0 else { return totals }
        let rows = try Row.fetchAll(db, sql: """
            SELECT item.key, SUM(item.value) FROM entry,
                json_each(CASE WHEN json_valid(entry.nutrients) AND json_type(entry.nutrients) = 'object'
                          THEN entry.nutrients ELSE '{}' END) AS item
            WHERE entry.date = ? AND item.type IN ('integer', 'real') AND item.value >= 0
              AND item.value <= CASE WHEN item.key LIKE '%kcal' THEN ? ELSE ? END
            GROUP BY item.key
            """, arguments: [date, JournalRules.maximumEntryKcal, JournalRules.maximumAmount(forKey: "")])
        for row in rows {
            if let key = String.fromDatabaseValue(row[0] as DatabaseValue) {
                totals.totals[key] = Double.fromDatabaseValue(row[1] as DatabaseValue) ?? 0
            }
        }
        return totals
    }

    /// Moves the running totals along after this journal removed and added entries with `changes` row changes
    /// (called inside the same write access, so no other change can slip between the save and the new stamp).
    func recordChange(removed: [JournalEntry], added: [JournalEntry], changes: Int, db: Database) throws {
        dayTotalsCache.apply(removed: removed, added: added, changes: changes, stamp: try changeStamp(db))
    }

    /// The same for a write that touched other tables too (the undo history): `before` is the stamp taken at the
    /// start of the same write access, so whatever the write's own row count, no other change slipped in.
    func recordChange(removed: [JournalEntry], added: [JournalEntry], since before: DayTotalsCache.Stamp, db: Database) throws {
        dayTotalsCache.apply(removed: removed, added: added, since: before, stamp: try changeStamp(db))
    }
}

/// A day's entry count and nutrient sums.
public struct DayTotals: Sendable, Equatable {
    /// Entries that day.
    public var count: Int
    /// Sums by nutrient key.
    public var totals: [String: Double]

    /// Totals made elsewhere (another store).
    public init(count: Int, totals: [String: Double]) {
        self.count = count
        self.totals = totals
    }
}

/// Running day totals, valid while the database has not changed in any other way.
final class DayTotalsCache: @unchecked Sendable {
    /// What identifies the database state the totals were summed in: SQLite's `data_version` (changes when another
    /// connection commits) and this connection's total change count (changes with each of its own writes).
    struct Stamp: Equatable {
        var dataVersion: Int64
        var changes: Int

        /// `exclusive`: no other connection has the file open (`Journal.exclusive`), so `data_version`, which only
        /// counts other connections' commits, cannot move and is not asked.
        init(_ db: Database, exclusive: Bool = false) throws {
            dataVersion = exclusive ? 0 : try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            changes = db.totalChangesCount
        }
    }

    private let lock = NSLock()
    private var stamp: Stamp?
    private var days: [String: DayTotals] = [:]

    func totals(on date: String, stamp current: Stamp) -> DayTotals? {
        lock.lock()
        defer { lock.unlock() }
        guard stamp == current else { return nil }
        return days[date]
    }

    func store(_ totals: DayTotals, on date: String, stamp current: Stamp) {
        lock.lock()
        defer { lock.unlock() }
        if stamp != current { days = [:] }
        stamp = current
        days[date] = totals
    }

    /// Takes removed entries out of and saved ones into the days already summed; forgets everything when anything
    /// else changed meanwhile.
    func apply(removed: [JournalEntry], added: [JournalEntry], changes: Int, stamp current: Stamp) {
        lock.lock()
        defer { lock.unlock() }
        guard let previous = stamp, previous.dataVersion == current.dataVersion,
              previous.changes + changes == current.changes else {
            stamp = nil
            days = [:]
            return
        }
        move(removed: removed, added: added)
        stamp = current
    }

    /// The same when the totals were valid at `before`, the start of the write that made the changes.
    func apply(removed: [JournalEntry], added: [JournalEntry], since before: Stamp, stamp current: Stamp) {
        lock.lock()
        defer { lock.unlock() }
        guard stamp == before, before.dataVersion == current.dataVersion else {
            stamp = nil
            days = [:]
            return
        }
        move(removed: removed, added: added)
        stamp = current
    }

    private func move(removed: [JournalEntry], added: [JournalEntry]) {
        for (entries, sign) in [(removed, -1.0), (added, 1.0)] {
            for entry in entries where days[entry.date] != nil {
                days[entry.date]?.count += Int(sign)
                for (key, value) in entry.nutrients { days[entry.date]?.totals[key, default: 0] += sign * value }
            }
        }
    }
}
