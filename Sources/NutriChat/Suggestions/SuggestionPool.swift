import Foundation
import NutriLanguage
import NutriStore

/// Gathers everything that could be suggested: the person's recipes and usual foods, the meal ideas and catalog,
/// and SR24 foods rich in a nutrient.
struct SuggestionPool {
    let chat: Conversation

    /// Usual foods are those logged at least this often in the last `usualDays` days.
    static let usualMinimumCount = 3
    static let usualDays = 60
    /// An SR24 food is offered for a nutrient only with a default portion of at least this weight (no pinches).
    static let minimumPortionGrams = 15.0

    /// Every candidate for `request`, liked ones marked.
    func gather(_ request: SuggestionRequest, catalog: RecipeCatalog) throws -> [Suggestion] {
        var pool: [Suggestion] = []
        if !request.recipesOnly {
            pool += try ownRecipes()
            pool += try usualFoods()
            pool += catalog.resolvedIdeas().map { suggestion($0, origin: .idea) }
        }
        pool += catalog.resolvedRecipes().map { suggestion($0, origin: .catalog) }
        if !request.recipesOnly, let key = request.high.first {
            let memory = chat.state.coaching
            if memory.richFoods[key] == nil { memory.richFoods[key] = try richFoods(key) }
            pool += memory.richFoods[key] ?? []
        }
        // A saved idea or catalog recipe is the person's own now: it appears once, as theirs.
        var titles = Set<String>()
        pool = pool.filter { titles.insert($0.title.lowercased()).inserted }
        let liked = try chat.journal.likedSuggestions()
        for index in pool.indices where liked.contains(pool[index].title.lowercased()) { pool[index].liked = true }
        return pool
    }

    // MARK: - Sources

    func ownRecipes() throws -> [Suggestion] {
        try chat.journal.recipes(sortedBy: .eaten).map { listing in
            let recipe = listing.item
            var s = Suggestion(title: recipe.record.name, origin: .recipe, servings: recipe.record.servings,
                               ingredients: recipe.ingredients, perServing: recipe.perServing, meals: [], tags: [],
                               traits: traits(recipe.ingredients, title: recipe.record.name))
            s.timesEaten = listing.timesEaten
            return s
        }
    }

    /// Foods logged often lately, each as its latest entry; the slots it was eaten in are the meals it suits.
    func usualFoods() throws -> [Suggestion] {
        let start = chat.reference.isoDate(addingDays: -Self.usualDays)
        let entries = try chat.journal.entries(from: start, to: chat.today).filter { !$0.foodId.isEmpty && $0.grams > 0 }
        let groups = Dictionary(grouping: entries, by: \.foodId).filter { $0.value.count >= Self.usualMinimumCount }
        let builder = RecipeBuilder(analyzer: chat.analyzer)
        return groups.values.compactMap { group -> Suggestion? in
            guard let latest = group.max(by: { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }) else { return nil }
            let meals = Set(group.map { Self.slotKind($0.meal) }).sorted()
            let ingredients = builder.ingredients(from: [latest])
            var s = Suggestion(title: latest.text, origin: .usual, servings: 1, ingredients: ingredients,
                               perServing: latest.nutrients, meals: meals, tags: [], traits: traits(ingredients, title: latest.text))
            s.timesEaten = group.count
            return s
        }.sorted { ($0.timesEaten, $1.title) > ($1.timesEaten, $0.title) }
    }

    func suggestion(_ resolved: ResolvedRecipe, origin: Suggestion.Origin) -> Suggestion {
        let written = resolved.written
        return Suggestion(title: written.title, origin: origin, servings: written.servings, ingredients: resolved.recipe.ingredients,
                          perServing: resolved.perServing, meals: written.meals, tags: written.tags, cuisine: written.cuisine,
                          traits: traits(resolved.recipe.ingredients, title: written.title), recipe: written)
    }

    /// Everyday foods (the alias table's) by the amount of `key` in their default portion, most first.
    func richFoods(_ key: String) throws -> [Suggestion] {
        let services = chat.analyzer.services
        var seen = Set<String>()
        var found: [Suggestion] = []
        let aliases = services.resolver.aliases.byKey.values.sorted { $0.alias < $1.alias }
        for alias in aliases where alias.foodId.hasPrefix("usda:") && alias.grams >= Self.minimumPortionGrams {
            guard seen.insert(alias.foodId).inserted, let food = try? services.catalog.food(id: alias.foodId),
                  let per100 = try? services.catalog.nutrients(of: food) else { continue }
            let amounts = Dictionary(per100.map { ($0.nutrient.key, $0.amount * alias.grams / 100) }, uniquingKeysWith: { a, _ in a })
            guard (amounts[key] ?? 0) > 0 else { continue }
            let text = "1 \(alias.portion) \(alias.alias)"
            let title = alias.alias.prefix(1).uppercased() + alias.alias.dropFirst() + " (1 \(alias.portion))"
            let ingredient = RecipeIngredientRecord(text: text, foodId: food.id, foodName: food.name, quantity: 1, unit: alias.portion,
                                                    grams: alias.grams, nutrients: amounts)
            found.append(Suggestion(title: title, origin: .food, servings: 1, ingredients: [ingredient], perServing: amounts,
                                    meals: [], tags: [], traits: traits([ingredient], title: alias.alias)))
        }
        return found.sorted { ($0.perServing[key] ?? 0) > ($1.perServing[key] ?? 0) }
    }

    // MARK: - Helpers

    /// "morning snack" and "afternoon snack" are snacks to a request.
    static func slotKind(_ meal: String) -> String {
        meal.hasSuffix(MealSlot.snack.rawValue) ? MealSlot.snack.rawValue : meal
    }

    /// The preference check's view of the ingredients: each food's group and words, and the title's words.
    func traits(_ ingredients: [RecipeIngredientRecord], title: String) -> [FoodTraits] {
        let singular = chat.analyzer.services.language.singular
        let database = chat.analyzer.services.database
        var traits = ingredients.map { ingredient in
            FoodTraits(group: (try? database.food(id: ingredient.foodId))?.groupCode,
                       words: FoldedWords.words(of: ingredient.foodName + " " + ingredient.text).map(singular))
        }
        traits.append(FoodTraits(group: nil, words: FoldedWords.words(of: title).map(singular)))
        return traits
    }
}
