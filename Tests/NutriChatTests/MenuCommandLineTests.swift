import Foundation
import Testing
@testable import NutriChat

/// `nutrichat menus import|show` as the real executable: an import shows by place and meal, filters by allergen,
/// and a refused file exits 1 with one line and leaves the menus as they were.
@Suite("Menu commands", .serialized)
struct MenuCommandLineTests {
    typealias Home = CustomCommandLineTests.Home

    private func write(_ text: String, in home: Home, as name: String) throws -> String {
        let path = home.url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(.enabled(if: CustomCommandLineTests.binary != nil)) func importShowFilterAndRefuse() throws {
        let home = try Home()
        let menu = try write("""
            place,date,meal,station,item,serving,kcal,protein_g,allergens
            North Hall,2026-11-21,lunch,Pasta,Chicken Alfredo,1 plate,720,38,milk; wheat
            North Hall,2026-11-21,lunch,Deli,Peanut Noodle Salad,1 bowl,480,14,peanuts
            South Hall,2026-11-21,dinner,Grill,Grilled Salmon,5 oz,290,31,fish
            """, in: home, as: "menu.csv")
        let imported = try home.run(["menus", "import", menu])
        #expect(imported.status == 0 && imported.out == "Imported 3 dishes: North Hall on 2026-11-21; South Hall on 2026-11-21.\n")
        let shown = try home.run(["menus", "--place", "north", "--without", "peanut"])
        #expect(shown.out == """
            North Hall · lunch · 2026-11-21
              Chicken Alfredo (1 plate) — 720 kcal, P 38 g · Pasta · contains milk, wheat
            (1 dish with a left-out allergen not shown)

            """, "\(shown.out)")
        let bad = try write("place,date,meal,item,kcal\nNorth Hall,2026-11-21,lunch,Soup,-1\n", in: home, as: "bad.csv")
        let refused = try home.run(["menus", "import", bad])
        #expect(refused.status == 1 && refused.out.isEmpty)
        #expect(refused.err == "nutrichat: row 1, kcal: must be a number from 0 to 5000, got -1.0\n")
        let json = try home.run(["menus", "show", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["items"] as? [[String: Any]])?.count == 3, "the refused file changed the menus: \(json.out)")
        let badDate = try home.run(["menus", "show", "--date", "2026-13-01"])
        #expect(badDate.status == 1 && badDate.err == "nutrichat: dates are YYYY-MM-DD, got '2026-13-01'\n")
    }
}
