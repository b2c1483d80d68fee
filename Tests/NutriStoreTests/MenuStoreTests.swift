import Foundation
import NutriStore
import Testing

/// Dining menus: files in CSV and JSON read to the same dishes, every bad file is refused with its row and column
/// and changes nothing, an import replaces only the places and days it covers, allergen filters are conservative.
@Suite("Dining menus")
struct MenuStoreTests {
    static let csv = """
        place,date,meal,station,item,serving,serving_grams,kcal,protein_g,carbohydrate_g,fat_g,allergens,ingredients
        North Hall,2026-11-21,breakfast,Griddle,Buttermilk Pancakes,3 pancakes,180,520,11,78,17,"milk, egg, wheat",
        North Hall,2026-11-21,lunch,Pasta,"Chicken Alfredo, house style",1 plate,350,720,38,64,34,milk; wheat,"fettuccine, chicken, cream"
        North Hall,2026-11-21,lunch,Deli,Peanut Noodle Salad,1 bowl,250,480,14,52,24,peanuts;soy,"noodles, ""peanut"" sauce"
        South Hall,2026-11-21,lunch,Grill,Veggie Burger,,,410,,,,,black bean patty
        """

    static let json = """
        {"items": [
          {"place": "North Hall", "date": "2026-11-21", "meal": "Breakfast", "station": "Griddle", "item": "Buttermilk Pancakes",
           "serving": "3 pancakes", "serving_grams": 180, "kcal": 520, "protein_g": 11, "carbohydrate_g": 78, "fat_g": 17,
           "allergens": ["Milk", "egg", "wheat"]},
          {"place": "North Hall", "date": "2026-11-21", "meal": "lunch", "station": "Pasta", "item": "Chicken Alfredo, house style",
           "serving": "1 plate", "serving_grams": 350, "kcal": 720, "protein_g": 38, "carbohydrate_g": 64, "fat_g": 34,
           "allergens": "milk; wheat", "ingredients": "fettuccine, chicken, cream"},
          {"place": "North Hall", "date": "2026-11-21", "meal": "lunch", "station": "Deli", "item": "Peanut Noodle Salad",
           "serving": "1 bowl", "serving_grams": 250, "kcal": "480", "protein_g": 14, "carbohydrate_g": 52, "fat_g": 24,
           "allergens": ["peanuts", "soy"], "ingredients": "noodles, \\"peanut\\" sauce"},
          {"place": "South Hall", "date": "2026-11-21", "meal": "lunch", "station": "Grill", "item": "Veggie Burger",
           "kcal": 410, "ingredients": "black bean patty", "serving": null}
        ]}
        """

    @Test func csvAndJSONReadToTheSameDishes() throws {
        let fromCSV = try MenuFile.parse(Self.csv), fromJSON = try MenuFile.parse(Self.json)
        #expect(fromCSV == fromJSON)
        #expect(fromCSV.count == 4)
        #expect(fromCSV[1].name == "Chicken Alfredo, house style" && fromCSV[1].allergenList == ["milk", "wheat"])
        #expect(fromCSV[2].ingredients == "noodles, \"peanut\" sauce")
        #expect(fromCSV[0].meal == "breakfast" && fromCSV[3].serving == nil && fromCSV[3].proteinG == nil)
    }

    /// Each bad file, with the one line that names what is wrong.
    @Test func badFilesAreRefusedWithRowAndColumn() {
        let header = "place,date,meal,item,kcal\n"
        let cases: [(String, String)] = [
            ("", "the menu file has no rows"),
            (header, "the menu file has no rows"),
            ("place,date,meal,item\nX,2026-11-21,lunch,Soup\n", "the menu file has no 'kcal' column"),
            ("place,date,meal,item,kcal,colour\n", "unknown column 'colour'"),
            ("place,date,meal,item,kcal,kcal\n", "a column is named twice"),
            (header + "X,2026-02-30,lunch,Soup,100\n", "row 1, date: '2026-02-30' is not a YYYY-MM-DD day"),
            (header + "X,21/11/2026,lunch,Soup,100\n", "row 1, date:"),
            (header + "X,2026-11-21,lunch,Soup,-5\n", "row 1, kcal: must be a number from 0 to 5000"),
            (header + "X,2026-11-21,lunch,Soup,1e308\n", "row 1, kcal: must be a number from 0 to 5000"),
            (header + "X,2026-11-21,lunch,Soup,nan\n", "row 1, kcal: must be a number"),
            (header + "X,2026-11-21,lunch,Soup,lots\n", "row 1, kcal: must be a number, got 'lots'"),
            (header + "X,2026-11-21,lunch,Soup,\n", "row 1, kcal: must be a number"),
            (header + "X,2026-11-21,lunch,,100\n", "row 1, item: is missing"),
            (header + "X,2026-11-21,lunch,Soup\u{1B}[2J,100\n", "row 1, item: holds a control character"),
            (header + "X,2026-11-21,lunch,\(String(repeating: "a", count: 121)),100\n", "row 1, item: is longer than 120 characters"),
            (header + "X,2026-11-21,lunch,Soup,100,9\n", "row 1: 6 fields where the header has 5"),
            (header + "X,2026-11-21,lunch,\"Soup,100\n", "a quote is never closed"),
            (header + "X,2026-11-21,lunch,Soup,100\nx,2026-11-21,Lunch,soup,90\n", "row 2: 'soup' is on the lunch menu of x for 2026-11-21 twice"),
            ("[{\"place\": \"X\"}", "the menu file is not valid JSON"),
            ("{\"dishes\": []}", "a JSON menu is an array of items"),
            ("[1]", "row 1 is not an object"),
            ("[{\"place\": \"X\", \"date\": \"2026-11-21\", \"meal\": \"lunch\", \"item\": \"Soup\", \"kcal\": true}]", "row 1: a value is neither"),
            ("[{\"place\": \"X\", \"date\": \"2026-11-21\", \"meal\": \"lunch\", \"item\": 7, \"kcal\": 100}]", "row 1, item: must be text"),
            ("[{\"place\": \"X\", \"date\": \"2026-11-21\", \"meal\": \"lunch\", \"item\": \"Soup\", \"kcal\": 100, \"fat\": 3}]", "row 1: unknown column 'fat'"),
            ("[{\"place\": \"X\", \"date\": \"2026-11-21\", \"meal\": \"lunch\", \"item\": \"Soup\", \"kcal\": 100, \"allergens\": [1]}]", "row 1: a list may hold only text"),
        ]
        for (text, message) in cases {
            do {
                let items = try MenuFile.parse(text)
                Issue.record("accepted \(text.debugDescription): \(items)")
            } catch {
                let said = "\(error)"
                #expect(said.contains(message) && !said.contains("\n"), "\(text.debugDescription): \(said)")
            }
        }
    }

