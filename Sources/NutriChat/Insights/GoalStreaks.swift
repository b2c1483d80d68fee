import Foundation

/// Which days hit which goal, with counts and streaks. A day hits its calorie goal when it was logged and its
/// energy is within ±10 % of the goal, its protein goal at or above the target, its water goal at or above the
/// target. Today counts only once hit: the day is not over.
public struct GoalStreaks: Sendable, Equatable {
    /// The goals a day can hit.
    public enum Goal: String, Sendable, CaseIterable {
        case calories = "energy_kcal"
        case protein = "protein_g"
        case water = "water_ml"
    }

    /// One goal's record over the period.
    public struct Record: Sendable, Equatable {
        public var goal: Goal
        public var target: Double
        /// Days hit.
        public var hits: Int
        /// Days judged: every day of the period up to yesterday, and today once hit.
        public var days: Int
        /// Hit days in a row ending on the last day judged.
        public var current: Int
        public var longest: Int
        /// The dates hit, in order.
        public var hitDates: [String]
    }

    /// How far from the calorie goal still counts as hitting it.
    public static let calorieTolerance = 0.10

    public var records: [Record]

    /// Whether `day` hits `goal` against `target`.
    public static func hits(_ goal: Goal, day: PeriodSummary.Day, target: Double) -> Bool {
        guard target > 0 else { return false }
        switch goal {
        case .calories: return day.logged && abs(day.kcal - target) <= target * calorieTolerance
        case .protein: return day.logged && (day.totals["protein_g"] ?? 0) >= target
        case .water: return day.waterMl >= target
        }
    }

    /// The records of `summary`'s days against its targets.
    public static func make(_ summary: PeriodSummary) -> GoalStreaks {
        let targets: [Goal: Double] = [.calories: summary.plan.energy.value, .protein: summary.plan.protein.value,
                                       .water: summary.plan.water.value]
        // Days before anything was logged are not misses: the journal had not started.
        let days = Array(summary.days.drop { !$0.logged && $0.waterMl == 0 })
        return GoalStreaks(records: Goal.allCases.map { goal in
            record(goal, days: days, target: targets[goal] ?? 0, today: summary.today)
        })
    }

    /// One goal's counts and streaks over `days` (in date order).
    static func record(_ goal: Goal, days: [PeriodSummary.Day], target: Double, today: String) -> Record {
        var result = Record(goal: goal, target: target, hits: 0, days: 0, current: 0, longest: 0, hitDates: [])
        var run = 0
        for day in days {
            let hit = hits(goal, day: day, target: target)
            if day.date == today && !hit { continue }  // today is still open: not a miss yet
            result.days += 1
            if hit {
                result.hits += 1
                result.hitDates.append(day.date)
                run += 1
                result.longest = max(result.longest, run)
            } else {
                run = 0
            }
        }
        result.current = run
        return result
    }

    /// The record of one goal.
    public subscript(goal: Goal) -> Record? { records.first { $0.goal == goal } }
}
