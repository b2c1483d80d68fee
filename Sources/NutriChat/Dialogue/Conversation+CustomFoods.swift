import Foundation
import NutriLanguage
import NutriStore

/// add_food and manage_recipe (issue 5 parts 6–8). Each message either does everything it asks or nothing: a
/// missing or bad value gets one line saying what, and the journal is unchanged.
extension Conversation {
    // MARK: - add_food

    /// "add a food: protein bar, 200 kcal, 20 g protein, 22 g carbs, 7 g fat per bar".
    func addFood(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        attachUserFoods()
        let name = "add_food"
        do {
            let draft = try CustomFoodStatement.read(analysis.input, servings: ServingReader(language: analyzer.services.language))
            try checkNameFree(draft.name)
            let saved = try journal.addCustomFood(draft.record(at: clock().now))
            return reply(input, name, CustomText.added(saved))
        } catch let error as UserFacingError {
            return reply(input, name, error.description)
        } catch let error as StoreError {
            return reply(input, name, Self.nothingSaved(error.description))
        }
    }

    // MARK: - manage_recipe

    /// Create, save a meal as, list, show, delete, and change the servings of recipes.
    func manageRecipe(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        attachUserFoods()
        let name = "manage_recipe"
        do {
            switch RecipeStatement.read(analysis.input, language: analyzer.services.language) {
            case .create(let recipeName, let ingredients, let servings):
                return reply(input, name, try createRecipe(recipeName, ingredients: ingredients, servings: servings, text: analysis.input))
            case .saveMeal(let source, let recipeName, let servings):
                return reply(input, name, try saveMeal(source: source, as: recipeName, servings: servings, text: analysis.input))
            case .list:
                let recipes = try journal.recipes(sortedBy: .name).map(\.item)
                return reply(input, name, recipes.isEmpty ? CustomText.noRecipes
                             : "Your recipes: " + recipes.map(CustomText.recipeLine).joined(separator: "; ") + ".")
            case .show:
                let recipe = try namedRecipe(in: analysis.input)
                return reply(input, name, "\(CustomText.recipeLine(recipe)). \(CustomText.perServing(recipe)) Ingredients: \(CustomText.ingredients(recipe)).")
            case .delete:
                let recipe = try namedRecipe(in: analysis.input)
                try journal.deleteRecipe(id: recipe.record.id ?? 0)
                return reply(input, name, "Deleted the recipe \"\(recipe.record.name)\". Entries you logged with it stay as they were.")
            case .setServings(let servings):
                var recipe = try namedRecipe(in: analysis.input)
                recipe.record.servings = servings
                let saved = try journal.updateRecipe(recipe.record, ingredients: nil, at: clock().now)
                return reply(input, name, "\"\(saved.record.name)\" now makes \(CustomText.servings(servings)). \(CustomText.perServing(saved)) Entries logged before keep their values.")
            case .other:
                return reply(input, name, CustomText.recipeHelp)
            }
        } catch let error as UserFacingError {
            return reply(input, name, error.description)
        } catch let error as StoreError {
            return reply(input, name, Self.nothingSaved(error.description))
        }
    }

    private func createRecipe(_ name: String, ingredients: String, servings: Double?, text: String) throws -> String {
        guard !name.isEmpty else { throw UserFacingError(CustomText.recipeNeedsIngredients("")) }
        guard !ingredients.isEmpty else { throw UserFacingError(CustomText.recipeNeedsIngredients(name)) }
        try checkNameFree(name)
        let list = try RecipeBuilder(analyzer: analyzer).ingredients(from: [ingredients], reference: reference)
        let record = RecipeRecord(name: name, servings: servings ?? 1, text: text, createdAt: clock().now)
        let recipe = try journal.addRecipe(record, ingredients: list)
        return CustomText.savedRecipe(recipe) + (servings == nil ? " It makes 1 serving; say \"the \(name) recipe makes 4 servings\" to change that." : "")
    }

