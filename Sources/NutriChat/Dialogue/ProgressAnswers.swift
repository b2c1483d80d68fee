import Foundation
import NutriIntent
import NutriLanguage
import NutriStore

/// What the progress answers read in a message (`ProgressAnswers.scan`).
struct ProgressSlots: Equatable, Sendable {
    /// "what's my bmr" (`bmr-question` in dialogue-words.tsv).
    var bmr = false
    /// "am i hitting my protein goal" (`goal-question`), with no number (a number sets a goal).
    var goal = false
    /// The first of calories, protein, carbs and fat the message names.
    var nutrient: String?
    /// The meal slot the message names.
    var meal: String?
}

/// Which one-number progress answer a question asks for.
enum ProgressAsk: Equatable, Sendable {
    case bmr
    /// A nutrient against the day's target.
    case goal(String)
    /// The entries of one meal.
    case mealOfDay(String)
}

/// Progress questions that want one number, answered with it: "am i hitting my protein goal" → "protein: 62 of
/// 110 g, 48 g to go"; "what did i have for dinner on thursday" → that meal of that day; "what's my bmr".
struct ProgressAnswers {
    let chat: Conversation

    /// The words of these questions in a message, for the router: a BMR question, a goal question with no number
    /// and the main nutrient it names, and the meal (among `slots`) it names.
    func scan(_ cues: MessageCues, slots: [String]) throws -> ProgressSlots {
        let vocabulary = try chat.dialogueWords()
        let words = cues.words
        var rest = words
        return ProgressSlots(bmr: vocabulary.contains(.bmrQuestion, in: words),
                             goal: vocabulary.contains(.goalQuestion, in: words) && !words.contains { Double($0) != nil },
                             nutrient: try nutrient(in: words),
                             meal: MealSlotWords.take(from: &rest, slots: slots, vocabulary: vocabulary))
    }

    /// The answer to the question the router chose, about `date`.
    func answer(_ ask: ProgressAsk, date: String) throws -> String {
        switch ask {
        case .bmr: return try bmr()
        case .goal(let key): return try goal(key, date: date)
        case .mealOfDay(let meal): return try mealOfDay(meal, date: date)
        }
    }

    /// "protein: 62 of 110 g, 48 g to go" against the day's target.
    private func goal(_ key: String, date: String) throws -> String {
        // The running day totals: the same cost whether the day holds 10 entries or 1,000.
        let eaten = try chat.journal.dayTotals(on: date).totals[key] ?? 0
        let (name, target) = try macro(key, on: date)
        let unit = key == "energy_kcal" ? "kcal" : "g"
        return chat.replies.goalProgress(name, eaten: eaten, target: target, unit: unit, day: date, today: chat.today)
    }

    /// "how am i doing on protein this week": the macronutrient of each of the last 7 days against the daily target.
    func week(_ key: String) throws -> String {
        let days = (0..<7).map { chat.reference.isoDate(addingDays: $0 - 6) }
        let perDay = try days.map { day in (day, try chat.journal.dayTotals(on: day).totals[key] ?? 0) }
        let (name, target) = try macro(key, on: chat.today)
        return chat.replies.week(perDay, name: name, target: target)
    }

    /// The reply's name of a macronutrient key and its daily target on `date`.
    private func macro(_ key: String, on date: String) throws -> (name: String, target: Double) {
        let plan = try chat.journal.targetPlan(on: date)
        switch key {
        case "protein_g": return ("protein", plan.protein.value)
        case "carbohydrate_g": return ("carbs", plan.carbohydrate.value)
        case "fat_g": return ("fat", plan.fat.value)
        default: return ("calories", plan.energy.value)
        }
    }

    /// The main nutrient a question names, by `nutrient-words.tsv` (calories, protein, carbs, fat).
    func nutrient(in words: [String]) throws -> String? {
        let vocabulary = try chat.analyzer.services.questionVocabulary()
        let targets: Set<String> = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g"]
        return words.lazy.compactMap { vocabulary.nutrients[$0] }.first { targets.contains($0) }
    }

