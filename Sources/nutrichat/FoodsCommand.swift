import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat foods search|show`.
struct FoodsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foods",
        abstract: "Look up foods; add, edit, delete and list your custom foods.",
        subcommands: [Search.self, Show.self, Add.self, Edit.self, Delete.self, List.self])

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", abstract: "Ranked foods for an everyday name.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "What to look for, e.g. \"2% milk\" or \"hard boiled egg\".")
        var query: [String]

        @Option(help: "How many results (1-100).")
        var limit = 10

        @Flag(help: "A JSON array.")
        var json = false

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100") }
        }

        func run() throws {
            try reportingErrors {
                let text = query.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw UserFacingError("the search query is empty; try 'nutrichat foods search banana'") }
                let services = try global.loadServices(autoInstall: false)
                try global.attachUserFoods(to: services)  // custom foods and recipes come first
                let results = try services.resolver.candidates(for: text, limit: limit)
                if json {
                    print(FoodJSON.search(results).serialized)
                    return
                }
                guard !results.isEmpty else {
                    print("No food matches '\(text)'.")
                    return
                }
                let style = Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))
                for candidate in results {
                    let kcal = candidate.food.kcalPer100g.map { String(format: "%4.0f kcal/100 g", $0) } ?? "    ? kcal/100 g"
                    print("\(style.cyan(candidate.food.id))  \(style.dim(String(format: "%.2f", candidate.score)))  \(kcal)  \(candidate.food.name)")
                }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "One food: nutrients per 100 g and per household measure.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A food id such as usda:09040.")
        var id: String

        @Flag(help: "One JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                let services = try global.loadServices(autoInstall: false)
                try global.attachUserFoods(to: services)  // so custom:N and recipe:N ids show too
                let report = try FoodReport(services: services, id: id)
                if json {
                    print(report.json.serialized)
                } else {
                    print(report.text(style: Style(enabled: Terminal.colorEnabled(noColorFlag: global.noColor))))
                }
            }
        }
    }
}

