import Foundation
import GRDB

extension Journal {
    // MARK: - Profile

    /// The profile, empty until something is set.
    public func profile() throws -> ProfileRecord {
        try remembered("profile") { db in try ProfileRecord.firstReadable(db, sql: "SELECT * FROM profile WHERE id = 1", damaged: damage.record) }
            ?? ProfileRecord()
    }

    /// Saves the whole profile (there is one row).
    public func saveProfile(_ profile: ProfileRecord) throws {
        var row = profile
        row.id = 1
        try JournalRules.check(row)
        try writer.write { db in try row.save(db) }
    }

    /// Saves a profile change, the weight stated with it and goals set or cleared, all in one transaction:
    /// either everything a message said is saved, or nothing is.
    public func saveSettings(profile: ProfileRecord?, weight: WeightRecord?, goals: [String: Double], clearing: [String],
                             at date: Date) throws {
        if let profile { try JournalRules.check(profile) }
        if let weight { try JournalRules.check(weight) }
        for (key, amount) in goals.sorted(by: { $0.key < $1.key }) {
            try JournalRules.check(GoalRecord(key: key, amount: amount, setAt: date))
        }
        try writer.write { db in
            if var profile {
                profile.id = 1
                try profile.save(db)
            }
            if let weight {
                try WeightRecord.filter(WeightRecord.Columns.date == weight.date).deleteAll(db)
                var saved = weight
                saved.id = nil
                try saved.insert(db)
            }
            for key in clearing { try GoalRecord.filter(GoalRecord.Columns.key == key).deleteAll(db) }
            for (key, amount) in goals.sorted(by: { $0.key < $1.key }) {
                try GoalRecord.filter(GoalRecord.Columns.key == key).deleteAll(db)
                var record = GoalRecord(key: key, amount: amount, setAt: date)
                try record.insert(db)
            }
        }
    }

    /// The settings as they are now, with the weight of `weightDate`.
    public func snapshotSettings(weightDate: String?) throws -> SettingsSnapshot {
        try read { db in
            SettingsSnapshot(
                profile: try ProfileRecord.filter(key: 1).fetchFirstReadable(db, damaged: damage.record) ?? ProfileRecord(),
                goals: try GoalRecord.order(Column("id")).fetchReadable(db, damaged: damage.record),
                preferences: try PreferenceRecord.order(Column("id")).fetchReadable(db, damaged: damage.record),
                weightDate: weightDate,
                weight: try weightDate.flatMap {
                    try WeightRecord.filter(WeightRecord.Columns.date == $0).fetchFirstReadable(db, damaged: damage.record)
                })
        }
    }

    /// Puts the settings back as `snapshot` holds them, in one transaction.
    public func restoreSettings(_ snapshot: SettingsSnapshot) throws {
        try writer.write { db in
            if snapshot.profile.isEmpty && snapshot.profile.units == nil {
                try ProfileRecord.deleteAll(db)
            } else {
                var profile = snapshot.profile
                profile.id = 1
                try profile.save(db)
            }
            // Damaged rows were not in the snapshot: they stay as they are, for export to keep.
            try GoalRecord.deleteAll(db, keys: try GoalRecord.all().fetchReadable(db, damaged: { _ in }).compactMap(\.id))
            for goal in snapshot.goals {
                var record = goal
                try record.insert(db)
            }
            try PreferenceRecord.deleteAll(db, keys: try PreferenceRecord.all().fetchReadable(db, damaged: { _ in }).compactMap(\.id))
            for preference in snapshot.preferences {
                var record = preference
                try record.insert(db)
            }
            if let date = snapshot.weightDate {
                try WeightRecord.filter(WeightRecord.Columns.date == date).deleteAll(db)
                if var weight = snapshot.weight { try weight.insert(db) }
            }
        }
    }

    // MARK: - Goals

    /// Goals set directly, by key ("energy_kcal" → 1800).
    public func goals() throws -> [String: Double] {
        try remembered("goals") { db in
            Dictionary(try GoalRecord.readable(db, sql: "SELECT * FROM goal ORDER BY id", damaged: damage.record).map { ($0.key, $0.amount) },
                       uniquingKeysWith: { _, last in last })
        }
    }

    /// Sets (or replaces) the goal for `key`.
    public func setGoal(_ key: String, to amount: Double, at date: Date) throws {
        try JournalRules.check(GoalRecord(key: key, amount: amount, setAt: date))
        try writer.write { db in
            try GoalRecord.filter(GoalRecord.Columns.key == key).deleteAll(db)
            var record = GoalRecord(key: key, amount: amount, setAt: date)
            try record.insert(db)
        }
    }

    /// Removes the goal for `key`, so the computed one applies again; returns whether there was one.
    @discardableResult
    public func clearGoal(_ key: String) throws -> Bool {
        try writer.write { db in try GoalRecord.filter(GoalRecord.Columns.key == key).deleteAll(db) > 0 }
    }

