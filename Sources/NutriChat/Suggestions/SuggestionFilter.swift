import Foundation
import NutriStore

/// Keeps the suggestions that fit the person and the request, and ranks them. Pure: the pool, the preferences and
/// the budget are given, so the rule "an allergy never appears in a suggestion" is tested on its own.
struct SuggestionFilter {
    let table: PreferenceTable
    /// Preference items to respect: every saved preference (diets, allergies, intolerances, foods avoided) and the
    /// diets the request names.
    let items: [String]
    let request: SuggestionRequest
    /// The most energy one serving may have; nil for no limit.
    let maxKcal: Double?
    /// The energy a serving should be near when nothing else orders the list.
    let targetKcal: Double?
    /// Daily values by nutrient key, for "high" and "low".
    let dailyValues: [String: Double]

    /// "High in": at least 20 % of the daily value per serving (the FDA's "high" claim).
    static let highShare = 0.20
    /// "High protein" also means protein gives at least a quarter of the energy (a 600 kcal plate with 10 g is not).
    static let highProteinEnergyShare = 0.25
    /// "Low in": at most 10 % of the daily value per serving...
    static let lowShare = 0.10
    /// ...or, for a nutrient without a daily value (sugars), at most 5 g.
    static let lowWithoutDailyValue = 5.0
    /// A "light" suggestion has at most 300 kcal a serving.
    static let lightKcal = 300.0

    /// Whether a suggestion conflicts with any preference item (an allergy, a diet…).
    func conflicts(_ suggestion: Suggestion) -> Bool {
        items.contains { item in suggestion.traits.contains { table.conflicts(item, groupCode: $0.group, words: $0.words) } }
    }

    /// Whether a suggestion fits everything asked.
    func fits(_ s: Suggestion) -> Bool {
        if conflicts(s) { return false }
        if let maxKcal, s.kcal > maxKcal { return false }
        if let meal = request.meal, !s.meals.isEmpty, !s.meals.contains(meal) { return false }
        if request.recipesOnly, s.origin != .catalog { return false }
        if let cuisine = request.cuisine, s.cuisine != cuisine { return false }
        for tag in request.tags where !s.tags.contains(tag) && !(tag == "light" && s.kcal <= Self.lightKcal) { return false }
        for key in request.high where !isHigh(s, key) { return false }
        for key in request.low where !isLow(s, key) { return false }
        for (key, minimum) in request.minimums where s.amount(key) < minimum { return false }
        let words = s.traits.flatMap(\.words)
        for wanted in request.ingredients where !Self.contains(words, wanted) { return false }
        for unwanted in request.excluded where Self.contains(words, unwanted) { return false }
        return true
    }

    func isHigh(_ s: Suggestion, _ key: String) -> Bool {
        if key == "protein_g", s.amount(key) * TargetPlan.kcalPerGramProtein < s.kcal * Self.highProteinEnergyShare { return false }
        guard let dv = dailyValues[key], dv > 0 else { return s.amount(key) > 0 }
        return s.amount(key) >= dv * Self.highShare
    }

    func isLow(_ s: Suggestion, _ key: String) -> Bool {
        guard let dv = dailyValues[key], dv > 0 else { return s.amount(key) <= Self.lowWithoutDailyValue }
        return s.amount(key) <= dv * Self.lowShare
    }

    /// The fitting suggestions, best first: liked ones, then by origin (own recipes, usual foods, ideas, catalog,
    /// SR24 foods); within an origin by the nutrient asked for, else by how often eaten, else nearest the target.
    func ranked(_ pool: [Suggestion]) -> [Suggestion] {
        let fitting = pool.filter(fits)
        let focus = request.high.first ?? request.softFocus
        return fitting.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.liked != y.liked { return x.liked }
            if x.origin != y.origin { return x.origin < y.origin }
            if let focus, x.amount(focus) != y.amount(focus) { return x.amount(focus) > y.amount(focus) }
            if x.timesEaten != y.timesEaten { return x.timesEaten > y.timesEaten }
            if let target = targetKcal, abs(x.kcal - target) != abs(y.kcal - target) {
                return abs(x.kcal - target) < abs(y.kcal - target)
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Whether `phrase` (words separated by spaces) appears in `words`.
    static func contains(_ words: [String], _ phrase: String) -> Bool {
        let parts = phrase.split(separator: " ").map(String.init)
        guard !parts.isEmpty, parts.count <= words.count else { return false }
        return (0...(words.count - parts.count)).contains { start in parts.indices.allSatisfy { words[start + $0] == parts[$0] } }
    }
}
