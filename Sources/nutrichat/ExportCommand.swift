import ArgumentParser
import Foundation
import NutriChat
import NutriStore

extension ExportFormat: ExpressibleByArgument {}

/// `nutrichat export FILE [--format sqlite|csv|json]`: all user data out.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write all your data (entries, water, meal slots, everything) to a file.",
        discussion: """
            sqlite (the default) is a consistent copy of the journal that 'nutrichat import' reads back. csv writes a \
            folder with one CSV file per table; json writes one JSON document with every table. Both are readable \
            copies for other programs and cannot be imported. FILE must not exist yet.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to write (a folder for csv).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("sqlite, csv or json.", valueName: "format"))
    var format: ExportFormat = .sqlite

    func run() throws {
        try reportingErrors {
            let journalURL = global.resolvedHome.journalDatabase
            guard FileManager.default.fileExists(atPath: journalURL.path) else {
                throw UserFacingError("there is no journal yet at \(journalURL.path); nothing to export")
            }
            Leftovers.sweep(global.resolvedHome.url)  // an interrupted import, install or export of a process that is gone
            let journal = try Journal.openForReading(path: journalURL.path)
            let destination = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            guard !FileManager.default.fileExists(atPath: destination.path) else {
                throw TransferError.destinationExists(path: file)
            }
            let summary = try journal.export(to: destination, format: format, home: global.resolvedHome.url)
            // A damaged row is exported as it is (an export never drops data) and named, since import refuses it.
            for row in (try? journal.damagedRows()) ?? [] {
                Terminal.error("nutrichat: \(row); fix or delete it before importing this export")
            }
            let entries = summary.entryCount == 1 ? "1 entry" : "\(summary.entryCount) entries"
            let tables = summary.rowCounts.count
            switch format {
            case .sqlite:
                print("Exported \(entries) (\(tables) tables) to \(file). Import it with 'nutrichat import \(file)'.")
            case .csv:
                let names = summary.files.map(\.lastPathComponent).joined(separator: ", ")
                print("Exported \(entries) as \(summary.files.count) CSV files (one per table) in \(file)/: \(names).")
            case .json:
                print("Exported \(entries) (\(tables) tables) as one JSON document to \(file).")
            }
        }
    }
}
