import Foundation
import NutriTestSupport
import NutriStore
import Testing
@testable import NutriChat

/// `nutrichat foods add|edit|delete|list`, `recipes …`, and custom foods in `parse` and `foods search`, run as the
/// real executable over a temporary home with the SR24 fixture. Skipped when the executable has not been built.
@Suite("Custom food commands", .serialized)
struct CustomCommandLineTests {
    /// The built `nutrichat`.
    static let binary = BuiltExecutable.nutrichat

    /// A home with the fixture food database and no journal yet.
    final class Home {
        let url: URL
        init() throws {
            guard let shared = TestServices.services else { throw UserFacingError("test services unavailable") }
            url = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: shared.database.path, toPath: url.appendingPathComponent("foods.sqlite").path)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        var journal: String { url.appendingPathComponent("journal.sqlite").path }

        /// Runs `nutrichat ARGS --home HOME --now …` with `input` on stdin.
        /// With `plain`, only `arguments` are passed (no --home, --now or --no-color).
        func run(_ arguments: [String], input: String = "", plain: Bool = false) throws -> (status: Int32, out: String, err: String) {
            guard let binary = CustomCommandLineTests.binary else { throw UserFacingError("no nutrichat binary") }
            let process = Process()
            process.executableURL = binary
            process.arguments = plain ? arguments : arguments + ["--home", url.path, "--now", "2026-11-21T12:30:00", "--no-color"]
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
    }

    @Test(.enabled(if: binary != nil)) func customFoodsAreAddedListedEditedAndDeleted() throws {
        let home = try Home()
        let added = try home.run(["foods", "add", "protein bar", "--kcal", "200", "--protein", "20", "--carbs", "22",
                                  "--fat", "7", "--serving", "1 bar"])
        #expect(added.status == 0)
        #expect(added.out == "Added custom:1 \"protein bar\": 1 bar = 200 kcal, 20 g protein, 22 g carbs, 7 g fat.\n")
        _ = try home.run(["foods", "add", "Granola", "--kcal", "120", "--serving", "30 g"])
        let edited = try home.run(["foods", "edit", "protein bar", "--kcal", "210", "--grams", "60"])
        #expect(edited.status == 0 && edited.out.contains("1 bar (60 g) = 210 kcal"))
        let byName = try home.run(["foods", "list", "--sort", "name"])
        #expect(byName.out.split(separator: "\n").map { String($0.prefix(8)) } == ["custom:2", "custom:1"])
        let json = try home.run(["foods", "list", "--json"]).out.split(separator: "\n")
        #expect(json.count == 2 && json[0].contains("\"per_100g\":{\"energy_kcal\":350"))
        let deleted = try home.run(["foods", "delete", "custom:2"])
        #expect(deleted.out == "Deleted custom:2 \"Granola\".\n")
        #expect(try Journal(path: home.journal).customFoods().map(\.item.name) == ["protein bar"])
    }

    @Test(.enabled(if: binary != nil)) func badValuesExitWithOneLineAndChangeNothing() throws {
        let home = try Home()
        _ = try home.run(["foods", "add", "protein bar", "--kcal", "200", "--serving", "bar"])
        let cases: [([String], String)] = [
            (["foods", "add", "granola", "--kcal", "120", "--protein", "-3"], "nutrichat: protein cannot be negative\n"),
            (["foods", "add", "Protein Bars", "--kcal", "100"], "nutrichat: there is already a custom food called 'protein bar'\n"),
            (["foods", "add", "granola", "--protein", "3"], "nutrichat: a custom food needs its calories (kcal)\n"),
            (["foods", "add", String(repeating: "g", count: 51), "--kcal", "1"],
             "nutrichat: a custom food name can have at most 50 characters (this one has 51)\n"),
            (["foods", "add", "granola", "--kcal", "1", "--serving", "0.37 cup"],
             "nutrichat: '0.37 cup' is not a serving: use a whole number or a simple fraction such as 1, 2, 1/2 or 3/4\n"),
            (["foods", "edit", "nothing", "--kcal", "1"], "nutrichat: no custom food called 'nothing'; see 'nutrichat foods list'\n"),
            (["foods", "edit", "protein bar", "--fat", "-1"], "nutrichat: fat cannot be negative\n"),
            (["recipes", "add", "smoothie", "1 cup zorblax"], "nutrichat: I couldn't find \"zorblax\" in the food database, so nothing was saved. Add it as a custom food first, or use another name.\n"),
            (["recipes", "add", "smoothie", "1 banana", "--servings", "0"], "nutrichat: a recipe makes more than 0 and at most 1000 servings\n"),
            (["recipes", "add", "protein bars", "1 banana"], "nutrichat: there is already a custom food called 'protein bar'\n"),
        ]
        for (arguments, message) in cases {
            let result = try home.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.err == message, "\(arguments)")
            #expect(result.out.isEmpty, "\(arguments)")
        }
        let journal = try Journal(path: home.journal)
        #expect(try journal.customFoods().map(\.item.name) == ["protein bar"])
        #expect(try journal.customFood(id: 1)?.nutrients == ["energy_kcal": 200])
        #expect(try journal.recipes().isEmpty)
        #expect(try home.run(["foods", "list", "--sort", "tasty"]).status == 64)
    }

