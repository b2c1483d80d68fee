import ArgumentParser
import Foundation
import NutriChat
import NutriStore

/// `nutrichat recipes add|edit|delete|list|show`: recipes built from ingredients resolved like logged food.
struct RecipesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "Add, edit, delete, list or show recipes; browse the recipe catalog.",
        discussion: "Editing or deleting a recipe never changes entries logged before. Quote names with spaces.",
        subcommands: [List.self, Show.self, Add.self, Edit.self, Delete.self, Browse.self],
        defaultSubcommand: List.self)

    /// `nutrichat recipes add NAME INGREDIENT… [--servings N]`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a recipe from its ingredients.",
            discussion: "Example: nutrichat recipes add \"overnight oats\" \"1 cup rolled oats\" \"1 cup milk\" \"1 banana\" --servings 2")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The recipe's name (at most 50 characters, unique).") var name: String
        @Argument(help: "Ingredients with amounts, e.g. \"1 cup rolled oats\".") var ingredients: [String] = []
        @Option(parsing: .unconditional, help: "How many servings it makes (default 1).") var servings: Double = 1
        @Flag(help: "Print the saved recipe as JSON.") var json = false

        func run() throws {
            try reportingErrors {
                let session = try RecipeSession(global: global)
                let recipe = try UserFoodEdits.addRecipe(name: name, ingredients: ingredients, servings: servings, text: "command",
                                                         analyzer: session.analyzer, journal: session.journal, clock: session.clock)
                print(json ? recipe.json(timesEaten: 0).serialized : RecipeReport.text(recipe))
            }
        }
    }

    /// `nutrichat recipes edit NAME [--name NEW] [--servings N] [--add INGREDIENT]… [--remove N|TEXT]…`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Rename a recipe, change its servings, add or remove ingredients; entries logged before keep their values.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The recipe's name or id (recipe:2).") var recipe: String
        @Option(help: "A new name.") var name: String?
        @Option(parsing: .unconditional, help: "How many servings it makes.") var servings: Double?
        @Option(help: "An ingredient to add, e.g. \"1 tbsp honey\" (repeatable).") var add: [String] = []
        @Option(help: "An ingredient to remove: its number in 'recipes show' or its text (repeatable).") var remove: [String] = []
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let session = try RecipeSession(global: global)
                let current = try session.find(recipe)
                var ingredients = current.ingredients
                for item in remove { ingredients = try Self.removing(item, from: ingredients) }
                // Only when asked: the builder refuses an empty list, which would stop a plain rename.
                if !add.isEmpty { ingredients += try session.builder.ingredients(from: add, reference: session.clock.reference) }
                let changed = add.isEmpty && remove.isEmpty ? nil : ingredients
                let saved = try UserFoodEdits.editRecipe(current, name: name, servings: servings, ingredients: changed,
                                                         analyzer: session.analyzer, journal: session.journal, at: session.clock.now)
                print(json ? saved.json(timesEaten: try session.journal.timesEaten(foodId: saved.record.foodId)).serialized
                           : RecipeReport.text(saved) + "\nEntries logged before keep their values.")
            }
        }

        static func removing(_ item: String, from ingredients: [RecipeIngredientRecord]) throws -> [RecipeIngredientRecord] {
            if let number = Int(item) {
                guard (1...ingredients.count).contains(number) else {
                    throw UserFacingError("there is no ingredient \(number); the recipe has \(ingredients.count)")
                }
                return ingredients.enumerated().filter { $0.offset != number - 1 }.map(\.element)
            }
            guard let index = ingredients.firstIndex(where: { $0.text.lowercased() == item.lowercased() }) else {
                throw UserFacingError("the recipe has no ingredient '\(item)'; see 'nutrichat recipes show'")
            }
            return ingredients.enumerated().filter { $0.offset != index }.map(\.element)
        }
    }

    /// `nutrichat recipes delete NAME`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a recipe; entries logged with it keep their values.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The recipe's name or id (recipe:2).") var recipe: String
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                guard let deleted = try UserFoodEdits.deleteRecipe(recipe, in: journal) else { throw RecipeSession.missing(recipe) }
                print(json ? deleted.json.serialized : deleted.text)
            }
        }
    }

    /// `nutrichat recipes list [--sort added|name|eaten] [--json]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your recipes.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Sort by added (oldest first), name, or eaten (most logged first).") var sort: UserFoodOrder = .added
        @Flag(help: "One JSON object per recipe.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournalForReading()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let recipes = try journal.recipes(sortedBy: sort)
                if json {
                    for listing in recipes { print(listing.item.json(timesEaten: listing.timesEaten).serialized) }
                } else if recipes.isEmpty {
                    print("No recipes yet. Add one: nutrichat recipes add \"overnight oats\" \"1 cup rolled oats\" \"1 cup milk\" --servings 2")
                } else {
                    for listing in recipes {
                        print("\(listing.item.record.foodId)  \(RecipeReport.line(listing.item)) · eaten \(listing.timesEaten)×")
                    }
                }
            }
        }
    }

    /// `nutrichat recipes show NAME [--json]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "One recipe: ingredients, per serving and per 100 g.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The recipe's name or id (recipe:2).") var recipe: String
        @Flag(help: "One JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournalForReading()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let found = try RecipeSession.find(recipe, in: journal)
                print(json ? found.json(timesEaten: try journal.timesEaten(foodId: found.record.foodId)).serialized
                      : RecipeReport.text(found))
            }
        }
    }
}

