import Foundation
import GRDB

/// Something the coaching said or offered about a goal, kept so it is said once ("first time protein was hit
/// today") or answered later (a suggested calorie target waiting for a yes).
public struct GoalNoteRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "goalNote"

    /// What the note remembers.
    public enum Kind: String, Codable, Sendable {
        /// A congratulation for a goal reached on `date`.
        case hit
        /// A suggested calorie target (`amount`), open until the person agrees or declines.
        case calorieOffer = "calorie-offer"
    }

    /// Where an offer stands.
    public enum Status: String, Codable, Sendable {
        case open, accepted, declined
    }

    public var id: Int64?
    public var kind: Kind
    /// The goal's key: "energy_kcal", "protein_g", "water_ml".
    public var goal: String
    /// "2026-11-21".
    public var date: String
    public var amount: Double?
    public var status: Status?
    public var createdAt: Date

    /// Creates a note; `id` is set when it is saved.
    public init(id: Int64? = nil, kind: Kind, goal: String, date: String, amount: Double? = nil, status: Status? = nil,
                createdAt: Date) {
        self.id = id
        self.kind = kind
        self.goal = goal
        self.date = date
        self.amount = amount
        self.status = status
        self.createdAt = createdAt
    }

    public enum Columns {
        public static let kind = Column(CodingKeys.kind)
        public static let goal = Column(CodingKeys.goal)
        public static let date = Column(CodingKeys.date)
        public static let status = Column(CodingKeys.status)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
