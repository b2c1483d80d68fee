import Foundation
import NutriStore

extension JournalStore {
    /// The daily targets on `date`, from the profile, the latest weight on or before that day and any goals set.
    public func targetPlan(on date: String) throws -> TargetPlan {
        let profile = try profile()
        return TargetPlan.make(profile: profile, weightKg: try bodyWeight(on: date), age: profile.age(on: date), set: try goals())
    }

    /// The weight that applies on `date`: the latest on or before it, else the first one after it (a profile set up
    /// today still applies to yesterday's diary and exercise).
    public func bodyWeight(on date: String) throws -> Double? {
        if let before = try latestWeight(onOrBefore: date) { return before.kilograms }
        return try weights(from: date, to: "9999-12-31").first?.kilograms
    }
}
