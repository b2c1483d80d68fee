import Foundation
import NutriStore

/// The start of one journal API over two stores: the tracking records the server reads and writes (water,
/// exercise, weights), with the same rules and the same answers whether they live in an account's SQLite journal
/// (`Journal`) or in PostgreSQL (`PostgresJournalStore`). Entries, profile, goals, preferences, meal slots, custom
/// foods and recipes follow; until then the server keeps every account's journal in SQLite.
public protocol JournalStore: AnyObject {
    /// Logs plain water; refuses what `JournalRules` refuses.
    @discardableResult func addWater(_ record: WaterRecord) throws -> WaterRecord
    /// The water records of one day, in logging order.
    func waterRecords(on date: String) throws -> [WaterRecord]
    /// Deletes water records by id.
    func deleteWater(ids: [Int64]) throws

    /// Logs a bout of exercise; refuses what `JournalRules` refuses.
    @discardableResult func addExercise(_ record: ExerciseRecord) throws -> ExerciseRecord
    /// Exercise from `start` to `end` inclusive, by date and logging order.
    func exercise(from start: String, to end: String) throws -> [ExerciseRecord]
    /// Deletes exercise records by id; returns how many were deleted.
    @discardableResult func deleteExercise(ids: [Int64]) throws -> Int

    /// Saves the weight of a day, replacing the day's earlier one; returns both.
    @discardableResult func logWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?)
    /// Weights from `start` to `end` inclusive, oldest first.
    func weights(from start: String, to end: String) throws -> [WeightRecord]
    /// The latest weight on or before `date`.
    func latestWeight(onOrBefore date: String) throws -> WeightRecord?
    /// Deletes the weight of a day; returns it, if there was one.
    @discardableResult func deleteWeight(on date: String) throws -> WeightRecord?
}

extension Journal: JournalStore {}
