import Foundation
import Testing

/// The journal endpoints end to end on both account stores: weights, water, goals, the profile, the report, custom
/// foods and recipes, each answering the CLI's `--json` shape and refusing bad values with nothing written.
@Suite("Server journal endpoints", .serialized, .enabled(if: ServerProcess.available))
struct ServerJournalTests {
    static let now = "2026-11-21T12:30:00"

    /// A started server on `kind` with one signed-in account.
    static func start(_ kind: StoreKind) async throws -> (ServerProcess, HTTPClient) {
        let server = try ServerProcess()
        if kind == .postgres { server.database = try await PostgresTestServer.shared.newDatabase() }
        try server.start(now: now)
        var client = HTTPClient(base: server.base)
        client.token = try await client.signUp("erin")
        return (server, client)
    }

    @Test(arguments: StoreKind.testable)
    func weightWaterGoalsProfileAndReport(_ kind: StoreKind) async throws {
        let (server, client) = try await Self.start(kind)
        defer { server.stop() }
        let weight = try await client.post("/v1/weight", json: ["kilograms": 80.5, "date": "2026-11-20"])
        #expect(weight.status == 201 && weight.object["kilograms"] as? Double == 80.5, "\(weight.text)")
        let replaced = try await client.post("/v1/weight", json: ["weight": "79.8 kg", "date": "2026-11-20"])
        #expect(replaced.object["replaced_kilograms"] as? Double == 80.5, "\(replaced.text)")
        let shown = try await client.get("/v1/weight?from=2026-11-01")
        #expect(shown.status == 200 && shown.object["latest_kg"] as? Double == 79.8, "\(shown.text)")
        let deleted = try await client.send("DELETE", "/v1/weight/2026-11-20")
        #expect(deleted.status == 200 && deleted.object["action"] as? String == "delete", "\(deleted.text)")
        let again = try await client.send("DELETE", "/v1/weight/2026-11-20")
        #expect(again.status == 404 && again.error != nil)

        let water = try await client.post("/v1/water", json: ["milliliters": 500])
        #expect(water.status == 201 && water.object["water_ml"] as? Double == 500, "\(water.text)")
        let day = try await client.get("/v1/diary?date=2026-11-21")
        #expect(day.object["water_ml"] as? Double == 500, "the diary sees water logged over HTTP: \(day.text)")
        let undo = try await client.post("/v1/chat", json: ["message": "undo"])
        #expect(undo.status == 200)
        let afterUndo = try await client.get("/v1/water?date=2026-11-21")
        #expect(afterUndo.object["water_ml"] as? Double == 0, "chat's undo takes it back: \(afterUndo.text)")

        let goals = try await client.put("/v1/goals", json: ["energy_kcal": 1800, "protein_g": 120])
        #expect(goals.status == 200, "\(goals.text)")
        #expect((goals.object["goals"] as? [String: Any])?["energy_kcal"] as? Double == 1800, "\(goals.text)")
        let target = ((goals.object["targets"] as? [String: Any])?["energy_kcal"] as? [String: Any])
        #expect(target?["source"] as? String == "set" && target?["value"] as? Double == 1800)
        let cleared = try await client.put("/v1/goals", json: ["protein_g": NSNull()])
        #expect((cleared.object["goals"] as? [String: Any])?["protein_g"] == nil, "\(cleared.text)")

        let profile = try await client.put("/v1/profile", json: ["age": 34, "sex": "female", "height_cm": 168,
                                                                  "activity": "moderate", "units": "imperial"])
        #expect(profile.status == 200 && profile.object["age"] as? Double == 34, "\(profile.text)")
        #expect(profile.object["units"] as? String == "imperial" && profile.object["sex"] as? String == "female")
        let read = try await client.get("/v1/profile")
        #expect(read.object["height_cm"] as? Double == 168, "\(read.text)")

        _ = try await client.post("/v1/chat", json: ["message": "2 eggs for breakfast"])
        let report = try await client.get("/v1/report?from=2026-11-15&to=2026-11-21")
        #expect(report.status == 200, "\(report.text)")
        #expect(report.text.contains("energy_kcal") && report.object.count > 3, "\(report.text.prefix(400))")
        let week = try await client.get("/v1/report")
        #expect(week.status == 200)
    }

