import Foundation
import NutriStore

extension TrackingText {
    /// The targets and how each was derived.
    func plan(_ plan: TargetPlan) -> String {
        var text = "Your daily targets: \(Self.kcal(plan.energy.value)), protein \(Self.grouped(plan.protein.value)) g, carbs \(Self.grouped(plan.carbohydrate.value)) g, fat \(Self.grouped(plan.fat.value)) g, water \(volume(plan.water.value))."
        var how: [String] = []
        if let body = plan.body, let bmr = plan.basalMetabolicRate, let maintenance = plan.maintenance, let activity = plan.activity {
            let sexTerm = body.sex == .male ? "+ 5" : "− 161"
            how.append("BMR (Mifflin–St Jeor) = 10 × \(Self.decimal(body.weightKg)) kg + 6.25 × \(Self.decimal(body.heightCm)) cm − 5 × \(body.age) years \(sexTerm) = \(Self.kcal(bmr))")
            how.append("× \(Self.decimal(activity.factor, 3)) for \(activity.label) = \(Self.kcal(maintenance)) to keep your weight")
            if plan.adjustment != 0 {
                let verb = plan.adjustment < 0 ? "losing" : "gaining"
                let sign = plan.adjustment < 0 ? "−" : "+"
                let assumed = plan.rateAssumed ? " (assumed; say e.g. \"lose 0.25 kg a week\" to change it)" : ""
                how.append("\(verb) \(rate(plan.weeklyRateKg)) a week\(assumed) means \(sign) \(Self.kcal(abs(plan.adjustment))) a day (\(Self.decimal(plan.weeklyRateKg, 2)) kg × 7,700 kcal ÷ 7) = \(Self.kcal(maintenance + plan.adjustment)), about \(Self.kcal(((maintenance + plan.adjustment) / 10).rounded() * 10))")
            }
        }
        if !how.isEmpty { text += " How: " + how.joined(separator: "; ") + "." }
        if let below = plan.belowFloor, plan.energy.source == .computed {
            let who = plan.body?.sex == .male ? "men" : "women"
            let realRate = max(0, ((plan.maintenance ?? plan.floor) - plan.floor) * 7 / EnergyFormulas.kcalPerKilogram)
            text += " That would be \(Self.kcal(below)), below the safe minimum of \(Self.kcal(plan.floor)) for \(who), so your target is \(Self.kcal(plan.floor)) — expect about \(rate(realRate)) a week instead."
        }
        text += " " + macroDerivation(plan)
        return text
    }

    private func macroDerivation(_ plan: TargetPlan) -> String {
        var parts: [String] = []
        if plan.energy.source == .set { parts.append("calories as you set them") }
        switch plan.protein.source {
        case .set: parts.append("protein as you set it")
        case .computed:
            if let factor = plan.proteinPerKg, let kg = plan.weightKg {
                let why = plan.goal == .lose ? "while losing weight, to keep muscle" : plan.goal == .gain ? "while gaining" : "to maintain"
                parts.append("protein \(Self.decimal(factor)) g per kg (\(why)) × \(Self.decimal(kg)) kg")
            }
        case .standard: parts.append("protein the 50 g daily value")
        }
        parts.append(plan.fat.source == .set ? "fat as you set it" : "fat 30 % of calories (9 kcal/g)")
        parts.append(plan.carbohydrate.source == .set ? "carbs as you set them" : "carbs the rest (4 kcal/g)")
        switch plan.water.source {
        case .set: parts.append("water as you set it")
        case .computed: parts.append("water 35 ml per kg")
        case .standard: parts.append("water a 2,000 ml default")
        }
        return Self.capitalized(parts.joined(separator: "; ")) + "."
    }

    /// "What's my calorie goal?" when the profile is not complete.
    func defaultTargets(_ plan: TargetPlan) -> String {
        var text = "Your daily targets: \(Self.kcal(plan.energy.value))\(plan.energy.source == .set ? " (you set it)" : ""), protein \(Self.grouped(plan.protein.value)) g, carbs \(Self.grouped(plan.carbohydrate.value)) g, fat \(Self.grouped(plan.fat.value)) g, water \(volume(plan.water.value))."
        if plan.energy.source == .standard {
            text += " These are the standard daily values; say \"set up my profile\" and I'll work out your own."
        }
        return text
    }

    // MARK: - Healthy weight

    var healthyWeightNeedsHeight: String {
        "That depends on your height — tell me, e.g. \"I'm 170 cm\", and I'll give you the healthy range (a BMI of 18.5 to 24.9)."
    }

    func healthyWeight(heightCm: Double, current: Double?) -> String {
        let m = heightCm / 100
        var text = "For \(height(heightCm)), a healthy BMI of 18.5 to 24.9 means about \(weight(18.5 * m * m)) to \(weight(24.9 * m * m))."
        if let current { text += " Your latest weight, \(weight(current)), is a BMI of \(Self.decimal(current / (m * m)))." }
        return text + " BMI is a rough guide: it doesn't see muscle, age or build."
    }

    // MARK: - Water

    func waterTarget(_ plan: TargetPlan, today total: Double) -> String {
        var text: String
        switch plan.water.source {
        case .set: text = "Your water goal is \(volume(plan.water.value)) a day (you set it)."
        case .computed:
            text = "About \(volume(plan.water.value)) a day — 35 ml per kg of your \(weight(plan.weightKg ?? 0)), from drinks and food. More when it's hot or you exercise."
        case .standard:
            text = "A common guide is about \(volume(plan.water.value)) a day; tell me your weight (\"I weigh 70 kg\") and I'll work out a personal target (35 ml per kg)."
        }
        return text + " Today so far: \(volume(total)) (\(Self.grouped(min(999, total / plan.water.value * 100))) %)."
    }

    func waterProgress(total: Double, target: Double) -> String {
        total >= target
            ? " You've reached your \(volume(target)) water target."
            : " That's \(Self.grouped(total / target * 100)) % of your \(volume(target)) target — \(volume(target - total)) to go."
    }

    // MARK: - Progress

    func exerciseNet(eaten: Double, burned: Double, goal: Double, today: Bool) -> String {
        guard eaten > 0 else { return " Exercise: \(Self.kcal(burned)) burned." }
        let net = eaten - burned
        let gap = goal - net
        let relation = gap >= 0 ? "\(Self.kcal(gap)) under" : "\(Self.kcal(-gap)) over"
        let netText = net < 0 ? "−" + Self.kcal(-net) : Self.kcal(net)
        return " Exercise: \(Self.kcal(burned)) burned, so net intake is \(netText) — \(relation) your \(Self.kcal(goal)) goal\(today ? "" : " that day")."
    }
}