    // MARK: - Weight

    /// Saves the weight of `record.date`, replacing that day's earlier one; returns the saved record and the
    /// replaced one, if any.
    @discardableResult
    public func logWeight(_ record: WeightRecord) throws -> (saved: WeightRecord, replaced: WeightRecord?) {
        try JournalRules.check(record)
        return try writer.write { db in
            let sameDay = WeightRecord.filter(WeightRecord.Columns.date == record.date)
            let previous = try sameDay.fetchFirstReadable(db, damaged: damage.record)
            try sameDay.deleteAll(db)  // a day has one weight: the new one replaces even a damaged row
            var saved = record
            saved.id = nil
            try saved.insert(db)
            return (saved, previous)
        }
    }

    /// Puts a weight back exactly as it was (undo of a replacement).
    public func restoreWeight(_ record: WeightRecord) throws {
        try writer.write { db in
            try WeightRecord.filter(WeightRecord.Columns.date == record.date).deleteAll(db)
            var restored = record
            try restored.insert(db)
        }
    }

    /// Deletes the weight of a day; returns the deleted record, if there was one.
    @discardableResult
    public func deleteWeight(on date: String) throws -> WeightRecord? {
        try writer.write { db in
            let record = try WeightRecord.filter(WeightRecord.Columns.date == date).fetchFirstReadable(db, damaged: damage.record)
            try record?.delete(db)
            return record
        }
    }

    /// Weights from `start` to `end` inclusive (ISO dates), oldest first.
    public func weights(from start: String, to end: String) throws -> [WeightRecord] {
        try remembered("weights \(start) \(end)") { db in
            try WeightRecord.readable(db, sql: "SELECT * FROM weight WHERE date >= ? AND date <= ? ORDER BY date",
                                      arguments: [start, end], damaged: damage.record)
        }
    }

    /// The latest weight on or before `date`.
    public func latestWeight(onOrBefore date: String) throws -> WeightRecord? {
        try remembered("latestWeight \(date)") { db in
            try WeightRecord.firstReadable(db, sql: "SELECT * FROM weight WHERE date <= ? ORDER BY date DESC", arguments: [date],
                                           damaged: damage.record)
        }
    }

    // MARK: - Exercise

    /// Logs a bout of exercise.
    @discardableResult
    public func addExercise(_ record: ExerciseRecord) throws -> ExerciseRecord {
        try Self.check(record)
        return try writer.write { db in
            var saved = record
            try saved.insert(db)
            return saved
        }
    }

    /// Refuses an exercise no one could have done: every writer of exercise rows asks this first (``JournalRules``).
    public static func check(_ record: ExerciseRecord) throws {
        try JournalRules.check(record)
    }

    /// Exercise of one day, in logging order.
    public func exercise(on date: String) throws -> [ExerciseRecord] {
        try exercise(from: date, to: date)
    }

    /// Exercise from `start` to `end` inclusive, by date and logging order.
    public func exercise(from start: String, to end: String) throws -> [ExerciseRecord] {
        try remembered("exercise \(start) \(end)") { db in
            try ExerciseRecord.readable(db, sql: "SELECT * FROM exercise WHERE date >= ? AND date <= ? ORDER BY date, id",
                                        arguments: [start, end], damaged: damage.record)
        }
    }

    /// Deletes exercise records by id; returns how many were deleted.
    @discardableResult
    public func deleteExercise(ids: [Int64]) throws -> Int {
        try writer.write { db in try ExerciseRecord.deleteAll(db, keys: ids) }
    }

    // MARK: - Preferences

    /// Saves a preference, replacing any earlier one about the same item.
    @discardableResult
    public func addPreference(_ record: PreferenceRecord) throws -> PreferenceRecord {
        try JournalRules.check(record)
        return try writer.write { db in
            try PreferenceRecord.filter(PreferenceRecord.Columns.item == record.item).deleteAll(db)
            var saved = record
            saved.id = nil
            try saved.insert(db)
            return saved
        }
    }

    /// Every preference, in the order they were saved.
    public func preferences() throws -> [PreferenceRecord] {
        try remembered("preferences") { db in
            try PreferenceRecord.readable(db, sql: "SELECT * FROM preference ORDER BY id", damaged: damage.record)
        }
    }

    /// Removes the preference about `item`; returns it when there was one.
    @discardableResult
    public func removePreference(item: String) throws -> PreferenceRecord? {
        try writer.write { db in
            let sameItem = PreferenceRecord.filter(PreferenceRecord.Columns.item == item)
            let record = try sameItem.fetchFirstReadable(db, damaged: damage.record)
            try sameItem.deleteAll(db)
            return record
        }
    }
}
