import Foundation
import NutriLanguage
import NutriStore

/// When and with what a person runs over: mean energy by weekday, foods over-represented on days over the calorie
/// goal, and how the day's energy splits by meal slot and time of day. Each part says when there are too few days.
public struct EatingPatterns: Sendable {
    /// Logged days needed before weekday means are shown (two of each weekday).
    public static let minimumDaysForWeekdays = 14
    /// Days of each kind (over the goal, not over) needed before foods are compared.
    public static let minimumDaysPerSide = 3
    /// A food must be on at least this many over-goal days to be named.
    public static let minimumFoodDays = 3
    /// How much more often (share of over-goal days minus share of other days) a food must appear to be named.
    public static let minimumShareGap = 0.25
    /// A day is over the goal when its energy is above the goal by more than the calorie tolerance (10 %).
    public static let overFactor = 1 + GoalStreaks.calorieTolerance

    /// One weekday's mean energy.
    public struct Weekday: Sendable, Equatable {
        /// 1 = Sunday … 7 = Saturday.
        public var weekday: Int
        public var name: String
        public var days: Int
        public var meanKcal: Double
    }

    /// A food seen more often on over-goal days.
    public struct OverFood: Sendable, Equatable {
        /// How the person usually names it ("a slice of pizza").
        public var name: String
        public var overDays: Int
        public var overShare: Double
        public var otherDays: Int
        public var otherShare: Double
    }

    /// A share of the period's energy.
    public struct Share: Sendable, Equatable {
        public var name: String
        public var kcal: Double
        public var share: Double
    }

    public var loggedDays: Int
    /// Weekdays by mean energy, highest first; empty with too few days.
    public var weekdays: [Weekday]
    public var overGoalDays: Int
    public var otherDays: Int
    /// Foods over-represented on over-goal days, strongest first; nil with too few days on either side.
    public var overFoods: [OverFood]?
    public var meals: [Share]
    public var timesOfDay: [Share]

    /// Whether there are enough logged days for weekday means.
    public var weekdaysKnown: Bool { loggedDays >= Self.minimumDaysForWeekdays }

    /// The patterns of `summary`; `times` are the time-of-day bands (`Lexicon/time-of-day.tsv`).
    public static func make(_ summary: PeriodSummary, times: TimeOfDayBands, calendar: Calendar = .current) -> EatingPatterns {
        let logged = summary.loggedDays
        let goal = summary.calorieGoal
        let over = logged.filter { $0.kcal > goal * overFactor }
        let other = logged.filter { $0.kcal <= goal * overFactor }
        return EatingPatterns(
            loggedDays: logged.count,
            weekdays: logged.count >= minimumDaysForWeekdays ? weekdayMeans(logged) : [],
            overGoalDays: over.count, otherDays: other.count,
            overFoods: over.count >= minimumDaysPerSide && other.count >= minimumDaysPerSide
                ? overFoods(summary.entries, over: Set(over.map(\.date)), other: Set(other.map(\.date))) : nil,
            meals: mealShares(summary),
            timesOfDay: timeShares(summary.entries, bands: times, calendar: calendar))
    }

    /// Mean energy per weekday over logged days, highest first.
    static func weekdayMeans(_ days: [PeriodSummary.Day]) -> [Weekday] {
        var sums: [Int: (Double, Int)] = [:]
        for day in days {
            guard let weekday = DayArithmetic.weekday(day.date) else { continue }
            let sum = sums[weekday] ?? (0, 0)
            sums[weekday] = (sum.0 + day.kcal, sum.1 + 1)
        }
        return sums.map { weekday, sum in
            Weekday(weekday: weekday, name: DayArithmetic.weekdayNames[weekday - 1], days: sum.1, meanKcal: sum.0 / Double(sum.1))
        }.sorted { ($0.meanKcal, -$0.weekday) > ($1.meanKcal, -$1.weekday) }
    }

