import Foundation
import Testing
@testable import NutriStore

/// The report's quick entry reader gives what the ordinary reader gives, and leaves to it whatever it does not expect.
@Suite("Period entries")
struct PeriodEntriesTests {
    @Test(arguments: [
        ("{}", [:]),
        ("{\"energy_kcal\":105}", ["energy_kcal": 105.0]),
        (" { \"a_g\" : 1.5 , \"b_mg\":-0.25,\"c_ug\":2e3 } ", ["a_g": 1.5, "b_mg": -0.25, "c_ug": 2000]),
    ] as [(String, [String: Double])])
    func flatObjectsAreRead(_ text: String, _ expected: [String: Double]) {
        #expect(NutrientSnapshotParser.parse(text) == expected)
    }

    @Test(arguments: ["garbage", "", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":\"1\"}", "{\"a\\u0062\":1}", "{\"a\":{\"b\":1}}",
                      "{\"a\":1} x", "[1]", "{\"a\":1 \"b\":2}"])
    func anythingElseIsLeftToTheOrdinaryDecoder(_ text: String) {
        #expect(NutrientSnapshotParser.parse(text) == nil)
    }

    @Test func theQuickReaderAgreesWithTheOrdinaryOneAndReportsDamage() throws {
        let (home, journal) = try TransferHome.make()
        defer { home.remove() }
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        var nutrients: [String: Double] = [:]
        for (index, key) in ["energy_kcal", "protein_g", "iron_mg", "vitamin_c_mg", "retinol_ug", "water_g"].enumerated() {
            nutrients[key] = Double(index) * 12.345 + 0.001
        }
        for day in ["2026-11-19", "2026-11-20", "2026-11-21"] {
            try journal.addEntries([
                JournalEntry(date: day, meal: "dinner", text: "salmon", foodId: "usda:15237", foodName: "Fish, salmon", quantity: nil,
                             unit: nil, grams: 150, nutrients: nutrients, createdAt: created),
                JournalEntry(date: day, meal: "breakfast", text: "2 eggs", foodId: "usda:01123", foodName: "Egg", quantity: 2,
                             unit: "large", grams: 100, nutrients: ["energy_kcal": 143], createdAt: created),
            ])
        }
        let all = try journal.entries(from: "2000-01-01", to: "2999-12-31")
        try TransferHome.tamper(home.journalURL, "UPDATE entry SET nutrients = '{\"energy_kcal\": 1e999}' WHERE id = \(all[2].id ?? 0)")
        let ordinary = try Journal(path: home.journalURL.path).entries(from: "2026-11-19", to: "2026-11-21")
        let reopened = try Journal(path: home.journalURL.path)  // damage is reported once per opened journal
        let quick = try reopened.periodEntries(from: "2026-11-19", to: "2026-11-21")
        #expect(quick == ordinary)
        #expect(!quick.isEmpty && !quick.contains { $0.id == all[2].id })
        #expect(reopened.takeDamageReports().map(\.id) == [all[2].id ?? 0])
    }
}
