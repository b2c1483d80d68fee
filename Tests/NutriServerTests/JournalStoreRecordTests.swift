import Foundation
import NutriStore
import Testing
@testable import NutriServer

/// The journal store contract for food entries, goals and the profile, run against the SQLite journal and
/// PostgreSQL alike: the same answers, the same refusals, nothing half-written.
@Suite("Journal store records")
struct JournalStoreRecordTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ date: String, _ meal: String, _ food: String, grams: Double = 100, id: String = "usda:01123") -> JournalEntry {
        JournalEntry(date: date, meal: meal, text: "\(grams) g \(food)", foodId: id, foodName: food, quantity: grams, unit: "gram",
                     grams: grams, nutrients: ["energy_kcal": grams * 1.43, "protein_g": grams * 0.126], createdAt: now)
    }

    @Test(arguments: StoreKind.testable) func entriesAreSavedTogetherListedByDayAndMealCorrectedAndDeleted(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let saved = try journal.addEntries([entry("2026-11-21", "dinner", "egg"), entry("2026-11-21", "breakfast", "egg", grams: 50),
                                            entry("2026-11-20", "lunch", "rice", id: "usda:20045")])
        #expect(saved.count == 3 && Set(saved.compactMap(\.id)).count == 3)
        let listed = try journal.entries(from: "2026-11-20", to: "2026-11-21")
        #expect(listed.map(\.meal) == ["lunch", "breakfast", "dinner"], "by date, then meal slot, then logging order")
        #expect(Set(listed.map(\.id)) == Set(saved.map(\.id)))
        #expect(try journal.entry(id: try #require(saved[1].id)) == saved[1])
        var corrected = saved[0]
        corrected.grams = 150
        corrected.nutrients = ["energy_kcal": 214.5, "protein_g": 18.9]
        try journal.updateEntry(corrected)
        #expect(try journal.entry(id: try #require(corrected.id)) == corrected)
        #expect(try journal.deleteEntries(ids: [try #require(saved[2].id), 999_999]) == 1)
        #expect(try journal.entries(from: "2026-11-01", to: "2026-11-30").count == 2)
        #expect(try journal.entries(from: "2026-11-20", to: "2026-11-20").isEmpty)
    }

    @Test(arguments: StoreKind.testable) func badEntriesAreRefusedAndABatchWithOneIsNotSavedAtAll(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        var negative = entry("2026-11-21", "lunch", "egg")
        negative.grams = -5
        var notFinite = entry("2026-11-21", "lunch", "egg")
        notFinite.nutrients["energy_kcal"] = .nan
        let bad = [entry("2026-02-30", "lunch", "egg"), negative, notFinite, entry("2026-11-21", "lunch", "egg", id: "usda:12"),
                   entry("2026-11-21", "lunch", "bar", id: "custom:7"), entry("2026-11-21", "lunch", "x", id: "banana"),
                   entry("2026-11-21", "lunch\u{7}", "egg")]
        for (index, record) in bad.enumerated() {
            #expect(throws: (any Error).self, "bad entry \(index)") { try journal.addEntries([entry("2026-11-21", "lunch", "egg"), record]) }
        }
        #expect(try journal.entries(from: "2026-01-01", to: "2026-12-31").isEmpty, "no batch was half-saved")
        let saved = try journal.addEntries([entry("2026-11-21", "lunch", "egg")])
        var broken = saved[0]
        broken.grams = .infinity
        #expect(throws: (any Error).self) { try journal.updateEntry(broken) }
        #expect(try journal.entries(from: "2026-11-21", to: "2026-11-21") == saved)
    }

    @Test(arguments: StoreKind.testable) func goalsAreSetReplacedClearedAndChecked(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.goals().isEmpty)
        try journal.setGoal("energy_kcal", to: 2000, at: now)
        try journal.setGoal("energy_kcal", to: 1800, at: now)
        try journal.setGoal("water_ml", to: 2500, at: now)
        #expect(try journal.goals() == ["energy_kcal": 1800, "water_ml": 2500])
        #expect(try journal.clearGoal("water_ml"))
        #expect(try !journal.clearGoal("water_ml"))
        for (key, amount) in [("sugar_g", 10.0), ("energy_kcal", 0), ("energy_kcal", .nan), ("protein_g", 1_000_000)] {
            #expect(throws: (any Error).self, "\(key) \(amount)") { try journal.setGoal(key, to: amount, at: self.now) }
        }
        #expect(try journal.goals() == ["energy_kcal": 1800])
    }

    @Test(arguments: StoreKind.testable) func theProfileIsOneRecordSavedWholeAndChecked(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.profile().isEmpty)
        var profile = ProfileRecord(updatedAt: now)
        (profile.age, profile.ageDate, profile.sex, profile.heightCm) = (34, "2026-11-21", .female, 168)
        (profile.activity, profile.goal, profile.weeklyRateKg, profile.units) = (.moderate, .lose, 0.5, .imperial)
        try journal.saveProfile(profile)
        #expect(try journal.profile() == profile)
        profile.heightCm = nil
        profile.birthDate = "1992-03-04"
        try journal.saveProfile(profile)
        #expect(try journal.profile() == profile)
        var bad = profile
        bad.age = 200
        #expect(throws: (any Error).self) { try journal.saveProfile(bad) }
        bad = profile
        bad.heightCm = .infinity
        #expect(throws: (any Error).self) { try journal.saveProfile(bad) }
        #expect(try journal.profile() == profile)
    }

    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func onPostgresEntriesGoalsAndProfileBelongToOneAccount() async throws {
        let (accounts, alice, bob) = try await StoreKind.twoPostgresJournals(at: now)
        let saved = try alice.addEntries([entry("2026-11-21", "lunch", "egg")])
        try alice.setGoal("energy_kcal", to: 1800, at: now)
        var profile = ProfileRecord(updatedAt: now)
        profile.heightCm = 170
        try alice.saveProfile(profile)
        #expect(try bob.entries(from: "2026-01-01", to: "2026-12-31").isEmpty)
        #expect(try bob.entry(id: try #require(saved.first?.id)) == nil)
        #expect(try bob.deleteEntries(ids: saved.compactMap(\.id)) == 0)
        var stolen = saved[0]
        stolen.grams = 1
        #expect(throws: (any Error).self) { try bob.updateEntry(stolen) }
        #expect(try bob.goals().isEmpty && bob.profile().isEmpty)
        #expect(try !bob.clearGoal("energy_kcal"))
        #expect(try alice.entries(from: "2026-11-21", to: "2026-11-21") == saved && alice.goals() == ["energy_kcal": 1800])
        try accounts.deleteAccount(id: alice.accountID)
        #expect(try alice.entries(from: "2026-01-01", to: "2026-12-31").isEmpty)
        #expect(try alice.goals().isEmpty && alice.profile().isEmpty)
        let applied = try accounts.session.rows("SELECT name FROM schema_migration WHERE store = 'journal' ORDER BY name")
            .map { try $0.decode(String.self) }
        #expect(applied == ["v1-tracking", "v2-entries-goals-profile", "v3-user-foods-preferences-settings",
                           "v4-meal-slots-dialogue-likes", "v5-user-food-names-shared", "v6-history-steps", "v7-goal-notes"])
    }
}
