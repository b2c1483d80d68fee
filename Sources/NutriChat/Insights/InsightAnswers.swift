import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// Chat's insight questions, answered from a period summary: the calendar ("show my calendar"), a period report
/// ("how did november go", "dashboard"), vitamins and minerals ("what vitamins am I missing", "how's my iron this
/// week", "what gave me the most sodium"), streaks and the suggested calorie target, and eating patterns ("when do
/// I overeat", "what makes me go over", "which meal is my biggest"). Cue words come from `insight-cues.tsv`.
struct InsightAnswers {
    let chat: Conversation
    /// Days looked back for streaks and patterns.
    static let lookBackDays = 56

    /// The reply and its intent, or nil when the message is not an insight question.
    func answer(_ analysis: MessageAnalysis) throws -> (intent: String, text: String)? {
        if [.affirm, .deny].contains(analysis.intent) {
            return try answerOffer(accept: analysis.intent == .affirm).map { (analysis.intent.rawValue, $0) }
        }
        return try answerQuestion(analysis).map { ("ask_progress", $0) }
    }

    /// The answer to an insight question, or nil when the message is not one.
    func answerQuestion(_ analysis: MessageAnalysis) throws -> String? {
        // A log, a correction, a setting or a request for ideas ("what can I eat for my iron") is never an insight
        // question, whatever words it shares with one.
        let acts: Set<Intent> = [.logFood, .logWater, .logExercise, .logWeight, .correct, .undo, .setGoal, .setProfile,
                                 .manageRecipe, .addFood, .greet, .thanks, .goodbye, .suggest]
        guard !acts.contains(analysis.intent) else { return nil }
        let lexicon = chat.analyzer.services.data.lexicon
        let words = TextFolding.words(analysis.input)
        let found = try InsightCues.load(from: lexicon).matches(in: words)
        let kinds = Set(found.map(\.kind))
        let strong: Set<InsightCues.Kind> = [.calendar, .streak, .weekday, .overFoods, .mealShare, .report]
        let spoken = try nutrientKey(in: words)
        // Most messages stop here, before any table is read.
        guard !kinds.isDisjoint(with: strong) || spoken != nil || kinds.contains(.missing) else { return nil }
        let tables = try InsightTables.load(from: lexicon)
        let named = spoken.map(tables.derived.answering)
        // Macros and energy stay with the progress answers; vitamins and minerals, and "which food gave me the most
        // sodium" for any nutrient, are answered here.
        let references = Set(tables.references.references(age: nil, sex: nil).map(\.key))
        let nutrient = named.flatMap { references.contains($0) || kinds.contains(.source) ? $0 : nil }
        let asksNutrient = nutrient != nil && (analysis.intent == .askProgress || kinds.contains(.personal))
        let asksMissing = kinds.contains(.missing) && (kinds.contains(.mineralsAll) || nutrient != nil)
        guard !kinds.isDisjoint(with: strong) || asksNutrient || asksMissing else { return nil }
        // An open question about a food ("how much iron is in spinach") stays with the nutrition answers.
        if analysis.intent == .askNutrition, !kinds.contains(.personal) { return nil }
        let period = period(found, default: kinds.contains(.report) || kinds.contains(.calendar) ? nil : .day(chat.today))
        let text = InsightText(tables: tables)
        if let answer = try lookBackAnswer(kinds, period: period, tables: tables, text: text) { return answer }
        // A gap needs a few days to mean anything: "what am I missing" looks at the last seven days unless told.
        let lastWeek = DayArithmetic.adding(-6, to: chat.today).flatMap { Period.range(from: $0, to: chat.today) }
        let chosen = (asksMissing && found.allSatisfy { $0.kind != .period && $0.kind != .month } ? lastWeek : period)
            ?? Period.month(containing: chat.today) ?? .day(chat.today)
        if let nutrient, kinds.contains(.source) || (!kinds.contains(.missing) && asksNutrient) {
            let summary = try tables.summary(chosen, today: chat.today, journal: chat.journal)
            return kinds.contains(.source) ? text.sources(nutrient, summary: summary) : text.intake(nutrient, summary: summary)
        }
        let summary = try tables.summary(chosen, today: chat.today, journal: chat.journal)
        if asksMissing || (kinds.contains(.mineralsAll) && !kinds.contains(.report)) { return text.missing(summary) }
        return text.report(InsightReport.make(summary, tables: tables))
    }