    /// The answer for `date` when a progress question asks about one nutrient ("how much protein have I had" →
    /// protein against its target; "how much fiber today" → the day's fiber, with its daily value); nil when it
    /// names calories (the day's summary answers those) or no nutrient.
    func namedNutrient(in words: [String], date: String) throws -> String? {
        let vocabulary = try chat.analyzer.services.questionVocabulary()
        guard let key = words.lazy.compactMap({ vocabulary.nutrients[$0] }).first, key != "energy_kcal" else { return nil }
        if try nutrient(in: words) == key { return try goal(key, date: date) }
        guard let info = chat.analyzer.services.database.nutrients.first(where: { $0.key == key }) else { return nil }
        let eaten = try chat.journal.dayTotals(on: date).totals[key] ?? 0
        return chat.replies.intake(info.label, amount: eaten, unit: info.unit, dailyValue: info.dailyValue,
                                   day: date, today: chat.today)
    }

    /// "Your BMR is 1,650 kcal a day (Mifflin–St Jeor)", or what is missing to work it out.
    private func bmr() throws -> String {
        let plan = try chat.journal.targetPlan(on: chat.today)
        let needed: Set<ProfileField> = [.age, .sex, .height, .weight]
        return chat.replies.bmr(plan.basalMetabolicRate, missing: plan.missing.filter(needed.contains).map(\.rawValue))
    }

    /// "what did i have for dinner on thursday": the entries of the meal named, on the day named.
    private func mealOfDay(_ meal: String, date: String) throws -> String {
        let entries = try chat.journal.entries(on: date).filter { $0.meal == meal }
        return chat.replies.mealOfDay(meal, entries: entries, date: date, today: chat.today)
    }
}

extension ReplyText {
    func goalProgress(_ name: String, eaten: Double, target: Double, unit: String, day: String, today: String) -> String {
        let when = day == today ? "" : " on \(day)"
        func count(_ value: Double) -> String { String(Self.kcal(value).dropLast(5)) }
        let left = (target - eaten).rounded()
        let state = left > 0 ? ", \(count(left)) \(unit) to go" : left == 0 ? " — right on target" : " — \(count(-left)) \(unit) over"
        return "\(name.prefix(1).uppercased() + name.dropFirst())\(when): \(count(eaten)) of \(count(target)) \(unit)\(state)."
    }

    /// "Fiber today: 12.4 g, 44 % of the 28 g daily value."
    func intake(_ label: String, amount: Double, unit: String, dailyValue: Double?, day: String, today: String) -> String {
        let when = day == today ? "today" : "on \(day)"
        var text = "\(label) \(when): \(Self.amount(amount, unit))"
        if let dailyValue, dailyValue > 0 {
            text += ", \(Int((100 * amount / dailyValue).rounded())) % of the \(Self.amount(dailyValue, unit)) daily value"
        }
        return text + "."
    }

    /// "Protein, last 7 days — 11-21: —, …, 11-27: 52 g. Average 52 g on 1 logged day (target 110 g a day)."
    func week(_ days: [(String, Double)], name: String, target: Double) -> String {
        let logged = days.filter { $0.1 > 0 }
        guard !logged.isEmpty else { return "No \(name) logged in the last 7 days." }
        let average = logged.reduce(0) { $0 + $1.1 } / Double(logged.count)
        func grams(_ value: Double) -> String { Self.kcal(value).dropLast(5) + " g" }
        let list = days.map { "\($0.0.suffix(5)): \($0.1 > 0 ? grams($0.1) : "—")" }.joined(separator: ", ")
        let plural = logged.count == 1 ? "" : "s"
        return "\(name.prefix(1).uppercased() + name.dropFirst()), last 7 days — \(list). "
            + "Average \(grams(average)) on \(logged.count) logged day\(plural) (target \(grams(target)) a day)."
    }

    func bmr(_ value: Double?, missing: [String]) -> String {
        guard let value else {
            return "I need your \(missing.isEmpty ? "age, sex, height and weight" : missing.joined(separator: ", ")) to work out your BMR. Say \"set up my profile\"."
        }
        return "Your BMR (basal metabolic rate, Mifflin–St Jeor) is \(Self.kcal(value.rounded())) a day: what your body burns at rest."
    }

    func mealOfDay(_ meal: String, entries: [JournalEntry], date: String, today: String) -> String {
        let when = date == today ? "today" : "on \(date)"
        guard !entries.isEmpty else { return "Nothing logged for \(meal) \(when)." }
        let total = entries.reduce(0) { $0 + $1.kcal }
        return "\(meal.prefix(1).uppercased() + meal.dropFirst()) \(when): "
            + entries.map { "\($0.text) (\(Self.kcal($0.kcal)))" }.joined(separator: ", ") + ". Total \(Self.kcal(total))."
    }
}
