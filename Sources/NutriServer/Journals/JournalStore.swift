import Foundation
import NutriStore

/// One journal API over two stores: food entries, water, exercise, weights, goals and the profile, with the same
/// rules and the same answers whether they live in an account's SQLite journal (`Journal`) or in PostgreSQL
/// (`PostgresJournalStore`). Preferences, meal slots, custom foods, recipes, settings and dialogue history follow;
/// until then the server keeps every account's journal in SQLite.
public protocol JournalStore: AnyObject {
    /// Saves new food entries together, refusing them all when one breaks `JournalRules` or names no food.
    @discardableResult func addEntries(_ entries: [JournalEntry]) throws -> [JournalEntry]
    /// Replaces an entry in place (a correction), keeping its id.
    func updateEntry(_ entry: JournalEntry) throws
    /// Deletes entries by id; returns how many were deleted.
    @discardableResult func deleteEntries(ids: [Int64]) throws -> Int
    /// One entry by id.
    func entry(id: Int64) throws -> JournalEntry?
    /// Entries from `start` to `end` inclusive, by date, meal slot and logging order.
    func entries(from start: String, to end: String) throws -> [JournalEntry]

    /// Goals set directly, by key ("energy_kcal" → 1800).
    func goals() throws -> [String: Double]
    /// Sets (or replaces) the goal for `key`; refuses what `JournalRules` refuses.
    func setGoal(_ key: String, to amount: Double, at date: Date) throws
    /// Removes the goal for `key`; returns whether there was one.
    @discardableResult func clearGoal(_ key: String) throws -> Bool

    /// The profile, empty until something is set.
    func profile() throws -> ProfileRecord
    /// Saves the whole profile; refuses what `JournalRules` refuses.
    func saveProfile(_ profile: ProfileRecord) throws

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
