import Foundation
import NutriStore

/// The chat's insight replies, built from the insight models: short, with the figures.
struct InsightText {
    let tables: InsightTables

    /// "this week", "today", "November 2026", "2026-11-01 to 2026-11-21".
    static func when(_ summary: PeriodSummary) -> String {
        let period = summary.period
        switch period.kind {
        case .day: return period.start == summary.today ? "today" : "on \(period.start)"
        case .week: return period.end >= summary.today ? "this week" : "the week of \(period.start)"
        case .month: return period.title
        case .range: return "from \(period.start) to \(min(period.end, summary.today))"
        }
    }

    // MARK: - Vitamins and minerals

    /// "Iron this week: 10 mg a day, 58 % of your 18 mg RDA — low. Most from …"; per meal for a single day.
    func intake(_ key: String, summary: PeriodSummary) -> String {
        let info = tables.nutrient(key)
        let label = info?.label ?? key, unit = info?.unit ?? ""
        guard !summary.loggedDays.isEmpty else { return "Nothing logged \(Self.when(summary)) yet, so no \(label.lowercased()) to count." }
        let intake = NutrientIntake.make(summary, table: tables.references, catalog: tables.nutrients)
        let single = summary.days.count == 1
        let perDay = summary.meanPerLoggedDay(key)
        var text = "\(label) \(Self.when(summary)): \(TextChart.amount(perDay)) \(unit)" + (single ? "" : " a day on average")
        if let line = intake.line(key) {
            let whose = intake.personal ? "your" : "an adult's"
            text += ", \(TextChart.percent(line.share)) of \(whose) \(TextChart.amount(line.reference.amount)) \(unit) \(line.reference.kind.rawValue)"
            if line.low { text += " — below two thirds" }
            if line.overUpper { text += " — above the \(TextChart.amount(line.reference.upper ?? 0)) \(unit) upper level" }
            if single {
                let meals = summary.entries.reduce(into: [String: Double]()) { $0[$1.meal, default: 0] += $1.nutrients[key] ?? 0 }
                let byMeal = summary.mealOrder.filter { (meals[$0] ?? 0) > 0 }
                    .map { "\($0) \(TextChart.percent((meals[$0] ?? 0) / line.reference.amount))" }
                if !byMeal.isEmpty { text += " (" + byMeal.joined(separator: ", ") + ")" }
            }
        }
        return text + "." + topSources(key, summary: summary, unit: unit)
    }

    /// "Most of your sodium this week came from …: 1,200 mg (40 %), …".
    func sources(_ key: String, summary: PeriodSummary) -> String {
        let info = tables.nutrient(key)
        let label = (info?.label ?? key).lowercased(), unit = info?.unit ?? ""
        let sources = NutrientIntake.sources(of: key, in: summary.entries)
        guard let first = sources.first else { return "No \(label) logged \(Self.when(summary))." }
        return "Most of your \(label) \(Self.when(summary)) came from \(ReportText.shortFood(first.name)): "
            + "\(TextChart.amount(first.amount)) \(unit) (\(TextChart.percent(first.share)))."
            + (sources.count > 1 ? " Then " + sources.dropFirst().map(Self.source(unit)).joined(separator: ", ") + "." : "")
    }

    private func topSources(_ key: String, summary: PeriodSummary, unit: String) -> String {
        let sources = NutrientIntake.sources(of: key, in: summary.entries)
        guard !sources.isEmpty else { return "" }
        return " Most from " + sources.map(Self.source(unit)).joined(separator: ", ") + "."
    }

    static func source(_ unit: String) -> (NutrientIntake.Source) -> String {
        { "\(ReportText.shortFood($0.name)) (\(TextChart.amount($0.amount)) \(unit), \(TextChart.percent($0.share)))" }
    }

