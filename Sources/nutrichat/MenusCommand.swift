import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat menus import|show`: a dining hall's menus of the day, with serving, energy, macros, allergens and
/// ingredients, kept in `menus.sqlite` beside the journal.
struct MenusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menus", abstract: "Import and show dining menus (place, day, meal, dishes with allergens).",
        subcommands: [Import.self, Show.self], defaultSubcommand: Show.self)

    /// `nutrichat menus import FILE`: checks every row, then replaces the menus of each place and day in the file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Import menus from a CSV or JSON file.",
            discussion: """
                Columns: place, date, meal, item, kcal (required); station, serving, serving_grams, protein_g, \
                carbohydrate_g, fat_g, allergens (separated by commas or semicolons, or a JSON list), ingredients. \
                Every row is checked first; a bad file is refused with its row and column, and nothing changes. \
                The menus of each place and day in the file replace what was there.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("A CSV or JSON menu file.", valueName: "file"))
        var file: String

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                try global.checkHome()
                let items = try MenuFile.read(URL(fileURLWithPath: (file as NSString).expandingTildeInPath))
                let summary = try MenuStore(path: global.resolvedHome.menusDatabase.path).replace(with: items)
                if json {
                    print(summary.json.serialized)
                } else {
                    let replaced = summary.replaced > 0 ? " (replacing \(summary.replaced) dishes)" : ""
                    print("Imported \(summary.items) dishes\(replaced): \(summary.menus.joined(separator: "; ")).")
                }
            }
        }
    }

    /// `nutrichat menus show`: a day's menus by place, meal and station, optionally without an allergen.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a day's menus.")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD); default today.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("A place, or part of its name (\"north\").", valueName: "place"))
        var place: String?

        @Option(help: ArgumentHelp("breakfast, lunch, dinner, …", valueName: "meal"))
        var meal: String?

        @Option(help: ArgumentHelp("Leave out dishes with this allergen (repeatable).", valueName: "allergen"))
        var without: [String] = []

        @Flag(help: "One JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                let day = try date ?? global.clock().reference.isoDate
                guard JournalRules.isDate(day) else { throw UserFacingError("dates are YYYY-MM-DD, got '\(day)'") }
                try global.checkHome()
                let items = try global.existingMenus()?.items(on: day, place: place, meal: meal) ?? []
                let kept = items.filter { item in !without.contains { item.contains(allergen: $0) } }
                if json {
                    print(MenuText.json(kept, date: day).serialized)
                } else {
                    print(MenuText.render(kept, date: day, left: items.count - kept.count))
                }
            }
        }
    }
}
