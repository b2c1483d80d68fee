import Foundation
import NutriStore
import PostgresNIO

/// Meal slots of one account in PostgreSQL, with the rules and the words of the SQLite journal: every change
/// applies from `today` on, never rewrites past days, and is recorded so a past day's layout can be rebuilt
/// (`MealSlotChange.undo`). Each change is one statement (the slot, its entries and the record together).
extension PostgresJournalStore {
    // MARK: - Reading

    public func mealSlot(named name: String) throws -> MealSlotRecord? {
        try seedMealSlots()
        return try slot(named: MealSlotName.lookupKey(name))
    }

    public func mealSlots() throws -> [MealSlotRecord] {
        try seedMealSlots()
        return try session.rows("""
            SELECT id, name, position FROM journal_meal_slot WHERE account_id = \(accountID) ORDER BY position, id
            """).map(Self.slot)
    }

    public func existingMealSlot(_ name: String) throws -> MealSlotRecord {
        try seedMealSlots()
        return try existingSlot(name)
    }

    public func mealSlotUsage(_ name: String, today: String) throws -> MealSlotUsage {
        let key = MealSlotName.lookupKey(name)
        guard let row = try session.rows("""
            SELECT COUNT(*) FILTER (WHERE date >= \(today)), COUNT(*) FILTER (WHERE date < \(today))
            FROM journal_entry WHERE account_id = \(accountID) AND meal = \(key)
            """).first else { return MealSlotUsage(fromToday: 0, earlier: 0) }
        let (fromToday, earlier) = try row.decode((Int, Int).self)
        return MealSlotUsage(fromToday: fromToday, earlier: earlier)
    }

    public func mealSlotNames(on date: String) throws -> [String] {
        try seedMealSlots()
        var names = try slotNames()
        for change in try slotChanges(after: date).reversed() { change.undo(&names) }
        return names
    }

    public func currentMealSlotName(for name: String) throws -> String? {
        try seedMealSlots()
        let key = MealSlotName.lookupKey(name)
        if try slot(named: key) != nil { return key }
        var current = key
        for change in try slotChanges(after: nil) where change.kind == .rename && change.name == current {
            current = change.newName ?? current
        }
        return try slot(named: current) == nil ? nil : current
    }

    // MARK: - Changing

    public func addMealSlot(named text: String, today: String, now: Date) throws -> MealSlotRecord {
        let name = try MealSlotName.validated(text)
        try seedMealSlots()
        let rows = try session.rows("""
            WITH slot AS (
                INSERT INTO journal_meal_slot (account_id, name, position)
                SELECT \(accountID), \(name), COALESCE(MAX(position) + 1, 0) FROM journal_meal_slot WHERE account_id = \(accountID)
                ON CONFLICT (account_id, name) DO NOTHING RETURNING id, name, position),
            change AS (INSERT INTO journal_meal_slot_change (account_id, date, kind, name, to_position, created_at)
                       SELECT \(accountID), \(today), 'add', name, position, \(now) FROM slot)
            SELECT id, name, position FROM slot
            """)
        guard let row = rows.first else { throw MealSlotError.duplicate(name) }
        return try Self.slot(row)
    }

    public func renameMealSlot(_ oldText: String, to newText: String, today: String, now: Date) throws -> Int {
        let newName = try MealSlotName.validated(newText)
        try seedMealSlots()
        let old = try existingSlot(oldText).name
        guard old != newName else { throw MealSlotError.sameName(newName) }
        guard try slot(named: newName) == nil else { throw MealSlotError.duplicate(newName) }
        return try session.rows("""
            WITH slot AS (UPDATE journal_meal_slot SET name = \(newName) WHERE account_id = \(accountID) AND name = \(old)
                          RETURNING id),
            moved AS (UPDATE journal_entry SET meal = \(newName)
                      WHERE account_id = \(accountID) AND meal = \(old) AND date >= \(today) AND EXISTS (SELECT 1 FROM slot)
                      RETURNING id),
            change AS (INSERT INTO journal_meal_slot_change (account_id, date, kind, name, new_name, created_at)
                       SELECT \(accountID), \(today), 'rename', \(old), \(newName), \(now) FROM slot)
            SELECT COUNT(*) FROM moved
            """).first?.decode(Int.self) ?? 0
    }

