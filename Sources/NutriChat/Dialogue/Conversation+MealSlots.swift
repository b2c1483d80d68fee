import Foundation
import NutriStore

/// A meal-slot deletion waiting for a yes: first to delete the slot, then (when it has entries from today on)
/// to delete those entries too.
public struct MealSlotConfirmation: Sendable, Equatable, Codable {
    public var slot: String
    /// Entries from today on that the deletion would remove; 0 when there are none.
    public var entries: Int
    /// Whether the person already said yes once and is now asked about the entries.
    public var askedAboutEntries: Bool
}

extension Conversation {
    /// Carries out a meal-slot command the router read: "add a meal called brunch", "rename lunch to midday",
    /// "move dinner to position 2", "move brunch before lunch", "delete the morning snack slot", "what are my meal slots?".
    func mealSlots(_ command: MealSlotCommand, input: String) throws -> Reply {
        let today = self.today
        func answer(_ text: String) -> Reply { reply(input, "set_profile", text) }
        do {
            switch command {
            case .add(let name):
                let slot = try journal.addMealSlot(named: name, today: today, now: clock().now)
                return answer(replies.slotAdded(slot.name, slots: try journal.mealSlots().map(\.name)))
            case .rename(let old, let new):
                let moved = try journal.renameMealSlot(old, to: new, today: today, now: clock().now)
                return answer(replies.slotRenamed(old, to: new, entries: moved))
            case .move(let name, let position):
                try journal.moveMealSlot(name, to: position, today: today, now: clock().now)
            case .moveBeside(let name, let before, let otherName):
                let names = try journal.mealSlots().map(\.name)
                let other = names.firstIndex(of: otherName) ?? 0
                let current = names.firstIndex(of: name) ?? 0
                var target = before ? other + 1 : other + 2
                if current < other { target -= 1 }
                try journal.moveMealSlot(name, to: max(1, min(target, names.count)), today: today, now: clock().now)
            case .delete(let name):
                let slot = try journal.existingMealSlot(name)
                let usage = try journal.mealSlotUsage(slot.name, today: today)
                state.mealSlotConfirmation = MealSlotConfirmation(slot: slot.name, entries: usage.fromToday, askedAboutEntries: false)
                return reply(input, "set_profile", replies.confirmSlotDelete(slot.name), pendingOverride: "confirm")
            case .list:
                break
            }
            return answer(replies.slotsNow(try journal.mealSlots().map(\.name)))
        } catch let error as MealSlotError {
            return answer(error.description)
        }
    }

    /// A yes or no to the pending meal-slot deletion.
    func confirmSlotDeletion(accept: Bool, input: String) throws -> Reply {
        guard var pending = state.mealSlotConfirmation else { return reply(input, "out_of_scope", replies.nothingPending) }
        if !accept {
            state.mealSlotConfirmation = nil
            return reply(input, "deny", replies.slotKept(pending.slot))
        }
        if pending.entries > 0, !pending.askedAboutEntries {
            pending.askedAboutEntries = true
            state.mealSlotConfirmation = pending
            return reply(input, "affirm", replies.confirmSlotEntries(pending.slot, entries: pending.entries), pendingOverride: "confirm")
        }
        state.mealSlotConfirmation = nil
        let deleted = try journal.deleteMealSlot(pending.slot, today: today, now: clock().now)
        return reply(input, "affirm", replies.slotDeleted(pending.slot, entries: deleted, slots: try journal.mealSlots().map(\.name)))
    }
}

extension ReplyText {
    func slotAdded(_ name: String, slots: [String]) -> String { "Added the meal \"\(name)\". Your meals: \(slots.joined(separator: ", "))." }
    func slotRenamed(_ old: String, to new: String, entries: Int) -> String {
        "Renamed \"\(old)\" to \"\(new)\" from today on" + (entries > 0 ? " (\(entries) entr\(entries == 1 ? "y" : "ies") from today moved with it)." : ".")
            + " Earlier days keep the old name."
    }
    func slotsNow(_ slots: [String]) -> String { "Your meals, in order: \(slots.joined(separator: ", "))." }
    func confirmSlotDelete(_ name: String) -> String { "Delete the meal \"\(name)\" from today on? Earlier days keep it. (yes/no)" }
    func confirmSlotEntries(_ name: String, entries: Int) -> String {
        "\"\(name)\" has \(entries) entr\(entries == 1 ? "y" : "ies") from today on; deleting the meal deletes \(entries == 1 ? "it" : "them") too. Still delete? (yes/no)"
    }
    func slotDeleted(_ name: String, entries: Int, slots: [String]) -> String {
        "Deleted the meal \"\(name)\"" + (entries > 0 ? " and \(entries) entr\(entries == 1 ? "y" : "ies") from today on" : "")
            + ". Your meals: \(slots.joined(separator: ", "))."
    }
    func slotKept(_ name: String) -> String { "OK, \"\(name)\" stays." }
}
