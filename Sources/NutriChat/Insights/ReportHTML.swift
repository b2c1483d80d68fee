import Foundation

/// The report as one self-contained HTML file: inline CSS and SVG charts, no scripts, no network.
public struct ReportHTML {
    public var report: InsightReport

    /// A renderer of `report`.
    public init(report: InsightReport) { self.report = report }

    static let colors = (hit: "#2e7d32", over: "#c62828", under: "#f9a825", goal: "#37474f", empty: "#cfd8dc",
                         macros: ["#1565c0", "#ef6c00", "#6a1b9a", "#9e9e9e"])

    /// The whole document.
    public func render() -> String {
        let summary = report.summary
        var body = "<h1>\(Self.escape(summary.period.title))</h1>\n<p class=\"sub\">\(summary.days.count) days, "
            + "\(summary.loggedDays.count) logged · calorie goal \(Self.escape(ReplyText.kcal(summary.calorieGoal)))</p>\n"
        body += section("Energy per day", energyChart() + "<p class=\"note\">Bars: green within ±10 % of the goal, red over, "
                        + "amber under; the dark line is the goal.</p>")
        body += section("Energy from macros", macroPie())
        body += section("Per day", dailyTable() + barChart(report.summary.days.map { ($0.date, $0.waterMl) }, color: "#0277bd", unit: "ml water")
                        + barChart(report.summary.days.map { ($0.date, $0.exerciseKcal) }, color: "#558b2f", unit: "kcal exercise"))
        if report.weight.points.count >= 2 { body += section("Weight", weightChart()) }
        body += section("Meals", shareBar(report.patterns.meals) + shareBar(report.patterns.timesOfDay))
        body += section("Top foods", topFoodTables())
        body += section("Vitamins and minerals", nutrientChart())
        body += section("Goals hit", goalTable())
        let patterns = PatternText(patterns: report.patterns, paint: TextPaint(enabled: false))
        body += section("Patterns", [patterns.weekdays(), patterns.overFoods(), patterns.biggestMeal()]
                            .map { "<p>\(Self.escape($0))</p>" }.joined())
        if let adjustment = report.adjustment {
            body += section("Suggested calorie target", "<p>\(Self.escape(adjustment.explanation))</p>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>NutriChat · \(Self.escape(summary.period.title))</title>
            <style>
            body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#263238;background:#fff}
            h1{margin-bottom:0}h2{border-bottom:1px solid #cfd8dc;padding-bottom:.2em;margin-top:1.6em}
            .sub,.note{color:#607d8b}table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .6em;text-align:right}
            th{color:#607d8b;font-weight:600}td:first-child,th:first-child{text-align:left;white-space:nowrap}svg{display:block;margin:.5em 0}
            .low{color:#c62828}.tables{display:flex;flex-wrap:wrap;gap:2em}
            </style></head><body>
            \(body)</body></html>

            """
    }

    func section(_ title: String, _ content: String) -> String {
        "<section><h2>\(Self.escape(title))</h2>\n\(content)\n</section>\n"
    }

    /// Text safe inside HTML.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    // MARK: - Charts

    /// Energy bars per day with the goal as a line.
    func energyChart() -> String {
        let days = report.summary.days
        let goal = report.summary.calorieGoal
        let maximum = max(days.map(\.kcal).max() ?? 0, goal * 1.25)
        let width = 900.0, height = 220.0, left = 50.0
        let step = (width - left) / Double(max(days.count, 1))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height + 30))\" role=\"img\" aria-label=\"Energy per day\">"
        for (index, day) in days.enumerated() {
            let barHeight = day.kcal / maximum * height
            let mark = ReportText.mark(kcal: day.kcal, goal: goal, logged: day.logged)
            let color = mark == "✓" ? Self.colors.hit : mark == "▲" ? Self.colors.over : mark == "▼" ? Self.colors.under : Self.colors.empty
            let x = left + Double(index) * step
            svg += "<rect x=\"\(Self.number(x + 1))\" y=\"\(Self.number(height - barHeight))\" width=\"\(Self.number(max(step - 2, 1)))\" "
                + "height=\"\(Self.number(barHeight))\" fill=\"\(color)\"><title>\(day.date): \(Int(day.kcal.rounded())) kcal</title></rect>"
            if days.count <= 31 || index % 7 == 0 {
                svg += "<text x=\"\(Self.number(x + step / 2))\" y=\"\(Int(height + 14))\" font-size=\"10\" text-anchor=\"middle\">\(day.date.suffix(2))</text>"
            }
        }
        let goalY = height - goal / maximum * height
        svg += "<line x1=\"\(Int(left))\" x2=\"\(Int(width))\" y1=\"\(Self.number(goalY))\" y2=\"\(Self.number(goalY))\" stroke=\"\(Self.colors.goal)\" stroke-width=\"2\"/>"
        svg += "<text x=\"0\" y=\"\(Self.number(goalY + 4))\" font-size=\"11\">\(Int(goal.rounded()))</text></svg>"
        return svg
    }

    /// A pie of the macros' energy shares, drawn as stroked circles (no path arithmetic needed).
    func macroPie() -> String {
        let radius = 60.0, circumference = 2 * Double.pi * 60
        var offset = 0.0
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"180\" role=\"img\" aria-label=\"Energy from macros\">"
        svg += "<circle cx=\"90\" cy=\"90\" r=\"\(Int(radius))\" fill=\"none\" stroke=\"\(Self.colors.empty)\" stroke-width=\"60\"/>"
        for (index, macro) in report.macros.enumerated() where macro.share > 0 {
            let length = macro.share * circumference
            svg += "<circle cx=\"90\" cy=\"90\" r=\"\(Int(radius))\" fill=\"none\" stroke=\"\(Self.colors.macros[index % 4])\" stroke-width=\"60\" "
                + "stroke-dasharray=\"\(Self.number(length)) \(Self.number(circumference))\" stroke-dashoffset=\"\(Self.number(-offset))\" "
                + "transform=\"rotate(-90 90 90)\"/>"
            offset += length
        }
        for (index, macro) in report.macros.enumerated() {
            let y = 40 + index * 30
            svg += "<rect x=\"190\" y=\"\(y - 12)\" width=\"14\" height=\"14\" fill=\"\(Self.colors.macros[index % 4])\"/>"
                + "<text x=\"212\" y=\"\(y)\" font-size=\"14\">\(Self.escape(report.describe(macro.key).label)) "
                + "\(Int((macro.share * 100).rounded())) %</text>"
        }
        return svg + "</svg>"
    }

    /// Small bars of one figure per day.
    func barChart(_ values: [(date: String, value: Double)], color: String, unit: String) -> String {
        let maximum = values.map(\.value).max() ?? 0
        guard maximum > 0 else { return "<p class=\"note\">No \(Self.escape(unit)) logged.</p>" }
        let width = 900.0, height = 60.0
        let step = width / Double(max(values.count, 1))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height + 16))\" role=\"img\" aria-label=\"\(Self.escape(unit))\">"
        for (index, item) in values.enumerated() {
            let barHeight = item.value / maximum * height
            svg += "<rect x=\"\(Self.number(Double(index) * step + 1))\" y=\"\(Self.number(height - barHeight))\" width=\"\(Self.number(max(step - 2, 1)))\" "
                + "height=\"\(Self.number(barHeight))\" fill=\"\(color)\"><title>\(item.date): \(Int(item.value.rounded())) \(Self.escape(unit))</title></rect>"
        }
        return svg + "<text x=\"0\" y=\"\(Int(height + 14))\" font-size=\"11\">\(Self.escape(unit)), most \(Int(maximum.rounded()))</text></svg>"
    }

    /// Weighings as dots and their 7-day average as a line.
    func weightChart() -> String {
        let points = report.weight.points
        let values = points.flatMap { [$0.kilograms, $0.average] }
        guard let low = values.min(), let high = values.max(), let first = points.first?.date else { return "" }
        let span = Double(max(report.weight.spanDays, 1)), range = max(high - low, 0.5)
        let width = 900.0, height = 160.0, left = 50.0
        func x(_ date: String) -> Double { left + Double(DayArithmetic.days(from: first, to: date) ?? 0) / span * (width - left - 10) }
        func y(_ kg: Double) -> Double { 10 + (high - kg) / range * (height - 20) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"Weight\">"
        svg += "<polyline fill=\"none\" stroke=\"\(Self.colors.goal)\" stroke-width=\"2\" points=\""
            + points.map { "\(Self.number(x($0.date))),\(Self.number(y($0.average)))" }.joined(separator: " ") + "\"/>"
        for point in points {
            svg += "<circle cx=\"\(Self.number(x(point.date)))\" cy=\"\(Self.number(y(point.kilograms)))\" r=\"3\" fill=\"#1565c0\">"
                + "<title>\(point.date): \(String(format: "%.1f", point.kilograms)) kg</title></circle>"
        }
        svg += "<text x=\"0\" y=\"14\" font-size=\"11\">\(String(format: "%.1f", high))</text>"
        return svg + "<text x=\"0\" y=\"\(Int(height - 4))\" font-size=\"11\">\(String(format: "%.1f", low))</text></svg>"
    }
}
