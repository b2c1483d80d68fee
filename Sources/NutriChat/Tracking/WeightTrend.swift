import Foundation
import NutriStore

/// Weights over time with a 7-day moving average and the change per week.
public struct WeightTrend: Sendable, Equatable {
    /// One weighed day and the average of the weights in the 7 days ending that day.
    public struct Point: Sendable, Equatable {
        public var date: String
        public var kilograms: Double
        public var average: Double
    }

    public var points: [Point]
    /// The least-squares slope of the weights, in kg per week; nil with fewer than two weighings a week apart.
    public var changePerWeekKg: Double?

    /// The latest point.
    public var latest: Point? { points.last }

    /// Days from the first to the last weighing.
    public var spanDays: Int {
        guard let first = points.first, let last = points.last else { return 0 }
        return DayArithmetic.days(from: first.date, to: last.date) ?? 0
    }

    /// The trend of `records` (any order; one per date, as the journal keeps them).
    public static func make(_ records: [WeightRecord]) -> WeightTrend {
        let sorted = records.sorted { $0.date < $1.date }
        var points: [Point] = []
        for record in sorted {
            let window = sorted.filter { other in
                guard let days = DayArithmetic.days(from: other.date, to: record.date) else { return false }
                return days >= 0 && days < 7
            }
            let average = window.reduce(0) { $0 + $1.kilograms } / Double(max(window.count, 1))
            points.append(Point(date: record.date, kilograms: record.kilograms, average: average))
        }
        return WeightTrend(points: points, changePerWeekKg: slopePerWeek(points))
    }

    /// Least squares over (day, kg); needs at least two points at least 6 days apart.
    static func slopePerWeek(_ points: [Point]) -> Double? {
        guard points.count >= 2, let first = points.first?.date else { return nil }
        let xs = points.map { Double(DayArithmetic.days(from: first, to: $0.date) ?? 0) }
        guard let span = xs.last, span >= 6 else { return nil }
        let ys = points.map(\.kilograms)
        let n = Double(points.count)
        let meanX = xs.reduce(0, +) / n, meanY = ys.reduce(0, +) / n
        let sxx = zip(xs, xs).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanX) }
        guard sxx > 0 else { return nil }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        return sxy / sxx * 7
    }
}

/// A terminal line chart of a weight trend: weighings as ●, the 7-day average as ·, a value axis on the left and
/// the first and last dates below. Pure text, so it is tested like any other output.
public struct WeightChart: Sendable {
    public var rows = 8
    public var columns = 56
    /// Pounds when imperial.
    public var units: ProfileRecord.Units = .metric

    /// Creates a chart layout.
    public init(rows: Int = 8, columns: Int = 56, units: ProfileRecord.Units = .metric) {
        self.rows = max(3, rows)
        self.columns = max(10, columns)
        self.units = units
    }

    /// The chart's lines; empty for fewer than two weighings.
    public func render(_ trend: WeightTrend) -> [String] {
        guard trend.points.count >= 2, let first = trend.points.first?.date else { return [] }
        let convert: (Double) -> Double = { units == .imperial ? UnitConversion.pounds(fromKilograms: $0) : $0 }
        let values = trend.points.flatMap { [convert($0.kilograms), convert($0.average)] }
        guard var low = values.min(), var high = values.max() else { return [] }
        if high - low < 1 { low -= 0.5; high += 0.5 }
        let span = max(1, trend.spanDays)
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        func place(_ date: String, _ value: Double, _ mark: Character) {
            let day = DayArithmetic.days(from: first, to: date) ?? 0
            let column = Int((Double(day) / Double(span) * Double(columns - 1)).rounded())
            let row = rows - 1 - Int(((value - low) / (high - low) * Double(rows - 1)).rounded())
            guard grid.indices.contains(row), grid[row].indices.contains(column) else { return }
            if mark == "●" || grid[row][column] == " " { grid[row][column] = mark }
        }
        for point in trend.points { place(point.date, convert(point.average), "·") }
        for point in trend.points { place(point.date, convert(point.kilograms), "●") }
        let unit = units == .imperial ? "lb" : "kg"
        let labels = (0..<rows).map { row -> String in
            guard row == 0 || row == rows - 1 || row == rows / 2 else { return "" }
            let value = high - (high - low) * Double(row) / Double(rows - 1)
            return String(format: "%.1f", value)
        }
        let width = max(labels.map(\.count).max() ?? 0, unit.count)
        var lines = [unit.padding(toLength: width, withPad: " ", startingAt: 0)]
        for row in 0..<rows {
            let label = String(repeating: " ", count: width - labels[row].count) + labels[row]
            lines.append(label + " │" + String(grid[row]))
        }
        lines.append(String(repeating: " ", count: width) + " └" + String(repeating: "─", count: columns))
        let last = trend.points.last?.date ?? first
        let gap = max(1, columns - first.count - last.count)
        lines.append(String(repeating: " ", count: width + 2) + first + String(repeating: " ", count: gap) + last)
        lines.append(String(repeating: " ", count: width + 2) + "● weight  · 7-day average")
        return lines
    }
}
