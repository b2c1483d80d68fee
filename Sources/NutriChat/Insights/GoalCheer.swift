import Foundation
import NutriStore

/// The congratulation after a log that reaches a daily goal: protein or water at or above the target, said the
/// first time the goal is reached that day and never again that day (the journal remembers, `v7-goal-notes`).
/// Calories are not cheered mid-day: a day's energy is only within its goal once the day is over.
struct GoalCheer {
    let chat: Conversation

    /// " Well done: …" after a food or water log that reached a goal for the first time today; "" otherwise.
    func note(after intent: String) -> String {
        guard intent == "log_food" || intent == "log_water" else { return "" }
        return (try? cheer()) ?? ""
    }

    private func cheer() throws -> String {
        let today = chat.today
        let said = try chat.journal.goalsCongratulated(on: today)
        let goals: [GoalStreaks.Goal] = [.protein, .water].filter { !said.contains($0.rawValue) }
        guard !goals.isEmpty else { return "" }
        let plan = try chat.journal.targetPlan(on: today)
        var reached: [(GoalStreaks.Goal, Double)] = []
        for goal in goals {
            let (amount, target) = goal == .protein
                ? (try chat.journal.dayTotals(on: today).totals["protein_g"] ?? 0, plan.protein.value)
                : (try chat.journal.water(on: today), plan.water.value)
            if target > 0, amount >= target, try chat.journal.noteGoalHit(goal.rawValue, on: today, at: chat.clock().now) {
                reached.append((goal, target))
            }
        }
        guard !reached.isEmpty else { return "" }
        let streaks = try recentStreaks()
        return " " + reached.map { goal, target in
            let run = streaks[goal]?.current ?? 1
            return "Well done: you reached your \(GoalText.name(goal)) goal (\(GoalText.amount(goal, target))) today"
                + (run > 1 ? ", \(run) days in a row!" : "!")
        }.joined(separator: " ")
    }

    /// Streaks of the last eight weeks, read without the nutrient tables (only totals are needed).
    private func recentStreaks() throws -> GoalStreaks {
        let today = chat.today
        let start = DayArithmetic.adding(1 - InsightAnswers.lookBackDays, to: today) ?? today
        let summary = try PeriodSummary.load(Period.range(from: start, to: today) ?? .day(today), today: today,
                                             journal: chat.journal, derived: DerivedNutrients(definitions: []))
        return GoalStreaks.make(summary)
    }
}
