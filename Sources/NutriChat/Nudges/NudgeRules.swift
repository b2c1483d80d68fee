import Foundation

/// What the nudges look at for today, gathered from the journal at one moment.
struct NudgeDay: Sendable {
    /// Minutes since midnight now.
    var minute: Int
    /// Built-in meal slots whose time is over today and that have no entry ("breakfast", "lunch").
    var emptyPastMeals: [String]
    /// Whether anything was logged on the days before today in the last week (someone who logs).
    var loggedThisWeekBefore: Bool
    /// Days since the latest weigh-in, nil when weight is not tracked.
    var daysSinceWeighIn: Int?
    var waterMl: Double
    var waterTargetMl: Double
    /// Whether water was logged in the last week (someone who tracks water).
    var tracksWater: Bool
    var kcal: Double
    var kcalGoal: Double
}

/// When each nudge is due. Thresholds are named here, from the issue's wording and everyday sense.
enum NudgeRules {
    /// "Crossing the calorie goal by more than 10 %".
    static let overGoalShare = 1.10
    /// "Far under the goal": less than half of it...
    static let farUnderShare = 0.5
    /// ..."late in the day": from 20:00.
    static let lateMinute = 20 * 60
    /// Water's day runs from 08:00 to 22:00; the pace is the target spread evenly over it.
    static let waterDayStart = 8 * 60
    static let waterDayEnd = 22 * 60
    /// Behind the pace means below half of it and at least a glass (250 ml) short.
    static let waterBehindShare = 0.5
    static let waterBehindMinimumMl = 250.0
    /// "No weigh-in this week".
    static let weighInDays = 7

    /// The kinds due now, in a fixed order.
    static func due(_ day: NudgeDay) -> [NudgeKind] {
        var kinds: [NudgeKind] = []
        if !day.emptyPastMeals.isEmpty, day.loggedThisWeekBefore { kinds.append(.meal) }
        if let days = day.daysSinceWeighIn, days >= weighInDays { kinds.append(.weighIn) }
        if day.tracksWater, waterPace(day) - day.waterMl >= waterBehindMinimumMl, day.waterMl < waterPace(day) * waterBehindShare {
            kinds.append(.water)
        }
        if day.kcalGoal > 0, day.kcal > day.kcalGoal * overGoalShare { kinds.append(.overGoal) }
        if day.kcalGoal > 0, day.minute >= lateMinute, day.kcal > 0, day.kcal < day.kcalGoal * farUnderShare {
            kinds.append(.underGoal)
        }
        return kinds
    }

    /// The water a steady drinker would have had by now.
    static func waterPace(_ day: NudgeDay) -> Double {
        let elapsed = Double(min(max(day.minute - waterDayStart, 0), waterDayEnd - waterDayStart))
        return day.waterTargetMl * elapsed / Double(waterDayEnd - waterDayStart)
    }

    /// The sentence of one nudge.
    static func text(_ kind: NudgeKind, _ day: NudgeDay) -> String {
        switch kind {
        case .meal:
            return "You haven't logged \(RecipeBuilder.list(day.emptyPastMeals)) today."
        case .weighIn:
            let days = day.daysSinceWeighIn ?? weighInDays
            return "No weigh-in for \(days) days: tell me your weight when you step on the scale (\"I weigh 70 kg\")."
        case .water:
            return "Water is behind today's pace: \(ReplyText.amount(day.waterMl, "ml")) so far, about "
                + "\(ReplyText.amount((waterPace(day) / 50).rounded() * 50, "ml")) by now would keep you on track."
        case .overGoal:
            let percent = Int(((day.kcal / day.kcalGoal - 1) * 100).rounded())
            return "Heads-up: you're at \(ReplyText.kcal(day.kcal)), \(percent) % over your \(ReplyText.kcal(day.kcalGoal)) goal."
        case .underGoal:
            return "It's getting late and you're at \(ReplyText.kcal(day.kcal)), well under your \(ReplyText.kcal(day.kcalGoal)) "
                + "goal: a proper meal or a snack would help."
        }
    }
}
