import Foundation
import NutriLanguage
import NutriStore

/// Browsing the recipe catalog from the command line: filters by meal, cuisine and ingredient, leaves out what
/// conflicts with the person's preferences, and saves a recipe the person likes to their recipes.
public struct CatalogBrowser {
    let chat: Conversation

    /// A browser over the catalog of `analyzer`'s data, for the person of `journal`.
    public init(analyzer: MealAnalyzer, journal: any JournalStore, clock: Clock) {
        chat = Conversation(analyzer: analyzer, journal: journal, clock: { clock })
    }

    /// The meals and cuisines the catalog uses, sorted.
    public func vocabulary() throws -> (meals: [String], cuisines: [String]) {
        let recipes = try chat.recipeCatalog().recipes
        return (Array(Set(recipes.flatMap(\.meals))).sorted(), Array(Set(recipes.map(\.cuisine))).filter { !$0.isEmpty }.sorted())
    }

    /// Catalog recipes that fit, in title order; an unknown meal or cuisine is an error naming the known ones.
    public func recipes(meal: String?, cuisine: String?, ingredient: String?) throws -> [ResolvedRecipe] {
        let known = try vocabulary()
        if let meal, !known.meals.contains(meal.lowercased()) {
            throw UserFacingError("unknown meal '\(meal)'; use one of \(known.meals.joined(separator: ", "))")
        }
        if let cuisine, !known.cuisines.contains(cuisine.lowercased()) {
            throw UserFacingError("unknown cuisine '\(cuisine)'; use one of \(known.cuisines.joined(separator: ", "))")
        }
        var request = SuggestionRequest()
        request.recipesOnly = true
        request.meal = meal?.lowercased()
        request.cuisine = cuisine?.lowercased()
        let singular = chat.analyzer.services.language.singular
        if let ingredient, !ingredient.isEmpty {
            request.ingredients = [FoldedWords.words(of: ingredient).map(singular).joined(separator: " ")]
        }
        let catalog = try chat.recipeCatalog()
        let byTitle = Dictionary(catalog.resolvedRecipes().map { ($0.written.title, $0) }, uniquingKeysWith: { a, _ in a })
        let filter = try chat.suggestionFilter(request, maxKcal: nil, target: nil)
        let pool = try SuggestionPool(chat: chat).gather(request, catalog: catalog).filter(filter.fits)
        return pool.compactMap { byTitle[$0.title] }.sorted { $0.written.title < $1.written.title }
    }

    /// Saves a catalog recipe (by title, any case) to the person's recipes and remembers the like.
    public func save(title: String) throws -> Recipe {
        let catalog = try chat.recipeCatalog()
        guard let found = catalog.resolvedRecipes().first(where: { $0.written.title.lowercased() == title.lowercased() }) else {
            throw UserFacingError("no catalog recipe called '\(title)'; see 'nutrichat recipes browse'")
        }
        try chat.journal.likeSuggestion(title: found.written.title, source: "catalog", at: chat.clock().now)
        if let existing = try chat.journal.recipe(named: found.written.title) { return existing }
        let record = RecipeRecord(name: found.written.title, servings: found.written.servings, text: "catalog", createdAt: chat.clock().now)
        return try chat.journal.addRecipe(record, ingredients: found.recipe.ingredients)
    }
}

extension ResolvedRecipe {
    /// `recipes browse --json`: one object per recipe.
    public var json: JSONValue {
        let perServing = recipe.perServing.filter { UserFoodRules.nutrientKeys.contains($0.key) }.sorted { $0.key < $1.key }
        return .object([
            ("title", .string(written.title)), ("meals", .array(written.meals.map { .string($0) })),
            ("cuisine", .string(written.cuisine)), ("servings", .number(written.servings)),
            ("tags", .array(written.tags.map { .string($0) })),
            ("ingredients", .array(recipe.ingredients.map { ingredient in
                .object([("text", .string(ingredient.text)), ("food_id", .string(ingredient.foodId)),
                         ("food", .string(ingredient.foodName)), ("grams", .rounded(ingredient.grams, 1))])
            })),
            ("steps", .array(written.steps.map { .string($0) })),
            ("per_serving", .object(perServing.map { ($0.key, JSONValue.rounded($0.value, 1)) })),
        ])
    }

    /// One line: title, cuisine, servings, energy and protein a serving.
    public var line: String {
        let kcal = ReplyText.kcal(perServing["energy_kcal"] ?? 0)
        let protein = String(format: "%.0f g protein", perServing["protein_g"] ?? 0)
        return "\(written.title) — \(written.cuisine), serves \(CustomText.quantity(written.servings)), \(kcal), \(protein) a serving"
    }

    /// The recipe in full: the line, ingredients and steps.
    public var text: String {
        var lines = [line, "Ingredients:"]
        lines += recipe.ingredients.map { "  - \($0.text) (\(String(format: "%.0f", $0.grams)) g)" }
        lines.append("Steps:")
        lines += written.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        return lines.joined(separator: "\n")
    }
}
