import Foundation
import Testing

/// Dining menus over HTTP on loopback: an operator (`--operator`) imports a menu, anyone else gets 403, a bad file
/// is 400 with nothing written, any account reads the menus without an allergen, and chat answers from them.
@Suite("Server menus", .serialized, .enabled(if: ServerProcess.available))
struct ServerMenuTests {
    static let menu = """
        place,date,meal,station,item,serving,serving_grams,kcal,protein_g,carbohydrate_g,fat_g,allergens
        North Hall,2026-11-21,lunch,Pasta,Chicken Alfredo,1 plate,350,720,38,64,34,milk; wheat
        North Hall,2026-11-21,lunch,Deli,Peanut Noodle Salad,1 bowl,300,480,14,52,24,peanuts; wheat; soy
        South Hall,2026-11-21,dinner,Grill,Grilled Salmon,5 oz,140,290,31,0,18,fish
        """

    @Test func importAsOperatorReadFilteredAndChat() async throws {
        let server = try ServerProcess()
        try server.start(now: ServerEndToEndTests.now, extra: ["--operator", "chef"])
        let client = HTTPClient(base: server.base)
        let chef = try await client.signUp("chef")
        let student = try await client.signUp("student")

        let refused = try await client.send("POST", "/v1/menus", body: Data(Self.menu.utf8), token: student)
        #expect(refused.status == 403 && refused.error != nil, "\(refused.text)")
        let bad = Self.menu + "\nSouth Hall,2026-11-21,dinner,Grill,Fries,1 cup,100,-5,2,40,15,\n"
        let badAnswer = try await client.send("POST", "/v1/menus", body: Data(bad.utf8), token: chef)
        #expect(badAnswer.status == 400 && badAnswer.error == "row 4, kcal: must be a number from 0 to 5000, got -5.0", "\(badAnswer.text)")
        let none = try await client.get("/v1/menus?date=2026-11-21", token: student)
        #expect(none.status == 200 && (none.object["items"] as? [Any])?.isEmpty == true, "the refused files wrote: \(none.text)")

        let imported = try await client.send("POST", "/v1/menus", body: Data(Self.menu.utf8), token: chef)
        #expect(imported.status == 201 && imported.object["items"] as? Int == 3, "\(imported.text)")
        let all = try await client.get("/v1/menus", token: student)
        #expect((all.object["items"] as? [Any])?.count == 3, "\(all.text)")
        let filtered = try await client.get("/v1/menus?place=north&meal=lunch&without=peanuts,fish", token: student)
        let names = (filtered.object["items"] as? [[String: Any]])?.compactMap { $0["item"] as? String }
        #expect(names == ["Chicken Alfredo"], "\(filtered.text)")
        let badDate = try await client.get("/v1/menus?date=2026-02-30", token: student)
        #expect(badDate.status == 400)
        let anonymous = try await client.get("/v1/menus")
        #expect(anonymous.status == 401)

        let asked = try await client.post("/v1/chat", json: ["message": "what's for lunch at the north hall"], token: student)
        #expect(asked.object["intent"] as? String == "menu", "\(asked.text)")
        #expect((asked.object["reply"] as? String)?.contains("Peanut Noodle Salad") == true, "\(asked.text)")
        // The place talked about is kept in the saved dialogue state between requests.
        let logged = try await client.post("/v1/chat", json: ["message": "I had the chicken alfredo"], token: student)
        let entry = try #require((logged.object["logged"] as? [[String: Any]])?.first, "\(logged.text)")
        #expect(entry["food_id"] as? String == "menu:north-hall:chicken-alfredo")
        #expect((entry["nutrients"] as? [String: Any])?["energy_kcal"] as? Double == 720)
        server.stop()
    }
}
