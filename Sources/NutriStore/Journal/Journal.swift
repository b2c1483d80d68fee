import Foundation
import GRDB

/// The person's own data in `journal.sqlite`: entries, water, meal slots. Owns the database writer; the rest of the
/// program calls methods named for what they do and never writes SQL. Every change runs in one transaction, and a
/// file journal uses WAL, so an acknowledged entry survives a crash and two processes can log at once.
public final class Journal: @unchecked Sendable {
    let writer: any DatabaseWriter
    /// Damaged rows met while reading, until reported (Journal+Damage.swift).
    let damage = DamageLog()
    /// Chat's running day totals (Journal+DayTotals.swift).
    let dayTotalsCache = DayTotalsCache()
    /// Reads remembered until the journal changes, the custom foods' fingerprint among them (Journal+Remembered.swift).
    let readMemo = ReadMemo()
    /// Opened `lockFree`: the caller guarantees no other connection has the file open, so nothing but this
    /// connection changes it. Its reads need no transaction around them and its change stamps no `data_version`.
    let exclusive: Bool

    /// Opens (creating and migrating as needed) the journal at `path`. A new folder is private to its owner
    /// (0700) and the journal with its WAL files readable by the owner only (0600).
    /// `singleConnection`: one connection instead of a writer and its readers, for a caller that never uses the
    /// journal from two threads at once and opens many (the server's account sessions). `prepare` runs on that one
    /// connection when it opens, before anything is read (the server's own SQLite options).
    /// `lockFree` (implies `singleConnection`): no file locks and no shared-memory index (`PrivateDatabase.open`), for
    /// a caller that guarantees no other connection opens the file while this one is open.
    public init(path: String, singleConnection: Bool = false, lockFree: Bool = false,
                prepare: (@Sendable (Database) throws -> Void)? = nil) throws {
        var stamped = false
        exclusive = lockFree
        writer = try PrivateDatabase.open(path: path, label: "journal", migrator: JournalSchema.migrator,
                                          singleConnection: singleConnection || lockFree, lockFree: lockFree,
                                          prepare: prepare) { db in
            stamped = try JournalSchema.isStamped(db)
            return stamped
        }
        guard !stamped else { return }
        try refuseNewerSchema(path: path)
        try writer.writeWithoutTransaction { db in try JournalSchema.stamp(db) }
    }

    /// Copies the WAL log into the database and empties it (the server does this once, after creating a journal, so a
    /// journal whose log is kept at close does not carry its creation in the log).
    public func checkpoint() throws {
        try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// A journal a newer NutriChat has migrated further holds tables and rules this one does not know: writing to it
    /// could break them, so it is refused for writing (reading commands open it read-only and still work).
    private func refuseNewerSchema(path: String) throws {
        let unknown = try read { db in
            try JournalSchema.migrator.appliedIdentifiers(db).subtracting(JournalSchema.migrator.migrations).sorted()
        }
        guard let newest = unknown.last else { return }
        throw StoreError.databaseUnreadable(path: path, reason: "it was written by a newer NutriChat (migration "
            + "'\(TextSafety.stripped(String(newest.prefix(40))))'); update NutriChat to change it, or copy it out with 'nutrichat export FILE'")
    }

    /// A journal in memory, for tests and batch runs.
    public init() throws {
        let queue = try DatabaseQueue()
        try JournalSchema.migrator.migrate(queue)
        writer = queue
        exclusive = false
    }

    /// Wraps an already opened and migrated database (the read-only opener, Journal+ReadOnly.swift).
    init(database: any DatabaseWriter) {
        writer = database
        exclusive = false
    }

    // MARK: - Entries

    /// Saves new entries in one transaction and returns them with their ids.
    @discardableResult
    public func addEntries(_ entries: [JournalEntry]) throws -> [JournalEntry] {
        for entry in entries { try JournalRules.check(entry) }
        return try writer.writeWithoutTransaction { db in
            var saved: [JournalEntry] = []
            try db.inTransaction(.immediate) {
                saved = try entries.map { entry in
                    try JournalRules.checkReference(entry.foodId, in: db)
                    var saved = entry
                    try saved.insert(db)
                    return saved
                }
                return .commit
            }
            try recordChange(removed: [], added: saved, changes: saved.count, db: db)
            return saved
        }
    }

    /// Replaces an entry in place (a correction), keeping its id.
    public func updateEntry(_ entry: JournalEntry) throws {
        try JournalRules.check(entry)
        try writer.writeWithoutTransaction { db in
            var old: [JournalEntry] = []
            try db.inTransaction(.immediate) {
                try JournalRules.checkReference(entry.foodId, in: db)
                old = try JournalEntry.filter(key: entry.id).fetchReadable(db, damaged: { _ in })
                try entry.update(db)
                return .commit
            }
            // A damaged old row cannot be taken out of the totals: they are summed again.
            try recordChange(removed: old, added: [entry], changes: old.count == 1 ? 1 : -1, db: db)
        }
    }

    /// Deletes entries by id; returns how many were deleted.
    @discardableResult
    public func deleteEntries(ids: [Int64]) throws -> Int {
        try writer.writeWithoutTransaction { db in
            var deleted: (entries: [JournalEntry], count: Int, readable: Bool) = ([], 0, true)
            try db.inTransaction(.immediate) {
                var readable = 0
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM entry WHERE id IN (SELECT value FROM json_each(?))",
                                            arguments: [String(describing: ids)])
                let entries = Self.readable(rows, as: JournalEntry.self, damaged: { _ in readable -= 1 })
                readable += rows.count
                let count = try JournalEntry.deleteAll(db, keys: ids)
                // A damaged row cannot be taken out of the totals: they are summed again (the counts will not match).
                deleted = (entries, count, readable == count)
                return .commit
            }
            try recordChange(removed: deleted.entries, added: [], changes: deleted.readable ? deleted.count : -1, db: db)
            return deleted.count
        }
    }

