import Foundation
import GRDB

/// A daily target the person set directly ("set my calorie goal to 1800"); it wins over the computed one.
public struct GoalRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "goal"

    /// The keys a goal can have, as `diary --json` names them.
    public static let keys = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "water_ml"]

    public var id: Int64?
    /// One of `keys`.
    public var key: String
    public var amount: Double
    public var setAt: Date

    /// Creates a goal; `id` is set when it is saved.
    public init(id: Int64? = nil, key: String, amount: Double, setAt: Date) {
        self.id = id
        self.key = key
        self.amount = amount
        self.setAt = setAt
    }

    public enum Columns {
        public static let key = Column(CodingKeys.key)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
