import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    // MARK: - log_weight

    /// "I weigh 180 lb", "80.4 kg this morning", "weighed 79 yesterday": one weight per day, stored in kg.
    func logWeight(_ analysis: MessageAnalysis, phrase: MeasureText, lexicon: TrackingLexicon, input: String) throws -> Reply {
        let units = try journal.profile().units ?? .metric
        let text = TrackingText(units: units)
        let statement = try readSettings(phrase, lexicon: lexicon)
        let otherFacts = statement.age != nil || statement.sex != nil || statement.heightCm != nil || statement.activity != nil
            || statement.goal != nil || statement.targetWeightKg != nil || statement.units != nil
        if otherFacts || phrase.contains("to weigh") { return try updateSettings(analysis, phrase: phrase, lexicon: lexicon, input: input) }
        let measure = phrase.measures.first { $0.unit.body == .weight }
        let stated = BodyMeasureReader.weights(in: phrase).first
        var kilograms = stated?.value
        var bareNote = ""
        if kilograms == nil, let bare = phrase.bareNumbers.first {
            // "I weigh -70": the sign stays, so the weight is refused rather than logged as 70.
            let value = phrase.tokens[bare.index].minus ? -bare.value : bare.value
            kilograms = units == .imperial ? UnitConversion.kilograms(fromPounds: value) : value
            bareNote = text.bareWeight(value)
        }
        guard let statedKg = kilograms else {
            let asking = try dialogueWords().contains(.weightAsk, in: phrase.words)
            return trackingReply(input, "log_weight", asking ? try weightSummary(chart: true) : text.weightMissing)
        }
        // "down 2 pounds this week", "lost 1 kg": a weight below any body weight with a change word is a change from
        // the last weight logged.
        let body = lexicon.profile.body
        let sign: Double? = phrase.containsAny(body.weightDown) ? -1 : phrase.containsAny(body.weightUp) ? 1 : nil
        var changeNote = ""
        var kg = statedKg
        if let sign, stated != nil, statedKg > 0, statedKg < ProfileStatement.weights.lowerBound {
            // The change is since the last weigh-in before the day; a weight of that day only when it is the one logged.
            let dayBefore = DayArithmetic.adding(-1, to: analysis.date) ?? analysis.date
            let change = stated?.written.isEmpty == false ? stated?.written ?? "" : text.weight(statedKg)
            guard let last = try journal.latestWeight(onOrBefore: dayBefore) ?? journal.latestWeight(onOrBefore: analysis.date) else {
                return trackingReply(input, "log_weight", text.changeWithoutWeight(change, down: sign < 0))
            }
            kg = last.kilograms + sign * statedKg
            changeNote = text.changeFrom(last, by: change, down: sign < 0, today: today)
        }
        guard ProfileStatement.weights.contains(kg) else {
            return trackingReply(input, "log_weight", text.problems([.weight(kg: kg, written: stated?.written ?? "")]))
        }
        let date = analysis.date
        let (_, replaced) = try journal.recordWeight(WeightRecord(date: date, kilograms: kg, text: input, createdAt: clock().now))
        state.lastTracking = .weight(date: date, replaced: replaced)
        state.lastBatch = []
        state.lastWater = []
        state.pending = nil
        let statedImperial = measure.map { $0.unit.kind == .mass && $0.unit.canonical != "kilogram" } ?? (units == .imperial)
        var reply = text.weightLogged(kg, date: date, today: today, statedOther: statedImperial != (units == .imperial),
                                      replaced: replaced)
        reply += changeNote + bareNote + text.weightTrend(try recentTrend(endingOn: date))
        if let target = try journal.profile().targetWeightKg { reply += text.toTarget(current: kg, target: target) }
        return trackingReply(input, "log_weight", reply)
    }

    /// The last four weeks of weights up to `date`.
    func recentTrend(endingOn date: String) throws -> WeightTrend {
        let start = DayArithmetic.adding(-27, to: date) ?? date
        return WeightTrend.make(try journal.weights(from: start, to: date))
    }

    /// "How much do I weigh?", "my weight trend": the latest weight, average, change per week and a chart.
    func weightSummary(chart: Bool) throws -> String {
        let profile = try journal.profile()
        let text = TrackingText(units: profile.units ?? .metric)
        guard let latest = try journal.latestWeight(onOrBefore: today) else { return text.noWeights }
        let trend = try recentTrend(endingOn: latest.date)
        let lines = chart ? WeightChart(rows: 6, columns: 40, units: profile.units ?? .metric).render(trend) : []
        return text.weightSummary(trend, chart: lines, target: profile.targetWeightKg)
    }

    /// "delete my weight from yesterday", or undo right after logging one (the replaced weight comes back).
    func deleteWeight(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        let text = try trackingText()
        // Right after logging it, the weight's own step is the newest of the history: undo it there.
        if case .weight(let date, let replaced)? = state.lastTracking, date == analysis.date,
           case .weight? = try journal.lastStep()?.changes.last?.after {
            state.lastTracking = nil
            try journal.undoStep()
            return trackingReply(input, "undo", text.weightUndone(restored: replaced))
        }
        guard let deleted = try journal.weights(from: analysis.date, to: analysis.date).first else {
            return trackingReply(input, "undo", text.noWeight(on: analysis.date))
        }
        try journal.record(HistoryStep(kind: .delete, summary: "weight", changes: [.deleted(.weight(deleted))]))
        state.lastTracking = nil
        return trackingReply(input, "undo", text.weightDeleted(deleted))
    }

    // MARK: - Water

    /// "How much water should I drink?": the water target and how it was worked out, and today's water.
    func waterTargetAnswer() throws -> String {
        try trackingText().waterTarget(try journal.targetPlan(on: today), today: try journal.water(on: today))
    }

    /// The sentence after a water log: progress against the day's water target.
    func waterProgressNote(date: String, total: Double) -> String {
        guard let plan = try? journal.targetPlan(on: date), let text = try? trackingText() else { return "" }
        return text.waterProgress(total: total, target: plan.water.value)
    }
}

