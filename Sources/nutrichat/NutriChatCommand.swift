import ArgumentParser
import Foundation
import NutriChat

/// `nutrichat`: an offline nutrition logger you talk to.
@main
struct NutriChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrichat",
        abstract: "An offline nutrition logger you talk to.",
        discussion: """
            Type what you ate, drank or did ("2 cups oatmeal and a banana for breakfast", "ran 5 km") and NutriChat \
            logs it with USDA nutrient values. With no command, starts a chat.
            """,
        version: "nutrichat \(NutriChatVersion.current)",
        subcommands: [ChatCommand.self, ParseCommand.self, DiaryCommand.self, FoodsCommand.self, DataCommand.self, MealsCommand.self, ExportCommand.self, ImportCommand.self, WeightCommand.self, ProfileCommand.self, RecipesCommand.self, CalendarCommand.self, ReportCommand.self, SettingsCommand.self, ServeCommand.self, MenusCommand.self, MCPCommand.self],
        defaultSubcommand: ChatCommand.self
    )
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where foods.sqlite and journal.sqlite live.", valueName: "dir"))
    var home: String?

    @Option(help: ArgumentHelp("Fixed clock, e.g. 2026-11-21T08:30:00 (local time).", valueName: "iso8601"))
    var now: String?

    @Flag(name: .customLong("no-color"), help: "Plain output.")
    var noColor = false

    @Flag(help: "Create the --home folder when it does not exist (a mistyped --home is an error otherwise).")
    var create = false

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("A folder with Lexicon/ and Intents/ to use instead of the bundled ones.", valueName: "dir"))
    var dataDirectory: String?
}
