import Foundation
import NutriStore

extension ReplyText {
    // MARK: - Corrections and entries

    func corrected(_ entry: JournalEntry, was old: JournalEntry, total: Double, today: String, imperial: Bool = false) -> String {
        let weight = imperial ? Self.amount((entry.grams / 28.3495 * 10).rounded() / 10, "oz") : Self.amount(entry.grams, "g")
        return "Updated #\(entry.id ?? 0): \(entry.text) — \(entry.foodName), \(weight) (\(Self.kcal(entry.kcal))), was \(old.text)."
            + (entry.date == today ? " Today so far" : " Total for \(entry.date)") + ": \(Self.kcal(total))."
    }

    func removed(_ entries: [JournalEntry], total: Double, today: String) -> String {
        let day = entries.first?.date ?? today
        return "Removed \(entries.map(\.text).joined(separator: ", ")). "
            + (day == today ? "Today so far" : "Total for \(day)") + ": \(Self.kcal(total))."
    }

    /// "it was made with …": the dish logged before and the parts that took its place.
    func madeOf(_ dish: JournalEntry, parts: [JournalEntry], total: Double, today: String) -> String {
        let items = parts.map { "\($0.text) (\(Self.kcal($0.kcal)))" }
        let dayText = dish.date == today ? "Today so far" : "Total for \(dish.date)"
        return "Replaced \(dish.text) (\(Self.kcal(dish.kcal))) with what it was made of, for \(parts.first?.meal ?? dish.meal): "
            + "\(items.joined(separator: ", ")). \(dayText): \(Self.kcal(total))."
    }

    /// "I skipped lunch": noted, with what that meal already holds.
    func skippedMeal(_ meal: String, day: String, today: String, logged: [JournalEntry]) -> String {
        let when = day == today ? "today" : "on \(day)"
        guard let first = logged.first else { return "Noted: no \(meal) \(when). Nothing to log." }
        let names = logged.map(\.text).joined(separator: ", ")
        return "Noted: no \(meal) \(when). \(meal.prefix(1).uppercased() + meal.dropFirst()) still has \(names); "
            + "say \"delete \(first.text)\" if you didn't have it."
    }

    /// "the pizza was great" / "it was bland".
    func remark(_ food: String?, liked: Bool, logged: Bool) -> String {
        let about = food.map { "the \($0)" } ?? "it"
        var text = liked ? "Glad you enjoyed \(about)!" : "Sorry \(about) wasn't great."
        if let food, !logged { text += " There's no \(food) in today's diary: tell me how much you had to log it." }
        return text
    }

    func whichEntry(_ entries: [JournalEntry], today: String) -> String {
        let options = entries.enumerated().map { index, entry in
            "\(index + 1)) #\(entry.id ?? 0) \(entry.text) (\(entry.meal)\(entry.date == today ? "" : ", " + entry.date))"
        }
        return "Which one? " + options.joined(separator: "  ")
    }

    func unchanged(_ entry: JournalEntry) -> String { "#\(entry.id ?? 0) is already \(entry.text); nothing changed." }
    func moved(_ entry: JournalEntry, from meal: String) -> String { "Moved \(entry.text) from \(meal) to \(entry.meal)." }
    /// "same breakfast as yesterday" with nothing there.
    func moreOfWhich(_ entries: [JournalEntry]) -> String {
        "More of which: \(entries.prefix(3).map(\.text).joined(separator: ", "))? Say it with the food, e.g. \"one more egg\"."
    }

    var nothingForMore: String { "There's nothing logged yet to have more of. Tell me what you had, e.g. \"2 slices of pizza\"." }

    func nothingToRepeat(_ from: String) -> String {
        "There's nothing logged for \(from) to log again. Tell me what you had, e.g. \"2 eggs and toast\"."
    }

    /// "Moved 2 eggs, toast to dinner on 2026-11-20."
    func relocated(_ entries: [JournalEntry], today: String, total: Double) -> String {
        let first = entries[0]
        let day = first.date == today ? "" : " on \(first.date)"
        return "Moved \(entries.map(\.text).joined(separator: ", ")) to \(first.meal)\(day). "
            + (first.date == today ? "Today so far" : "Total for \(first.date)") + ": \(Self.kcal(total))."
    }

