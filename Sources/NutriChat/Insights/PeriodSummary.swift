import Foundation
import NutriStore

/// What the journal holds for a period, read once: per-day totals of every nutrient (vitamins and minerals
/// included, from the entries' snapshots), energy by meal slot, water, exercise and weight, the entries themselves,
/// and the targets that apply. Reports, the calendar, goal streaks, patterns and nutrient gaps are all worked out
/// from it, so each costs one read per table whatever it shows.
public struct PeriodSummary: Sendable {
    /// One day's figures.
    public struct Day: Sendable, Equatable {
        public var date: String
        /// How many entries the day has; 0 is a day not logged.
        public var entryCount: Int
        /// Sums by nutrient key, derived nutrients included (`vitamin_a_rae_ug`).
        public var totals: [String: Double]
        /// Energy by meal slot.
        public var mealKcal: [String: Double]
        public var waterMl: Double
        public var exerciseKcal: Double
        /// The weight weighed that day, if any.
        public var weightKg: Double?

        /// Energy eaten.
        public var kcal: Double { totals["energy_kcal"] ?? 0 }
        /// Whether anything was eaten and logged.
        public var logged: Bool { entryCount > 0 }
    }

    public var period: Period
    /// The day the summary was read on; later days of the period are left out.
    public var today: String
    /// Every day of the period up to `today`, in order.
    public var days: [Day]
    /// The period's entries, by date and meal slot, with derived nutrients added to their snapshots.
    public var entries: [JournalEntry]
    /// Weighings in the period, oldest first.
    public var weights: [WeightRecord]
    /// Weighings of the four weeks before the period's end (or the period, when longer), for the weight trend.
    public var trendWeights: [WeightRecord]
    /// Days before the end that the weight trend looks back.
    public static let trendDays = 27
    /// Meal slots in display order.
    public var mealOrder: [String]
    /// The targets on the period's last day (or today).
    public var plan: TargetPlan
    /// Age and sex, for the Dietary Reference Intakes.
    public var age: Int?
    public var sex: ProfileRecord.Sex?

    /// Reads `period` (up to `today`) from the journal: one query each for entries, water, exercise and weights.
    public static func load(_ period: Period, today: String, journal: any JournalStore, derived: DerivedNutrients) throws -> PeriodSummary {
        let end = min(period.end, today)
        let dates = period.days(through: today)
        let raw = dates.isEmpty ? [] : try journal.periodEntries(from: period.start, to: end)
        let entries = raw.map { entry -> JournalEntry in
            var enriched = entry
            enriched.nutrients = derived.adding(to: entry.nutrients)
            return enriched
        }
        let water = dates.isEmpty ? [:] : try journal.waterByDay(from: period.start, to: end)
        let exercise = dates.isEmpty ? [] : try journal.exercise(from: period.start, to: end)
        // Weights reach back four weeks before the end, so a week's report still sees the weight trend.
        let trendStart = min(period.start, DayArithmetic.adding(-Self.trendDays, to: end) ?? period.start)
        let trendWeights = try journal.weights(from: trendStart, to: end)
        let weights = trendWeights.filter { $0.date >= period.start }
        let profile = try journal.profile()
        let planDay = dates.last ?? period.start
        var byDay: [String: Day] = [:]
        for date in dates {
            byDay[date] = Day(date: date, entryCount: 0, totals: [:], mealKcal: [:], waterMl: water[date] ?? 0, exerciseKcal: 0)
        }
        for entry in entries {
            guard var day = byDay[entry.date] else { continue }
            day.entryCount += 1
            for (key, amount) in entry.nutrients { day.totals[key, default: 0] += amount }
            day.mealKcal[entry.meal, default: 0] += entry.kcal
            byDay[entry.date] = day
        }
        for bout in exercise { byDay[bout.date]?.exerciseKcal += bout.kcal }
        for weight in weights { byDay[weight.date]?.weightKg = weight.kilograms }
        return PeriodSummary(period: period, today: today, days: dates.compactMap { byDay[$0] }, entries: entries,
                             weights: weights, trendWeights: trendWeights, mealOrder: try journal.mealSlots().map(\.name),
                             plan: try journal.targetPlan(on: planDay), age: profile.age(on: planDay), sex: profile.sex)
    }

    /// Days with something logged.
    public var loggedDays: [Day] { days.filter(\.logged) }

    /// The sum of `key` over the period.
    public func total(_ key: String) -> Double {
        days.reduce(0) { $0 + ($1.totals[key] ?? 0) }
    }

    /// The mean of `key` per logged day (0 with none logged).
    public func meanPerLoggedDay(_ key: String) -> Double {
        let logged = loggedDays
        return logged.isEmpty ? 0 : logged.reduce(0) { $0 + ($1.totals[key] ?? 0) } / Double(logged.count)
    }

    /// The calorie goal of the period.
    public var calorieGoal: Double { plan.energy.value }
}
