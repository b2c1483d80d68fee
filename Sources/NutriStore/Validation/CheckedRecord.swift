import Foundation
import GRDB

/// A kind of journal row that the rules can check once it is decoded. Every table a reader meets has one, so a
/// damaged row of any kind is named and left out the same way (Journal+Damage.swift), and import checks each kind
/// with the same rules as the writers.
protocol CheckedRecord: FetchableRecord, TableRecord {
    /// Throws ``StoreError/invalidValue(_:)`` when the row breaks a rule.
    func checkRules() throws
}

extension CheckedRecord {
    /// Decodes one row and checks it against the rules.
    static func checked(_ row: Row) throws -> Self {
        let record = try Self(row: row)
        try record.checkRules()
        return record
    }
}

extension JournalEntry: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension WaterRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension MealSlotRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension MealSlotChange: CheckedRecord {
    func checkRules() throws {
        try JournalRules.checkDate(date)
        try JournalRules.checkText(name, field: "meal-slot name", allowEmpty: false)
        if let newName { try JournalRules.checkText(newName, field: "new meal-slot name", allowEmpty: false) }
    }
}

extension CustomFoodRecord: CheckedRecord {
    func checkRules() throws { try UserFoodRules.validate(self) }
}

extension RecipeRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension RecipeIngredientRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension ExerciseRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension WeightRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension GoalRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension PreferenceRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

extension ProfileRecord: CheckedRecord {
    func checkRules() throws { try JournalRules.check(self) }
}

/// Every kind of row the journal keeps, found by table name.
enum JournalRecordKinds {
    /// The kinds in the order a full scan reports them (the undo history is not here: it holds copies of these).
    static let all: [any CheckedRecord.Type] = [
        JournalEntry.self, WaterRecord.self, ExerciseRecord.self, WeightRecord.self, GoalRecord.self,
        PreferenceRecord.self, ProfileRecord.self, MealSlotRecord.self, MealSlotChange.self, CustomFoodRecord.self,
        RecipeRecord.self, RecipeIngredientRecord.self,
    ]

    /// The kind stored in `table`, or nil for a table without one.
    static func kind(forTable table: String) -> (any CheckedRecord.Type)? {
        all.first { $0.databaseTableName == table }
    }
}
