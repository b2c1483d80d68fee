import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// An account's custom foods and recipes over HTTP, with the steps of `nutrichat foods add|list|delete` and
/// `nutrichat recipes add|list|show|delete` (`UserFoodEdits`); lists answer a JSON array of the `--json` objects.
extension API {
    /// Adds the custom-food and recipe routes.
    func registerUserFoods(on v1: RouterGroup<ServerContext>) {
        v1.get("foods/custom") { request, _ in
            try await userFoodList(request) { journal, order in
                try journal.customFoods(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) }
            }
        }
        v1.post("foods/custom") { request, _ in try await addCustomFood(request) }
        v1.delete("foods/custom/{food}") { request, context in
            try await deleteUserFood(request, context, key: "food", kind: "custom food", UserFoodEdits.deleteCustomFood)
        }
        v1.get("recipes") { request, _ in
            try await userFoodList(request) { journal, order in
                try journal.recipes(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) }
            }
        }
        v1.post("recipes") { request, _ in try await addRecipe(request) }
        v1.get("recipes/{recipe}") { request, context in try await showRecipe(request, context) }
        v1.delete("recipes/{recipe}") { request, context in
            try await deleteUserFood(request, context, key: "recipe", kind: "recipe", UserFoodEdits.deleteRecipe)
        }
    }

    /// `GET /v1/foods/custom?sort=` and `GET /v1/recipes?sort=` (added by default): the `list --json` objects.
    func userFoodList(_ request: Request,
                      _ list: @escaping @Sendable (Journal, UserFoodOrder) throws -> [JSONValue]) async throws -> Response {
        let (account, _) = try authenticate(request)
        let order: UserFoodOrder
        if let text = request.uri.queryParameters.get("sort") {
            guard let chosen = UserFoodOrder(rawValue: text) else {
                throw APIError.badRequest("'sort' must be one of \(UserFoodOrder.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            order = chosen
        } else {
            order = .added
        }
        return try await onJournal(account) { .array(try list($0.journal, order)) }
    }

    /// `DELETE /v1/foods/custom/{id or name}` and `DELETE /v1/recipes/{id or name}`: the `delete --json` object;
    /// 404 when there is no such food or recipe.
    func deleteUserFood(_ request: Request, _ context: ServerContext, key: String, kind: String,
                        _ delete: @escaping @Sendable (String, Journal) throws -> UserFoodEdits.Deletion?) async throws -> Response {
        let (account, _) = try authenticate(request)
        let name = try Self.pathName(context, key)
        return try await onJournal(account) { conversation in
            guard let deleted = try delete(name, conversation.journal) else { throw APIError.notFound("no \(kind) called '\(name)'") }
            return deleted.json
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

    /// A path segment naming a food or a recipe, percent-decoded ("overnight%20oats"): the router hands it over raw.
    static func pathName(_ context: ServerContext, _ key: String) throws -> String {
        guard let raw = context.parameters.get(key), let decoded = raw.removingPercentEncoding else {
            throw APIError.badRequest("'\(key)' in the path is not percent-encoded UTF-8")
        }
        return try RequestValues.text(decoded, name: key, maxLength: UserFoodRules.maximumNameLength * 2)
    }
}
