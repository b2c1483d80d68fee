import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat profile [--json]`: the profile and the daily targets with how they were derived. Changes are made
/// in chat ("set up my profile", "I'm moderately active", "set my calorie goal to 1800").
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show the profile and the daily targets worked out from it.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "One JSON object.")
    var json = false

    func run() throws {
        try reportingErrors {
            let today = try global.clock().reference.isoDate
            let journal = try global.openJournalForReading()
            defer { reportDamage(journal) }  // rows left out because they are damaged are named
            let report = try ProfileReport.load(date: today, journal: journal)
            print(json ? report.json.serialized : report.text)
        }
    }
}