    /// Foods on at least `minimumFoodDays` over-goal days whose share of over-goal days beats their share of other
    /// days by `minimumShareGap`, by that gap.
    static func overFoods(_ entries: [JournalEntry], over: Set<String>, other: Set<String>) -> [OverFood] {
        var daysByFood: [String: Set<String>] = [:]
        var names: [String: [String: Int]] = [:]
        for entry in entries {
            let food = entry.foodId.isEmpty ? entry.foodName : entry.foodId
            daysByFood[food, default: []].insert(entry.date)
            names[food, default: [:]][entry.text, default: 0] += 1
        }
        var found: [OverFood] = []
        for (food, days) in daysByFood {
            let onOver = days.intersection(over).count
            let onOther = days.intersection(other).count
            let overShare = Double(onOver) / Double(over.count)
            let otherShare = Double(onOther) / Double(other.count)
            guard onOver >= minimumFoodDays, overShare - otherShare >= minimumShareGap else { continue }
            let name = names[food]?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? food
            found.append(OverFood(name: name, overDays: onOver, overShare: overShare, otherDays: onOther, otherShare: otherShare))
        }
        return found.sorted { ($0.overShare - $0.otherShare, $1.name) > ($1.overShare - $1.otherShare, $0.name) }
    }

    /// Energy by meal slot, in slot order, with each slot's share.
    static func mealShares(_ summary: PeriodSummary) -> [Share] {
        var kcal: [String: Double] = [:]
        for day in summary.days { for (meal, value) in day.mealKcal { kcal[meal, default: 0] += value } }
        let total = kcal.values.reduce(0, +)
        let order = summary.mealOrder + kcal.keys.filter { !summary.mealOrder.contains($0) }.sorted()
        return order.compactMap { meal in
            guard let value = kcal[meal], value > 0 else { return nil }
            return Share(name: meal, kcal: value, share: total > 0 ? value / total : 0)
        }
    }

    /// Energy by the time of day entries were logged, for entries logged on the day they are for (a meal logged
    /// the next morning says nothing about when it was eaten).
    static func timeShares(_ entries: [JournalEntry], bands: TimeOfDayBands, calendar: Calendar) -> [Share] {
        var kcal: [String: Double] = [:]
        for entry in entries {
            let parts = calendar.dateComponents([.year, .month, .day, .hour], from: entry.createdAt)
            guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
                  DayArithmetic.format(year, month, day) == entry.date else { continue }
            kcal[bands.name(hour: hour), default: 0] += entry.kcal
        }
        let total = kcal.values.reduce(0, +)
        return bands.names.compactMap { name in
            guard let value = kcal[name], value > 0 else { return nil }
            return Share(name: name, kcal: value, share: value / total)
        }
    }
}

/// Names of the day's parts by hour (`Lexicon/time-of-day.tsv`): morning, afternoon, evening, night.
public struct TimeOfDayBands: Sendable {
    let bands: [(name: String, from: Int, to: Int)]

    /// Reads `time-of-day.tsv`.
    public static func load(from lexicon: URL) throws -> TimeOfDayBands {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("time-of-day.tsv"), required: ["name", "from_hour", "to_hour"])
        return TimeOfDayBands(bands: try table.rows.map { row in
            guard let from = Int(row["from_hour"]), let to = Int(row["to_hour"]), (0...24).contains(from), (0...24).contains(to) else {
                throw DataFileError(file: table.file, line: row.line, reason: "hours must be 0 to 24")
            }
            return (row["name"], from, to)
        })
    }

    /// The band names in table order.
    var names: [String] { bands.map(\.name) }

    /// The band an hour falls in; a band may wrap past midnight (22 to 4).
    func name(hour: Int) -> String {
        for band in bands {
            let inside = band.from <= band.to ? (hour >= band.from && hour < band.to) : (hour >= band.from || hour < band.to)
            if inside { return band.name }
        }
        return bands.last?.name ?? ""
    }
}
