import Foundation
import NutriLanguage
import NutriStore

/// Custom foods and recipes added, found and deleted outside chat (`nutrichat foods add|delete`,
/// `nutrichat recipes add|delete`, `/v1/foods/custom`, `/v1/recipes`): one place for the steps, so every front end
/// reads the serving, compares names and builds ingredients the same way. The journal checks the values themselves.
public enum UserFoodEdits {
    /// Saves a custom food given per serving ("1 bar", "30 g"; one serving when nil), with the serving's weight when
    /// known; refuses a name another custom food or recipe answers to.
    public static func addCustomFood(name: String, serving text: String?, grams: Double?, nutrients: [String: Double],
                                     language: LanguageLexicon, journal: any JournalStore, at now: Date) throws -> CustomFoodRecord {
        let draft = try customFoodDraft(name: name, serving: text, grams: grams, nutrients: nutrients, language: language)
        return try addCustomFood(draft, language: language, journal: journal, at: now)
    }

    /// The food to save, its serving read ("1 bar", "30 g"; one serving when nil): the check the CLI makes before
    /// it opens the journal.
    public static func customFoodDraft(name: String, serving text: String?, grams: Double?, nutrients: [String: Double],
                                       language: LanguageLexicon) throws -> CustomFoodDraft {
        var serving = try ServingReader(language: language).read(text ?? "1 serving")
        if let grams { serving.grams = grams }
        return CustomFoodDraft(name: name, serving: serving, nutrients: nutrients)
    }

    /// Saves `draft`; refuses a name another custom food or recipe answers to.
    public static func addCustomFood(_ draft: CustomFoodDraft, language: LanguageLexicon, journal: any JournalStore,
                                     at now: @autoclosure () throws -> Date) throws -> CustomFoodRecord {
        try UserFoodNames(language: language).checkFree(draft.name, among: try journal.userFoodRows())
        return try journal.addCustomFood(draft.record(at: try now()))
    }

    /// Saves a recipe from ingredient phrases resolved like logged food (`analyzer` must see the person's custom
    /// foods); nothing is saved when an ingredient is unknown or lacks an amount.
    public static func addRecipe(name: String, ingredients phrases: [String], servings: Double, text: String,
                                 analyzer: MealAnalyzer, journal: any JournalStore, clock: Clock) throws -> Recipe {
        try UserFoodNames(resolver: analyzer.services.resolver).checkFree(name, among: try journal.userFoodRows())
        let list = try RecipeBuilder(analyzer: analyzer).ingredients(from: phrases, reference: clock.reference)
        return try journal.addRecipe(RecipeRecord(name: name, servings: servings, text: text, createdAt: clock.now), ingredients: list)
    }

    /// A custom food by id ("custom:3", "3") or name.
    public static func customFood(_ text: String, in journal: any JournalStore) throws -> CustomFoodRecord? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = CustomFoodRecord.number(in: trimmed) ?? Int64(trimmed), let food = try journal.customFood(id: number) {
            return food
        }
        return try journal.customFood(named: trimmed)
    }

    /// A recipe by id ("recipe:2", "2") or name.
    public static func recipe(_ text: String, in journal: any JournalStore) throws -> Recipe? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = RecipeRecord.number(in: trimmed) ?? Int64(trimmed), let recipe = try journal.recipe(id: number) {
            return recipe
        }
        return try journal.recipe(named: trimmed)
    }

    /// Deletes a custom food named by id or name; entries logged with it keep their values. Nil when there is no
    /// such food.
    public static func deleteCustomFood(_ text: String, in journal: any JournalStore) throws -> Deletion? {
        guard let food = try customFood(text, in: journal), let id = food.id else { return nil }
        let eaten = try journal.timesEaten(foodId: food.foodId)
        _ = try journal.deleteCustomFood(id: id)
        return Deletion(id: food.foodId, name: food.name, entriesKept: eaten)
    }

    /// Deletes a recipe named by id or name; entries logged with it keep their values. Nil when there is no such
    /// recipe.
    public static func deleteRecipe(_ text: String, in journal: any JournalStore) throws -> Deletion? {
        guard let recipe = try recipe(text, in: journal), let id = recipe.record.id else { return nil }
        let eaten = try journal.timesEaten(foodId: recipe.record.foodId)
        _ = try journal.deleteRecipe(id: id)
        return Deletion(id: recipe.record.foodId, name: recipe.record.name, entriesKept: eaten)
    }

    /// A custom food or recipe deleted, with how many logged entries keep its values.
    public struct Deletion: Sendable {
        public let id: String
        public let name: String
        public let entriesKept: Int

        /// The `foods delete --json` and `recipes delete --json` object.
        public var json: JSONValue {
            .object([("action", .string("delete")), ("id", .string(id)), ("name", .string(name)),
                     ("entries_kept", .number(Double(entriesKept)))])
        }

        /// The `foods delete` and `recipes delete` line.
        public var text: String {
            let note = entriesKept > 0
                ? " The \(entriesKept) \(entriesKept == 1 ? "entry" : "entries") logged with it keep their values." : ""
            return "Deleted \(id) \"\(name)\".\(note)"
        }
    }
}
