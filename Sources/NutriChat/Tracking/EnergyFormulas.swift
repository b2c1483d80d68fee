import Foundation
import NutriStore

/// The body measurements the energy formulas need.
public struct BodyStats: Sendable, Equatable {
    public var weightKg: Double
    public var heightCm: Double
    public var age: Int
    public var sex: ProfileRecord.Sex

    /// Creates body stats.
    public init(weightKg: Double, heightCm: Double, age: Int, sex: ProfileRecord.Sex) {
        self.weightKg = weightKg
        self.heightCm = heightCm
        self.age = age
        self.sex = sex
    }
}

/// Pure energy formulas: resting energy, daily expenditure, weight change and exercise.
public enum EnergyFormulas {
    /// About 7,700 kcal of energy deficit (or surplus) per kilogram of body weight lost (or gained).
    public static let kcalPerKilogram = 7700.0

    /// Basal metabolic rate by Mifflin–St Jeor (1990): 10 × kg + 6.25 × cm − 5 × years, + 5 for men, − 161 for women.
    public static func basalMetabolicRate(_ body: BodyStats) -> Double {
        10 * body.weightKg + 6.25 * body.heightCm - 5 * Double(body.age) + sexConstant(body.sex)
    }

    /// The last term of Mifflin–St Jeor.
    public static func sexConstant(_ sex: ProfileRecord.Sex) -> Double {
        sex == .male ? 5 : -161
    }

    /// Total daily energy expenditure: BMR times the activity factor.
    public static func dailyExpenditure(basalMetabolicRate: Double, activity: ProfileRecord.Activity) -> Double {
        basalMetabolicRate * activity.factor
    }

    /// The daily energy change for a weekly weight change: `kilogramsPerWeek` × 7,700 ÷ 7.
    public static func dailyAdjustment(kilogramsPerWeek: Double) -> Double {
        kilogramsPerWeek * kcalPerKilogram / 7
    }

    /// Energy of exercise: MET × body weight (kg) × hours.
    public static func exerciseKcal(met: Double, weightKg: Double, minutes: Double) -> Double {
        met * weightKg * minutes / 60
    }

    /// The lowest daily calorie target set without a doctor: about 1,200 kcal for women and 1,500 for men.
    public static func safeFloor(_ sex: ProfileRecord.Sex?) -> Double {
        sex == .male ? 1500 : 1200
    }
}

extension ProfileRecord.Activity {
    /// The usual TDEE multipliers: 1.2, 1.375, 1.55, 1.725, 1.9.
    public var factor: Double {
        switch self {
        case .sedentary: return 1.2
        case .light: return 1.375
        case .moderate: return 1.55
        case .very: return 1.725
        case .extra: return 1.9
        }
    }

    /// "moderately active".
    public var label: String {
        switch self {
        case .sedentary: return "sedentary"
        case .light: return "lightly active"
        case .moderate: return "moderately active"
        case .very: return "very active"
        case .extra: return "extra active"
        }
    }
}
