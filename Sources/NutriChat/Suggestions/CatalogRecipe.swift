import Foundation
import NutriLanguage
import NutriStore

/// One written recipe: a meal idea of `Lexicon/meal-ideas.tsv` (one serving, no steps) or a recipe of the catalog
/// in `Lexicon/recipes/*.tsv`. Ingredients are as a person writes them and are resolved like a logged meal.
public struct CatalogRecipe: Sendable, Equatable, Codable {
    /// Where a written recipe comes from.
    public enum Source: String, Sendable, Codable {
        /// `meal-ideas.tsv`.
        case idea
        /// `recipes/*.tsv`.
        case catalog
    }

    public var title: String
    /// Slots it suits: breakfast, lunch, dinner, snack, drink, dessert.
    public var meals: [String]
    /// "italian", "mexican"…; empty for a meal idea.
    public var cuisine: String
    public var tags: [String]
    public var servings: Double
    /// "1 cup cooked chickpeas", in the order given.
    public var ingredients: [String]
    /// Short steps, in order; none for a meal idea.
    public var steps: [String]
    public var source: Source
    /// `file:line`, for messages about a bad row.
    public var origin: String
}

/// Reads the written recipes.
enum CatalogRecipeFile {
    /// Rows of one file: `title meal tags ingredients` for ideas, plus `cuisine servings steps` for the catalog.
    /// `meals` are those a recipe may name: the meals suggestions know the usual size of (`meal-shares.tsv`).
    static func load(_ url: URL, source: CatalogRecipe.Source, meals known: Set<String>) throws -> [CatalogRecipe] {
        let required = source == .idea ? ["title", "meal", "tags", "ingredients"]
            : ["title", "meal", "cuisine", "servings", "tags", "ingredients", "steps"]
        let table = try TSVTable(contentsOf: url, required: required)
        return try table.rows.map { row in
            func list(_ column: String, _ separator: String) -> [String] {
                row[column].components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            let meals = list("meal", ",")
            let servings = source == .idea ? 1 : (Double(row["servings"]) ?? 0)
            let ingredients = list("ingredients", ";")
            guard !row["title"].isEmpty, !meals.isEmpty, meals.allSatisfy(known.contains), servings > 0,
                  !ingredients.isEmpty else {
                throw DataFileError(file: table.file, line: row.line,
                                    reason: "a recipe needs a title, meals among \(known.sorted()), servings and ingredients")
            }
            return CatalogRecipe(title: row["title"], meals: meals, cuisine: row["cuisine"].lowercased(), tags: list("tags", ","),
                                 servings: servings, ingredients: ingredients, steps: list("steps", "|"), source: source,
                                 origin: "\(url.lastPathComponent):\(row.line)")
        }
    }

    /// Every `.tsv` of the recipe folder, in file-name order.
    static func loadFolder(_ folder: URL, meals: Set<String>) throws -> [CatalogRecipe] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return try files.filter { $0.pathExtension == "tsv" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .flatMap { try load($0, source: .catalog, meals: meals) }
    }
}
