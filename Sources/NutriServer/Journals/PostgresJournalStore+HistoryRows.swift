import Foundation
import NutriStore
import PostgresNIO

/// Writing back the rows an undo history step holds: a row with an id is put back under that id (inserted when it
/// was deleted, replaced when it changed), a row without one is inserted. A row id of another account's row is
/// refused, never overwritten: the upsert only updates rows of this account.
extension PostgresJournalStore {
    /// Saves a row and returns it with its id.
    func write(_ row: HistoryRow, run: Run) throws -> HistoryRow {
        let id: Int64?
        switch row {
        case .entry(let entry): id = try run(upsert(entry)).first?.decode(Int64.self)
        case .water(let water): id = try run(upsert(water)).first?.decode(Int64.self)
        case .weight(let weight): id = try run(upsert(weight)).first?.decode(Int64.self)
        case .exercise(let exercise): id = try run(upsert(exercise)).first?.decode(Int64.self)
        }
        guard let id else { throw StoreError.invalidValue("there is no \(row.tableName) \(row.id ?? 0) in this journal") }
        switch row {
        case .entry(var entry): entry.id = id; return .entry(entry)
        case .water(var water): water.id = id; return .water(water)
        case .weight(var weight): weight.id = id; return .weight(weight)
        case .exercise(var exercise): exercise.id = id; return .exercise(exercise)
        }
    }

    /// Deletes a row of this account; returns whether there was one.
    @discardableResult
    func remove(_ row: HistoryRow, run: Run) throws -> Bool {
        guard let id = row.id else { return false }
        return try !run("""
            DELETE FROM \(unescaped: Self.historyTables[row.tableName] ?? "journal_entry")
            WHERE account_id = \(accountID) AND id = \(id) RETURNING id
            """).isEmpty
    }

    /// The PostgreSQL table of each table name the history keeps.
    private static let historyTables = ["entry": "journal_entry", "water": "journal_water", "weight": "journal_weight",
                                        "exercise": "journal_exercise"]

    private func upsert(_ entry: JournalEntry) throws -> PostgresQuery {
        """
        INSERT INTO journal_entry (id, account_id, date, meal, text, food_id, food_name, quantity, unit, grams, nutrients,
                                   created_at) OVERRIDING SYSTEM VALUE
        VALUES (COALESCE(\(entry.id), nextval(pg_get_serial_sequence('journal_entry', 'id'))), \(accountID), \(entry.date),
                \(entry.meal), \(entry.text), \(entry.foodId), \(entry.foodName), \(entry.quantity), \(entry.unit),
                \(entry.grams), \(try Self.json(entry.nutrients))::jsonb, \(entry.createdAt))
        ON CONFLICT (id) DO UPDATE SET date = excluded.date, meal = excluded.meal, text = excluded.text,
            food_id = excluded.food_id, food_name = excluded.food_name, quantity = excluded.quantity, unit = excluded.unit,
            grams = excluded.grams, nutrients = excluded.nutrients, created_at = excluded.created_at
        WHERE journal_entry.account_id = excluded.account_id
        RETURNING id
        """
    }

    private func upsert(_ water: WaterRecord) -> PostgresQuery {
        """
        INSERT INTO journal_water (id, account_id, date, milliliters, text, created_at) OVERRIDING SYSTEM VALUE
        VALUES (COALESCE(\(water.id), nextval(pg_get_serial_sequence('journal_water', 'id'))), \(accountID), \(water.date),
                \(water.milliliters), \(water.text), \(water.createdAt))
        ON CONFLICT (id) DO UPDATE SET date = excluded.date, milliliters = excluded.milliliters, text = excluded.text,
            created_at = excluded.created_at
        WHERE journal_water.account_id = excluded.account_id
        RETURNING id
        """
    }

    private func upsert(_ weight: WeightRecord) -> PostgresQuery {
        """
        INSERT INTO journal_weight (id, account_id, date, kilograms, text, created_at) OVERRIDING SYSTEM VALUE
        VALUES (COALESCE(\(weight.id), nextval(pg_get_serial_sequence('journal_weight', 'id'))), \(accountID), \(weight.date),
                \(weight.kilograms), \(weight.text), \(weight.createdAt))
        ON CONFLICT (id) DO UPDATE SET date = excluded.date, kilograms = excluded.kilograms, text = excluded.text,
            created_at = excluded.created_at
        WHERE journal_weight.account_id = excluded.account_id
        RETURNING id
        """
    }

    private func upsert(_ bout: ExerciseRecord) -> PostgresQuery {
        """
        INSERT INTO journal_exercise (id, account_id, date, activity, minutes, distance_km, met, body_weight_kg,
                                      weight_assumed, kcal, text, created_at) OVERRIDING SYSTEM VALUE
        VALUES (COALESCE(\(bout.id), nextval(pg_get_serial_sequence('journal_exercise', 'id'))), \(accountID), \(bout.date),
                \(bout.activity), \(bout.minutes), \(bout.distanceKm), \(bout.met), \(bout.bodyWeightKg), \(bout.weightAssumed),
                \(bout.kcal), \(bout.text), \(bout.createdAt))
        ON CONFLICT (id) DO UPDATE SET date = excluded.date, activity = excluded.activity, minutes = excluded.minutes,
            distance_km = excluded.distance_km, met = excluded.met, body_weight_kg = excluded.body_weight_kg,
            weight_assumed = excluded.weight_assumed, kcal = excluded.kcal, text = excluded.text,
            created_at = excluded.created_at
        WHERE journal_exercise.account_id = excluded.account_id
        RETURNING id
        """
    }
}
