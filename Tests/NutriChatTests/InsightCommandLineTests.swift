import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// `nutrichat report` and `nutrichat calendar` run as the real executable over a home seeded with four weeks
/// (`InsightSeed`); the HTML report is opened in a real headless browser when one is installed.
@Suite("Report and calendar commands", .serialized)
struct InsightCommandLineTests {
    typealias Home = CustomCommandLineTests.Home
    // Home.run passes --now 2026-11-21T12:30:00: Saturday, before lunch.

    private func seededHome() throws -> Home {
        let home = try Home()
        try InsightSeed.seed(try Journal(path: home.journal))
        return home
    }

    /// Display width of a line: every character used here is one column wide (block elements, arrows, ✓ ▲ ▼).
    private func widest(_ text: String) -> Int {
        text.split(separator: "\n").map(\.count).max() ?? 0
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func terminalReportFitsEightyColumnsWithoutColour() throws {
        let home = try seededHome()
        for period in [["--month"], ["--week"], ["--day", "2026-11-21"], ["--from", "2026-10-26", "--to", "2026-11-22"],
                       ["--month", "2026-10"], ["--week", "2026-11-04"]] {
            let result = try home.run(["report"] + period, plain: false)
            #expect(result.status == 0, "\(period): \(result.err)")
            #expect(widest(result.out) <= 80, "\(period): a line of \(widest(result.out)) columns")
            #expect(!result.out.contains("\u{1B}["), "colour with --no-color")
        }
        let month = try home.run(["report", "--month"]).out
        #expect(month.hasPrefix("November 2026  21 days, 21 logged · goal 1,500 kcal"))
        #expect(month.contains("  Fr 11-20  ") && month.contains("1,960 ▲"))
        #expect(month.contains("Vitamins and minerals") && month.contains("  Iron "))
        #expect(month.contains("Goals hit") && month.contains("Patterns") && month.contains("Top foods"))
        #expect(month.contains("Suggested calorie target"))
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func jsonHasEveryFigure() throws {
        let home = try seededHome()
        let result = try home.run(["report", "--month", "--json"])
        #expect(result.status == 0 && result.out.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        for key in ["period", "days", "averages", "macro_shares", "weight", "top_foods", "meal_shares", "time_of_day",
                    "nutrients", "streaks", "patterns", "calorie_suggestion", "goals"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 21 && days.last?["date"] as? String == "2026-11-21")
        #expect(days.first { $0["date"] as? String == "2026-11-20" }?["energy_kcal"] as? Double == 1960.2)
        let nutrients = try #require(object["nutrients"] as? [[String: Any]])
        let iron = try #require(nutrients.first { $0["key"] as? String == "iron_mg" })
        #expect(iron["target"] as? Double == 18 && iron["low"] as? Bool == true)
        let suggestion = try #require(object["calorie_suggestion"] as? [String: Any])
        #expect(suggestion["suggested_kcal"] as? Double == 1250)
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func calendarTextAndJSON() throws {
        let home = try seededHome()
        let text = try home.run(["calendar"]).out
        #expect(text.hasPrefix("November 2026  goal 1,500 kcal"))
        #expect(text.contains("Mon       Tue       Wed") && text.contains("1,960 ▲") && widest(text) <= 80)
        let weight = try home.run(["calendar", "--month", "2026-10", "--weight"]).out
        #expect(weight.contains("72.0"))
        let json = try home.run(["calendar", "--json"]).out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(object["month"] as? String == "2026-11" && days.count == 30)
        #expect(days.first { $0["date"] as? String == "2026-11-20" }?["status"] as? String == "over")
        #expect(days.first { $0["date"] as? String == "2026-11-22" }?["status"] as? String == "future")
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func badPeriodsGetOneLine() throws {
        let home = try seededHome()
        let cases: [([String], String)] = [
            (["report", "--day", "2026-02-30"], "nutrichat: dates are YYYY-MM-DD, got '2026-02-30'\n"),
            (["report", "--week", "--month"], "nutrichat: choose one of --day, --week, --month or --from/--to\n"),
            (["report", "--from", "2026-11-22", "--to", "2026-11-01"], "nutrichat: --from 2026-11-22 comes after --to 2026-11-01\n"),
            (["report", "--month", "2026-13"], "nutrichat: months are YYYY-MM, got '2026-13'\n"),
            (["calendar", "--month", "11-2026"], "nutrichat: months are YYYY-MM, got '11-2026'\n"),
        ]
        for (arguments, message) in cases {
            let result = try home.run(arguments)
            #expect(result.status == 1 && result.err == message, "\(arguments): \(result.err)")
        }
    }

    // MARK: - HTML in a real browser

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs headless chromium on `file` with `arguments`; returns its standard error.
    private func browse(_ file: URL, _ arguments: [String]) throws -> String {
        guard let chromium = Self.chromium else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr",
                             "--v=0", "--window-size=1000,2400"] + arguments + [file.absoluteString]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func htmlRendersInAHeadlessBrowser() throws {
        let home = try seededHome()
        let file = home.url.appendingPathComponent("report.html")
        let written = try home.run(["report", "--month", "--html", file.path])
        #expect(written.status == 0 && written.out == "Wrote \(file.path).\n")
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg") && !html.contains("<script"))
        #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
        guard Self.chromium != nil else {
            print("skipped: chromium is not installed (apt-get install chromium; CI installs it)")
            return
        }
        let shot = home.url.appendingPathComponent("report.png")
        let log = try browse(file, ["--screenshot=\(shot.path)"])
        #expect(!log.contains(":CONSOLE"), "console messages: \(log)")
        let png = try Data(contentsOf: shot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Not blank: a blank page of the same size compresses to a few kilobytes; the charts make it much larger.
        let blankFile = home.url.appendingPathComponent("blank.html")
        try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: blankFile)
        let blankShot = home.url.appendingPathComponent("blank.png")
        _ = try browse(blankFile, ["--screenshot=\(blankShot.path)"])
        let blank = try Data(contentsOf: blankShot)
        #expect(png.count > blank.count * 5, "report \(png.count) bytes, blank page \(blank.count) bytes")
    }
}
