import Foundation
import NutriStore

/// Weights and water written outside chat (`nutrichat weight add|delete`, `POST|DELETE /v1/weight`,
/// `POST /v1/water`): the checks chat makes and the same undoable history steps, so "undo" in chat takes back a
/// weight or a glass of water however it was logged.
public enum TrackingEdits {
    /// Saves `kilograms` as the weight of `date`, replacing that day's; refuses a day after `today` and a weight
    /// outside what chat accepts (`ProfileStatement.weights`).
    public static func addWeight(kilograms: Double, date: String, today: String, text: String, at now: Date,
                                 journal: any JournalStore) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        try checkDay(date, today: today)
        guard kilograms.isFinite, ProfileStatement.weights.contains(kilograms) else {
            throw StoreError.invalidValue(String(format: "a weight must be between 25 and 400 kg (55 and 880 lb), got %.1f kg", kilograms))
        }
        return try journal.recordWeight(WeightRecord(date: date, kilograms: kilograms, text: text, createdAt: now))
    }

    /// Deletes the weight of `date` as one history step; nil when none is logged that day.
    public static func deleteWeight(on date: String, journal: any JournalStore) throws -> WeightRecord? {
        try checkDay(date, today: nil)
        guard let deleted = try journal.weights(from: date, to: date).first else { return nil }
        _ = try journal.record(HistoryStep(kind: .delete, summary: "weight", changes: [.deleted(.weight(deleted))]))
        return deleted
    }

    /// The `weight add --json` object.
    public static func addedJSON(_ saved: WeightRecord, replaced: WeightRecord?) -> JSONValue {
        .object([("action", .string("add")), ("date", .string(saved.date)), ("kilograms", .rounded(saved.kilograms, 2)),
                 ("replaced_kilograms", replaced.map { .rounded($0.kilograms, 2) } ?? .null)])
    }

    /// The `weight delete --json` object.
    public static func deletedJSON(_ deleted: WeightRecord) -> JSONValue {
        .object([("action", .string("delete")), ("date", .string(deleted.date)), ("kilograms", .rounded(deleted.kilograms, 2))])
    }

    /// Logs `milliliters` of plain water on `date` as chat does (one history step); refuses a day after `today`.
    public static func addWater(milliliters: Double, date: String, today: String, text: String, at now: Date,
                                journal: any JournalStore) throws -> WaterRecord {
        try checkDay(date, today: today)
        let record = WaterRecord(date: date, milliliters: milliliters, text: text, createdAt: now)
        try JournalRules.check(record)
        let step = try journal.record(HistoryStep(kind: .log, summary: ReplyText.amount(milliliters, "ml") + " of water",
                                                  changes: [.added(.water(record))]))
        guard case .water(let saved)? = step.changes.first?.after else { return record }
        return saved
    }

    /// The water of one day: its records and total, with the day's target.
    public static func waterJSON(date: String, journal: any JournalStore) throws -> JSONValue {
        let records = try journal.waterRecords(on: date)
        let formatter = ISO8601DateFormatter()
        return .object([
            ("date", .string(date)), ("water_ml", .rounded(records.reduce(0) { $0 + $1.milliliters })),
            ("target_ml", .rounded(try journal.targetPlan(on: date).water.value)),
            ("records", .array(records.map { record in
                .object([("id", .number(Double(record.id ?? 0))), ("milliliters", .rounded(record.milliliters)),
                         ("text", .string(record.text)), ("created_at", .string(formatter.string(from: record.createdAt)))])
            })),
        ])
    }

    /// A real `YYYY-MM-DD` day, not after `today` when given.
    public static func checkDay(_ date: String, today: String?) throws {
        guard JournalRules.isDate(date) else { throw StoreError.invalidValue("dates are YYYY-MM-DD, got '\(date)'") }
        if let today, date > today { throw StoreError.invalidValue("\(date) is in the future") }
    }
}
