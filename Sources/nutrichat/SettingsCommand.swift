import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat settings [list|set KEY on|off] [--json]`: the reminder switches saved in the journal.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List or switch reminders and warnings (meal, weigh-in, water, over and under the calorie goal).",
        subcommands: [List.self, Set.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every setting with its value.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "One JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let states = try NudgeSettings(journal: try global.openJournalForReading()).states()
                print(json ? SettingsCommand.json(states).serialized
                           : states.map { "\($0.kind.key.padding(toLength: 20, withPad: " ", startingAt: 0)) \($0.on ? "on " : "off")  \($0.kind.summary)" }
                               .joined(separator: "\n"))
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Switch a setting on or off, e.g. nutrichat settings set water-reminders off.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The setting (see 'nutrichat settings list'), or 'all'.") var key: String
        @Argument(help: "on or off.") var value: String
        @Flag(help: "Print the settings as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                guard ["on", "off"].contains(value.lowercased()) else { throw UserFacingError("the value must be on or off, not '\(value)'") }
                let kinds: [NudgeKind]
                if key.lowercased() == "all" {
                    kinds = NudgeKind.allCases
                } else if let kind = NudgeSettings.kind(named: key) {
                    kinds = [kind]
                } else {
                    throw UserFacingError("unknown setting '\(key)'; use one of \(NudgeKind.allCases.map(\.key).joined(separator: ", ")) or all")
                }
                let settings = NudgeSettings(journal: try global.openJournal())
                try settings.set(kinds, on: value.lowercased() == "on", at: try global.clock().now)
                let states = try settings.states()
                print(json ? SettingsCommand.json(states).serialized
                           : kinds.map { "\($0.key) \(value.lowercased())" }.joined(separator: "\n"))
            }
        }
    }

    static func json(_ states: [(kind: NudgeKind, on: Bool)]) -> JSONValue {
        .object([("settings", .object(states.map { ($0.kind.key, JSONValue.string($0.on ? "on" : "off")) }))])
    }
}
