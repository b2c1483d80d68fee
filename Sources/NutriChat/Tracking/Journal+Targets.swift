import Foundation
import NutriStore

extension Journal {
    /// The daily targets on `date`, from the profile, the latest weight on or before that day and any goals set.
    public func targetPlan(on date: String) throws -> TargetPlan {
        let profile = try profile()
        return TargetPlan.make(profile: profile, weightKg: try latestWeight(onOrBefore: date)?.kilograms,
                               age: profile.age(on: date), set: try goals())
    }
}