    @Test(arguments: StoreKind.testable)
    func customFoodsAndRecipes(_ kind: StoreKind) async throws {
        let (server, client) = try await Self.start(kind)
        defer { server.stop() }
        let food = try await client.post("/v1/foods/custom", json: [
            "name": "zorblax bar", "serving": "1 bar", "grams": 60,
            "nutrients": ["energy_kcal": 250, "protein_g": 20, "carbohydrate_g": 25, "fat_g": 8]])
        #expect(food.status == 201 && food.object["id"] as? String == "custom:1", "\(food.text)")
        let twin = try await client.post("/v1/foods/custom", json: ["name": "Zorblax bars", "nutrients": ["energy_kcal": 1]])
        #expect(twin.status == 400 && twin.error?.contains("already") == true, "\(twin.text)")
        let list = try await client.get("/v1/foods/custom?sort=name")
        #expect(list.status == 200 && list.array.count == 1, "\(list.text)")
        let parsed = try await client.post("/v1/parse", json: ["text": "a zorblax bar"])
        #expect(parsed.text.contains("custom:1"), "the new food is used at once: \(parsed.text)")

        let recipe = try await client.post("/v1/recipes", json: [
            "name": "overnight oats", "servings": 2, "ingredients": ["1 cup rolled oats", "1 cup milk", "1 zorblax bar"]])
        #expect(recipe.status == 201, "\(recipe.text)")
        let recipeId = try #require((recipe.object["id"] as? String) ?? (recipe.object["recipe"] as? String), "\(recipe.text)")
        let unknown = try await client.post("/v1/recipes", json: ["name": "mystery", "ingredients": ["2 cups of blorfnax"]])
        #expect(unknown.status == 400 && unknown.error != nil, "\(unknown.text)")
        let recipes = try await client.get("/v1/recipes")
        #expect(recipes.array.count == 1, "nothing saved for the refused recipe: \(recipes.text)")
        let shown = try await client.get("/v1/recipes/overnight%20oats")
        #expect(shown.status == 200 && shown.text.contains("zorblax"), "\(shown.text)")

        try await Self.checkEdits(client, recipeId: recipeId)

        let gone = try await client.send("DELETE", "/v1/recipes/\(recipeId)")
        #expect(gone.status == 200 && gone.object["action"] as? String == "delete", "\(gone.text)")
        let foodGone = try await client.send("DELETE", "/v1/foods/custom/zorblax%20bar%20XL")
        #expect(foodGone.status == 200 && foodGone.object["id"] as? String == "custom:1", "\(foodGone.text)")
        let missing = try await client.send("DELETE", "/v1/foods/custom/custom:1")
        #expect(missing.status == 404 && missing.error != nil)
        let missingRecipe = try await client.get("/v1/recipes/\(recipeId)")
        #expect(missingRecipe.status == 404)
    }

