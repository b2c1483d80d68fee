import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat data install|status`.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Install or inspect the USDA reference food database.",
        subcommands: [Install.self, Status.self])

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Build foods.sqlite from USDA SR24 (Debian's cronometer package, or a local .deb, .jar or folder).")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("A cronometer .deb, its usda_sr24.jar, or an unpacked folder.", valueName: "path"))
        var from: String?

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                try global.checkHome()
                let home = global.resolvedHome
                let installer = FoodDataInstaller(home: home, catalogs: try ReferenceCatalogs.load(from: global.dataDirectoryURL.lexicon))
                let bar = ProgressBar(label: "Importing foods")
                let started = Date()
                let summary = try installer.install(from: from, log: Terminal.error, progress: bar.update)
                let seconds = Date().timeIntervalSince(started)
                if json {
                    print(JSONValue.object([("action", .string("install")), ("foods", .number(Double(summary.foods))),
                                            ("portions", .number(Double(summary.portions))),
                                            ("nutrients", .number(Double(summary.nutrients))), ("path", .string(home.foodsDatabase.path)),
                                            ("seconds", .rounded(seconds, 1)),
                                            ("skipped_nutrients", .array(summary.skippedNutrientNames.map(JSONValue.string)))]).serialized)
                    return
                }
                print("Installed \(summary.foods) foods, \(summary.portions) household measures and \(summary.nutrients) nutrients into \(home.foodsDatabase.path) in \(String(format: "%.1f", seconds)) s.")
                if !summary.skippedNutrientNames.isEmpty {
                    print("Not imported (unknown nutrient names): \(summary.skippedNutrientNames.joined(separator: ", "))")
                }
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show what food data is installed.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "One JSON object.")
        var json = false

        func run() throws {
            try reportingErrors {
                try global.checkHome()
                let home = global.resolvedHome
                let database = try FoodDatabase(path: home.foodsDatabase.path)
                let status = try database.status()
                if json {
                    let object: [String: Any] = [
                        "foods": status.foods, "portions": status.portions, "nutrients": status.nutrients,
                        "source": status.source, "built_at": status.builtAt, "schema_version": status.schemaVersion,
                        "path": home.foodsDatabase.path,
                    ]
                    print(JSONOutput.line(object))
                } else {
                    print("""
                        Food database: \(home.foodsDatabase.path)
                          foods:      \(status.foods)
                          portions:   \(status.portions)
                          nutrients:  \(status.nutrients)
                          source:     \(status.source)
                          built:      \(status.builtAt)
                        """)
                }
            }
        }
    }
}
