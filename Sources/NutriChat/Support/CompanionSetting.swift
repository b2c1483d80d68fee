import Foundation
import NutriData

/// The home, data and clock of a program that `nutrichat` runs in its place (`nutrichat-mcp`, `nutrichat-serve`),
/// read from the same `--home`, `--data-dir` and `--now` options. These programs never install the food data: a
/// home without it is refused with the command that installs it.
public struct CompanionSetting: Sendable {
    /// Where foods.sqlite (and, for one person, journal.sqlite) live.
    public var home: NutriHome
    /// The Lexicon/ and Intents/ to read.
    public var data: DataDirectory
    /// `--now`, or nil for the real clock.
    public var fixedClock: Clock?

    /// Checks the options: a home with the food data installed, a readable `--now`.
    public init(home: String?, dataDirectory: String?, now: String?) throws {
        self.home = NutriHome.resolve(option: home)
        guard FileManager.default.fileExists(atPath: self.home.foodsDatabase.path) else {
            let path = self.home.url.path
            throw UserFacingError("no food data in \(path); run 'nutrichat data install --home \(path)' first")
        }
        data = dataDirectory.map {
            DataDirectory.overriding(root: URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true))
        } ?? .bundled
        if let now {
            guard let fixed = Clock.parse(now) else {
                throw UserFacingError("--now must be an ISO 8601 local time such as 2026-11-21T08:30:00, got '\(now)'")
            }
            fixedClock = fixed
        }
    }

    /// The fixed clock, or the real one read at each call.
    public var clock: Clock { fixedClock ?? Clock(now: Date()) }

    /// The food services and the intent classifier, the classifier's cache kept under `cacheFolder` of the home's cache.
    public func loadAnalyzer(cacheFolder: String) throws -> MealAnalyzer {
        try AnalyzerLoader.load(data: data, home: home, cacheFolder: cacheFolder) {
            try FoodServices(data: data, foodsPath: home.foodsDatabase.path, language: $0)
        }
    }
}