    /// Each refused body answers 400 (or 401 without a token) with a JSON error, and nothing is written.
    @Test func badValuesAreRefusedAndWriteNothing() async throws {
        let (server, client) = try await Self.start(.sqlite)
        defer { server.stop() }
        let cases: [(String, String, String, String)] = [
            ("weight as text type", "POST", "/v1/weight", #"{"kilograms": "80"}"#),
            ("weight as a boolean", "POST", "/v1/weight", #"{"kilograms": true}"#),
            ("implausible weight", "POST", "/v1/weight", #"{"kilograms": 900}"#),
            ("negative weight", "POST", "/v1/weight", #"{"kilograms": -80}"#),
            ("both weights", "POST", "/v1/weight", #"{"kilograms": 80, "weight": "80 kg"}"#),
            ("not a weight", "POST", "/v1/weight", #"{"weight": "heavy"}"#),
            ("future weight", "POST", "/v1/weight", #"{"kilograms": 80, "date": "2026-12-01"}"#),
            ("bad date", "POST", "/v1/weight", #"{"kilograms": 80, "date": "2026-02-30"}"#),
            ("unknown field", "POST", "/v1/weight", #"{"kilograms": 80, "kg": 80}"#),
            ("zero water", "POST", "/v1/water", #"{"milliliters": 0}"#),
            ("ocean of water", "POST", "/v1/water", #"{"milliliters": 1e9}"#),
            ("unknown goal", "PUT", "/v1/goals", #"{"sugar_g": 10}"#),
            ("zero goal", "PUT", "/v1/goals", #"{"energy_kcal": 0}"#),
            ("huge goal", "PUT", "/v1/goals", #"{"energy_kcal": 900000}"#),
            ("empty goals", "PUT", "/v1/goals", #"{}"#),
            ("minor", "PUT", "/v1/profile", #"{"age": 12}"#),
            ("fractional age", "PUT", "/v1/profile", #"{"age": 30.5}"#),
            ("age and birth date", "PUT", "/v1/profile", #"{"age": 30, "birth_date": "1990-01-01"}"#),
            ("unknown sex word", "PUT", "/v1/profile", #"{"sex": "robot"}"#),
            ("giant", "PUT", "/v1/profile", #"{"height_cm": 400}"#),
            ("control character", "POST", "/v1/foods/custom", #"{"name": "bar\u0007", "nutrients": {"energy_kcal": 100}}"#),
            ("no kcal", "POST", "/v1/foods/custom", #"{"name": "plain bar", "nutrients": {"protein_g": 10}}"#),
            ("unknown nutrient", "POST", "/v1/foods/custom", #"{"name": "plain bar", "nutrients": {"energy_kcal": 100, "zinc_mg": 1}}"#),
            ("negative kcal", "POST", "/v1/foods/custom", #"{"name": "plain bar", "nutrients": {"energy_kcal": -5}}"#),
            ("long name", "POST", "/v1/foods/custom", "{\"name\": \"\(String(repeating: "a", count: 60))\", \"nutrients\": {\"energy_kcal\": 1}}"),
            ("ingredients not a list", "POST", "/v1/recipes", #"{"name": "oats", "ingredients": "1 cup oats"}"#),
            ("no ingredients", "POST", "/v1/recipes", #"{"name": "oats", "ingredients": []}"#),
            ("zero servings", "POST", "/v1/recipes", #"{"name": "oats", "ingredients": ["1 cup oats"], "servings": 0}"#),
            ("edit with negative kcal", "PUT", "/v1/foods/custom/bar", #"{"name": "bar", "nutrients": {"energy_kcal": -5}}"#),
            ("edit without a name", "PUT", "/v1/foods/custom/bar", #"{"nutrients": {"energy_kcal": 5}}"#),
            ("edit with ingredients not a list", "PUT", "/v1/recipes/oats", #"{"name": "oats", "ingredients": "1 cup oats"}"#),
        ]
        for (name, method, path, body) in cases {
            let answer = try await client.send(method, path, body: Data(body.utf8))
            #expect(answer.status == 400, "\(name): \(answer.status) \(answer.text)")
            #expect(answer.error?.isEmpty == false, "\(name): \(answer.text)")
        }
        for (name, path) in [("report backwards", "/v1/report?from=2026-11-21&to=2026-11-01"),
                             ("report too long", "/v1/report?from=2020-01-01&to=2026-11-21"),
                             ("report to alone", "/v1/report?to=2026-11-21"), ("bad sort", "/v1/recipes?sort=color"),
                             ("bad water date", "/v1/water?date=yesterday")] {
            let answer = try await client.get(path)
            #expect(answer.status == 400 && answer.error != nil, "\(name): \(answer.status) \(answer.text)")
        }
        let noToken = try await client.get("/v1/profile", token: "")
        #expect(noToken.status == 401 && noToken.error != nil)
        let export = try await client.get("/v1/export")
        let tables = try #require(export.object["tables"] as? [String: Any], "\(export.text.prefix(300))")
        for table in ["weight", "water", "customFood", "recipe", "recipeIngredient", "goal", "profile"] {
            #expect((tables[table] as? [Any])?.isEmpty == true, "\(table) holds \(tables[table] ?? "nothing")")
        }
        let profile = try await client.get("/v1/profile")
        #expect(profile.object["age"] is NSNull && profile.object["height_cm"] is NSNull, "\(profile.text)")
    }

    /// `PUT` replaces a custom food or a recipe whole under its id; an unknown name is 404, another's name 409, a bad
    /// ingredient 400, and a refused edit changes nothing.
    static func checkEdits(_ client: HTTPClient, recipeId: String) async throws {
        let food = try await client.put("/v1/foods/custom/zorblax%20bar", json: [
            "name": "zorblax bar XL", "serving": "1 bar", "grams": 80, "nutrients": ["energy_kcal": 330, "protein_g": 27]])
        #expect(food.status == 200 && food.object["id"] as? String == "custom:1", "\(food.text)")
        #expect(food.object["name"] as? String == "zorblax bar XL" && food.text.contains("330"), "\(food.text)")
        #expect(!food.text.contains("carbohydrate"), "a PUT replaces the nutrients whole: \(food.text)")
        let clash = try await client.put("/v1/foods/custom/custom:1", json: ["name": "Overnight Oats", "nutrients": ["energy_kcal": 1]])
        #expect(clash.status == 409 && clash.error?.contains("already a recipe") == true, "\(clash.text)")
        let noFood = try await client.put("/v1/foods/custom/blorfnax", json: ["name": "blorfnax", "nutrients": ["energy_kcal": 1]])
        #expect(noFood.status == 404 && noFood.error != nil, "\(noFood.text)")

        let recipe = try await client.put("/v1/recipes/overnight%20oats", json: [
            "name": "oats for two", "servings": 2, "ingredients": ["1 cup rolled oats", "2 cups milk"]])
        #expect(recipe.status == 200 && recipe.object["id"] as? String == recipeId, "\(recipe.text)")
        #expect(recipe.text.contains("2 cups milk") && !recipe.text.contains("zorblax"), "\(recipe.text)")
        let badIngredient = try await client.put("/v1/recipes/\(recipeId)", json: ["name": "oats for two", "ingredients": ["2 cups of blorfnax"]])
        #expect(badIngredient.status == 400 && badIngredient.error != nil, "\(badIngredient.text)")
        let zero = try await client.put("/v1/recipes/\(recipeId)", json: ["name": "oats for two", "ingredients": ["1 cup milk"], "servings": 0])
        #expect(zero.status == 400 && zero.error != nil, "\(zero.text)")
        let recipeClash = try await client.put("/v1/recipes/\(recipeId)", json: ["name": "ZORBLAX BAR XL", "ingredients": ["1 cup milk"]])
        #expect(recipeClash.status == 409, "\(recipeClash.text)")
        let noRecipe = try await client.put("/v1/recipes/blorfnax", json: ["name": "blorfnax", "ingredients": ["1 cup milk"]])
        #expect(noRecipe.status == 404, "\(noRecipe.text)")
        let kept = try await client.get("/v1/recipes/\(recipeId)")
        #expect(kept.object["name"] as? String == "oats for two" && kept.text.contains("2 cups milk"), "refused edits change nothing: \(kept.text)")
        let foods = try await client.get("/v1/foods/custom")
        #expect(foods.array.count == 1 && foods.text.contains("zorblax bar XL"), "\(foods.text)")
    }
}
