import Foundation
import GRDB

/// The person's profile, one row: age, sex, height, activity, weight goal and units. Every field is optional, so a
/// profile can be filled in one answer at a time; body weight lives in `WeightRecord`.
public struct ProfileRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "profile"

    /// Sex, for the BMR formula and the safe calorie floor.
    public enum Sex: String, Codable, Sendable, CaseIterable {
        case female, male
    }

    /// Activity level, from a desk job with no exercise to hard daily training.
    public enum Activity: String, Codable, Sendable, CaseIterable {
        case sedentary, light, moderate, very, extra
    }

    /// What the person wants their weight to do.
    public enum WeightGoal: String, Codable, Sendable, CaseIterable {
        case lose, maintain, gain
    }

    /// How replies show weights, heights, distances and volumes.
    public enum Units: String, Codable, Sendable, CaseIterable {
        case metric, imperial
    }

    /// Always 1: there is one profile.
    public var id: Int64 = 1
    /// "1990-03-03", when the person gave a birth date.
    public var birthDate: String?
    /// Age in years as stated, with the day it was stated (`ageDate`), when no birth date was given.
    public var age: Int?
    public var ageDate: String?
    public var sex: Sex?
    public var heightCm: Double?
    public var activity: Activity?
    public var goal: WeightGoal?
    /// Kilograms to lose or gain per week.
    public var weeklyRateKg: Double?
    public var targetWeightKg: Double?
    public var units: Units?
    public var updatedAt: Date

    /// An empty profile.
    public init(updatedAt: Date = Date(timeIntervalSince1970: 0)) {
        self.updatedAt = updatedAt
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
    }

    /// Whether nothing has been set.
    public var isEmpty: Bool {
        birthDate == nil && age == nil && sex == nil && heightCm == nil && activity == nil && goal == nil
            && weeklyRateKg == nil && targetWeightKg == nil && units == nil
    }
}
