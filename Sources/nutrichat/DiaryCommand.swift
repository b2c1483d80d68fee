import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat diary`: journal entries by meal with subtotals and the day's totals; `diary edit|delete|move ID`
/// change one entry by the number the diary shows.
struct DiaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary", abstract: "Show journal entries and totals; edit, delete or move an entry.",
        subcommands: [Show.self, Edit.self, Delete.self, Move.self], defaultSubcommand: Show.self)
}

extension DiaryCommand {
/// `nutrichat diary [show]`: journal entries by meal with subtotals and the day's totals.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show journal entries and totals.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("One day (YYYY-MM-DD); default today.", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("First day of a range.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day of a range.", valueName: "date"))
    var to: String?

    @Flag(help: "JSON lines, one object per day.")
    var json = false

    func validate() throws {
        if date != nil, from != nil || to != nil { throw ValidationError("use either --date or --from/--to") }
        if (from == nil) != (to == nil) { throw ValidationError("--from and --to go together") }
    }

    func run() throws {
        try reportingErrors {
            let clock = try global.clock()
            let days = try dayRange(clock: clock)
            let journal = try global.openJournalForReading()
            let style = Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))
            for (index, day) in days.enumerated() {
                let diary = try DiaryDay.load(date: day, journal: journal)
                if json {
                    print(diary.json.serialized)
                } else {
                    if index > 0 { print("") }
                    print(diary.text(bold: style.bold, dim: style.dim))
                }
                reportDamage(journal)
            }
        }
    }

    private func dayRange(clock: Clock) throws -> [String] {
        func parse(_ text: String) throws -> Date {
            guard let day = Clock.parse(text, calendar: clock.calendar), text.count == 10 else {
                throw UserFacingError("dates are YYYY-MM-DD, got '\(text)'")
            }
            return day.now
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = clock.calendar
        formatter.timeZone = clock.calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        if let from, let to {
            var day = try parse(from)
            let end = try parse(to)
            guard day <= end else { throw UserFacingError("--from must not be after --to") }
            var days: [String] = []
            while day <= end, days.count < 3660 {
                days.append(formatter.string(from: day))
                day = clock.calendar.date(byAdding: .day, value: 1, to: day) ?? end.addingTimeInterval(1)
            }
            return days
        }
        if let date { return [formatter.string(from: try parse(date))] }
        return [clock.reference.isoDate]
    }
}
}
