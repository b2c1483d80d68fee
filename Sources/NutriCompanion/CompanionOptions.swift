import ArgumentParser
import NutriChat

/// The options of every program `nutrichat` runs in its place (`nutrichat-mcp`, `nutrichat-serve`): where the food
/// data lives, the clock and the data folder, read as `nutrichat` reads them.
public struct CompanionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where foods.sqlite (and, for one person, journal.sqlite) live.", valueName: "dir"))
    public var home: String?

    @Option(help: ArgumentHelp("Fixed clock, e.g. 2026-11-21T08:30:00 (local time).", valueName: "iso8601"))
    public var now: String?

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("A folder with Lexicon/ and Intents/ to use instead of the bundled ones.", valueName: "dir"))
    public var dataDirectory: String?

    public init() {}

    /// The home, data and clock these options name; the food data must be installed already.
    public func setting() throws -> CompanionSetting {
        try CompanionSetting(home: home, dataDirectory: dataDirectory, now: now)
    }
}