    @Test(.enabled(if: binary != nil)) func recipesAreAddedShownEditedAndDeleted() throws {
        let home = try Home()
        let added = try home.run(["recipes", "add", "overnight oats", "1 cup rolled oats", "1 cup whole milk", "1 banana",
                                  "--servings", "2"])
        #expect(added.status == 0 && added.out.hasPrefix("recipe:1  overnight oats — 2 servings, "))
        #expect(added.out.contains("  3. 1 banana → Bananas, raw (118 g, 105 kcal)"))
        let shown = try home.run(["recipes", "show", "Overnight Oats", "--json"])
        #expect(shown.out.hasPrefix("{\"id\":\"recipe:1\",\"name\":\"overnight oats\",\"servings\":2,"))
        let edited = try home.run(["recipes", "edit", "overnight oats", "--servings", "3", "--remove", "3", "--add", "1 cup 2% milk"])
        #expect(edited.status == 0 && edited.out.contains("3 servings") && edited.out.contains("3. 1 cup 2% milk → Milk, reduced fat"))
        let list = try home.run(["recipes", "list", "--sort", "eaten"])
        #expect(list.out.hasPrefix("recipe:1  overnight oats — 3 servings"))
        #expect(try home.run(["recipes", "delete", "overnight oats"]).out == "Deleted recipe:1 \"overnight oats\".\n")
        #expect(try home.run(["recipes", "show", "overnight oats"]).status == 1)
    }

    /// A rename alone changes only the name; a name a custom food has is refused in words naming it, as `add` does.
    @Test(.enabled(if: binary != nil)) func aRecipeIsRenamedAloneAndANameClashIsNamed() throws {
        let home = try Home()
        _ = try home.run(["recipes", "add", "oats", "1 cup rolled oats", "1 cup whole milk"])
        _ = try home.run(["foods", "add", "bar two", "--kcal", "200"])
        let clash = try home.run(["recipes", "edit", "oats", "--name", "Bar Two"])
        #expect(clash.status == 1 && clash.out.isEmpty)
        #expect(clash.err == "nutrichat: there is already a custom food called 'bar two'\n")
        let renamed = try home.run(["recipes", "edit", "oats", "--name", "oats for two"])
        #expect(renamed.status == 0 && renamed.out.hasPrefix("recipe:1  oats for two — 1 serving, "), "\(renamed.err)")
        let recipes = try Journal(path: home.journal).recipes()
        #expect(recipes.map(\.item.record.name) == ["oats for two"] && recipes.first?.item.ingredients.count == 2)
    }

    @Test(.enabled(if: binary != nil)) func parseAndSearchUseCustomFoodsAndParseNeverWrites() throws {
        let home = try Home()
        let none = try home.run(["parse"], input: "a banana\n")
        #expect(none.status == 0 && none.out.contains("usda:09040"))
        #expect(!FileManager.default.fileExists(atPath: home.journal))
        _ = try home.run(["foods", "add", "banana", "--kcal", "50", "--serving", "1 piece", "--grams", "60"])
        let parsed = try home.run(["parse"], input: "2 bananas\n")
        #expect(parsed.out.contains("\"id\":\"custom:1\"") && parsed.out.contains("\"grams\":120"))
        #expect(try Journal(path: home.journal).entryCount() == 0)
        let search = try home.run(["foods", "search", "banana", "--json"])
        #expect(search.out.hasPrefix("[{\"group\":\"Custom foods\",\"id\":\"custom:1\""))
        let chat = try home.run(["chat", "--json"], input: "I had 2 bananas\n")
        #expect(chat.out.contains("\"food_id\":\"custom:1\""))
    }
}
