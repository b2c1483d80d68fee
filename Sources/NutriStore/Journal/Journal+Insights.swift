import Foundation
import GRDB

extension Journal {
    // MARK: - Period reads

    /// Milliliters of water per day from `start` to `end` inclusive, in one query; days without water are absent.
    public func waterByDay(from start: String, to end: String) throws -> [String: Double] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT date, SUM(milliliters) FROM water WHERE date BETWEEN ? AND ? GROUP BY date
                """, arguments: [start, end])
            var byDay: [String: Double] = [:]
            for row in rows {
                if let date = String.fromDatabaseValue(row[0] as DatabaseValue) {
                    byDay[date] = Double.fromDatabaseValue(row[1] as DatabaseValue) ?? 0
                }
            }
            return byDay
        }
    }

    // MARK: - Goal notes

    /// Saves a congratulation note for `goal` on `date`; returns false when one was already saved (said once).
    public func noteGoalHit(_ goal: String, on date: String, at time: Date) throws -> Bool {
        try writer.write { db in
            var note = GoalNoteRecord(kind: .hit, goal: goal, date: date, createdAt: time)
            try note.insert(db)
            return db.changesCount > 0
        }
    }

    /// The goals congratulated on `date`.
    public func goalsCongratulated(on date: String) throws -> Set<String> {
        try remembered("goalsCongratulated \(date)") { db in
            Set(try GoalNoteRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM goalNote WHERE kind = ? AND date = ?"),
                                            arguments: [GoalNoteRecord.Kind.hit.rawValue, date]).map(\.goal))
        }
    }

    /// Records a suggested calorie target as open, closing any earlier open offer.
    public func offerCalorieTarget(_ amount: Double, on date: String, at time: Date) throws {
        guard amount.isFinite, amount > 0 else { throw StoreError.invalidValue("a calorie target must be more than 0") }
        try writer.write { db in
            try db.execute(sql: "UPDATE goalNote SET status = 'declined' WHERE kind = 'calorie-offer' AND status = 'open'")
            try db.execute(sql: "DELETE FROM goalNote WHERE kind = 'calorie-offer' AND date = ?", arguments: [date])
            var note = GoalNoteRecord(kind: .calorieOffer, goal: "energy_kcal", date: date, amount: amount, status: .open,
                                      createdAt: time)
            try note.insert(db)
        }
    }

    /// The suggested calorie target still waiting for an answer, if any.
    public func openCalorieOffer() throws -> GoalNoteRecord? {
        try read { db in
            try GoalNoteRecord.filter(GoalNoteRecord.Columns.kind == GoalNoteRecord.Kind.calorieOffer.rawValue
                                      && GoalNoteRecord.Columns.status == GoalNoteRecord.Status.open.rawValue)
                .order(Column("id").desc).fetchOne(db)
        }
    }

    /// The latest calorie offer made on or after `date`, whatever its answer.
    public func calorieOffer(since date: String) throws -> GoalNoteRecord? {
        try read { db in
            try GoalNoteRecord.filter(GoalNoteRecord.Columns.kind == GoalNoteRecord.Kind.calorieOffer.rawValue
                                      && GoalNoteRecord.Columns.date >= date)
                .order(Column("id").desc).fetchOne(db)
        }
    }

    /// Answers the open calorie offer: accepted sets the calorie goal to its amount in the same transaction.
    /// Returns the offer answered, or nil when none was open.
    @discardableResult
    public func answerCalorieOffer(accept: Bool, at time: Date) throws -> GoalNoteRecord? {
        try writer.write { db in
            guard var offer = try GoalNoteRecord.filter(GoalNoteRecord.Columns.kind == GoalNoteRecord.Kind.calorieOffer.rawValue
                                                        && GoalNoteRecord.Columns.status == GoalNoteRecord.Status.open.rawValue)
                .order(Column("id").desc).fetchOne(db) else { return nil }
            offer.status = accept ? .accepted : .declined
            try offer.update(db)
            if accept, let amount = offer.amount {
                try GoalRecord.filter(GoalRecord.Columns.key == "energy_kcal").deleteAll(db)
                var goal = GoalRecord(key: "energy_kcal", amount: amount, setAt: time)
                try goal.insert(db)
            }
            return offer
        }
    }
}

extension Journal {
    /// Entries from `start` to `end` inclusive, as `entries(from:to:)` gives them (same order, same checks, damaged
    /// rows reported and left out), with each nutrient snapshot read by `NutrientSnapshotParser`: a month's report
    /// reads hundreds of entries, and the general decoder is what costs.
    public func periodEntries(from start: String, to end: String) throws -> [JournalEntry] {
        try read { db in
            let rows = try Self.entryRows(from: start, to: end, db: db)
            var entries: [JournalEntry] = []
            entries.reserveCapacity(rows.count)
            for row in rows {
                if let entry = Self.quickEntry(row), (try? JournalRules.check(entry)) != nil {
                    entries.append(entry)
                } else {
                    // The ordinary decoder reads what the quick one would not, and names what is damaged.
                    entries += Self.readable([row], as: JournalEntry.self, damaged: damage.record)
                }
            }
            return entries
        }
    }

    /// The entry rows from `start` to `end` inclusive, by date, meal slot and logging order.
    static func entryRows(from start: String, to end: String, db: Database) throws -> [Row] {
        try Row.fetchAll(db, sql: """
            SELECT entry.* FROM entry LEFT JOIN mealSlot ON mealSlot.name = entry.meal
            WHERE entry.date BETWEEN ? AND ?
            ORDER BY entry.date, COALESCE(mealSlot.position, 99), entry.id
            """, arguments: [start, end])
    }

    /// An entry read column by column with its snapshot parsed directly; nil when any value is not what it should be.
    static func quickEntry(_ row: Row) -> JournalEntry? {
        guard let date = String.fromDatabaseValue(row["date"] as DatabaseValue),
              let meal = String.fromDatabaseValue(row["meal"] as DatabaseValue),
              let text = String.fromDatabaseValue(row["text"] as DatabaseValue),
              let foodId = String.fromDatabaseValue(row["foodId"] as DatabaseValue),
              let foodName = String.fromDatabaseValue(row["foodName"] as DatabaseValue),
              let grams = Double.fromDatabaseValue(row["grams"] as DatabaseValue),
              let snapshot = String.fromDatabaseValue(row["nutrients"] as DatabaseValue),
              let nutrients = NutrientSnapshotParser.parse(snapshot),
              let createdAt = Date.fromDatabaseValue(row["createdAt"] as DatabaseValue) else { return nil }
        let quantity: DatabaseValue = row["quantity"], unit: DatabaseValue = row["unit"]
        guard quantity.isNull || Double.fromDatabaseValue(quantity) != nil, unit.isNull || String.fromDatabaseValue(unit) != nil
        else { return nil }
        return JournalEntry(id: Int64.fromDatabaseValue(row["id"] as DatabaseValue), date: date, meal: meal, text: text,
                            foodId: foodId, foodName: foodName, quantity: Double.fromDatabaseValue(quantity),
                            unit: String.fromDatabaseValue(unit), grams: grams, nutrients: nutrients, createdAt: createdAt)
    }
}
