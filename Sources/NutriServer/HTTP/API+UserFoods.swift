import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// An account's custom foods and recipes over HTTP, with the steps of `nutrichat foods add|list|delete` and
/// `nutrichat recipes add|list|show|delete` (`UserFoodEdits`); lists answer a JSON array of the `--json` objects.
extension API {
    /// Adds the custom-food and recipe routes.
    func registerUserFoods(on v1: RouterGroup<ServerContext>) {
        v1.get("foods/custom") { request, _ in try await customFoods(request) }
        v1.post("foods/custom") { request, _ in try await addCustomFood(request) }
        v1.delete("foods/custom/{food}") { request, context in try await deleteCustomFood(request, context) }
        v1.get("recipes") { request, _ in try await recipes(request) }
        v1.post("recipes") { request, _ in try await addRecipe(request) }
        v1.get("recipes/{recipe}") { request, context in try await showRecipe(request, context) }
        v1.delete("recipes/{recipe}") { request, context in try await deleteRecipe(request, context) }
    }

    /// `?sort=added|name|eaten` (added by default).
    static func order(_ request: Request) throws -> UserFoodOrder {
        guard let text = request.uri.queryParameters.get("sort") else { return .added }
        guard let order = UserFoodOrder(rawValue: text) else {
            throw APIError.badRequest("'sort' must be one of \(UserFoodOrder.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return order
    }

    /// `GET /v1/foods/custom?sort=`: the `foods list --json` objects.
    func customFoods(_ request: Request) async throws -> Response {
        let (account, _) = try authenticate(request)
        let order = try Self.order(request)
        return try await onJournal(account) { conversation in
            .array(try conversation.journal.customFoods(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) })
        }
    }

    /// `POST /v1/foods/custom` `{"name", "nutrients": {"energy_kcal": 200, …}, "serving"?: "1 bar", "grams"?}`:
    /// the saved food (201), checked as `nutrichat foods add` checks it.
    func addCustomFood(_ request: Request) async throws -> Response {
        let (account, _) = try authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(["name", "nutrients", "serving", "grams"])
        let name = try fields.string("name", maxLength: UserFoodRules.maximumNameLength * 2)
        let nutrients = try fields.numbers("nutrients", allowed: UserFoodRules.nutrientKeys, in: 0...100_000)
        let serving = try fields.optionalString("serving", maxLength: 60)
        let grams = try fields.optionalNumber("grams", in: 0...100_000)
        let (language, now) = (engine.analyzer.services.language, self.now)
        return try await onJournal(account, status: .created) { conversation in
            let saved = try UserFoodEdits.addCustomFood(name: name, serving: serving, grams: grams, nutrients: nutrients,
                                                        language: language, journal: conversation.journal, at: now)
            return saved.json(timesEaten: 0)
        }
    }

    /// `DELETE /v1/foods/custom/{id or name}`: the `foods delete --json` object; 404 when there is no such food.
    func deleteCustomFood(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try authenticate(request)
        let food = try Self.pathName(context, "food")
        return try await onJournal(account) { conversation in
            guard let deleted = try UserFoodEdits.deleteCustomFood(food, in: conversation.journal) else {
                throw APIError.notFound("no custom food called '\(food)'")
            }
            return deleted
        }
    }

    /// `GET /v1/recipes?sort=`: the `recipes list --json` objects.
    func recipes(_ request: Request) async throws -> Response {
        let (account, _) = try authenticate(request)
        let order = try Self.order(request)
        return try await onJournal(account) { conversation in
            .array(try conversation.journal.recipes(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) })
        }
    }

    /// `POST /v1/recipes` `{"name", "ingredients": ["1 cup rolled oats", …], "servings"?: 2}`: the saved recipe
    /// (201); an unknown ingredient or one without an amount is 400 and nothing is saved.
    func addRecipe(_ request: Request) async throws -> Response {
        let (account, _) = try authenticate(request)
        let fields = try await reader.object(request)
        try fields.allowOnly(["name", "ingredients", "servings"])
        let name = try fields.string("name", maxLength: UserFoodRules.maximumNameLength * 2)
        let ingredients = try fields.strings("ingredients", maxCount: UserFoodRules.maximumIngredients, maxLength: 200)
        let servings = try fields.optionalNumber("servings", in: 0...UserFoodRules.maximumServings) ?? 1
        let (analyzer, clock) = (engine.analyzer, settings.clock())
        return try await onJournal(account, status: .created) { conversation in
            try UserFoodEdits.addRecipe(name: name, ingredients: ingredients, servings: servings, text: "api",
                                        analyzer: analyzer, journal: conversation.journal, clock: clock).json(timesEaten: 0)
        }
    }

    /// `GET /v1/recipes/{id or name}`: the `recipes show --json` object; 404 when there is no such recipe.
    func showRecipe(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try authenticate(request)
        let name = try Self.pathName(context, "recipe")
        return try await onJournal(account) { conversation in
            guard let recipe = try UserFoodEdits.recipe(name, in: conversation.journal) else {
                throw APIError.notFound("no recipe called '\(name)'")
            }
            return recipe.json(timesEaten: try conversation.journal.timesEaten(foodId: recipe.record.foodId))
        }
    }

    /// `DELETE /v1/recipes/{id or name}`: the `recipes delete --json` object; 404 when there is no such recipe.
    func deleteRecipe(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try authenticate(request)
        let name = try Self.pathName(context, "recipe")
        return try await onJournal(account) { conversation in
            guard let deleted = try UserFoodEdits.deleteRecipe(name, in: conversation.journal) else {
                throw APIError.notFound("no recipe called '\(name)'")
            }
            return deleted
        }
    }

    /// A path segment naming a food or a recipe, percent-decoded ("overnight%20oats"): the router hands it over raw.
    static func pathName(_ context: ServerContext, _ key: String) throws -> String {
        guard let raw = context.parameters.get(key), let decoded = raw.removingPercentEncoding else {
            throw APIError.badRequest("'\(key)' in the path is not percent-encoded UTF-8")
        }
        return try RequestValues.text(decoded, name: key, maxLength: UserFoodRules.maximumNameLength * 2)
    }
}
