import Foundation

/// A suggested calorie target when, after three weeks or more of weighing, the weight trend departs from the
/// planned weekly rate. The arithmetic is kept so the reply can show it; nothing changes until the person agrees.
public struct CalorieAdjustment: Sendable, Equatable {
    /// Weighings must span at least this many days before a trend is trusted (three weeks).
    public static let minimumSpanDays = 21
    /// At least this many weighings in the span.
    public static let minimumWeighings = 4
    /// A gap from the plan smaller than this (kg per week) is within the day-to-day swing of water weight.
    public static let minimumGapKgPerWeek = 0.2
    /// Energy in a kilogram of body weight change (the usual 7,700 kcal/kg rule).
    public static let kcalPerKg = 7700.0

    /// Planned change per week (negative to lose), kg.
    public var plannedKgPerWeek: Double
    /// The weights' least-squares slope, kg per week.
    public var observedKgPerWeek: Double
    /// Days the weighings span.
    public var spanDays: Int
    public var currentTarget: Double
    /// The daily energy change: (planned − observed) × 7,700 ÷ 7.
    public var dailyChange: Double
    /// The new target, rounded to 10 kcal and never under the safe floor.
    public var suggestedTarget: Double
    /// Whether the floor stopped the target from going lower.
    public var floored: Bool

    /// The suggestion for `trend` against `plan`, or nil when there is too little weighing or no real gap.
    public static func suggest(trend: WeightTrend, plan: TargetPlan) -> CalorieAdjustment? {
        guard let goal = plan.goal, trend.points.count >= minimumWeighings, trend.spanDays >= minimumSpanDays,
              let observed = trend.changePerWeekKg else { return nil }
        let planned: Double
        switch goal {
        case .lose: planned = -plan.weeklyRateKg
        case .gain: planned = plan.weeklyRateKg
        case .maintain: planned = 0
        }
        let gap = planned - observed
        guard abs(gap) >= minimumGapKgPerWeek else { return nil }
        let change = gap * kcalPerKg / 7
        let raw = ((plan.energy.value + change) / 10).rounded() * 10
        let target = max(raw, plan.floor)
        guard abs(target - plan.energy.value) >= 10 else { return nil }
        return CalorieAdjustment(plannedKgPerWeek: planned, observedKgPerWeek: observed, spanDays: trend.spanDays,
                                 currentTarget: plan.energy.value, dailyChange: change, suggestedTarget: target,
                                 floored: raw < plan.floor)
    }

    /// "You planned to lose 0.5 kg a week; over 28 days your weight went down 0.2 kg a week. (−0.5 − −0.2) × 7,700 ÷ 7
    /// = −330 kcal a day: 2,000 → 1,670 kcal."
    public var explanation: String {
        func rate(_ kg: Double) -> String {
            kg == 0 ? "stay level" : String(format: "%@ %.2g kg a week", kg < 0 ? "go down" : "go up", abs(kg))
        }
        let arithmetic = String(format: "(%+.2f − %+.2f kg) × 7,700 kcal/kg ÷ 7 days = %+.0f kcal a day",
                                plannedKgPerWeek, observedKgPerWeek, dailyChange)
        return "You planned to \(rate(plannedKgPerWeek)); over \(spanDays) days your weight trend is to "
            + "\(rate(observedKgPerWeek)). \(arithmetic): \(ReplyText.kcal(currentTarget)) → \(ReplyText.kcal(suggestedTarget))"
            + (floored ? " (the safe floor)" : "") + "."
    }
}