/// What adding or editing a recipe needs: the journal, the analyzer (with custom foods attached, so they can be
/// ingredients) and the clock.
struct RecipeSession {
    let journal: Journal
    let analyzer: MealAnalyzer
    let builder: RecipeBuilder
    let clock: Clock

    init(global: GlobalOptions) throws {
        clock = try global.clock()
        analyzer = try global.loadAnalyzer()
        journal = try global.openJournal()
        analyzer.services.useUserFoods(from: journal)
        builder = RecipeBuilder(analyzer: analyzer)
    }

    func find(_ text: String) throws -> Recipe { try Self.find(text, in: journal) }

    /// A recipe by id ("recipe:2", "2") or name.
    static func find(_ text: String, in journal: Journal) throws -> Recipe {
        guard let recipe = try UserFoodEdits.recipe(text, in: journal) else { throw missing(text) }
        return recipe
    }

    static func missing(_ text: String) -> UserFacingError {
        UserFacingError("no recipe called '\(text.trimmingCharacters(in: .whitespaces))'; see 'nutrichat recipes list'")
    }
}

/// The text layout of a recipe.
enum RecipeReport {
    static func line(_ recipe: Recipe) -> String {
        "\(recipe.record.name) — \(CustomText.quantity(recipe.record.servings)) serving\(recipe.record.servings == 1 ? "" : "s"), "
            + CustomText.nutrients(recipe.perServing.filter { UserFoodRules.nutrientKeys.contains($0.key) }) + " a serving"
    }

    static func text(_ recipe: Recipe) -> String {
        var lines = ["\(recipe.record.foodId)  \(line(recipe))"]
        for (index, ingredient) in recipe.ingredients.enumerated() {
            let grams = ingredient.weightKnown ? String(format: "%.0f g", ingredient.grams) : "weight unknown"
            lines.append("  \(index + 1). \(ingredient.text) → \(ingredient.foodName) (\(grams), \(String(format: "%.0f", ingredient.nutrients["energy_kcal"] ?? 0)) kcal)")
        }
        if recipe.weightKnown { lines.append(String(format: "One serving weighs %.0f g.", recipe.gramsPerServing)) }
        if let per100 = recipe.per100g {
            lines.append("Per 100 g: " + CustomText.nutrients(per100.filter { UserFoodRules.nutrientKeys.contains($0.key) }) + ".")
        }
        return lines.joined(separator: "\n")
    }
}