    /// "Updated: half of a pizza (143 kcal), was 285 kcal."
    func shared(_ entries: [JournalEntry], was old: [JournalEntry], today: String, total: Double) -> String {
        let items = entries.map { "\($0.text) (\(Self.kcal($0.kcal)))" }.joined(separator: ", ")
        let before = Self.kcal(old.reduce(0) { $0 + $1.kcal })
        let day = entries[0].date
        return "Updated: \(items), was \(before). " + (day == today ? "Today so far" : "Total for \(day)") + ": \(Self.kcal(total))."
    }

    /// "half", "a third", "3/4": a share as people say it.
    static func share(_ fraction: Double) -> String {
        let named: [(Double, String)] = [(0.5, "half"), (1.0 / 3, "a third"), (0.25, "a quarter"), (2.0 / 3, "two thirds"), (0.75, "three quarters")]
        if let name = named.first(where: { abs($0.0 - fraction) < 0.01 }) { return name.1 }
        return "\((fraction * 100).rounded())%".replacingOccurrences(of: ".0%", with: "%")
    }

    func alreadyIn(_ entry: JournalEntry, meal: String) -> String { "\(entry.text) is already in \(meal)." }
    func moveWhere(_ slots: [String]) -> String {
        "Which meal should it go to? Your meals: \(slots.joined(separator: ", ")). e.g. \"move the apple to breakfast\"."
    }

    func waterCorrected(_ milliliters: Double, was old: Double, total: Double) -> String {
        "Updated the water: \(Self.amount(milliliters, "ml")), was \(Self.amount(old, "ml")). Water today: \(Self.amount(total, "ml"))."
    }

    func weightCorrected(_ record: WeightRecord, was old: WeightRecord, imperial: Bool) -> String {
        func weight(_ kg: Double) -> String {
            imperial ? Self.amount((kg / 0.45359237 * 10).rounded() / 10, "lb") : Self.amount((kg * 10).rounded() / 10, "kg")
        }
        return "Updated your weight for \(record.date): \(weight(record.kilograms)), was \(weight(old.kilograms))."
    }

    // MARK: - Questions

    /// "Skipped the rice." — said when a question is let go.
    func skipped(_ pending: PendingQuestion) -> String {
        switch pending {
        case .quantity(let item), .choice(let item): return "Skipped the \(item.item.mention.food)."
        case .entry: return "Skipped that change."
        }
    }

    var nothingToCancel: String { "There's nothing to cancel. Say \"undo\" to take back the last change." }
    var nothingToRedo: String { "There's nothing to redo." }
    var amountTooLarge: String { "That amount can't be right (it must be more than 0 and at most 10,000). Nothing changed." }

    /// "634 beers is more than one go (at most 24). Nothing changed."
    func implausibleCorrection(_ problem: AmountProblem) -> String {
        problem.reason.prefix(1).uppercased() + problem.reason.dropFirst() + ". Nothing changed."
    }

    // MARK: - Undo and redo

    func undone(_ step: HistoryStep) -> String {
        switch step.kind {
        case .log: return "Undid the log of \(describe(step.changes.compactMap(\.after)))."
        case .correct: return "Undid the correction: back to \(describe(step.changes.compactMap(\.before)))."
        case .delete: return "Undid the deletion: \(describe(step.changes.compactMap(\.before))) is back."
        case .move:
            let entry = step.entriesBefore.first
            return "Undid the move: \(entry?.text ?? "the entry") is back in \(entry?.meal ?? "its meal")."
        }
    }

    func redone(_ step: HistoryStep) -> String {
        switch step.kind {
        case .log: return "Logged again: \(describe(step.changes.compactMap(\.after)))."
        case .correct: return "Redid the correction: \(describe(step.changes.compactMap(\.after)))."
        case .delete: return "Deleted again: \(describe(step.changes.compactMap(\.before)))."
        case .move:
            let entry = step.entriesAfter.first
            return "Moved again: \(entry?.text ?? "the entry") to \(entry?.meal ?? "its meal")."
        }
    }

    private func describe(_ rows: [HistoryRow]) -> String {
        rows.map { row in
            switch row {
            case .entry(let entry): return "\(entry.text) (\(Self.kcal(entry.kcal)))"
            case .water(let water): return Self.amount(water.milliliters, "ml") + " of water"
            case .weight(let weight): return "a weight of " + Self.amount((weight.kilograms * 10).rounded() / 10, "kg")
            case .exercise(let exercise): return "\(exercise.activity) (\(Self.kcal(exercise.kcal)))"
            }
        }.joined(separator: ", ")
    }
}
