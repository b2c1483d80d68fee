import Foundation
import NutriStore

extension FoodCatalog {
    /// The custom food or recipe with `id`; nil for any other kind of id; `StoreError.unknownFood` for a
    /// "custom:"/"recipe:" id that no longer exists (deleted, or no journal attached).
    func userFood(id: String) throws -> UserFood? {
        guard UserFood.isUserFoodId(id) else { return nil }
        guard let food = userFoods?.userFood(id: id) else { throw StoreError.unknownFood(id: id) }
        return food
    }

    /// A user food's nutrients per 100 g in the reference database's display order.
    func userNutrients(_ food: UserFood) -> [NutrientAmount] {
        database.nutrients.compactMap { info in food.per100g[info.key].map { NutrientAmount(nutrient: info, amount: $0) } }
    }
}

extension FoodResolver {
    /// The score of a custom food or recipe whose name the text says exactly (any order, case or plural): above an
    /// exact everyday alias (0.99), so the person's own food comes first.
    public static let userExactScore = 0.995
    /// A custom food or recipe whose whole name (of two words or more) is inside a longer text ("chocolate protein
    /// bar" for "protein bar"); a one-word name inside a longer text ("shake" in "chocolate milk shake") scores 0.8.
    static let userContainedScore = 0.9
    /// A custom food or recipe of which the text names only part ("oats" for "overnight oats"): listed in search,
    /// below any fair reference match, so "a bar of chocolate" is not taken for a "chocolate protein bar".
    static let userPartialScore = 0.7

    /// Custom foods and recipes matching the query's words, best first.
    func userCandidates(for query: [String]) -> [FoodCandidate] {
        guard let foods = catalog.userFoods?.userFoods(), !foods.isEmpty else { return [] }
        let wanted = Set(query)
        let bag = query.sorted()
        var found: [FoodCandidate] = []
        for user in foods where !user.words.isEmpty {
            let name = Set(user.words)
            let score: Double
            if user.words.sorted() == bag {
                score = Self.userExactScore
            } else if name.isSubset(of: wanted) {
                score = name.count >= 2 ? Self.userContainedScore : 0.8
            } else if wanted.isSubset(of: name) {
                score = Self.userPartialScore
            } else {
                continue
            }
            found.append(FoodCandidate(food: user.food, score: score, alias: user.alias))
        }
        return found.sorted { ($0.score, $1.food.name.count) > ($1.score, $0.food.name.count) }
    }

    /// Whether `text` names a custom food or recipe by all the words of its name. The classifier's food-word check
    /// (`MealAnalyzer.namesFood`) asks this first, so "I had 1.5 cups of crunchy flakes" is a food log even though
    /// no alias, domain word or USDA name knows "crunchy flakes".
    public func namesUserFood(_ text: String) -> Bool {
        guard let foods = catalog.userFoods?.userFoods(), !foods.isEmpty else { return false }
        let said = Set(words(of: text))
        return foods.contains { !$0.words.isEmpty && Set($0.words).isSubset(of: said) }
    }

    /// `user` ahead of `ranked` by score, each food once.
    func merging(_ user: [FoodCandidate], into ranked: [FoodCandidate]) -> [FoodCandidate] {
        guard !user.isEmpty else { return ranked }
        let ids = Set(user.map(\.food.id))
        var merged = user + ranked.filter { !ids.contains($0.food.id) }
        merged = merged.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
        return merged
    }
}
