import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat import FILE [--yes]`: replace the whole journal with a SQLite export.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Replace your whole journal with a file written by 'nutrichat export'.",
        discussion: """
            The file is checked first (SQLite header, integrity, NutriChat schema and version, sane values); a file \
            from an older NutriChat is upgraded. Nothing changes unless every check passes, and then the journal is \
            replaced in one step. Asks to confirm on a terminal; pass --yes in scripts.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A SQLite export.", valueName: "file"))
    var file: String

    @Flag(help: "Replace without asking (for scripts).")
    var yes = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run() throws {
        try reportingErrors {
            try global.checkHome()
            let home = global.resolvedHome
            Leftovers.sweep(home.url)
            let source = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            // Validation works on a private copy and never opens the journal: a refused file changes nothing.
            let candidate = try JournalImporter.prepare(file: source, workingFolder: home.url, shownPath: file)
            defer { candidate.discard() }
            guard try confirmed(candidate.summary, journalPath: home.journalDatabase.path) else {
                print(json ? JSONValue.object([("action", .string("import")), ("imported", .bool(false))]).serialized
                    : "Nothing changed.")
                return
            }
            let journal = try Journal(path: home.journalDatabase.path)
            let summary = try journal.replaceAll(with: candidate)
            if json {
                print(JSONValue.object([
                    ("action", .string("import")), ("imported", .bool(true)),
                    ("entries", .number(Double(summary.entryCount))), ("first_date", .optional(summary.firstDate)),
                    ("last_date", .optional(summary.lastDate)), ("upgraded", .bool(!summary.upgradedBy.isEmpty)),
                    ("journal", .string(home.journalDatabase.path)),
                ]).serialized)
                return
            }
            let upgraded = summary.upgradedBy.isEmpty ? "" : " It was upgraded from an older NutriChat."
            print("Imported \(Self.describe(summary)) into \(home.journalDatabase.path).\(upgraded)")
        }
    }

    /// The warning and question on a terminal; `--yes` skips them; no terminal and no `--yes` is refused.
    private func confirmed(_ summary: ImportSummary, journalPath: String) throws -> Bool {
        if yes { return true }
        guard Terminal.stdinIsTTY else {
            throw UserFacingError("import replaces your whole journal; run again with --yes to confirm (there is no terminal to ask on)")
        }
        var current = ""
        if FileManager.default.fileExists(atPath: journalPath) {
            let count = try Journal(path: journalPath).entryCount()
            current = " (now \(count == 1 ? "1 entry" : "\(count) entries"))"
        }
        Terminal.error("""
            \(file) holds \(Self.describe(summary)).
            Importing replaces everything in your journal\(current): entries, water, meal slots and all other data.
            To keep a copy, run 'nutrichat export FILE' first.
            """)
        return Confirmation.ask("Replace your journal?")
    }

    private static func describe(_ summary: ImportSummary) -> String {
        let entries = summary.entryCount == 1 ? "1 entry" : "\(summary.entryCount) entries"
        guard let first = summary.firstDate, let last = summary.lastDate else { return entries }
        return first == last ? "\(entries) on \(first)" : "\(entries) from \(first) to \(last)"
    }
}
