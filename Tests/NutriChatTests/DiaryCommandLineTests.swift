import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// `nutrichat diary edit|delete|move`, `--version`, `--home` checks and pipe etiquette, run as the real executable
/// over a temporary home with the SR24 fixture. Skipped when the executable has not been built.
@Suite("Diary commands and pipe etiquette", .serialized)
struct DiaryCommandLineTests {
    typealias Home = CustomCommandLineTests.Home

    private func entries(_ home: Home) throws -> [JournalEntry] {
        try Journal(path: home.journal).entries(from: "2000-01-01", to: "2999-12-31")
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func editDeleteAndMoveByNumber() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "a cup of rice for lunch\na banana for lunch\n")
        let rice = try #require(try entries(home).first { $0.foodId == "usda:20045" })
        let id = String(rice.id ?? 0)
        let edited = try home.run(["diary", "edit", id, "--amount", "1.5 cups", "--json"])
        #expect(edited.status == 0, "\(edited.err)")
        let object = try JSONSerialization.jsonObject(with: Data(edited.out.utf8)) as? [String: Any]
        #expect(object?["action"] as? String == "edit")
        let after = try #require(try entries(home).first { $0.id == rice.id })
        #expect(after.quantity == 1.5 && abs(after.grams - rice.grams * 1.5) < 0.5)

        let moved = try home.run(["diary", "move", id, "--meal", "dinner", "--json"])
        #expect(moved.status == 0)
        #expect(try entries(home).first { $0.id == rice.id }?.meal == "dinner")
        let badMeal = try home.run(["diary", "move", id, "--meal", "brunchtime"])
        #expect(badMeal.status == 1 && badMeal.err.contains("no meal") && badMeal.err.split(separator: "\n").count == 1)

        let deleted = try home.run(["diary", "delete", id, "--json"])
        #expect(deleted.status == 0 && deleted.out.contains("\"action\":\"delete\""))
        #expect(try entries(home).count == 1)
        let missing = try home.run(["diary", "delete", "999"])
        #expect(missing.status == 1 && missing.err.contains("no entry #999"))

        // The command-line changes are steps of the same history: undo in chat takes the deletion back.
        let undo = try home.run(["chat"], input: "undo\n")
        #expect(undo.out.contains("Undid the deletion"))
        #expect(try entries(home).count == 2)
    }

    /// `import --json`, like every command that changes data: one object saying what happened.
    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func importAnswersInJSON() throws {
        let home = try Home()
        _ = try home.run(["chat"], input: "a cup of rice for lunch\na banana for lunch\n")
        let file = home.url.appendingPathComponent("backup.sqlite").path
        #expect(try home.run(["export", file]).status == 0)
        let imported = try home.run(["import", file, "--yes", "--json"])
        #expect(imported.status == 0, "\(imported.err)")
        let object = try JSONSerialization.jsonObject(with: Data(imported.out.utf8)) as? [String: Any]
        #expect(object?["action"] as? String == "import")
        #expect(object?["imported"] as? Bool == true)
        #expect(object?["entries"] as? Int == 2)
        #expect(try entries(home).count == 2)
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func versionAndMistypedHome() throws {
        let home = try Home()
        let version = try home.run(["--version"], plain: true)
        #expect(version.out.hasPrefix("nutrichat "))
        let typo = home.url.path + "-typo"
        defer { try? FileManager.default.removeItem(atPath: typo) }
        let refused = try home.run(["diary", "--home", typo], plain: true)
        #expect(refused.status == 1 && refused.err.contains("no such folder"))
        #expect(!FileManager.default.fileExists(atPath: typo))
        let created = try home.run(["meals", "list", "--home", typo, "--create"], plain: true)
        #expect(created.status == 0)
        #expect(FileManager.default.fileExists(atPath: typo))
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func pipeModeAnswersEachLineInOneLineAndEndsAtBye() throws {
        let home = try Home()
        let result = try home.run(["chat"], input: "help\na banana\nbye\nan apple\n")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 3, "\(result.out)")
        #expect(lines.last?.contains("Bye") == true)
        #expect(try entries(home).map(\.foodId) == ["usda:09040"])
    }
}
