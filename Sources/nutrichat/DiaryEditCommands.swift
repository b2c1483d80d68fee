import ArgumentParser
import Foundation
import NutriChat
import NutriStore

extension DiaryCommand {
    /// `nutrichat diary edit ID [--amount A] [--food F] [--meal M] [--date D] [--json]`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an entry's amount, food, meal or date (grams and nutrients follow).",
            discussion: "ID is the number 'nutrichat diary' shows (#7 → 7). 'undo' in chat takes the change back.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry's number.") var id: Int64
        @Option(help: ArgumentHelp("New amount: 1.5 cups, 200 g, 3 (in the entry's unit).", valueName: "amount")) var amount: String?
        @Option(help: ArgumentHelp("New food, e.g. \"brown rice\".", valueName: "food")) var food: String?
        @Option(help: ArgumentHelp("Move it to this meal slot.", valueName: "meal")) var meal: String?
        @Option(help: ArgumentHelp("Move it to this day (YYYY-MM-DD).", valueName: "date")) var date: String?
        @Flag(help: "Print the entry before and after as one JSON object.") var json = false

        func validate() throws {
            if amount == nil, food == nil, meal == nil, date == nil {
                throw ValidationError("give at least one of --amount, --food, --meal, --date")
            }
            if id <= 0 { throw ValidationError("entry numbers start at 1") }
        }

        func run() throws {
            try reportingErrors {
                let fixed = try global.now.map { _ in try global.clock() }
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                if amount != nil || food != nil {
                    // A new amount or food needs the food data; a new meal or day does not.
                    let analyzer = try global.loadAnalyzer()
                    analyzer.services.useUserFoods(from: journal)
                    let conversation = Conversation(analyzer: analyzer, journal: journal, clock: { fixed ?? Clock(now: Date()) })
                    let (before, after) = try conversation.editEntry(id: id, amount: amount, food: food, meal: meal, date: date)
                    report(before: before, after: after)
                } else {
                    let (before, after) = try DiaryEdits(journal: journal).relocate(id: id, meal: meal, date: date)
                    report(before: before, after: after)
                }
            }
        }

        private func report(before: JournalEntry, after: JournalEntry) {
            if json {
                print(JSONValue.object([("action", .string("edit")), ("entry", after.json), ("before", before.json)]).serialized)
            } else {
                print("Updated #\(after.id ?? 0): \(after.text) (\(after.meal), \(after.date)) — \(Int(after.grams.rounded())) g, "
                      + "\(Int(after.kcal.rounded())) kcal; was \(before.text) (\(before.meal), \(before.date)).")
            }
        }
    }

    /// `nutrichat diary delete ID [--json]`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an entry by its number.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry's number ('nutrichat diary' shows it).") var id: Int64
        @Flag(help: "Print the deleted entry as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let entry = try DiaryEdits(journal: try global.openJournal()).delete(id: id)
                print(json ? JSONValue.object([("action", .string("delete")), ("entry", entry.json)]).serialized
                           : "Deleted #\(id): \(entry.text) (\(entry.meal), \(entry.date)).")
            }
        }
    }

    /// `nutrichat diary move ID --meal M [--json]`.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move an entry to another meal slot.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry's number ('nutrichat diary' shows it).") var id: Int64
        @Option(help: ArgumentHelp("The meal slot to move it to.", valueName: "meal")) var meal: String
        @Flag(help: "Print the moved entry as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let before = try journal.entry(id: id)
                let entry = try DiaryEdits(journal: journal).move(id: id, toMeal: meal)
                print(json ? JSONValue.object([("action", .string("move")), ("entry", entry.json),
                                               ("from", .string(before?.meal ?? entry.meal))]).serialized
                           : "Moved #\(id): \(entry.text) to \(entry.meal).")
            }
        }
    }
}
