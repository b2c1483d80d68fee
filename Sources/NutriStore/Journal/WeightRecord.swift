import Foundation
import GRDB

/// Body weight on one day, always in kilograms; a day has at most one.
public struct WeightRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "weight"

    /// The weights the journal accepts, in kilograms.
    public static let validRange = 20.0...500.0

    public var id: Int64?
    /// "2026-11-21".
    public var date: String
    public var kilograms: Double
    /// The person's words ("I weigh 180 lb").
    public var text: String
    public var createdAt: Date

    /// Creates a weight; `id` is set when it is saved.
    public init(id: Int64? = nil, date: String, kilograms: Double, text: String, createdAt: Date) {
        self.id = id
        self.date = date
        self.kilograms = kilograms
        self.text = text
        self.createdAt = createdAt
    }

    public enum Columns {
        public static let date = Column(CodingKeys.date)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
