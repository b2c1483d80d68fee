import ArgumentParser
import Foundation
import NutriChat
import NutriStore

extension RecipesCommand {
    /// `nutrichat recipes browse [--meal M] [--cuisine C] [--ingredient X] [--details] [--save TITLE] [--json]`.
    struct Browse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse the recipe catalog; save one you like to your recipes.",
            discussion: "Recipes that conflict with your preferences and allergies are left out. Example: nutrichat recipes browse --ingredient chickpeas --meal dinner")
        @OptionGroup var global: GlobalOptions
        @Option(help: "breakfast, lunch, dinner, snack, dessert or drink.") var meal: String?
        @Option(help: "A cuisine, e.g. italian, indian, mexican.") var cuisine: String?
        @Option(help: "An ingredient the recipe uses, e.g. chickpeas.") var ingredient: String?
        @Flag(help: "Show ingredients and steps of each recipe.") var details = false
        @Option(help: "Save the catalog recipe with this title to your recipes.") var save: String?
        @Flag(help: "One JSON object per recipe.") var json = false

        func run() throws {
            try reportingErrors {
                let analyzer = try global.loadAnalyzer()
                let journal = try save == nil ? global.openJournalForReading() : global.openJournal()
                let browser = CatalogBrowser(analyzer: analyzer, journal: journal, clock: try global.clock())
                if let save {
                    let recipe = try browser.save(title: save)
                    print(json ? recipe.json(timesEaten: try journal.timesEaten(foodId: recipe.record.foodId)).serialized
                               : "Saved to your recipes:\n" + RecipeReport.text(recipe))
                    return
                }
                let found = try browser.recipes(meal: meal, cuisine: cuisine, ingredient: ingredient)
                if json {
                    for recipe in found { print(recipe.json.serialized) }
                } else if found.isEmpty {
                    print("No catalog recipe fits that (recipes that conflict with your preferences are left out).")
                } else {
                    print(found.map { details ? $0.text + "\n" : $0.line }.joined(separator: "\n"))
                    if !details { print("\(found.count) recipe\(found.count == 1 ? "" : "s"). Add --details for ingredients and steps, --save \"TITLE\" to keep one.") }
                }
            }
        }
    }
}
