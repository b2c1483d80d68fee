import Foundation
import NutriStore

/// A meal-slot deletion waiting for a yes: first to delete the slot, then (when it has entries from today on)
/// to delete those entries too.
public struct MealSlotConfirmation: Sendable, Equatable {
    public var slot: String
    /// Entries from today on that the deletion would remove; 0 when there are none.
    public var entries: Int
    /// Whether the person already said yes once and is now asked about the entries.
    public var askedAboutEntries: Bool
}

extension Conversation {
    /// Meal-slot management in conversation: "add a meal called brunch", "rename lunch to midday",
    /// "move dinner to position 2", "move brunch before lunch", "delete the morning snack slot",
    /// "what are my meal slots?". Nil when the message is not about meal slots.
    func mealSlotCommand(_ text: String, input: String) throws -> Reply? {
        let lowered = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: " .!?"))
        let words = Set(TextFolding.words(lowered))
        let aboutSlots = !words.isDisjoint(with: ["slot", "slots"]) || words.contains("meal") || words.contains("meals")
        guard aboutSlots || lowered.hasPrefix("rename ") || lowered.hasPrefix("move ") else { return nil }
        let today = self.today
        func answer(_ text: String) -> Reply { reply(input, "set_profile", text) }
        do {
            if let name = Self.capture(lowered, [#"^(?:please )?(?:add|create|make)(?: a| an)?(?: new)? meal(?: slot)?(?: called| named)? (.+)$"#,
                                                 #"^add (.+?) as a (?:new )?meal(?: slot)?$"#,
                                                 #"^new meal(?: slot)?(?: called| named)? (.+)$"#])?.first {
                let slot = try journal.addMealSlot(named: name, today: today, now: clock().now)
                return answer(replies.slotAdded(slot.name, slots: try journal.mealSlots().map(\.name)))
            }
            if let parts = Self.capture(lowered, [#"^rename (?:the |my )?(.+?)(?: meal slot| meal| slot)? (?:to|as) (.+)$"#]),
               parts.count == 2, try journal.mealSlot(named: parts[0]) != nil {
                let moved = try journal.renameMealSlot(parts[0], to: parts[1], today: today, now: clock().now)
                return answer(replies.slotRenamed(parts[0], to: parts[1], entries: moved))
            }
            if let parts = Self.capture(lowered, [#"^move (?:the |my )?(.+?)(?: meal slot| meal| slot)? (?:to )?(?:position |place |number )?(\d+)$"#]),
               parts.count == 2, let position = Int(parts[1]), try journal.mealSlot(named: parts[0]) != nil {
                try journal.moveMealSlot(parts[0], to: position, today: today, now: clock().now)
                return answer(replies.slotsNow(try journal.mealSlots().map(\.name)))
            }
            if let parts = Self.capture(lowered, [#"^move (?:the |my )?(.+?)(?: meal slot| meal| slot)? (before|after) (?:the |my )?(.+?)(?: meal slot| meal| slot)?$"#]),
               parts.count == 3, try journal.mealSlot(named: parts[0]) != nil,
               let other = try journal.mealSlots().firstIndex(where: { $0.name == parts[2] }) {
                let names = try journal.mealSlots().map(\.name)
                let current = names.firstIndex(of: parts[0]) ?? 0
                var target = parts[1] == "before" ? other + 1 : other + 2
                if current < other { target -= 1 }
                try journal.moveMealSlot(parts[0], to: max(1, min(target, names.count)), today: today, now: clock().now)
                return answer(replies.slotsNow(try journal.mealSlots().map(\.name)))
            }
            if let name = Self.capture(lowered, [#"^(?:please )?(?:delete|remove) (?:the |my )?(.+?) (?:meal slot|meal|slot)$"#])?.first {
                let slot = try journal.existingMealSlot(name)
                let usage = try journal.mealSlotUsage(slot.name, today: today)
                state.mealSlotConfirmation = MealSlotConfirmation(slot: slot.name, entries: usage.fromToday, askedAboutEntries: false)
                return reply(input, "set_profile", replies.confirmSlotDelete(slot.name), pendingOverride: "confirm")
            }
            if aboutSlots, !words.isDisjoint(with: ["list", "show", "what", "which", "my"]), words.isDisjoint(with: ["eat", "ate", "had"]) {
                return answer(replies.slotsNow(try journal.mealSlots().map(\.name)))
            }
        } catch let error as MealSlotError {
            return answer(error.description)
        }
        return nil
    }

    /// A yes or no to a pending deletion; nil when nothing is pending or the message is not an answer.
    func answerMealSlotConfirmation(input: String, text: String) throws -> Reply? {
        guard var pending = state.mealSlotConfirmation else { return nil }
        let intent = analyzer.classifier.classify(text).intent
        guard intent == .affirm || intent == .deny else {
            state.mealSlotConfirmation = nil
            return nil
        }
        if intent == .deny {
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

    /// The groups captured by the first pattern that matches all of `text`.
    static func capture(_ text: String, _ patterns: [String]) -> [String]? {
        let range = NSRange(text.startIndex..., in: text)
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                  let match = regex.firstMatch(in: text, range: range) else { continue }
            return (1..<match.numberOfRanges).compactMap { index in
                Range(match.range(at: index), in: text).map { String(text[$0]).trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
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
