import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat report`: a day, week, month or range of the journal as terminal charts, JSON or one HTML file.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Energy against the goal, macros, nutrients per day, weight, top foods, vitamins and minerals, streaks and patterns.",
        discussion: "With no period, the current week. Charts fit 80 columns; --html writes one self-contained file.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("One day (YYYY-MM-DD).", valueName: "date"))
    var day: String?

    @Flag(help: "The Monday-to-Sunday week holding the day given after it (YYYY-MM-DD), else this week.")
    var week = false

    @Flag(help: "The calendar month given after it (YYYY-MM), else this month.")
    var month = false

    @Argument(help: ArgumentHelp("The day of --week (YYYY-MM-DD) or the month of --month (YYYY-MM).", valueName: "when"))
    var when: String?

    @Option(help: ArgumentHelp("First day of a range (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day of a range (YYYY-MM-DD); default today.", valueName: "date"))
    var to: String?

    @Flag(help: "One JSON object with every figure.")
    var json = false

    @Option(help: ArgumentHelp("Write the report as one HTML file with inline SVG charts.", valueName: "file"))
    var html: String?

    func run() throws {
        try reportingErrors {
            let today = try global.clock().reference.isoDate
            let period = try choosePeriod(today: today)
            let tables = try InsightTables.load(from: global.dataDirectoryURL.lexicon)
            let journal = try global.openJournalForReading()
            let report = InsightReport.make(try tables.summary(period, today: today, journal: journal), tables: tables)
            reportDamage(journal)
            if let html {
                let url = URL(fileURLWithPath: (html as NSString).expandingTildeInPath)
                do {
                    try Data(ReportHTML(report: report).render().utf8).write(to: url, options: .atomic)
                    try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
                } catch {
                    throw UserFacingError("cannot write \(html): \(UserMessage.describe(error))")
                }
                if !json { print("Wrote \(url.path).") }
            }
            if json {
                Terminal.write(jsonLines: [report.json.serialized])
            } else if html == nil {
                print(ReportText(report: report, paint: TextPaint(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))).render())
            }
        }
    }

    /// The period the options ask for; one kind at a time, the current week by default.
    func choosePeriod(today: String) throws -> Period {
        let kinds = [day != nil, week, month, from != nil].filter { $0 }.count
        guard kinds <= 1 else { throw UserFacingError("choose one of --day, --week, --month or --from/--to") }
        for value in [day, from, to].compactMap({ $0 }) where !JournalRules.isDate(value) {
            throw UserFacingError("dates are YYYY-MM-DD, got '\(value)'")
        }
        if let when, !week, !month { throw UserFacingError("'\(when)' needs --week (a day) or --month (YYYY-MM) before it") }
        if let day { return .day(day) }
        if let from {
            guard let period = Period.range(from: from, to: to ?? today) else {
                throw UserFacingError("--from \(from) comes after --to \(to ?? today)")
            }
            return period
        }
        guard to == nil else { throw UserFacingError("--to needs --from") }
        if month {
            guard let period = when.map({ Period.month($0) }) ?? Period.month(containing: today) else {
                throw UserFacingError("months are YYYY-MM, got '\(when ?? today)'")
            }
            return period
        }
        let anchor = when ?? today
        guard JournalRules.isDate(anchor), let period = Period.week(containing: anchor) else {
            throw UserFacingError("dates are YYYY-MM-DD, got '\(anchor)'")
        }
        return period
    }
}
