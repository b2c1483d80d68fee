import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat weight [show|add|delete]`: weighings, their 7-day average and trend, drawn as a chart.
struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Show, add or delete body weights (one per day).",
        subcommands: [Show.self, Add.self, Delete.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Weights with a 7-day average, change per week and a chart.")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("First day (YYYY-MM-DD); default 90 days ago.", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Last day (YYYY-MM-DD); default today.", valueName: "date"))
        var to: String?

        @Flag(help: "One JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                let today = try global.clock().reference.isoDate
                let end = to ?? today
                let journal = try global.openJournalForReading()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let report = try WeightReport.load(from: from ?? WeightReport.defaultStart(today: end), to: end, journal: journal)
                if json {
                    print(report.json.serialized)
                } else {
                    let style = Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))
                    print(report.text(bold: style.bold, dim: style.dim))
                }
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Log a weight, e.g. 80.5kg or 177lb (a bare number is in your units); replaces that day's weight.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The weight, e.g. 80.5kg, 177lb or \"12 st 4\".")
        var weight: [String]

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD); default today.", valueName: "date"))
        var date: String?

        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let today = try global.clock().reference.isoDate
                let day = date ?? today
                try TrackingEdits.checkDay(day, today: today)
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let units = try journal.profile().units ?? .metric
                let text = weight.joined(separator: " ")
                guard let kg = try WeightReport.kilograms(from: text, lexicon: global.dataDirectoryURL.lexicon, units: units) else {
                    throw UserFacingError("'\(text)' is not a weight; try 80.5kg or 177lb")
                }
                let (saved, replaced) = try TrackingEdits.addWeight(kilograms: kg, date: day, today: today, text: text,
                                                                    at: try global.clock().now, journal: journal)
                let shown = units == .imperial ? String(format: "%.1f lb", kg / 0.45359237) : String(format: "%.1f kg", kg)
                if json {
                    print(TrackingEdits.addedJSON(saved, replaced: replaced).serialized)
                } else {
                    print("Logged \(shown) for \(day)" + (replaced.map { String(format: " (replaces %.1f kg)", $0.kilograms) } ?? "") + ".")
                }
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete the weight of one day.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The day (YYYY-MM-DD).")
        var date: String

        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                try TrackingEdits.checkDay(date, today: nil)
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                guard let deleted = try TrackingEdits.deleteWeight(on: date, journal: journal) else {
                    throw UserFacingError("there is no weight logged for \(date)")
                }
                print(json ? TrackingEdits.deletedJSON(deleted).serialized
                           : String(format: "Deleted the weight of %@ (%.1f kg).", date, deleted.kilograms))
            }
        }
    }
}
