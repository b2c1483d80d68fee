import Foundation
import NutriStore

extension InsightReport {
    /// The `report --json` object: every figure the report shows.
    public var json: JSONValue {
        let plan = summary.plan
        return .object([
            ("period", .object([("kind", .string(summary.period.kind.rawValue)), ("start", .string(summary.period.start)),
                                ("end", .string(summary.period.end)), ("title", .string(summary.period.title))])),
            ("today", .string(summary.today)),
            ("days_counted", .number(Double(summary.days.count))),
            ("logged_days", .number(Double(summary.loggedDays.count))),
            ("goals", plan.goals.json),
            ("days", .array(summary.days.map(dayJSON))),
            ("averages", .object((["energy_kcal"] + Self.dailyKeys).map { ($0, .rounded(summary.meanPerLoggedDay($0))) }
                                 + [("water_ml", .rounded(mean(\.waterMl))), ("exercise_kcal", .rounded(mean(\.exerciseKcal)))])),
            ("macro_shares", .object(macros.map { ($0.key, .rounded($0.share, 3)) })),
            ("weight", weightJSON),
            ("top_foods", .object(topFoods.map { ranked in
                (ranked.key, .array(ranked.foods.map { .object([("food", .string($0.name)), ("amount", .rounded($0.amount)),
                                                                  ("entries", .number(Double($0.entries)))]) }))
            })),
            ("meal_shares", .array(patterns.meals.map(Self.shareJSON))),
            ("time_of_day", .array(patterns.timesOfDay.map(Self.shareJSON))),
            ("nutrients", nutrientsJSON),
            ("streaks", .array(streaks.records.map { record in
                .object([("goal", .string(record.goal.rawValue)), ("target", .rounded(record.target)),
                         ("hits", .number(Double(record.hits))), ("days", .number(Double(record.days))),
                         ("current", .number(Double(record.current))), ("longest", .number(Double(record.longest)))])
            })),
            ("patterns", patternsJSON),
            ("calorie_suggestion", adjustment.map(Self.adjustmentJSON) ?? .null),
        ])
    }

    /// The mean of a per-day figure over every day counted.
    func mean(_ value: KeyPath<PeriodSummary.Day, Double>) -> Double {
        summary.days.isEmpty ? 0 : summary.days.reduce(0) { $0 + $1[keyPath: value] } / Double(summary.days.count)
    }

    private func dayJSON(_ day: PeriodSummary.Day) -> JSONValue {
        .object([("date", .string(day.date)), ("entries", .number(Double(day.entryCount))),
                 ("energy_kcal", .rounded(day.kcal))]
                + Self.dailyKeys.map { ($0, JSONValue.rounded(day.totals[$0] ?? 0)) }
                + [("water_ml", .rounded(day.waterMl)), ("exercise_kcal", .rounded(day.exerciseKcal)),
                   ("weight_kg", .optional(day.weightKg, places: 2)),
                   ("meals", .object(day.mealKcal.sorted { $0.key < $1.key }.map { ($0.key, .rounded($0.value)) }))])
    }

    private var weightJSON: JSONValue {
        .object([("points", .array(weight.points.map { .object([("date", .string($0.date)), ("kilograms", .rounded($0.kilograms, 2)),
                                                                 ("average", .rounded($0.average, 2))]) })),
                 ("change_per_week_kg", .optional(weight.changePerWeekKg, places: 2))])
    }

    private var nutrientsJSON: JSONValue {
        .array(intake.lines.map { line in
            .object([("key", .string(line.info.key)), ("label", .string(line.info.label)), ("unit", .string(line.info.unit)),
                     ("kind", .string(line.reference.kind.rawValue)), ("target", .rounded(line.reference.amount, 2)),
                     ("per_day", .rounded(line.perDay, 2)), ("percent", .rounded(line.share * 100)),
                     ("upper", .optional(line.reference.upper)), ("upper_scope", .optional(line.reference.upperScope?.rawValue)),
                     ("low", .bool(line.low)), ("over_upper", .bool(line.overUpper)),
                     ("days_over_upper", .number(Double(line.daysOverUpper))),
                     ("sources", .array(line.sources.map { .object([("food", .string($0.name)), ("amount", .rounded($0.amount, 2)),
                                                                    ("share", .rounded($0.share, 3))]) }))])
        })
    }

    private var patternsJSON: JSONValue {
        .object([
            ("weekdays", patterns.weekdaysKnown
                ? .array(patterns.weekdays.map { .object([("weekday", .string($0.name)), ("days", .number(Double($0.days))),
                                                          ("mean_kcal", .rounded($0.meanKcal))]) }) : .null),
            ("over_goal_days", .number(Double(patterns.overGoalDays))),
            ("other_days", .number(Double(patterns.otherDays))),
            ("over_goal_foods", patterns.overFoods.map { foods in
                .array(foods.map { .object([("food", .string($0.name)), ("over_days", .number(Double($0.overDays))),
                                            ("over_share", .rounded($0.overShare, 3)), ("other_days", .number(Double($0.otherDays))),
                                            ("other_share", .rounded($0.otherShare, 3))]) })
            } ?? .null),
        ])
    }

    static func shareJSON(_ share: EatingPatterns.Share) -> JSONValue {
        .object([("name", .string(share.name)), ("kcal", .rounded(share.kcal)), ("share", .rounded(share.share, 3))])
    }

    static func adjustmentJSON(_ adjustment: CalorieAdjustment) -> JSONValue {
        .object([("planned_kg_per_week", .rounded(adjustment.plannedKgPerWeek, 2)),
                 ("observed_kg_per_week", .rounded(adjustment.observedKgPerWeek, 2)),
                 ("span_days", .number(Double(adjustment.spanDays))), ("current_kcal", .rounded(adjustment.currentTarget)),
                 ("daily_change_kcal", .rounded(adjustment.dailyChange)), ("suggested_kcal", .rounded(adjustment.suggestedTarget)),
                 ("explanation", .string(adjustment.explanation))])
    }
}
