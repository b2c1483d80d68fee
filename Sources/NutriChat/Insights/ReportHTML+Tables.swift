import Foundation

extension ReportHTML {
    /// One stacked bar of shares (meal slots or times of day) with a legend.
    func shareBar(_ shares: [EatingPatterns.Share]) -> String {
        guard !shares.isEmpty else { return "<p class=\"note\">Nothing logged.</p>" }
        let palette = ["#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#00838f", "#ad1457", "#9e9e9e"]
        var x = 0.0
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"56\" role=\"img\" aria-label=\"Shares\">"
        for (index, share) in shares.enumerated() {
            let width = share.share * 900
            svg += "<rect x=\"\(Self.number(x))\" y=\"0\" width=\"\(Self.number(width))\" height=\"24\" fill=\"\(palette[index % palette.count])\">"
                + "<title>\(Self.escape(share.name)): \(Int((share.share * 100).rounded())) %</title></rect>"
            if width > 60 {
                svg += "<text x=\"\(Self.number(x + 4))\" y=\"44\" font-size=\"12\">\(Self.escape(share.name)) \(Int((share.share * 100).rounded())) %</text>"
            }
            x += width
        }
        return svg + "</svg>"
    }

    /// Protein, carbs, fat, fibre, sugars, sodium, water and exercise per day.
    func dailyTable() -> String {
        let heads = ["day", "kcal", "protein g", "carbs g", "fat g", "fibre g", "sugars g", "sodium mg", "water ml", "exercise kcal"]
        var html = "<table><tr>" + heads.map { "<th>\($0)</th>" }.joined() + "</tr>"
        for day in report.summary.days {
            let cells = [day.kcal] + InsightReport.dailyKeys.map { day.totals[$0] ?? 0 } + [day.waterMl, day.exerciseKcal]
            html += "<tr><td>\(day.date)</td>" + cells.map { "<td>\(TextChart.amount($0))</td>" }.joined() + "</tr>"
        }
        return html + "</table>"
    }

    /// The top foods by energy and by each macro.
    func topFoodTables() -> String {
        var html = "<div class=\"tables\">"
        for ranked in report.topFoods where !ranked.foods.isEmpty {
            let (label, unit) = report.describe(ranked.key)
            html += "<table><tr><th>by \(Self.escape(label.lowercased()))</th><th>\(Self.escape(unit))</th></tr>"
            for food in ranked.foods {
                html += "<tr><td>\(Self.escape(food.name))</td><td>\(TextChart.amount(food.amount))</td></tr>"
            }
            html += "</table>"
        }
        return html + "</div>"
    }

    /// Each vitamin and mineral as a bar of its share of the target, with the top source.
    func nutrientChart() -> String {
        let lines = report.intake.lines
        guard report.intake.loggedDays > 0, !lines.isEmpty else { return "<p class=\"note\">Nothing logged.</p>" }
        let rowHeight = 22.0, labelWidth = 190.0, barWidth = 420.0
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"\(Int(Double(lines.count) * rowHeight + 10))\" "
            + "role=\"img\" aria-label=\"Vitamins and minerals\">"
        let full = labelWidth + barWidth / 1.5
        svg += "<line x1=\"\(Self.number(full))\" x2=\"\(Self.number(full))\" y1=\"0\" y2=\"\(Int(Double(lines.count) * rowHeight))\" stroke=\"#37474f\"/>"
        for (index, line) in lines.enumerated() {
            let y = Double(index) * rowHeight
            let color = line.overUpper ? Self.colors.over : line.low ? Self.colors.under : Self.colors.hit
            let width = min(line.share, 1.5) / 1.5 * barWidth
            let source = line.sources.first.map { " · " + ReportText.shortFood($0.name) } ?? ""
            svg += "<text x=\"0\" y=\"\(Self.number(y + 15))\" font-size=\"13\">\(Self.escape(line.info.label))</text>"
                + "<rect x=\"\(Int(labelWidth))\" y=\"\(Self.number(y + 4))\" width=\"\(Self.number(width))\" height=\"14\" fill=\"\(color)\"/>"
                + "<text x=\"\(Self.number(labelWidth + barWidth + 8))\" y=\"\(Self.number(y + 15))\" font-size=\"12\">"
                + "\(Int((line.share * 100).rounded())) % · \(TextChart.amount(line.perDay)) of \(TextChart.amount(line.reference.amount)) "
                + "\(Self.escape(line.info.unit))\(Self.escape(source))</text>"
        }
        return svg + "</svg><p class=\"note\">Per logged day against the Dietary Reference Intakes (RDA or AI); the line marks 100 %. "
            + "Amber: under two thirds; red: above the upper level.</p>"
    }

    /// Hits and streaks per goal.
    func goalTable() -> String {
        var html = "<table><tr><th>goal</th><th>target</th><th>days hit</th><th>current streak</th><th>longest</th></tr>"
        for record in report.streaks.records {
            html += "<tr><td>\(GoalText.name(record.goal))</td><td>\(Self.escape(GoalText.amount(record.goal, record.target)))</td>"
                + "<td>\(record.hits) of \(record.days)</td><td>\(record.current)</td><td>\(record.longest)</td></tr>"
        }
        return html + "</table>"
    }
}