    /// A day's dishes are kept in memory while the files stay as they were; an import through the same store or
    /// through another (another process) shows at the very next read, even when kept stamps are trusted at once.
    @Test(arguments: [0.0, 2.0])
    func keptDaysNeverHideAnImport(settle: Double) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("menus.sqlite").path
        let (server, other) = (try MenuStore(path: path, settle: settle), try MenuStore(path: path, settle: settle))
        #expect(try server.items(on: "2026-11-21").isEmpty)
        for round in 1...6 {
            let dish = "Soup \(round)"
            let writer = round.isMultiple(of: 2) ? other : server
            _ = try writer.replace(with: try MenuFile.parse("place,date,meal,item,kcal\nNorth Hall,2026-11-21,lunch,\(dish),\(100 + round)\n"))
            #expect(try server.items(on: "2026-11-21").map(\.name) == [dish], "round \(round)")
            #expect(try server.items(on: "2026-11-21").map(\.name) == [dish], "round \(round), read again")
            #expect(try other.items(on: "2026-11-21").map(\.kcal) == [Double(100 + round)], "round \(round)")
            #expect(try server.items(on: "2026-11-22").isEmpty)
        }
        #expect(try server.items(on: "2026-11-21", place: "north", meal: "Lunch").map(\.name) == ["Soup 6"])
    }

    @Test func importReplacesOnlyThePlacesAndDaysItCovers() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try MenuStore(path: folder.appendingPathComponent("menus.sqlite").path)
        let first = try store.replace(with: try MenuFile.parse(Self.csv))
        #expect(first.items == 4 && first.replaced == 0)
        #expect(first.menus == ["North Hall on 2026-11-21", "South Hall on 2026-11-21"])
        let other = "place,date,meal,item,kcal\nNorth Hall,2026-11-22,lunch,Tomato Soup,180\n"
        _ = try store.replace(with: try MenuFile.parse(other))
        let again = "place,date,meal,item,kcal\nnorth hall,2026-11-21,dinner,Grilled Salmon,290\n"
        let replaced = try store.replace(with: try MenuFile.parse(again))
        #expect(replaced.replaced == 3)
        #expect(try store.items(on: "2026-11-21", place: "north").map(\.name) == ["Grilled Salmon"])
        #expect(try store.items(on: "2026-11-21", place: "SOUTH HALL").map(\.name) == ["Veggie Burger"])
        #expect(try store.items(on: "2026-11-22").map(\.name) == ["Tomato Soup"])
        #expect(try store.places() == ["North Hall", "South Hall", "north hall"])
    }

    @Test func dishesComeInMenuOrderAndAllergenFiltersAreConservative() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try MenuStore(path: folder.appendingPathComponent("menus.sqlite").path)
        _ = try store.replace(with: try MenuFile.parse(Self.csv))
        let north = try store.items(on: "2026-11-21", place: "North")
        #expect(north.map(\.meal) == ["breakfast", "lunch", "lunch"])
        #expect(try store.items(on: "2026-11-21", meal: "LUNCH").count == 3)
        let peanutFree = north.filter { !$0.contains(allergen: "peanut") }
        #expect(peanutFree.map(\.name) == ["Buttermilk Pancakes", "Chicken Alfredo, house style"])
        // Named only in the ingredients still counts; so does the plural or the singular.
        #expect(north[1].contains(allergen: "cream") && north[0].contains(allergen: "eggs"))
        #expect(!north[1].contains(allergen: "fish"))
    }
}
