import Foundation

extension ReportText {
    // MARK: - Vitamins and minerals

    /// Each vitamin and mineral's mean per logged day as a share of its RDA or AI, with the low ones and those
    /// above an upper level named below.
    func nutrientSection() -> [String] {
        let intake = report.intake
        guard intake.loggedDays > 0, !intake.lines.isEmpty else { return [] }
        let whose = intake.personal ? "your RDA or AI" : "an adult's RDA or AI (set age and sex for your own)"
        var lines = [paint.bold("Vitamins and minerals") + paint.dim("  (per day, % of \(whose); ▼ under ⅔, ▲ above UL)")]
        for line in intake.lines {
            let mark = line.overUpper ? "▲" : line.low ? "▼" : " "
            let bar = TextChart.bar(line.share, maximum: 1.5, width: 24)
            let figures = "\(TextChart.amount(line.perDay)) of \(TextChart.amount(line.reference.amount)) \(line.info.unit)"
            let colored = line.overUpper ? paint.red(bar) : line.low ? paint.yellow(bar) : paint.green(bar)
            lines.append("  " + TextChart.fit(line.info.label, 22) + colored + TextChart.percent(line.share).leftPadded(7)
                         + " \(mark) " + figures)
        }
        if !intake.low.isEmpty {
            lines += Self.wrap("Low: " + intake.low.map { line in
                let top = line.sources.first.map { " (most from \(Self.shortFood($0.name)))" } ?? ""
                return "\(line.info.label) \(TextChart.percent(line.share))\(top)"
            }.joined(separator: ", ") + ".", indent: "  ")
        }
        for line in intake.overUpper {
            let upper = line.reference.upper ?? 0
            let what = line.reference.upperScope == .cdrr ? "the 2,300 mg a day to stay under" : "the upper level (\(TextChart.amount(upper)) \(line.info.unit))"
            let top = line.sources.first.map { "; most from \(Self.shortFood($0.name))" } ?? ""
            lines += Self.wrap("Above \(what): \(line.info.label.lowercased()), \(TextChart.amount(line.upperPerDay)) \(line.info.unit) a day\(top).",
                               indent: "  ")
        }
        return lines
    }

    /// A USDA name cut to its first two parts: "Soup, chicken noodle, canned, …" → "Soup, chicken noodle".
    static func shortFood(_ name: String) -> String {
        name.split(separator: ",").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    }

    // MARK: - Goals

    /// Hits, days judged and streaks per goal.
    func goalSection() -> [String] {
        var lines = [paint.bold("Goals hit") + paint.dim("  (calories within ±10 %, protein and water at or above target)")]
        for record in report.streaks.records {
            let name = GoalText.name(record.goal)
            let target = GoalText.amount(record.goal, record.target)
            lines.append("  " + TextChart.fit("\(name) (\(target))", 26) + "\(record.hits) of \(record.days) days".leftPadded(14)
                         + "   streak \(record.current), longest \(record.longest)")
        }
        return lines
    }
}

/// Names and amounts of goals for people.
enum GoalText {
    static func name(_ goal: GoalStreaks.Goal) -> String {
        switch goal {
        case .calories: return "calories"
        case .protein: return "protein"
        case .water: return "water"
        }
    }

    static func amount(_ goal: GoalStreaks.Goal, _ value: Double) -> String {
        switch goal {
        case .calories: return ReplyText.kcal(value)
        case .protein: return "\(TextChart.whole(value)) g"
        case .water: return "\(TextChart.whole(value)) ml"
        }
    }
}

/// Patterns in words: the highest weekdays, foods over-represented on over-goal days, the biggest meal.
struct PatternText {
    var patterns: EatingPatterns
    var paint: TextPaint

    /// The report's pattern lines.
    func summaryLines() -> [String] {
        ["", paint.bold("Patterns")] + [weekdays(), overFoods(), biggestMeal()].flatMap { ReportText.wrap($0, indent: "  ") }
    }

    /// "Highest days: Saturday 2,450 kcal (3 days), Friday …; lowest Tuesday 1,700." or too few days.
    func weekdays() -> String {
        guard patterns.weekdaysKnown, let bottom = patterns.weekdays.last else {
            return "Too few days to tell which weekdays run high: \(patterns.loggedDays) logged, "
                + "\(EatingPatterns.minimumDaysForWeekdays) needed."
        }
        let high = patterns.weekdays.prefix(2).map { "\($0.name) \(ReplyText.kcal($0.meanKcal)) (\($0.days) days)" }
        return "Highest days on average: " + high.joined(separator: ", ") + "; lowest \(bottom.name) \(ReplyText.kcal(bottom.meanKcal))."
    }

    /// Foods seen more on over-goal days, with the figures, or why none can be named.
    func overFoods() -> String {
        guard let foods = patterns.overFoods else {
            return "Too few days to tell what goes with going over: \(patterns.overGoalDays) days over the goal and "
                + "\(patterns.otherDays) others, \(EatingPatterns.minimumDaysPerSide) of each needed."
        }
        guard !foods.isEmpty else {
            return "No food stands out on the \(patterns.overGoalDays) days over the goal (each needs "
                + "\(EatingPatterns.minimumFoodDays) or more of those days and a clearly bigger share than on other days)."
        }
        return "On days over the goal: " + foods.prefix(3).map { food in
            "\(food.name) on \(food.overDays) of \(patterns.overGoalDays) (\(TextChart.percent(food.overShare))) "
                + "against \(food.otherDays) of \(patterns.otherDays) other days (\(TextChart.percent(food.otherShare)))"
        }.joined(separator: "; ") + "."
    }

    /// "Your biggest meal is dinner: 38 % of your energy; most is logged in the evening (45 %)."
    func biggestMeal() -> String {
        guard let meal = patterns.meals.max(by: { $0.kcal < $1.kcal }) else { return "No meals logged yet." }
        var text = "Your biggest meal is \(meal.name): \(TextChart.percent(meal.share)) of your energy"
        if let time = patterns.timesOfDay.max(by: { $0.kcal < $1.kcal }) {
            text += "; most is logged in the \(time.name) (\(TextChart.percent(time.share)))"
        }
        return text + "."
    }
}
