import Foundation
import NutriStore

/// The terminal report: Unicode bars and tables that fit 80 columns, coloured against the goal when colour is on.
public struct ReportText {
    public var report: InsightReport
    public var paint: TextPaint
    /// The widest line written.
    public static let width = 80
    /// Days shown one per row; longer periods are shown as weekly means.
    static let dailyRowsLimit = 31

    /// A renderer of `report`.
    public init(report: InsightReport, paint: TextPaint) {
        self.report = report
        self.paint = paint
    }

    /// The whole report.
    public func render() -> String {
        let summary = report.summary
        var lines = [paint.bold(summary.period.title) + paint.dim(
            "  \(summary.days.count) days, \(summary.loggedDays.count) logged · goal \(ReplyText.kcal(summary.calorieGoal))")]
        guard !summary.loggedDays.isEmpty || summary.days.contains(where: { $0.waterMl > 0 || $0.weightKg != nil }) else {
            return (lines + ["", "Nothing logged in this period."]).joined(separator: "\n")
        }
        lines += [""] + energySection() + [""] + perDaySection() + [""] + balanceSection()
        lines += weightSection() + [""] + topFoodsSection() + [""] + nutrientSection() + [""] + goalSection()
        lines += PatternText(patterns: report.patterns, paint: paint).summaryLines()
        if let adjustment = report.adjustment {
            lines += ["", paint.bold("Suggested calorie target")] + ReportText.wrap(adjustment.explanation, indent: "  ")
                + ["  To apply it, say \"set my calorie goal to \(TextChart.whole(adjustment.suggestedTarget))\" in chat."]
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Energy

    /// Energy per day against the goal, one bar per day (weekly means for long periods).
    func energySection() -> [String] {
        let goal = report.summary.calorieGoal
        let rows = report.summary.days.count > Self.dailyRowsLimit ? weeklyRows() : report.summary.days.map { day in
            (label: Self.dayLabel(day.date), kcal: day.kcal, logged: day.logged)
        }
        let maximum = max(rows.map(\.kcal).max() ?? 0, goal * 1.25)
        let barWidth = 48
        let goalColumn = min(Int((goal / maximum * Double(barWidth)).rounded()), barWidth - 1)
        var lines = [paint.bold("Energy per day") + paint.dim("  (│ = goal \(ReplyText.kcal(goal)); ✓ within 10 %, ▲ over, ▼ under)")]
        for row in rows {
            var bar = Array(TextChart.bar(row.kcal, maximum: maximum, width: barWidth))
            if bar[goalColumn] == " " { bar[goalColumn] = "│" }
            let mark = Self.mark(kcal: row.kcal, goal: goal, logged: row.logged)
            let figure = row.logged ? TextChart.whole(row.kcal).leftPadded(6) + " " + mark : "     – " + mark
            lines.append("  \(row.label)  \(color(String(bar), mark: mark)) \(figure)")
        }
        return lines
    }

    /// Weekly mean energy over logged days, labelled by each week's first day.
    func weeklyRows() -> [(label: String, kcal: Double, logged: Bool)] {
        stride(from: 0, to: report.summary.days.count, by: 7).map { start in
            let week = report.summary.days[start..<min(start + 7, report.summary.days.count)]
            let logged = week.filter(\.logged)
            let mean = logged.isEmpty ? 0 : logged.reduce(0) { $0 + $1.kcal } / Double(logged.count)
            return (label: Self.dayLabel(week.first?.date ?? ""), kcal: mean, logged: !logged.isEmpty)
        }
    }

    /// "Sa 11-21".
    static func dayLabel(_ date: String) -> String {
        let weekday = DayArithmetic.weekday(date).map { String(DayArithmetic.weekdayNames[$0 - 1].prefix(2)) } ?? "  "
        return weekday + " " + String(date.dropFirst(5))
    }

    /// ✓ within ±10 % of the goal, ▲ over, ▼ under, · not logged.
    static func mark(kcal: Double, goal: Double, logged: Bool) -> String {
        guard logged else { return "·" }
        if abs(kcal - goal) <= goal * GoalStreaks.calorieTolerance { return "✓" }
        return kcal > goal ? "▲" : "▼"
    }

    func color(_ text: String, mark: String) -> String {
        switch mark {
        case "✓": return paint.green(text)
        case "▲": return paint.red(text)
        case "▼": return paint.yellow(text)
        default: return paint.dim(text)
        }
    }

    // MARK: - Per day

    /// Protein, fibre, sugars, sodium, water and exercise per day (weekly means for long periods).
    func perDaySection() -> [String] {
        let header = "  " + "".padding(toLength: 8, withPad: " ", startingAt: 0)
            + ["protein", "carbs", "fat", "fibre", "sugars", "sodium", "water"].map { $0.leftPadded(8) }.joined() + "exercise".leftPadded(9)
        var lines = [paint.bold("Per day") + paint.dim("  (g; sodium mg, water ml, exercise kcal)"), paint.dim(header)]
        let days = report.summary.days
        let groups: [[PeriodSummary.Day]] = days.count > Self.dailyRowsLimit
            ? stride(from: 0, to: days.count, by: 7).map { Array(days[$0..<min($0 + 7, days.count)]) } : days.map { [$0] }
        for group in groups {
            let logged = group.filter(\.logged)
            func mean(_ value: (PeriodSummary.Day) -> Double, over set: [PeriodSummary.Day]) -> Double {
                set.isEmpty ? 0 : set.reduce(0) { $0 + value($1) } / Double(set.count)
            }
            var cells = InsightReport.dailyKeys.map { key in
                logged.isEmpty ? "–" : TextChart.amount(mean({ $0.totals[key] ?? 0 }, over: logged))
            }
            cells.append(TextChart.whole(mean(\.waterMl, over: group)))
            cells.append(TextChart.whole(mean(\.exerciseKcal, over: group)))
            let exercise = cells.removeLast()
            lines.append("  " + Self.dayLabel(group.first?.date ?? "") + cells.map { $0.leftPadded(8) }.joined() + exercise.leftPadded(9))
        }
        return lines
    }

    // MARK: - Balance

    /// Averages, the macro split as a stacked bar, meal-slot shares.
    func balanceSection() -> [String] {
        let summary = report.summary
        let averages = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g"].map { key -> String in
            let (label, unit) = report.describe(key)
            return "\(label.lowercased()) \(TextChart.amount(summary.meanPerLoggedDay(key))) \(unit)"
        }
        var lines = [paint.bold("Average per logged day"), "  " + averages.joined(separator: " · ")]
        let symbols: [String: Character] = ["protein_g": "█", "carbohydrate_g": "▓", "fat_g": "▒", "alcohol_g": "░"]
        let width = 60
        var bar = ""
        for macro in report.macros { bar += String(repeating: symbols[macro.key] ?? " ", count: Int((macro.share * Double(width)).rounded())) }
        lines.append("  Energy from  " + String(bar.prefix(width)))
        let legend = report.macros.filter { $0.share > 0 || $0.key != "alcohol_g" }.map { macro in
            "\(symbols[macro.key] ?? " ") \(report.describe(macro.key).label.lowercased()) \(TextChart.percent(macro.share))"
        }
        lines.append("               " + legend.joined(separator: "  "))
        if !report.patterns.meals.isEmpty {
            lines += ReportText.wrap("Meals: " + report.patterns.meals.map { "\($0.name) \(TextChart.percent($0.share))" }
                .joined(separator: " · "), indent: "  ")
        }
        return lines
    }

    // MARK: - Weight

    func weightSection() -> [String] {
        let points = report.weight.points
        guard let first = points.first, let last = points.last else { return [] }
        var line = String(format: "  %.1f kg (%@) → %.1f kg (%@)", first.kilograms, String(first.date.dropFirst(5)),
                          last.kilograms, String(last.date.dropFirst(5)))
        if let change = report.weight.changePerWeekKg { line += String(format: ", %+.2f kg a week", change) }
        let spark = TextChart.sparkline(points.map { Optional($0.kilograms) })
        return ["", paint.bold("Weight") + paint.dim("  (one mark per weighing)"), line, "  " + String(spark.suffix(Self.width - 4))]
    }

    // MARK: - Foods

    func topFoodsSection() -> [String] {
        var lines = [paint.bold("Top foods")]
        for ranked in report.topFoods where !ranked.foods.isEmpty {
            let (label, unit) = report.describe(ranked.key)
            lines.append("  " + paint.bold("by \(label.lowercased())"))
            for (index, food) in ranked.foods.prefix(ranked.key == "energy_kcal" ? 5 : 3).enumerated() {
                lines.append("    \(index + 1). " + TextChart.fit(food.name, 56) + "\(TextChart.amount(food.amount)) \(unit)".leftPadded(12))
            }
        }
        return lines
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension ReportText {
    /// `text` wrapped at spaces to the report width, each line starting with `indent`.
    static func wrap(_ text: String, indent: String) -> [String] {
        ReplyLayout.wrapped(indent + text, width: width).split(separator: "\n").map { line in
            line.hasPrefix(indent) ? String(line) : indent + line
        }
    }
}
