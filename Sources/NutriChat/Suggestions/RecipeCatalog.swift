import Foundation
import NutriLanguage
import NutriStore

/// A written recipe with its ingredients resolved against the food data, as a recipe value.
public struct ResolvedRecipe: Sendable {
    public var written: CatalogRecipe
    /// The recipe as it would be saved: the title, the servings and the resolved ingredients.
    public var recipe: Recipe

    /// Nutrients of one serving.
    public var perServing: [String: Double] { recipe.perServing }
}

/// An ingredient of a written recipe that did not resolve, with the reason.
public struct UnresolvedIngredient: Error, Sendable, Equatable {
    public var origin: String
    public var title: String
    public var ingredient: String
    public var reason: String
}

/// The meal ideas and the recipe catalog, resolved through the meal parser and SR24 on first use and kept.
public final class RecipeCatalog: @unchecked Sendable {
    public let ideas: [CatalogRecipe]
    public let recipes: [CatalogRecipe]
    /// Each meal's usual share of the day's energy.
    let shares: MealShares
    let builder: RecipeBuilder
    let reference: ReferenceDate
    private let lock = NSLock()
    private var resolved: [String: Result<ResolvedRecipe, UnresolvedIngredient>] = [:]

    /// Loads `meal-ideas.tsv` and `recipes/*.tsv` from the analyzer's lexicon; resolution waits for first use.
    public init(analyzer: MealAnalyzer, reference: ReferenceDate) throws {
        let lexicon = analyzer.services.data.lexicon
        shares = try MealShares.load(from: lexicon)
        ideas = try CatalogRecipeFile.load(lexicon.appendingPathComponent("meal-ideas.tsv"), source: .idea, meals: shares.meals)
        recipes = try CatalogRecipeFile.loadFolder(lexicon.appendingPathComponent("recipes", isDirectory: true), meals: shares.meals)
        builder = RecipeBuilder(analyzer: analyzer)
        self.reference = reference
    }

    /// A written recipe resolved, or the first ingredient that did not resolve.
    public func resolve(_ written: CatalogRecipe) -> Result<ResolvedRecipe, UnresolvedIngredient> {
        if let known = lock.withLock({ resolved[written.origin] }) { return known }
        var ingredients: [RecipeIngredientRecord] = []
        var result: Result<ResolvedRecipe, UnresolvedIngredient>?
        for line in written.ingredients {
            do {
                ingredients += try builder.ingredients(from: [line], reference: reference)
            } catch {
                result = .failure(UnresolvedIngredient(origin: written.origin, title: written.title, ingredient: line,
                                                       reason: UserMessage.describe(error)))
                break
            }
        }
        let record = RecipeRecord(name: written.title, servings: written.servings, text: "catalog", createdAt: Date(timeIntervalSince1970: 0))
        let outcome = result ?? .success(ResolvedRecipe(written: written, recipe: Recipe(record: record, ingredients: ingredients)))
        lock.withLock { resolved[written.origin] = outcome }
        return outcome
    }

    /// The ideas that resolve, in file order.
    public func resolvedIdeas() -> [ResolvedRecipe] { ideas.compactMap { try? resolve($0).get() } }

    /// The catalog recipes that resolve, in file order.
    public func resolvedRecipes() -> [ResolvedRecipe] { recipes.compactMap { try? resolve($0).get() } }

    /// Every ingredient of ideas and recipes that does not resolve (the first of each row).
    public func unresolved() -> [UnresolvedIngredient] {
        (ideas + recipes).compactMap { written in
            if case .failure(let problem) = resolve(written) { return problem }
            return nil
        }
    }
}
