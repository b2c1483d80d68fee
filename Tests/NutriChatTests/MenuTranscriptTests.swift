import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Dining menus in chat, with the clock fixed at 2026-11-21 12:30: the menu of a place and meal, a follow-up
/// without an allergen about the place just talked about, a dish's figures, and a dish logged with the menu's own
/// name, serving and figures. Without menus for the day, every message is answered as before.
@Suite("Menu transcripts", .serialized)
struct MenuTranscriptTests {
    static let menu = """
        place,date,meal,station,item,serving,serving_grams,kcal,protein_g,carbohydrate_g,fat_g,allergens,ingredients
        North Hall,2026-11-21,lunch,Pasta,Chicken Alfredo,1 plate,350,720,38,64,34,milk; wheat,"fettuccine, chicken, cream"
        North Hall,2026-11-21,lunch,Deli,Peanut Noodle Salad,1 bowl,300,480,14,52,24,peanuts; wheat; soy,"noodles, peanut sauce"
        North Hall,2026-11-21,lunch,Salad Bar,Garden Salad,1 bowl,200,150,4,12,9,,"lettuce, tomato, olive oil"
        North Hall,2026-11-21,dinner,Soup,Beef Chili,1 bowl,340,420,30,35,17,,"beef, beans, tomato"
        South Hall,2026-11-21,dinner,Grill,Grilled Salmon,5 oz,140,290,31,0,18,fish,"salmon, lemon"
        South Hall,2026-11-21,dinner,Pasta,Chicken Alfredo,1 plate,400,820,45,60,40,milk; wheat; egg,"fettuccine, chicken, egg"
        """

    /// A conversation whose menus hold `text` (the menu above by default).
    static func chat(menu text: String = menu) throws -> ChatHarness {
        let chat = try ChatHarness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-menus-\(UUID().uuidString).sqlite").path
        let store = try MenuStore(path: path)
        _ = try store.replace(with: try MenuFile.parse(text))
        chat.conversation.menus = store
        return chat
    }

    @Test(.enabled(if: TestServices.services != nil)) func askFollowUpAndLog() throws {
        let chat = try Self.chat()
        let lunch = chat.say("what's for lunch at the north hall")
        #expect(lunch.intent == "menu")
        #expect(lunch.text == """
            North Hall · lunch · 2026-11-21
              Chicken Alfredo (1 plate) — 720 kcal, P 38 g C 64 g F 34 g · Pasta · contains milk, wheat
              Peanut Noodle Salad (1 bowl) — 480 kcal, P 14 g C 52 g F 24 g · Deli · contains peanuts, wheat, soy
              Garden Salad (1 bowl) — 150 kcal, P 4 g C 12 g F 9 g · Salad Bar
            """, "\(lunch.text)")
        let safe = chat.say("anything there without peanuts")
        #expect(safe.text == """
            Without peanuts:
            North Hall · lunch · 2026-11-21
              Chicken Alfredo (1 plate) — 720 kcal, P 38 g C 64 g F 34 g · Pasta · contains milk, wheat
              Garden Salad (1 bowl) — 150 kcal, P 4 g C 12 g F 9 g · Salad Bar
            (1 dish with a left-out allergen not shown)
            """, "\(safe.text)")
        let logged = chat.say("I had the chicken alfredo")
        #expect(logged.text == "Logged for lunch: Chicken Alfredo (North Hall, 1 plate) (720 kcal). Today so far: 720 kcal.", "\(logged.text)")
        let entry = try #require(chat.entries.first)
        #expect(entry.foodId == "menu:north-hall:chicken-alfredo" && entry.foodName == "Chicken Alfredo")
        #expect(entry.unit == "1 plate" && entry.grams == 350)
        #expect(entry.nutrients == ["energy_kcal": 720, "protein_g": 38, "carbohydrate_g": 64, "fat_g": 34])
        #expect(chat.say("undo").intent == "undo" && chat.entries.isEmpty)
    }

    @Test(.enabled(if: TestServices.services != nil)) func otherPlaceDishFiguresAndNamedLog() throws {
        let chat = try Self.chat()
        let tonight = chat.say("what's on the menu at south hall tonight")
        #expect(tonight.text == """
            South Hall · dinner · 2026-11-21
              Grilled Salmon (5 oz) — 290 kcal, P 31 g C 0 g F 18 g · Grill · contains fish
              Chicken Alfredo (1 plate) — 820 kcal, P 45 g C 60 g F 40 g · Pasta · contains milk, wheat, egg
            """, "\(tonight.text)")
        let protein = chat.say("how much protein is in the chicken alfredo at the south hall")
        #expect(protein.text == "South Hall, dinner: 45 g of protein in Chicken Alfredo (1 plate) — 820 kcal, P 45 g C 60 g F 40 g · Pasta · contains milk, wheat, egg", "\(protein.text)")
        // The place named wins over the one just talked about.
        let logged = chat.say("I had the chicken alfredo from the north hall")
        #expect(logged.logged.map(\.foodId) == ["menu:north-hall:chicken-alfredo"], "\(logged.text)")
        #expect(logged.logged.first?.kcal == 720)
        let two = chat.say("I had 2 chicken alfredo from the south hall")
        #expect(two.logged.first?.kcal == 1640 && two.logged.first?.grams == 800, "\(two.text)")
        let milkFree = chat.say("is there anything without milk at the north hall")
        #expect(milkFree.text.contains("Garden Salad") && !milkFree.text.contains("Chicken Alfredo (1 plate) —"), "\(milkFree.text)")
    }

    /// Without menus for today, or for messages that are not about them, the replies are those of a chat with no
    /// menus at all.
    @Test(.enabled(if: TestServices.services != nil)) func withoutMenusNothingChanges() throws {
        let messages = ["what's for lunch at the north hall", "lunch at noon", "anything there without peanuts",
                        "I had the chicken alfredo", "how much protein is in eggs", "2 eggs for breakfast", "menu"]
        let plain = try ChatHarness()
        let otherDay = try Self.chat(menu: Self.menu.replacingOccurrences(of: "2026-11-21", with: "2026-11-22"))
        for message in messages {
            let before = plain.say(message), after = otherDay.say(message)
            #expect(before.text == after.text && before.intent == after.intent, "\(message): \(before.text) | \(after.text)")
        }
        // With today's menus: "lunch at noon" is no menu question, and a dish named with no place and no menu
        // talked about is looked up as a food.
        let today = try Self.chat()
        for message in ["lunch at noon", "I had the chicken alfredo", "2 eggs for breakfast"] {
            let reply = today.say(message)
            #expect(reply.intent != "menu" && !reply.logged.contains { $0.foodId.hasPrefix("menu:") }, "\(message): \(reply.text)")
        }
    }

    @Test(.enabled(if: TestServices.services != nil)) func focusIsSavedWithTheState() throws {
        let chat = try Self.chat()
        chat.say("what's for lunch at the north hall")
        let saved = try chat.conversation.savedState()
        let next = try Self.chat()
        try next.conversation.restoreState(saved)
        #expect(next.say("I had the garden salad").logged.map(\.foodId) == ["menu:north-hall:garden-salad"])
    }
}
