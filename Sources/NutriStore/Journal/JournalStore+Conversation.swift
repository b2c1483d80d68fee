import Foundation

/// The undo history on any journal store: each step applied and recorded together, undone and redone whole.
public protocol JournalHistoryStore: AnyObject, Sendable {
    /// Applies a step's changes and records it as the newest step, all or nothing; steps undone before are forgotten.
    /// Returns the step with its id and the ids of new rows.
    @discardableResult func record(_ step: HistoryStep) throws -> HistoryStep
    /// Logs the weight of `record.date` as one step, replacing that day's earlier weight together.
    @discardableResult func recordWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?)
    /// Reverts the newest step not undone; nil when there is nothing to undo.
    @discardableResult func undoStep() throws -> HistoryStep?
    /// Applies again the step the last undo reverted; nil when there is nothing to redo.
    @discardableResult func redoStep() throws -> HistoryStep?
    /// The newest step not undone (what undo would revert), if any.
    func lastStep() throws -> HistoryStep?
}

/// What chat's replies, reminders and reports read about days and periods without reading every entry.
public protocol JournalDayReads: AnyObject, Sendable {
    /// How many entries a day has, and the sums of every nutrient over them.
    func dayTotals(on date: String) throws -> DayTotals
    /// Whether any entry falls from `start` to `end` inclusive.
    func hasEntries(from start: String, to end: String) throws -> Bool
    /// The meal slots that hold at least one entry on `date`.
    func mealsWithEntries(on date: String) throws -> Set<String>
    /// Entries from `start` to `end` inclusive, as `entries(from:to:)` lists them, for reports over many days.
    func periodEntries(from start: String, to end: String) throws -> [JournalEntry]
    /// Milliliters of water per day from `start` to `end` inclusive; days without water are absent.
    func waterByDay(from start: String, to end: String) throws -> [String: Double]
    /// The number of entries in the journal.
    func entryCount() throws -> Int
}

extension JournalDayReads {
    /// Kilocalories logged on a day.
    public func energy(on date: String) throws -> Double {
        try dayTotals(on: date).totals["energy_kcal"] ?? 0
    }
}

extension JournalStore {
    /// Entries of one day in meal-slot order, then in the order they were logged.
    public func entries(on date: String) throws -> [JournalEntry] {
        try entries(from: date, to: date)
    }

    /// Milliliters of water on a day.
    public func water(on date: String) throws -> Double {
        try waterRecords(on: date).reduce(0) { $0 + $1.milliliters }
    }

    /// Exercise of one day, in logging order.
    public func exercise(on date: String) throws -> [ExerciseRecord] {
        try exercise(from: date, to: date)
    }
}

/// Goal notes (said once), the suggested calorie target waiting for an answer, and the settings as one change
/// saves them and undo puts them back.
public protocol JournalGoalNotes: AnyObject, Sendable {
    /// Saves a congratulation for `goal` on `date`; false when one was already saved.
    func noteGoalHit(_ goal: String, on date: String, at time: Date) throws -> Bool
    /// The goals congratulated on `date`.
    func goalsCongratulated(on date: String) throws -> Set<String>
    /// Records a suggested calorie target as open, closing any earlier open offer.
    func offerCalorieTarget(_ amount: Double, on date: String, at time: Date) throws
    /// The suggested calorie target still waiting for an answer, if any.
    func openCalorieOffer() throws -> GoalNoteRecord?
    /// The latest calorie offer made on or after `date`, whatever its answer.
    func calorieOffer(since date: String) throws -> GoalNoteRecord?
    /// Answers the open calorie offer (accepted sets the calorie goal with it); nil when none was open.
    @discardableResult func answerCalorieOffer(accept: Bool, at time: Date) throws -> GoalNoteRecord?
    /// Saves a profile change, the weight stated with it and goals set or cleared, all or nothing.
    func saveSettings(profile: ProfileRecord?, weight: WeightRecord?, goals: [String: Double], clearing: [String],
                      at date: Date) throws
    /// The profile, goals, preferences and the weight of `weightDate` as they are now.
    func snapshotSettings(weightDate: String?) throws -> SettingsSnapshot
    /// Puts the settings back as `snapshot` holds them, all or nothing.
    func restoreSettings(_ snapshot: SettingsSnapshot) throws
}

/// Storage failures in words the person can act on, whatever the store.
public protocol JournalFailures: AnyObject, Sendable {
    /// The storage failure behind `error`, or nil when it is not one (a rule broken, a bug).
    func failure(for error: Error) -> JournalFailure?
    /// Rows found damaged since the last call, each reported once.
    func takeDamageReports() -> [DamagedRow]
}
