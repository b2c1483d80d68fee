import Foundation
import GRDB

/// Managing meal slots. Every change applies from `today` on and never rewrites past days: entries dated before
/// `today` keep their meal name, and `mealSlotChange` records the change so a past day's layout can be rebuilt.
extension Journal {
    // MARK: - Reading

    /// The slot named `name` (folded as slot names are), or nil.
    public func mealSlot(named name: String) throws -> MealSlotRecord? {
        try read { db in try Self.slot(named: MealSlotName.lookupKey(name), in: db) }
    }

    /// The slot named `name`, or ``MealSlotError/unknown(_:existing:)`` listing the slots there are.
    public func existingMealSlot(_ name: String) throws -> MealSlotRecord {
        try read { db in try Self.existingSlot(name, in: db) }
    }

    /// How many entries are filed under the slot `name`, from `today` on and before it.
    public func mealSlotUsage(_ name: String, today: String) throws -> MealSlotUsage {
        let key = MealSlotName.lookupKey(name)
        return try read { db in
            let fromToday = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE meal = ? AND date >= ?",
                                             arguments: [key, today]) ?? 0
            let earlier = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE meal = ? AND date < ?",
                                           arguments: [key, today]) ?? 0
            return MealSlotUsage(fromToday: fromToday, earlier: earlier)
        }
    }

    /// The slot names in display order as they were on `date`: today's slots with every later change undone.
    public func mealSlotNames(on date: String) throws -> [String] {
        try read { db in
            var names = try Self.slotNames(in: db, damaged: damage.record)
            let later = try MealSlotChange.filter(Column("date") > date).order(Column("id").desc)
                .fetchReadable(db, damaged: damage.record)
            for change in later { change.undo(&names) }
            return names
        }
    }

    /// The slot a meal word means today: `name` itself when a slot has that name, else the slot it was renamed to
    /// (following later renames), else nil when it was deleted or never existed. For the dialogue, which knows
    /// "lunch" as a word: after "rename lunch midday", "for lunch" should log under "midday".
    public func currentMealSlotName(for name: String) throws -> String? {
        let key = MealSlotName.lookupKey(name)
        return try remembered("currentMealSlotName \(key)") { db in
            if try Self.slot(named: key, in: db) != nil { return key }
            var current = key
            for change in try MealSlotChange.readable(db, sql: "SELECT * FROM mealSlotChange WHERE kind = 'rename' ORDER BY id",
                                                      damaged: damage.record)
            where change.name == current {
                current = change.newName ?? current
            }
            return try Self.slot(named: current, in: db) == nil ? nil : current
        }
    }

    // MARK: - Changing

    /// Adds a slot at the end (unique name, at most 20 characters) and returns it.
    @discardableResult
    public func addMealSlot(named text: String, today: String, now: Date = Date()) throws -> MealSlotRecord {
        let name = try MealSlotName.validated(text)
        return try writer.write { db in
            guard try Self.slot(named: name, in: db) == nil else { throw MealSlotError.duplicate(name) }
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM mealSlot") ?? 0
            var slot = MealSlotRecord(id: nil, name: name, position: position)
            try slot.insert(db)
            var change = MealSlotChange(date: today, kind: .add, name: name, toPosition: position, createdAt: now)
            try change.insert(db)
            return slot
        }
    }

    /// Renames a slot; entries from `today` on move to the new name, earlier ones keep the old one.
    /// Returns how many entries were moved.
    @discardableResult
    public func renameMealSlot(_ oldText: String, to newText: String, today: String, now: Date = Date()) throws -> Int {
        let newName = try MealSlotName.validated(newText)
        return try writer.write { db in
            var slot = try Self.existingSlot(oldText, in: db)
            guard slot.name != newName else { throw MealSlotError.sameName(newName) }
            guard try Self.slot(named: newName, in: db) == nil else { throw MealSlotError.duplicate(newName) }
            let oldName = slot.name
            slot.name = newName
            try slot.update(db)
            try db.execute(sql: "UPDATE entry SET meal = ? WHERE meal = ? AND date >= ?", arguments: [newName, oldName, today])
            let moved = db.changesCount
            var change = MealSlotChange(date: today, kind: .rename, name: oldName, newName: newName, createdAt: now)
            try change.insert(db)
            return moved
        }
    }

    /// Moves a slot to `position` (1-based), shifting the others.
    public func moveMealSlot(_ text: String, to position: Int, today: String, now: Date = Date()) throws {
        try writer.write { db in
            let slot = try Self.existingSlot(text, in: db)
            var names = try Self.slotNames(in: db)
            guard (1...names.count).contains(position) else {
                throw MealSlotError.positionOutOfRange(position, count: names.count)
            }
            let from = names.firstIndex(of: slot.name) ?? 0
            names.remove(at: from)
            names.insert(slot.name, at: position - 1)
            try Self.renumber(names, in: db)
            var change = MealSlotChange(date: today, kind: .move, name: slot.name, fromPosition: from,
                                        toPosition: position - 1, createdAt: now)
            try change.insert(db)
        }
    }

    /// Deletes a slot and its entries from `today` on; earlier entries stay, under their meal name.
    /// Returns how many entries were deleted. The caller confirms first (see ``mealSlotUsage(_:today:)``).
    @discardableResult
    public func deleteMealSlot(_ text: String, today: String, now: Date = Date()) throws -> Int {
        try writer.write { db in
            let slot = try Self.existingSlot(text, in: db)
            var names = try Self.slotNames(in: db)
            guard names.count > 1 else { throw MealSlotError.lastSlot(slot.name) }
            try db.execute(sql: "DELETE FROM entry WHERE meal = ? AND date >= ?", arguments: [slot.name, today])
            let deleted = db.changesCount
            _ = try slot.delete(db)
            let from = names.firstIndex(of: slot.name) ?? names.count
            names.removeAll { $0 == slot.name }
            try Self.renumber(names, in: db)
            var change = MealSlotChange(date: today, kind: .delete, name: slot.name, fromPosition: from, createdAt: now)
            try change.insert(db)
            return deleted
        }
    }

    // MARK: - Helpers

    private static func slot(named name: String, in db: Database) throws -> MealSlotRecord? {
        try MealSlotRecord.firstReadable(db, sql: "SELECT * FROM mealSlot WHERE name = ?", arguments: [name], damaged: { _ in })
    }

    private static func existingSlot(_ text: String, in db: Database) throws -> MealSlotRecord {
        let key = MealSlotName.lookupKey(text)
        if let slot = try slot(named: key, in: db) { return slot }
        let existing = try slotNames(in: db)
        throw MealSlotError.unknown(key, existing: existing)
    }

    /// The names of the readable slots in display order; damaged ones go to `damaged` (readers report them).
    private static func slotNames(in db: Database, damaged: (DamagedRow) -> Void = { _ in }) throws -> [String] {
        try MealSlotRecord.order(Column("position"), Column("id")).fetchReadable(db, damaged: damaged).map(\.name)
    }

    /// Positions 0, 1, 2… in the given order.
    private static func renumber(_ names: [String], in db: Database) throws {
        for (position, name) in names.enumerated() {
            try db.execute(sql: "UPDATE mealSlot SET position = ? WHERE name = ?", arguments: [position, name])
        }
    }
}

extension Journal {
    /// The meal slots a new journal starts with, in display order (entries of a day are listed in this order).
    public static var defaultMealSlots: [String] { JournalSchema.defaultMealSlots }
}
