import Foundation
import NutriLanguage
import NutriStore

/// Entry changes by id, as `nutrichat diary edit|delete|move` makes them: the same steps of the undo history as
/// the dialogue's corrections, deletions and moves, so `undo` in chat takes them back too.
extension Conversation {
    /// Changes an entry's amount ("1.5 cups", "200 g", "3"), food ("brown rice"), meal or date. The grams and
    /// nutrients follow from the new portion. Throws a one-line error for an unknown id, meal or food.
    @discardableResult
    public func editEntry(id: Int64, amount: String?, food: String?, meal: String?, date: String?) throws
        -> (before: JournalEntry, after: JournalEntry) {
        let entry = try existingEntry(id)
        var updated = entry
        if amount != nil || food != nil {
            var mention = originalMention(of: entry)
            if let amount {
                guard let (parsed, rest) = quantities.leadingAmount(in: amount), FoldedWords.words(of: rest).isEmpty,
                      parsed.quantity != nil || parsed.unit != nil || parsed.size != nil else {
                    throw UserFacingError("can't read the amount '\(amount)'; try e.g. 1.5 cups, 200 g or 3")
                }
                guard isSensible(parsed) else {
                    throw UserFacingError("the amount must be more than 0 and at most 10,000, got '\(amount)'")
                }
                mention.amount = merged(parsed, into: mention.amount)
            }
            if let food {
                guard !FoldedWords.words(of: food).isEmpty else { throw UserFacingError("the food name is empty") }
                mention.food = food
            }
            mention.text = describe(mention)
            let item = analyzer.resolve(mention)
            guard item.match != nil, item.portion != nil else {
                throw UserFacingError("I couldn't find \"\(mention.food)\" in the food database")
            }
            updated = makeEntry(item, date: entry.date, meal: entry.meal)
            updated.id = entry.id
            updated.createdAt = entry.createdAt
        }
        try DiaryEdits.place(&updated, meal: meal, date: date, journal: journal)
        guard updated != entry else { throw UserFacingError("nothing to change: give --amount, --food, --meal or --date") }
        try journal.record(HistoryStep(kind: amount == nil && food == nil ? .move : .correct,
                                       summary: "\(entry.text) → \(updated.text)",
                                       changes: [RowChange(before: .entry(entry), after: .entry(updated))]))
        return (entry, updated)
    }
}

/// Deleting and moving entries by id, which needs no food data: `nutrichat diary delete|move`.
public struct DiaryEdits {
    public let journal: any JournalStore

    /// Edits over a journal.
    public init(journal: any JournalStore) {
        self.journal = journal
    }

    /// Deletes entry `id` as one step of the undo history and returns it.
    @discardableResult
    public func delete(id: Int64) throws -> JournalEntry {
        let entry = try journal.existingEntry(id)
        try journal.record(HistoryStep(kind: .delete, summary: entry.text, changes: [.deleted(.entry(entry))]))
        return entry
    }

    /// Moves entry `id` to another meal slot or day as one step of the undo history; returns it before and after.
    @discardableResult
    public func relocate(id: Int64, meal: String?, date: String?) throws -> (before: JournalEntry, after: JournalEntry) {
        let entry = try journal.existingEntry(id)
        var moved = entry
        try Self.place(&moved, meal: meal, date: date, journal: journal)
        guard moved != entry else { return (entry, entry) }
        try journal.record(HistoryStep(kind: .move, summary: "\(entry.text) to \(moved.meal)",
                                       changes: [RowChange(before: .entry(entry), after: .entry(moved))]))
        return (entry, moved)
    }

    /// Sets an entry's meal (one of the person's slots) and day (an ISO date), checking both.
    static func place(_ entry: inout JournalEntry, meal: String?, date: String?, journal: any JournalStore) throws {
        if let meal { entry.meal = try journal.existingSlotName(meal) }
        if let date {
            guard DayArithmetic.adding(0, to: date) == date else {
                throw UserFacingError("dates are YYYY-MM-DD, got '\(date)'")
            }
            entry.date = date
        }
    }

    /// Moves entry `id` to the meal slot `meal` (one of the person's slots) as one step of the undo history.
    @discardableResult
    public func move(id: Int64, toMeal meal: String) throws -> JournalEntry {
        let entry = try journal.existingEntry(id)
        var moved = entry
        moved.meal = try journal.existingSlotName(meal)
        guard moved != entry else { return entry }
        try journal.record(HistoryStep(kind: .move, summary: "\(entry.text) to \(moved.meal)",
                                       changes: [RowChange(before: .entry(entry), after: .entry(moved))]))
        return moved
    }
}

extension Conversation {
    fileprivate func existingEntry(_ id: Int64) throws -> JournalEntry { try journal.existingEntry(id) }
}

extension JournalStore {
    /// Entry `id`, or a one-line error saying how to find the numbers.
    func existingEntry(_ id: Int64) throws -> JournalEntry {
        guard let entry = try entry(id: id) else {
            throw UserFacingError("there is no entry #\(id); 'nutrichat diary' shows each entry's number")
        }
        return entry
    }

    /// The slot named `name` (any case), or a one-line error listing the slots.
    func existingSlotName(_ name: String) throws -> String {
        let slots = try mealSlots().map(\.name)
        let wanted = FoldedWords.words(of: name).joined(separator: " ")
        guard let slot = slots.first(where: { FoldedWords.words(of: $0).joined(separator: " ") == wanted }) else {
            throw UserFacingError("there is no meal '\(name)'; your meals: \(slots.joined(separator: ", "))")
        }
        return slot
    }
}
