import Foundation
import NutriStore

/// What the preference check needs of one food: its SR24 group and the words of its name and text (singular).
struct FoodTraits: Sendable, Equatable, Codable {
    var group: String?
    var words: [String]
}

/// One thing to eat offered to the person, with its nutrition per serving.
struct Suggestion: Sendable, Equatable, Codable {
    /// Where a suggestion comes from, in the order they are drawn.
    enum Origin: Int, Sendable, Comparable, Codable {
        /// One of the person's recipes.
        case recipe
        /// A food the person often has.
        case usual
        /// A row of `meal-ideas.tsv`.
        case idea
        /// A recipe of the catalog.
        case catalog
        /// An SR24 food rich in the nutrient asked for.
        case food

        static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }

        /// The note after a suggestion's figures.
        var label: String {
            switch self {
            case .recipe: return "your recipe"
            case .usual: return "you often have this"
            case .idea: return "meal idea"
            case .catalog: return "recipe"
            case .food: return "food"
            }
        }
    }

    var title: String
    var origin: Origin
    /// Servings the ingredients make (a catalog recipe may make 4).
    var servings: Double
    /// The whole batch, for saving it as a recipe.
    var ingredients: [RecipeIngredientRecord]
    var perServing: [String: Double]
    /// Slots it suits; empty when it suits any.
    var meals: [String]
    var tags: [String]
    var cuisine: String = ""
    /// One per ingredient, plus the title's words with no group.
    var traits: [FoodTraits]
    /// The written recipe behind it (steps), when there is one.
    var recipe: CatalogRecipe?
    /// Whether the person liked it before; set when the pool is gathered.
    var liked = false
    /// How often the person logged it (own recipes and usual foods).
    var timesEaten = 0

    var kcal: Double { perServing["energy_kcal"] ?? 0 }

    func amount(_ key: String) -> Double { perServing[key] ?? 0 }
}
