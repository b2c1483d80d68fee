import Foundation
import GRDB

/// One bout of exercise with the energy it burned, kept as computed at logging time (like a food snapshot).
public struct ExerciseRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "exercise"

    public var id: Int64?
    /// "2026-11-21".
    public var date: String
    /// The activity's name in `exercises.tsv` ("running").
    public var activity: String
    public var minutes: Double
    /// The distance, when one was stated.
    public var distanceKm: Double?
    /// Metabolic equivalent of the activity.
    public var met: Double
    /// The body weight the energy was computed with.
    public var bodyWeightKg: Double
    /// Whether `bodyWeightKg` is a default because no weight was known.
    public var weightAssumed: Bool
    /// MET × kg × hours.
    public var kcal: Double
    /// The person's words ("ran 5 km").
    public var text: String
    public var createdAt: Date

    /// Creates an exercise record; `id` is set when it is saved.
    public init(id: Int64? = nil, date: String, activity: String, minutes: Double, distanceKm: Double?, met: Double,
                bodyWeightKg: Double, weightAssumed: Bool, kcal: Double, text: String, createdAt: Date) {
        self.id = id
        self.date = date
        self.activity = activity
        self.minutes = minutes
        self.distanceKm = distanceKm
        self.met = met
        self.bodyWeightKg = bodyWeightKg
        self.weightAssumed = weightAssumed
        self.kcal = kcal
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
