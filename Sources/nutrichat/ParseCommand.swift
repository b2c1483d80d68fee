import ArgumentParser
import Foundation
import NutriChat
import NutriIntent

/// `nutrichat parse`: meal descriptions in, JSON lines out; never writes the journal.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Batch parse: one message per line from files or stdin, one JSON object per line out.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The day that \"today\" means (YYYY-MM-DD).", valueName: "date"))
    var date: String?

    @Argument(help: "Files to read; standard input when none.")
    var files: [String] = []

    func run() throws {
        try reportingErrors {
            var clock = try global.clock()
            if let date {
                guard let moved = clock.on(isoDate: date) else { throw UserFacingError("--date must be YYYY-MM-DD, got '\(date)'") }
                clock = moved
            }
            for file in files where !FileManager.default.isReadableFile(atPath: file) {
                throw UserFacingError("cannot read \(file)")
            }
            let analyzer = try global.loadAnalyzer()
            try global.attachUserFoods(to: analyzer.services)  // custom foods and recipes, read-only: parse never writes
            let reference = clock.reference
            // Every input line gets exactly one output line, blank ones included (an object with "error"), so
            // outputs join back to inputs by line number.
            let emit: (String) -> Void = { line in
                Terminal.write(jsonLines: [analyzer.analyze(line, reference: reference).jsonText])
            }
            if files.isEmpty {
                while let line = readLine(strippingNewline: true) { emit(line) }
            } else {
                // Files are read in blocks analysed on every core; stdin stays one line at a time, answered at once.
                var block: [String] = []
                let flush = {
                    guard !block.isEmpty else { return }
                    Terminal.write(jsonLines: analyzer.jsonLines(block, reference: reference))
                    block.removeAll(keepingCapacity: true)
                }
                for file in files {
                    guard let handle = FileHandle(forReadingAtPath: file) else { throw UserFacingError("cannot read \(file)") }
                    LineReader(handle: handle).forEach { line in
                        block.append(line)
                        if block.count == 256 { flush() }
                    }
                }
                flush()
            }
            // Everything is written: end here, while the analyzer is still alive, rather than free the caches of
            // thousands of foods one by one.
            Foundation.exit(0)
        }
    }
}
