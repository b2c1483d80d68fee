import ArgumentParser
import Foundation

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
        subcommands: [ChatCommand.self, ParseCommand.self, DiaryCommand.self, FoodsCommand.self, DataCommand.self, MealsCommand.self, ExportCommand.self, ImportCommand.self, WeightCommand.self, ProfileCommand.self, RecipesCommand.self],
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

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("A folder with Lexicon/ and Intents/ to use instead of the bundled ones.", valueName: "dir"))
    var dataDirectory: String?
}
