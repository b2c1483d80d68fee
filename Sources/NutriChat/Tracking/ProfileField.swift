import Foundation
import NutriStore

/// One thing the profile set-up asks about, in the order it asks.
public enum ProfileField: String, Sendable, CaseIterable, Codable {
    case age, sex, height, weight, activity, goal

    /// The fields the energy target needs and `profile` lacks (`weightKg` is the latest logged weight).
    static func missing(in profile: ProfileRecord, weightKg: Double?) -> [ProfileField] {
        var fields: [ProfileField] = []
        if profile.age == nil && profile.birthDate == nil { fields.append(.age) }
        if profile.sex == nil { fields.append(.sex) }
        if profile.heightCm == nil { fields.append(.height) }
        if weightKg == nil { fields.append(.weight) }
        if profile.activity == nil { fields.append(.activity) }
        if profile.goal == nil { fields.append(.goal) }
        return fields
    }
}

extension ProfileRecord {
    /// Age in whole years on `date`: from the birth date, or the stated age plus the years since it was stated.
    public func age(on date: String) -> Int? {
        if let birthDate { return DayArithmetic.wholeYears(from: birthDate, to: date) }
        guard let age else { return nil }
        guard let ageDate, let passed = DayArithmetic.wholeYears(from: ageDate, to: date), passed > 0 else { return age }
        return age + passed
    }
}
