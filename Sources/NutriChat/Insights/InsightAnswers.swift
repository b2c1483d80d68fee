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

    /// The answer to an insight question the router chose.
    func answer(_ question: InsightQuestion) throws -> String {
        let tables = try chat.insightTables()
        let found = question.cues
        let kinds = Set(found.map(\.kind))
        let period = period(found, default: kinds.contains(.report) || kinds.contains(.calendar) ? nil : .day(chat.today))
        let text = InsightText(tables: tables)
        switch question.ask {
        case .calendar: return try calendar(period, tables: tables)
        case .streaks: return try streaks(tables: tables, text: text)
        case .weekdays: return text.weekdays(try recentPatterns(tables))
        case .overFoods: return text.overFoods(try recentPatterns(tables))
        case .mealShare: return text.meals(try recentPatterns(tables))
        default: break
        }
        // A gap needs a few days to mean anything: "what am I missing" looks at the last seven days unless told.
        let lastWeek = DayArithmetic.adding(-6, to: chat.today).flatMap { Period.range(from: $0, to: chat.today) }
        let chosen = (question.gaps && found.allSatisfy { $0.kind != .period && $0.kind != .month } ? lastWeek : period)
            ?? Period.month(containing: chat.today) ?? .day(chat.today)
        let summary = try tables.summary(chosen, today: chat.today, journal: chat.journal)
        switch question.ask {
        case .sources(let nutrient): return text.sources(nutrient, summary: summary)
        case .intake(let nutrient): return text.intake(nutrient, summary: summary)
        case .missing: return text.missing(summary)
        default: return text.report(InsightReport.make(summary, tables: tables))
        }
    }

    /// The insight words of a message, for the router: its cue words and the nutrient it names, resolved to the key
    /// answered for it.
    func scan(_ text: String) throws -> (cues: [InsightCues.Match], nutrient: InsightNutrient?) {
        let words = FoldedWords.words(of: text)
        let found = try chat.insightCues().matches(in: words)
        guard let spoken = try nutrientKey(in: words) else { return (found, nil) }
        let tables = try chat.insightTables()
        let key = tables.derived.answering(spoken)
        let references = tables.references.references(age: nil, sex: nil)
        return (found, InsightNutrient(key: key, hasReference: references.contains { $0.key == key }))
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
    func period(_ found: [InsightCues.Match], default fallback: Period?) -> Period? {
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

    /// Whether a calorie target offered today waits for yes or no.
    func offerOpen() throws -> Bool {
        try chat.journal.openCalorieOffer()?.date == chat.today
    }

    /// "yes" or "no" to the calorie target offered today.
    func answerOffer(accept: Bool) throws -> String {
        let offer = try chat.journal.openCalorieOffer()
        try chat.journal.answerCalorieOffer(accept: accept, at: chat.clock().now)
        guard accept, let amount = offer?.amount else { return "All right, your calorie goal stays as it is." }
        return "Done: your calorie goal is now \(ReplyText.kcal(amount)) a day."
    }
}

extension Conversation {
    /// The insight cue words, read on first use and kept.
    func insightCues() throws -> InsightCues {
        try cached(\.insightCueCache) { try InsightCues.load(from: analyzer.services.data.lexicon) }
    }

    /// The insight tables, read on first use and kept.
    public func insightTables() throws -> InsightTables {
        try cached(\.insightTableCache) { try InsightTables.load(from: analyzer.services.data.lexicon) }
    }
}
