import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat calendar`: a month grid with each day's energy against the goal, or its weight.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A month grid of kcal per day, coloured against the goal (✓ within 10 %, ▲ over, ▼ under).")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The month (YYYY-MM); default this month.", valueName: "month"))
    var month: String?

    @Flag(help: "Show the weight of each day instead of its energy.")
    var weight = false

    @Flag(help: "One JSON object.")
    var json = false

    func run() throws {
        try reportingErrors {
            let today = try global.clock().reference.isoDate
            let chosen = month.map { Period.month($0) } ?? Period.month(containing: today)
            guard let period = chosen else { throw UserFacingError("months are YYYY-MM, got '\(month ?? today)'") }
            let tables = try InsightTables.load(from: global.dataDirectoryURL.lexicon)
            let journal = try global.openJournalForReading()
            let summary = try tables.summary(period, today: today, journal: journal)
            let calendar = MonthCalendar.make(summary, weight: weight, units: try journal.profile().units ?? .metric)
            reportDamage(journal)
            if json {
                Terminal.write(jsonLines: [calendar.json.serialized])
            } else {
                print(calendar.text(paint: TextPaint(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))))
            }
        }
    }
}