    /// The calendar, streaks and patterns: questions about the recent weeks rather than one period's figures.
    func lookBackAnswer(_ kinds: Set<InsightCues.Kind>, period: Period?, tables: InsightTables, text: InsightText) throws -> String? {
        if kinds.contains(.calendar) { return try calendar(period, tables: tables) }
        if kinds.contains(.streak) { return try streaks(tables: tables, text: text) }
        if kinds.contains(.weekday) { return text.weekdays(try recentPatterns(tables)) }
        if kinds.contains(.overFoods) { return text.overFoods(try recentPatterns(tables)) }
        if kinds.contains(.mealShare) { return text.meals(try recentPatterns(tables)) }
        return nil
    }

    /// The vitamin or mineral (or any nutrient) a message names, by `nutrient-words.tsv`; two-word names first.
    func nutrientKey(in words: [String]) throws -> String? {
        let vocabulary = try chat.analyzer.services.questionVocabulary()
        for index in words.indices {
            if index + 1 < words.count, let key = vocabulary.nutrients[words[index] + " " + words[index + 1]] { return key }
        }
        return words.lazy.compactMap { vocabulary.nutrients[$0] }.first
    }

    /// The period the cues name: a month by name, "this week", "last month", "today"…; `fallback` otherwise.
    func period(_ found: [(kind: InsightCues.Kind, value: String)], default fallback: Period?) -> Period? {
        let today = chat.today
        for cue in found where cue.kind == .month {
            guard let month = Int(cue.value), let parts = DayArithmetic.parts(today) else { continue }
            return Period.month(year: month > parts.month ? parts.year - 1 : parts.year, month: month)
        }
        for cue in found where cue.kind == .period {
            let parts = cue.value.split(separator: ":")
            guard parts.count == 2, let count = Int(parts[1]) else { continue }
            switch parts[0] {
            case "day": return DayArithmetic.adding(count, to: today).map(Period.day)
            case "week": return DayArithmetic.adding(7 * count, to: today).flatMap(Period.week(containing:))
            case "month":
                guard let first = Period.month(containing: today)?.start else { return nil }
                return (count == 0 ? first : DayArithmetic.adding(-1, to: first)).flatMap(Period.month(containing:))
            default: return DayArithmetic.adding(1 - count, to: today).flatMap { Period.range(from: $0, to: today) }
            }
        }
        return fallback
    }

    // MARK: - Answers

    func calendar(_ period: Period?, tables: InsightTables) throws -> String {
        let month = period.flatMap { Period.month(containing: $0.start) } ?? Period.month(containing: chat.today)
        guard let month else { return "" }
        let summary = try tables.summary(month, today: chat.today, journal: chat.journal)
        return MonthCalendar.make(summary, weight: false, units: try chat.journal.profile().units ?? .metric)
            .text(paint: TextPaint(enabled: false))
    }

    /// The last eight weeks' patterns.
    func recentPatterns(_ tables: InsightTables) throws -> EatingPatterns {
        EatingPatterns.make(try recentSummary(tables), times: tables.times)
    }

    func recentSummary(_ tables: InsightTables) throws -> PeriodSummary {
        let start = DayArithmetic.adding(1 - Self.lookBackDays, to: chat.today) ?? chat.today
        return try tables.summary(Period.range(from: start, to: chat.today) ?? .day(chat.today), today: chat.today, journal: chat.journal)
    }

    /// Hits and streaks of the last eight weeks, and a calorie target to agree to when the weight trend asks for one.
    func streaks(tables: InsightTables, text: InsightText) throws -> String {
        let summary = try recentSummary(tables)
        var reply = text.streaks(GoalStreaks.make(summary), days: summary.days.count)
        let trend = WeightTrend.make(summary.trendWeights)
        // One offer per three weeks: the weight trend needs that long to show what an answered offer changed.
        let recent = DayArithmetic.adding(-CalorieAdjustment.minimumSpanDays, to: chat.today) ?? chat.today
        let answered = try chat.journal.calorieOffer(since: recent).map { $0.status != .open } ?? false
        if !answered, let adjustment = CalorieAdjustment.suggest(trend: trend, plan: summary.plan) {
            try chat.journal.offerCalorieTarget(adjustment.suggestedTarget, on: chat.today, at: chat.clock().now)
            reply += " " + adjustment.explanation + " Shall I set your calorie goal to \(ReplyText.kcal(adjustment.suggestedTarget))? (yes/no)"
        }
        return reply
    }

    /// "yes" or "no" to a calorie target offered today; nil when none is open.
    func answerOffer(accept: Bool) throws -> String? {
        guard let offer = try chat.journal.openCalorieOffer(), offer.date == chat.today else { return nil }
        try chat.journal.answerCalorieOffer(accept: accept, at: chat.clock().now)
        guard accept, let amount = offer.amount else { return "All right, your calorie goal stays as it is." }
        return "Done: your calorie goal is now \(ReplyText.kcal(amount)) a day."
    }
}