    /// "save this meal as a recipe called X": the entries of the meal named in `source` ("my breakfast",
    /// "yesterday's dinner"), else of the meal logged last (the last logging message's, else today's latest entry).
    private func saveMeal(source: String, as recipeName: String?, servings: Double?, text: String) throws -> String {
        guard let recipeName else { throw UserFacingError(CustomText.recipeNeedsName) }
        try checkNameFree(recipeName)
        let (entries, meal, date) = try mealEntries(named: source)
        guard !entries.isEmpty else { throw UserFacingError(CustomText.noMealToSave(meal, date: date)) }
        let ingredients = RecipeBuilder(analyzer: analyzer).ingredients(from: entries)
        let record = RecipeRecord(name: recipeName, servings: servings ?? 1, text: text, createdAt: clock().now)
        let recipe = try journal.addRecipe(record, ingredients: ingredients)
        return CustomText.savedRecipe(recipe).replacingOccurrences(of: "Saved the recipe", with: "Saved \(meal ?? "the meal") on \(date) as the recipe")
    }

    /// The entries of the meal `source` names, with the meal and date used.
    private func mealEntries(named source: String) throws -> ([JournalEntry], String?, String) {
        // The time reader knows "yesterday" but not "yesterday's".
        let plain = source.replacingOccurrences(of: "(?i)\\b(yesterday|today)['’]s\\b", with: "$1", options: .regularExpression)
        let parsed = analyzer.parser.parse(plain, reference: reference)
        if !parsed.mealFromClock, let slot = parsed.meal {
            let date = parsed.date ?? today
            let meal = mealName(slot)
            return (try journal.entries(on: date).filter { $0.meal == meal }, meal, date)
        }
        var anchor = try state.lastBatch.last.flatMap { try journal.entry(id: $0) }
        if anchor == nil { anchor = try journal.entries(on: parsed.date ?? today).max { ($0.id ?? 0) < ($1.id ?? 0) } }
        guard let anchor else { return ([], nil, parsed.date ?? today) }
        return (try journal.entries(on: anchor.date).filter { $0.meal == anchor.meal }, anchor.meal, anchor.date)
    }

    // MARK: - Support

    /// The saved recipe whose name the message says (the longest such name), or an error listing the recipes.
    private func namedRecipe(in text: String) throws -> Recipe {
        let resolver = analyzer.services.resolver
        let said = Set(resolver.words(of: text))
        let recipes = try journal.recipes(sortedBy: .name).map(\.item)
        let named = recipes.filter { recipe in
            let words = resolver.words(of: recipe.record.name)
            return !words.isEmpty && Set(words).isSubset(of: said)
        }
        if let recipe = named.max(by: { $0.record.name.count < $1.record.name.count }) { return recipe }
        guard !recipes.isEmpty else { throw UserFacingError(CustomText.noRecipes) }
        throw UserFacingError("I don't have a recipe by that name. Your recipes: \(recipes.map(\.record.name).joined(separator: ", ")).")
    }

    /// Names differ from every custom food and recipe by more than case, plurals and word order ("protein bars" is
    /// "protein bar"), so a name always says which food it means.
    func checkNameFree(_ name: String) throws {
        try UserFoodNames(resolver: analyzer.services.resolver).checkFree(name, among: try journal.userFoodRows())
    }

    /// Custom foods and recipes take part in logging only once the catalog reads this journal; a front end that
    /// attached its own source keeps it.
    func attachUserFoods() {
        if analyzer.services.catalog.userFoods == nil { analyzer.services.useUserFoods(from: journal) }
    }

    static func nothingSaved(_ reason: String) -> String {
        let sentence = reason.prefix(1).uppercased() + reason.dropFirst()
        return sentence.hasSuffix(".") ? sentence + " Nothing was saved." : sentence + "; nothing was saved."
    }
}
