import Foundation
import Hummingbird
import NutriChat
import NutriStore

/// An account's custom foods and recipes over HTTP, with the steps of `nutrichat foods add|edit|list|delete` and
/// `nutrichat recipes add|edit|list|show|delete` (`UserFoodEdits`); lists answer a JSON array of the `--json` objects.
extension API {
    /// Adds the custom-food and recipe routes.
    func registerUserFoods(on v1: RouterGroup<ServerContext>) {
        v1.get("foods/custom") { request, _ in
            try await userFoodList(request) { journal, order in
                try journal.customFoods(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) }
            }
        }
        v1.post("foods/custom") { request, _ in try await addCustomFood(request) }
        v1.put("foods/custom/{food}") { request, context in try await editCustomFood(request, context) }
        v1.delete("foods/custom/{food}") { request, context in
            try await deleteUserFood(request, context, key: "food", kind: "custom food", UserFoodEdits.deleteCustomFood)
        }
        v1.get("recipes") { request, _ in
            try await userFoodList(request) { journal, order in
                try journal.recipes(sortedBy: order).map { $0.item.json(timesEaten: $0.timesEaten) }
            }
        }
        v1.post("recipes") { request, _ in try await addRecipe(request) }
        v1.put("recipes/{recipe}") { request, context in try await editRecipe(request, context) }
        v1.get("recipes/{recipe}") { request, context in try await showRecipe(request, context) }
        v1.delete("recipes/{recipe}") { request, context in
            try await deleteUserFood(request, context, key: "recipe", kind: "recipe", UserFoodEdits.deleteRecipe)
        }
    }

    /// `GET /v1/foods/custom?sort=` and `GET /v1/recipes?sort=` (added by default): the `list --json` objects.
    func userFoodList(_ request: Request,
                      _ list: @escaping @Sendable (any JournalStore, UserFoodOrder) throws -> [JSONValue]) async throws -> Response {
        let (account, _) = try await authenticate(request)
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
                        _ delete: @escaping @Sendable (String, any JournalStore) throws -> UserFoodEdits.Deletion?) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let name = try Self.pathName(context, key)
        return try await onJournal(account) { conversation in
            guard let deleted = try delete(name, conversation.journal) else { throw APIError.notFound("no \(kind) called '\(name)'") }
            return deleted.json
        }
    }

    /// `POST /v1/foods/custom` `{"name", "nutrients": {"energy_kcal": 200, …}, "serving"?: "1 bar", "grams"?}`:
    /// the saved food (201), checked as `nutrichat foods add` checks it.
    func addCustomFood(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let body = try await customFoodBody(request)
        let (language, now) = (engine.analyzer.services.language, self.now)
        return try await onJournal(account, status: .created) { conversation in
            let saved = try UserFoodEdits.addCustomFood(name: body.name, serving: body.serving, grams: body.grams,
                                                        nutrients: body.nutrients, language: language,
                                                        journal: conversation.journal, at: now)
            return saved.json(timesEaten: 0)
        }
    }

    /// `PUT /v1/foods/custom/{id or name}` with the body of `POST /v1/foods/custom`: the food replaced whole under
    /// its id (name, serving and nutrients as given; entries logged before keep their values); 404 when there is no
    /// such food, 409 when another custom food or recipe has the name.
    func editCustomFood(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let key = try Self.pathName(context, "food")
        let body = try await customFoodBody(request)
        let (language, now) = (engine.analyzer.services.language, self.now)
        return try await onJournal(account) { conversation in
            let journal = conversation.journal
            guard let food = try UserFoodEdits.customFood(key, in: journal) else { throw APIError.notFound("no custom food called '\(key)'") }
            try Self.conflictIfTaken(body.name, except: food.foodId, names: UserFoodNames(language: language), journal: journal)
            let change = CustomFoodChange(name: body.name, serving: body.serving ?? "1 serving", grams: body.grams,
                                          nutrients: body.nutrients, replaceNutrients: true)
            let saved = try UserFoodEdits.editCustomFood(food, change, language: language, journal: journal, at: now)
            return saved.json(timesEaten: try journal.timesEaten(foodId: saved.foodId))
        }
    }

    /// The body of `POST` and `PUT` on custom foods, checked field by field.
    func customFoodBody(_ request: Request) async throws
        -> (name: String, nutrients: [String: Double], serving: String?, grams: Double?) {
        let fields = try await reader.object(request)
        try fields.allowOnly(["name", "nutrients", "serving", "grams"])
        return (try fields.string("name", maxLength: UserFoodRules.maximumNameLength * 2),
                try fields.numbers("nutrients", allowed: UserFoodRules.nutrientKeys, in: 0...100_000),
                try fields.optionalString("serving", maxLength: 60), try fields.optionalNumber("grams", in: 0...100_000))
    }

    /// `POST /v1/recipes` `{"name", "ingredients": ["1 cup rolled oats", …], "servings"?: 2}`: the saved recipe
    /// (201); an unknown ingredient or one without an amount is 400 and nothing is saved.
    func addRecipe(_ request: Request) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let body = try await recipeBody(request)
        let (analyzer, clock) = (engine.analyzer, settings.clock())
        return try await onJournal(account, status: .created) { conversation in
            try UserFoodEdits.addRecipe(name: body.name, ingredients: body.ingredients, servings: body.servings, text: "api",
                                        analyzer: analyzer, journal: conversation.journal, clock: clock).json(timesEaten: 0)
        }
    }

    /// `PUT /v1/recipes/{id or name}` with the body of `POST /v1/recipes`: the recipe replaced whole under its id
    /// (name, servings and ingredients as given; entries logged before keep their values); 404 when there is no such
    /// recipe, 409 when another custom food or recipe has the name, 400 and no change for a bad ingredient.
    func editRecipe(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
        let key = try Self.pathName(context, "recipe")
        let body = try await recipeBody(request)
        let (analyzer, clock) = (engine.analyzer, settings.clock())
        return try await onJournal(account) { conversation in
            let journal = conversation.journal
            guard let recipe = try UserFoodEdits.recipe(key, in: journal) else { throw APIError.notFound("no recipe called '\(key)'") }
            try Self.conflictIfTaken(body.name, except: recipe.record.foodId,
                                     names: UserFoodNames(resolver: analyzer.services.resolver), journal: journal)
            let list = try RecipeBuilder(analyzer: analyzer).ingredients(from: body.ingredients, reference: clock.reference)
            let saved = try UserFoodEdits.editRecipe(recipe, name: body.name, servings: body.servings, ingredients: list,
                                                     analyzer: analyzer, journal: journal, at: clock.now)
            return saved.json(timesEaten: try journal.timesEaten(foodId: saved.record.foodId))
        }
    }

    /// The body of `POST` and `PUT` on recipes, checked field by field; servings default to 1.
    func recipeBody(_ request: Request) async throws -> (name: String, ingredients: [String], servings: Double) {
        let fields = try await reader.object(request)
        try fields.allowOnly(["name", "ingredients", "servings"])
        return (try fields.string("name", maxLength: UserFoodRules.maximumNameLength * 2),
                try fields.strings("ingredients", maxCount: UserFoodRules.maximumIngredients, maxLength: 200),
                try fields.optionalNumber("servings", in: 0...UserFoodRules.maximumServings) ?? 1)
    }

    /// 409 when another custom food or recipe than `foodId` answers to `name`: a rename onto a taken name is a
    /// conflict, not a malformed request.
    static func conflictIfTaken(_ name: String, except foodId: String, names: UserFoodNames, journal: any JournalStore) throws {
        do {
            try names.checkFree(name, among: try journal.userFoodRows(), except: foodId)
        } catch StoreError.invalidValue(let message) {
            throw APIError(status: .conflict, message: message)
        }
    }

    /// `GET /v1/recipes/{id or name}`: the `recipes show --json` object; 404 when there is no such recipe.
    func showRecipe(_ request: Request, _ context: ServerContext) async throws -> Response {
        let (account, _) = try await authenticate(request)
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
