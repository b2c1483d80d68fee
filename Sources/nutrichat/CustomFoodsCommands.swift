import ArgumentParser
import Foundation
import NutriChat
import NutriLanguage
import NutriStore

/// Nutrition facts of one serving, as options; `parsing: .unconditional` lets "-5" reach the validator, which says
/// what is wrong with it instead of ArgumentParser calling it an unknown option.
struct NutritionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Calories in one serving (kcal).") var kcal: Double?
    @Option(parsing: .unconditional, help: "Protein (g).") var protein: Double?
    @Option(parsing: .unconditional, help: "Carbohydrate (g).") var carbs: Double?
    @Option(parsing: .unconditional, help: "Fat (g).") var fat: Double?
    @Option(parsing: .unconditional, help: "Sugars (g).") var sugar: Double?
    @Option(name: [.customLong("fiber"), .customLong("fibre")], parsing: .unconditional, help: "Fibre (g).") var fiber: Double?
    @Option(name: .customLong("saturated-fat"), parsing: .unconditional, help: "Saturated fat (g).") var saturatedFat: Double?
    @Option(help: ArgumentHelp("One serving: \"1 bar\", \"30 g\", \"3/4 cup\", \"2 cookies\".", valueName: "serving"))
    var serving: String?
    @Option(parsing: .unconditional, help: "The weight of one serving in grams, when known.") var grams: Double?

    /// The values given, by nutrient key.
    var values: [String: Double] {
        let pairs: [(String, Double?)] = [("energy_kcal", kcal), ("protein_g", protein), ("carbohydrate_g", carbs),
                                          ("fat_g", fat), ("sugars_g", sugar), ("fiber_g", fiber), ("saturated_fat_g", saturatedFat)]
        return pairs.reduce(into: [:]) { result, pair in if let value = pair.1 { result[pair.0] = value } }
    }
}

extension GlobalOptions {
    /// The journal's custom foods and recipes, read-only, for commands that only look foods up (search, show, parse).
    /// An unreadable journal costs a warning, not the lookup: reference foods still work.
    func attachUserFoods(to services: FoodServices) throws {
        do {
            services.useUserFoods(from: try ReadOnlyUserFoods(path: resolvedHome.journalDatabase.path))
        } catch {
            Terminal.error("nutrichat: custom foods and recipes left out: \(UserMessage.describe(error))")
        }
    }

    /// The language lexicon alone: enough to read servings and compare names without the food database.
    func loadLanguage() throws -> LanguageLexicon {
        try LanguageLexicon.load(from: dataDirectoryURL.lexicon)
    }
}

extension FoodsCommand {
    /// `nutrichat foods add NAME --kcal N [--protein N …] [--serving "1 bar"] [--grams N]`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a custom food, given per serving.",
            discussion: "Example: nutrichat foods add \"protein bar\" --kcal 200 --protein 20 --carbs 22 --fat 7 --serving \"1 bar\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The food's name (at most 50 characters, unique).") var name: String
        @OptionGroup var facts: NutritionOptions
        @Flag(help: "Print the saved food as JSON.") var json = false

        func run() throws {
            try reportingErrors {
                let language = try global.loadLanguage()
                let draft = try UserFoodEdits.customFoodDraft(name: name, serving: facts.serving, grams: facts.grams,
                                                              nutrients: facts.values, language: language)
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let saved = try UserFoodEdits.addCustomFood(draft, language: language, journal: journal, at: try global.clock().now)
                print(json ? saved.json(timesEaten: 0).serialized
                      : "Added \(saved.foodId) \"\(saved.name)\": \(CustomText.serving(of: saved)) = \(CustomText.nutrients(saved.nutrients)).")
            }
        }
    }

    /// `nutrichat foods edit NAME|ID [--name NEW] [--kcal N …] [--serving …] [--grams N | --unknown-weight]`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a custom food; entries logged before keep their values.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The food's name or id (custom:3).") var food: String
        @Option(help: "A new name.") var name: String?
        @OptionGroup var facts: NutritionOptions
        @Flag(name: .customLong("unknown-weight"), help: "Forget the serving's weight.") var unknownWeight = false
        @Flag(name: .customLong("clear"), help: "Drop the nutrients not given here (default: keep them).") var clear = false
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let language = try global.loadLanguage()
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let record = try CustomFoodLookup.find(food, in: journal)
                let change = CustomFoodChange(name: name, serving: facts.serving, grams: facts.grams, forgetWeight: unknownWeight,
                                              nutrients: facts.values, replaceNutrients: clear)
                let saved = try UserFoodEdits.editCustomFood(record, change, language: language, journal: journal,
                                                             at: try global.clock().now)
                print(json ? saved.json(timesEaten: try journal.timesEaten(foodId: saved.foodId)).serialized
                           : "Updated \(saved.foodId) \"\(saved.name)\": \(CustomText.serving(of: saved)) = \(CustomText.nutrients(saved.nutrients)). Entries logged before keep their values.")
            }
        }
    }

    /// `nutrichat foods delete NAME|ID`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a custom food; entries logged with it keep their values.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The food's name or id (custom:3).") var food: String
        @Flag(help: "Print the result as one JSON object.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournal()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                guard let deleted = try UserFoodEdits.deleteCustomFood(food, in: journal) else { throw CustomFoodLookup.missing(food) }
                print(json ? deleted.json.serialized : deleted.text)
            }
        }
    }

    /// `nutrichat foods list [--sort added|name|eaten] [--json]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your custom foods.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Sort by added (oldest first), name, or eaten (most logged first).") var sort: UserFoodOrder = .added
        @Flag(help: "One JSON object per food.") var json = false

        func run() throws {
            try reportingErrors {
                let journal = try global.openJournalForReading()
                defer { reportDamage(journal) }  // rows left out because they are damaged are named
                let foods = try journal.customFoods(sortedBy: sort)
                if json {
                    for listing in foods { print(listing.item.json(timesEaten: listing.timesEaten).serialized) }
                    return
                }
                guard !foods.isEmpty else {
                    print("No custom foods yet. Add one: nutrichat foods add \"protein bar\" --kcal 200 --protein 20 --serving \"1 bar\"")
                    return
                }
                for listing in foods {
                    let food = listing.item
                    print("\(food.foodId)  \(food.name) — \(CustomText.serving(of: food)) = \(CustomText.nutrients(food.nutrients)) · eaten \(listing.timesEaten)×")
                }
            }
        }
    }
}

extension UserFoodOrder: ExpressibleByArgument {}

/// Finds a custom food by id ("custom:3", "3") or name, or says there is none.
enum CustomFoodLookup {
    static func find(_ text: String, in journal: Journal) throws -> CustomFoodRecord {
        guard let food = try UserFoodEdits.customFood(text, in: journal) else { throw missing(text) }
        return food
    }

    static func missing(_ text: String) -> UserFacingError {
        UserFacingError("no custom food called '\(text.trimmingCharacters(in: .whitespaces))'; see 'nutrichat foods list'")
    }
}
