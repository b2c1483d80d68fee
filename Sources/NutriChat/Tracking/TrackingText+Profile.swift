import Foundation
import NutriStore

extension TrackingText {
    // MARK: - Set-up

    func ask(_ field: ProfileField) -> String {
        switch field {
        case .age: return "How old are you? (or your birth date, e.g. \"born 3 March 1990\")"
        case .sex: return "Are you female or male? The calorie formula differs slightly."
        case .height: return units == .imperial ? "How tall are you? e.g. 5 ft 10 or 178 cm" : "How tall are you? e.g. 178 cm or 5 ft 10"
        case .weight: return units == .imperial ? "What do you weigh? e.g. 176 lb or 80 kg" : "What do you weigh? e.g. 80 kg or 176 lb"
        case .activity:
            return "How active are you: sedentary (desk job, little exercise), light (exercise 1–3 days a week), moderate (3–5 days), very (6–7 days) or extra (hard daily training or a physical job)?"
        case .goal:
            return "What's your goal: lose, maintain or gain weight? Add a rate if you like, e.g. \"lose \(units == .imperial ? "1 lb" : "0.5 kg") a week\"."
        }
    }

    var setupIntro: String { "Let's set up your profile so I can work out your daily targets. You can answer several things at once, e.g. \"I'm a 30 year old man, 180 cm, 80 kg\", and say \"stop\" any time."
    }
    var setupStopped: String { "OK, we'll leave it there — say \"set up my profile\" to carry on later." }
    var profileOffer: String { " New here? Say \"set up my profile\" and I'll work out daily targets for you." }

    /// "30 years, male, 180 cm, 80 kg, moderately active".
    func facts(_ statement: ProfileStatement, age: Int?) -> [String] {
        var facts: [String] = []
        if let age { facts.append("\(age) years\(statement.birthDateApproximate ? " (from the year of birth)" : "")") }
        if let sex = statement.sex { facts.append(sex.rawValue) }
        if let cm = statement.heightCm { facts.append(height(cm)) }
        if let kg = statement.weightKg { facts.append(weight(kg)) }
        if let activity = statement.activity { facts.append(activity.label) }
        return facts
    }

    func saved(_ facts: [String]) -> String {
        facts.isEmpty ? "" : "Saved: \(Self.list(facts))."
    }

    func stillNeeded(_ missing: [ProfileField]) -> String {
        let names = missing.map { field -> String in
            switch field {
            case .age: return "age"
            case .sex: return "sex"
            case .height: return "height"
            case .weight: return "weight"
            case .activity: return "activity level"
            case .goal: return "goal"
            }
        }
        return "To work out your targets I still need your \(Self.list(names))."
    }

    // MARK: - Profile

    func profile(_ profile: ProfileRecord, age: Int?, weight latest: WeightRecord?) -> String {
        var parts: [String] = []
        if let age { parts.append("\(age) years") }
        if let sex = profile.sex { parts.append(sex.rawValue) }
        if let cm = profile.heightCm { parts.append(height(cm)) }
        if let latest { parts.append("\(weight(latest.kilograms)) (\(latest.date))") }
        if let activity = profile.activity { parts.append(activity.label) }
        if let goal = profile.goal { parts.append(goalPhrase(goal, rate: profile.weeklyRateKg)) }
        if let target = profile.targetWeightKg { parts.append("target \(weight(target))") }
        parts.append("\(units.rawValue) units")
        return "Your profile: " + parts.joined(separator: ", ") + "."
    }

    func goalPhrase(_ goal: ProfileRecord.WeightGoal, rate: Double?) -> String {
        switch goal {
        case .maintain: return "goal: maintain weight"
        case .lose, .gain:
            let rate = rate ?? TargetPlan.defaultWeeklyRateKg
            return "goal: \(goal.rawValue) \(self.rate(rate)) a week"
        }
    }

    func targetWeight(_ target: Double, current: Double, rate: Double) -> String {
        let gap = abs(current - target)
        guard gap >= 0.1 else { return "You're at your target weight of \(weight(target))." }
        let weeks = rate > 0 ? Int((gap / rate).rounded(.up)) : nil
        let pace = weeks.map { " — about \($0) week\($0 == 1 ? "" : "s") at \(self.rate(rate)) a week" } ?? ""
        return "Target weight \(weight(target)): \(weight(gap)) to go\(pace)."
    }

    func goalsSet(_ values: [String: Double], plan: TargetPlan) -> String {
        let order = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "water_ml"]
        let items = order.compactMap { key in
            values[key].map { key == "energy_kcal" ? goalAmount(key, $0) : "\(goalAmount(key, $0)) \(Self.goalLabels[key] ?? key)" }
        }
        var text = "Daily goal set: \(Self.list(items)) a day."
        if values["energy_kcal"] != nil || values["protein_g"] != nil {
            text += " With it: protein \(Self.grouped(plan.protein.value)) g, carbs \(Self.grouped(plan.carbohydrate.value)) g, fat \(Self.grouped(plan.fat.value)) g."
        }
        return text
    }

    func goalsCleared(_ keys: [String], plan: TargetPlan) -> String {
        let values = ["energy_kcal": plan.energy.value, "protein_g": plan.protein.value, "carbohydrate_g": plan.carbohydrate.value,
                      "fat_g": plan.fat.value, "water_ml": plan.water.value]
        let items = keys.map { "\(Self.goalLabels[$0] ?? $0) goal is \(goalAmount($0, values[$0] ?? 0))" }
        let source = plan.missing.isEmpty ? "worked out from your profile" : "the default"
        return "Done — your \(Self.list(items)) again, \(source)."
    }
}
