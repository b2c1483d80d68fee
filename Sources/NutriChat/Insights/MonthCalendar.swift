import Foundation
import NutriStore

/// A month as a grid of weeks (Monday first), each day with its energy against the goal, or its weight.
public struct MonthCalendar: Sendable {
    /// How a day stands against the calorie goal.
    public enum Status: String, Sendable {
        case hit, over, under
        /// Nothing logged.
        case empty
        /// After today.
        case future
    }

    /// One day of the grid.
    public struct Cell: Sendable, Equatable {
        public var date: String
        public var day: Int
        public var kcal: Double?
        public var weightKg: Double?
        public var status: Status
    }

    public var period: Period
    public var goal: Double
    /// Weeks of seven cells, Monday first; nil for days outside the month.
    public var weeks: [[Cell?]]
    /// Whether weights are shown instead of energy.
    public var showsWeight: Bool
    public var units: ProfileRecord.Units

    /// The calendar of `summary` (a month summary; days after today are future).
    public static func make(_ summary: PeriodSummary, weight: Bool, units: ProfileRecord.Units) -> MonthCalendar {
        let goal = summary.calorieGoal
        let known = Dictionary(summary.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let cells: [Cell] = summary.period.days.map { date in
            let day = DayArithmetic.parts(date)?.day ?? 0
            guard let figures = known[date] else { return Cell(date: date, day: day, status: .future) }
            let status: Status = !figures.logged ? .empty
                : abs(figures.kcal - goal) <= goal * GoalStreaks.calorieTolerance ? .hit : figures.kcal > goal ? .over : .under
            return Cell(date: date, day: day, kcal: figures.logged ? figures.kcal : nil, weightKg: figures.weightKg, status: status)
        }
        let lead = ((DayArithmetic.weekday(summary.period.start) ?? 2) + 5) % 7  // days before the 1st, Monday first
        var slots: [Cell?] = Array(repeating: nil, count: lead) + cells
        while slots.count % 7 != 0 { slots.append(nil) }
        let weeks = stride(from: 0, to: slots.count, by: 7).map { Array(slots[$0..<$0 + 7]) }
        return MonthCalendar(period: summary.period, goal: goal, weeks: weeks, showsWeight: weight, units: units)
    }

    /// Cell width in columns: seven cells and their gaps fit 80 columns.
    static let cellWidth = 10

    /// The grid as text: a title, weekday names, then two lines per week (day numbers, figures with a mark).
    public func text(paint: TextPaint) -> String {
        let legend = showsWeight ? "weight in \(units == .imperial ? "lb" : "kg")"
            : "goal \(ReplyText.kcal(goal)) · ✓ within 10 %  ▲ over  ▼ under"
        var lines = [paint.bold(period.title) + paint.dim("  " + legend)]
        lines.append(paint.dim((0..<7).map { index in
            String(DayArithmetic.weekdayNames[(index + 1) % 7].prefix(3)).padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0)
        }.joined().trimmingCharacters(in: .whitespaces)))
        for week in weeks {
            lines.append(week.map { cell in
                (cell.map { String($0.day) } ?? "").padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0)
            }.joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
            lines.append(week.map { cell in figure(cell, paint: paint) }.joined()
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        return lines.joined(separator: "\n")
    }

    /// One cell's figure, padded to the cell width ("1,850 ✓ ", "–").
    func figure(_ cell: Cell?, paint: TextPaint) -> String {
        let blank = String(repeating: " ", count: Self.cellWidth)
        guard let cell else { return blank }
        if showsWeight {
            guard let kg = cell.weightKg else { return cell.status == .future ? blank : "–".padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0) }
            let value = units == .imperial ? kg / 0.45359237 : kg
            return String(format: "%.1f", value).padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0)
        }
        let text: String
        switch cell.status {
        case .future: return blank
        case .empty: text = "–"
        case .hit, .over, .under: text = TextChart.whole(cell.kcal ?? 0) + " " + mark(cell.status)
        }
        let padded = text.padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0)
        switch cell.status {
        case .hit: return paint.green(padded)
        case .over: return paint.red(padded)
        case .under: return paint.yellow(padded)
        default: return paint.dim(padded)
        }
    }

    func mark(_ status: Status) -> String {
        switch status {
        case .hit: return "✓"
        case .over: return "▲"
        case .under: return "▼"
        default: return ""
        }
    }

    /// The `calendar --json` object.
    public var json: JSONValue {
        .object([("month", .string(String(period.start.prefix(7)))), ("goal_kcal", .rounded(goal)),
                 ("days", .array(weeks.flatMap { $0 }.compactMap { $0 }.map { cell in
                     .object([("date", .string(cell.date)), ("energy_kcal", .optional(cell.kcal)),
                              ("status", .string(cell.status.rawValue)), ("weight_kg", .optional(cell.weightKg, places: 2))])
                 }))])
    }
}