    /// Nutrients below two thirds of the target and above an upper level over the period.
    func missing(_ summary: PeriodSummary) -> String {
        guard !summary.loggedDays.isEmpty else { return "Nothing logged \(Self.when(summary)) yet: log a few meals and ask again." }
        let intake = NutrientIntake.make(summary, table: tables.references, catalog: tables.nutrients)
        let days = summary.loggedDays.count
        var text = "\(Self.when(summary).prefix(1).uppercased() + Self.when(summary).dropFirst()) (\(days) day\(days == 1 ? "" : "s") logged), "
        if intake.low.isEmpty {
            text += "every vitamin and mineral is at two thirds of \(intake.personal ? "your" : "an adult's") target or more."
        } else {
            text += "below two thirds of \(intake.personal ? "your" : "an adult's") target: " + intake.low.map { line in
                "\(line.info.label) \(TextChart.percent(line.share))"
            }.joined(separator: ", ") + "."
        }
        if !intake.overUpper.isEmpty {
            text += " Above the upper level: " + intake.overUpper.map { "\($0.info.label) \(TextChart.amount($0.upperPerDay)) \($0.info.unit) a day" }
                .joined(separator: ", ") + "."
        }
        if !intake.personal { text += " Tell me your age and sex for your own targets." }
        return text
    }

    // MARK: - Report, streaks, patterns

    /// A period in a few sentences, pointing at `nutrichat report` for the charts.
    func report(_ report: InsightReport) -> String {
        let summary = report.summary
        let logged = summary.loggedDays.count
        guard logged > 0 else { return "Nothing logged \(Self.when(summary)) yet." }
        let calories = report.streaks[.calories]
        var text = "\(Self.when(summary).prefix(1).uppercased() + Self.when(summary).dropFirst()): \(logged) of \(summary.days.count) days logged, "
            + "\(ReplyText.kcal(summary.meanPerLoggedDay("energy_kcal"))) a day on average against your \(ReplyText.kcal(summary.calorieGoal)) goal"
            + (calories.map { " (\($0.hits) days within 10 %)" } ?? "") + ". "
        let macros = report.macros.filter { $0.key != "alcohol_g" }.map { TextChart.percent($0.share) }.joined(separator: " / ")
        text += "Protein \(TextChart.amount(summary.meanPerLoggedDay("protein_g"))) g, carbs \(TextChart.amount(summary.meanPerLoggedDay("carbohydrate_g"))) g, "
            + "fat \(TextChart.amount(summary.meanPerLoggedDay("fat_g"))) g a day (\(macros) of energy); water \(TextChart.whole(report.mean(\.waterMl))) ml a day."
        if let change = report.weight.changePerWeekKg { text += String(format: " Weight %+.2f kg a week.", change) }
        if !report.intake.low.isEmpty {
            text += " Low: " + report.intake.low.prefix(4).map { "\($0.info.label) \(TextChart.percent($0.share))" }.joined(separator: ", ") + "."
        }
        return text + " For charts: nutrichat report --\(summary.period.kind == .month ? "month" : summary.period.kind == .day ? "day" : "week")."
    }

    /// "Calories within 10 % of 1,670 kcal: 10 of 21 days, 3 in a row now (longest 3). …"
    func streaks(_ streaks: GoalStreaks, days: Int) -> String {
        "Over the last \(days) days: " + streaks.records.map { record in
            "\(GoalText.name(record.goal)) (\(GoalText.amount(record.goal, record.target))) hit on \(record.hits) of \(record.days) days, "
                + "\(record.current) in a row now, longest \(record.longest)"
        }.joined(separator: "; ") + "."
    }

    func weekdays(_ patterns: EatingPatterns) -> String {
        PatternText(patterns: patterns, paint: TextPaint(enabled: false)).weekdays()
    }

    func overFoods(_ patterns: EatingPatterns) -> String {
        PatternText(patterns: patterns, paint: TextPaint(enabled: false)).overFoods()
    }

    func meals(_ patterns: EatingPatterns) -> String {
        guard !patterns.meals.isEmpty else { return "No meals logged in the last \(InsightAnswers.lookBackDays) days." }
        return PatternText(patterns: patterns, paint: TextPaint(enabled: false)).biggestMeal() + " By meal: "
            + patterns.meals.map { "\($0.name) \(TextChart.percent($0.share))" }.joined(separator: ", ") + "."
    }
}