extension Conversation {
    /// "when will I reach my goal weight", "how long will it take to lose 5 kg": the gap between the latest weight
    /// and the target (the stored one, or the one the question names), the weeks it takes at the planned weekly rate
    /// and the day that lands on, and what the last four weeks' trend says.
    func goalDateAnswer(_ question: String) throws -> String {
        let profile = try journal.profile()
        let lexicon = try trackingLexicon()
        let statement = try readSettings(lexicon.phrase(question), lexicon: lexicon)
        let text = TrackingText(units: statement.units ?? profile.units ?? .metric)
        guard let latest = try journal.latestWeight(onOrBefore: today) else { return text.needWeightFirst }
        let current = latest.kilograms
        var target = statement.targetWeightKg ?? profile.targetWeightKg
        if let change = statement.changeKg {
            target = (statement.goal ?? profile.goal) == .gain ? current + change : current - change
        }
        guard let target else { return text.noTargetWeight }
        let rate = statement.weeklyRateKg ?? profile.weeklyRateKg ?? TargetPlan.defaultWeeklyRateKg
        let trend = try recentTrend(endingOn: latest.date)
        return text.goalDate(current: current, target: target, weeklyRate: rate, trendPerWeek: trend.changePerWeekKg,
                             today: today)
    }
}

extension TrackingText {
    var noTargetWeight: String {
        "You haven't set a target weight yet. Say e.g. \"my goal weight is 70 kg\" or \"I want to lose 5 kg\"."
    }

    /// "5 kg to go (82 kg now, target 77 kg): at 0.5 kg a week that's about 10 weeks, around 2027-02-06. Your
    /// last weeks' trend (down 0.3 kg a week) would take about 17 weeks."
    func goalDate(current: Double, target: Double, weeklyRate: Double, trendPerWeek: Double?, today: String) -> String {
        let gap = abs(current - target)
        if gap < 0.1 { return "You're at your target of \(weight(target)) — well done!" }
        let losing = target < current
        var reply = "\(weight(gap)) to go (\(weight(current)) now, target \(weight(target)))"
        if weeklyRate > 0 {
            let weeks = gap / weeklyRate
            let days = Int((weeks * 7).rounded(.up))
            let when = DayArithmetic.adding(days, to: today).map { ", around \($0)" } ?? ""
            reply += ": at \(weight(weeklyRate)) a week that's about \(Self.span(weeks))\(when)."
        } else {
            reply += "."
        }
        if let trend = trendPerWeek, abs(trend) >= 0.05 {
            if (trend < 0) == losing {
                reply += " At your recent trend (\(losing ? "down" : "up") \(weight(abs(trend))) a week) it would take about "
                    + "\(Self.span(gap / abs(trend)))."
            } else {
                reply += " Your recent trend is the other way (\(trend < 0 ? "down" : "up") \(weight(abs(trend))) a week)."
            }
        }
        return reply
    }

    /// "10 weeks", "1 week", "about 4 months" for a number of weeks.
    static func span(_ weeks: Double) -> String {
        if weeks < 1.5 { return "1 week" }
        if weeks <= 16 { return "\(Int(weeks.rounded())) weeks" }
        let months = weeks * 7 / 30.44
        return months < 24 ? "\(Int(months.rounded())) months" : "\(Int((months / 12).rounded())) years"
    }
}
