import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat meals`: list and change the meal slots of the day. Changes apply from today on; past days keep
/// their entries and meal names.
struct MealsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meals",
        abstract: "List, add, rename, reorder or delete meal slots.",
        discussion: "Changes apply from today (or --now) on; past days are never rewritten. Quote names with spaces.",
        subcommands: [List.self, Add.self, Rename.self, Move.self, Delete.self],
        defaultSubcommand: List.self
    )

    /// `nutrichat meals list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the meal slots in order.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "One JSON object per slot.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournalForReading()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                for (index, slot) in try journal.mealSlots().enumerated() {
                    print(json ? "{\"position\": \(index + 1), \"name\": \(jsonString(slot.name))}" : "\(index + 1). \(slot.name)")
                }
            }
        }

        private func jsonString(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// `nutrichat meals add NAME`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a meal slot at the end (at most 20 characters).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The new slot's name.") var name: String
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let slot = try journal.addMealSlot(named: name, today: try global.clock().reference.isoDate)
                print(json ? MealsCommand.json("add", slot: slot.name, slots: try journal.mealSlots().map(\.name))
                           : "Added the meal slot '\(slot.name)' at position \(slot.position + 1).")
            }
        }
    }

    /// `nutrichat meals rename OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a meal slot from today on.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The slot's current name.") var old: String
        @Argument(help: "Its new name.") var new: String
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let slot = try journal.existingMealSlot(old)
                let moved = try journal.renameMealSlot(old, to: new, today: try global.clock().reference.isoDate)
                let renamed = try journal.mealSlots().first { $0.id == slot.id }?.name ?? new
                let note = moved > 0 ? " \(moved) \(moved == 1 ? "entry" : "entries") from today on moved with it;" : ""
                print(json ? MealsCommand.json("rename", slot: renamed, slots: try journal.mealSlots().map(\.name),
                                               extra: [("from", .string(slot.name)), ("entries_moved", .number(Double(moved)))])
                           : "Renamed '\(slot.name)' to '\(renamed)'.\(note) earlier days keep '\(slot.name)'.")
            }
        }
    }

    /// `nutrichat meals move NAME POSITION`.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a meal slot to a position (1 is first).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The slot's name.") var name: String
        @Argument(help: "Its new position, from 1.") var position: Int
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                try journal.moveMealSlot(name, to: position, today: try global.clock().reference.isoDate)
                let order = try journal.mealSlots().map(\.name)
                print(json ? MealsCommand.json("move", slot: name, slots: order) : "Meal slots now: \(order.joined(separator: ", ")).")
            }
        }
    }

    /// `nutrichat meals delete NAME [--yes]`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a meal slot and its entries from today on.",
            discussion: "Asks to confirm, and asks again when the slot holds entries from today on. Without a terminal, pass --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The slot's name.") var name: String
        @Flag(help: "Confirm without asking (for scripts).") var yes = false
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let today = try global.clock().reference.isoDate
                let slot = try journal.existingMealSlot(name)
                guard try journal.mealSlots().count > 1 else { throw MealSlotError.lastSlot(slot.name) }
                let usage = try journal.mealSlotUsage(slot.name, today: today)
                guard try confirmed(slot: slot.name, usage: usage) else {
                    print(json ? JSONValue.object([("action", .string("delete")), ("changed", .bool(false))]).serialized : "Nothing changed.")
                    return
                }
                let deleted = try journal.deleteMealSlot(slot.name, today: today)
                var message = "Deleted the meal slot '\(slot.name)'"
                if deleted > 0 { message += " and its \(deleted) \(deleted == 1 ? "entry" : "entries") from today on" }
                if usage.earlier > 0 {
                    message += "; \(usage.earlier) earlier \(usage.earlier == 1 ? "entry keeps" : "entries keep") it as meal name"
                }
                print(json ? MealsCommand.json("delete", slot: slot.name, slots: try journal.mealSlots().map(\.name),
                                               extra: [("entries_deleted", .number(Double(deleted)))])
                           : message + ".")
            }
        }

        /// Two questions on a terminal (the second only when entries would go); `--yes` answers both.
        private func confirmed(slot: String, usage: MealSlotUsage) throws -> Bool {
            if yes { return true }
            guard Terminal.stdinIsTTY else {
                throw UserFacingError("deleting a meal slot needs confirmation and there is no terminal to ask on; add --yes")
            }
            guard Confirmation.ask("Delete the meal slot '\(slot)' from today on?") else { return false }
            guard usage.fromToday > 0 else { return true }
            let count = usage.fromToday == 1 ? "1 entry from today on; it" : "\(usage.fromToday) entries from today on; they"
            return Confirmation.ask("'\(slot)' holds \(count) will be deleted too. Delete \(usage.fromToday == 1 ? "it" : "them")?")
        }
    }
}

/// A yes/no question on the terminal; anything but "y" or "yes" (or end of input) means no.
enum Confirmation {
    static func ask(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

extension MealsCommand {
    /// The `--json` object of a slot change: what was done, to which slot, and the slots now.
    static func json(_ action: String, slot: String, slots: [String], extra: [(String, JSONValue)] = []) -> String {
        JSONValue.object([("action", .string(action)), ("slot", .string(slot)), ("slots", .array(slots.map(JSONValue.string)))]
                         + extra).serialized
    }
}