    /// One entry by id; nil (and reported) when the row is damaged.
    public func entry(id: Int64) throws -> JournalEntry? {
        try read { db in
            try JournalEntry.filter(key: id).fetchReadable(db, damaged: damage.record).first
        }
    }

    /// Entries of one day in meal-slot order, then in the order they were logged.
    public func entries(on date: String) throws -> [JournalEntry] {
        try entries(from: date, to: date)
    }

    /// Entries from `start` to `end` inclusive (ISO dates), by date, meal slot and logging order.
    public func entries(from start: String, to end: String) throws -> [JournalEntry] {
        try read { db in
            let rows = try Self.entryRows(from: start, to: end, db: db)
            // One row at a time: a damaged row is reported and left out instead of failing the whole range.
            return Self.readable(rows, as: JournalEntry.self, damaged: damage.record)
        }
    }

    /// The number of entries in the journal.
    public func entryCount() throws -> Int {
        try read { db in try JournalEntry.fetchCount(db) }
    }

    // MARK: - Water

    /// Logs plain water.
    @discardableResult
    public func addWater(_ record: WaterRecord) throws -> WaterRecord {
        try JournalRules.check(record)
        return try writer.write { db in
            var saved = record
            try saved.insert(db)
            return saved
        }
    }

    /// Milliliters of water on a day (a damaged record is reported and left out of the sum).
    public func water(on date: String) throws -> Double {
        try waterRecords(on: date).reduce(0) { $0 + $1.milliliters }
    }

    /// Deletes water records by id.
    public func deleteWater(ids: [Int64]) throws {
        _ = try writer.write { db in try WaterRecord.deleteAll(db, keys: ids) }
    }

    // MARK: - Meal slots

    /// The meal slots in display order.
    public func mealSlots() throws -> [MealSlotRecord] {
        try remembered("mealSlots") { db in try MealSlotRecord.readable(db, sql: "SELECT * FROM mealSlot ORDER BY position", damaged: damage.record) }
    }

    /// `PRAGMA integrity_check`: "ok" for a sound database.
    public func integrityCheck() throws -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "unknown" }
    }
}

extension Journal {
    /// The water records of one day, in the order they were logged.
    public func waterRecords(on date: String) throws -> [WaterRecord] {
        try remembered("waterRecords \(date)") { db in
            try WaterRecord.readable(db, sql: "SELECT * FROM water WHERE date = ? ORDER BY id", arguments: [date],
                                     damaged: damage.record)
        }
    }
}