    public func moveMealSlot(_ text: String, to position: Int, today: String, now: Date) throws {
        try seedMealSlots()
        let name = try existingSlot(text).name
        var names = try slotNames()
        guard (1...names.count).contains(position) else { throw MealSlotError.positionOutOfRange(position, count: names.count) }
        let from = names.firstIndex(of: name) ?? 0
        names.remove(at: from)
        names.insert(name, at: position - 1)
        try session.rows("""
            WITH moved AS (\(unescaped: Self.renumber)\(names)\(unescaped: Self.renumberTail)\(accountID) RETURNING s.id),
            change AS (INSERT INTO journal_meal_slot_change (account_id, date, kind, name, from_position, to_position, created_at)
                       VALUES (\(accountID), \(today), 'move', \(name), \(from), \(position - 1), \(now)))
            SELECT COUNT(*) FROM moved
            """)
    }

    public func deleteMealSlot(_ text: String, today: String, now: Date) throws -> Int {
        try seedMealSlots()
        let name = try existingSlot(text).name
        var names = try slotNames()
        guard names.count > 1 else { throw MealSlotError.lastSlot(name) }
        let from = names.firstIndex(of: name) ?? names.count
        names.removeAll { $0 == name }
        return try session.rows("""
            WITH gone AS (DELETE FROM journal_entry WHERE account_id = \(accountID) AND meal = \(name) AND date >= \(today)
                          RETURNING id),
            slot AS (DELETE FROM journal_meal_slot WHERE account_id = \(accountID) AND name = \(name)),
            moved AS (\(unescaped: Self.renumber)\(names)\(unescaped: Self.renumberTail)\(accountID)),
            change AS (INSERT INTO journal_meal_slot_change (account_id, date, kind, name, from_position, created_at)
                       VALUES (\(accountID), \(today), 'delete', \(name), \(from), \(now)))
            SELECT COUNT(*) FROM gone
            """).first?.decode(Int.self) ?? 0
    }

    // MARK: - Helpers

    /// Positions 0, 1, 2… in the order of a bound array of names; the account id follows the tail.
    private static let renumber = """
        UPDATE journal_meal_slot s SET position = n.ord - 1 FROM unnest(
        """
    private static let renumberTail = "::text[]) WITH ORDINALITY AS n(name, ord) WHERE s.name = n.name AND s.account_id = "

    /// Gives an account without slots the journal's default ones (two servers doing it at once write them once).
    func seedMealSlots() throws {
        try session.rows("""
            INSERT INTO journal_meal_slot (account_id, name, position)
            SELECT \(accountID), d.name, d.ord - 1 FROM unnest(\(Journal.defaultMealSlots)::text[]) WITH ORDINALITY AS d(name, ord)
            WHERE NOT EXISTS (SELECT 1 FROM journal_meal_slot WHERE account_id = \(accountID))
            ON CONFLICT (account_id, name) DO NOTHING
            """)
    }

    private func slot(named key: String) throws -> MealSlotRecord? {
        try session.rows("""
            SELECT id, name, position FROM journal_meal_slot WHERE account_id = \(accountID) AND name = \(key)
            """).first.map(Self.slot)
    }

    private func existingSlot(_ text: String) throws -> MealSlotRecord {
        let key = MealSlotName.lookupKey(text)
        if let slot = try slot(named: key) { return slot }
        throw MealSlotError.unknown(key, existing: try slotNames())
    }

    private func slotNames() throws -> [String] {
        try session.rows("""
            SELECT name FROM journal_meal_slot WHERE account_id = \(accountID) ORDER BY position, id
            """).map { try $0.decode(String.self) }
    }

    /// The changes recorded for days after `date` (all of them when nil), oldest first.
    private func slotChanges(after date: String?) throws -> [MealSlotChange] {
        try session.rows("""
            SELECT id, date, kind, name, new_name, from_position, to_position, created_at FROM journal_meal_slot_change
            WHERE account_id = \(accountID) AND (\(date)::text IS NULL OR date > \(date)) ORDER BY id
            """).compactMap { row in
            let (id, day, kind, name, newName, from, to, created)
                = try row.decode((Int64, String, String, String, String?, Int?, Int?, Date).self)
            // A kind this build does not know is left out, as the SQLite journal leaves out a row it cannot read.
            return MealSlotChange.Kind(rawValue: kind).map {
                MealSlotChange(id: id, date: day, kind: $0, name: name, newName: newName, fromPosition: from,
                               toPosition: to, createdAt: created)
            }
        }
    }

    private static func slot(_ row: PostgresRow) throws -> MealSlotRecord {
        let (id, name, position) = try row.decode((Int64, String, Int).self)
        return MealSlotRecord(id: id, name: name, position: position)
    }
}
