import Foundation
import NutriStore
import Testing
@testable import NutriServer

/// What the conversation reads and writes besides records and the history, on both journal stores: day totals and
/// presence, goal notes and the calorie offer, the settings saved together and put back by undo.
@Suite("Journal store conversation")
struct JournalStoreConversationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func eaten(_ date: String, _ meal: String, kcal: Double, protein: Double) -> JournalEntry {
        JournalEntry(date: date, meal: meal, text: "\(kcal) kcal", foodId: "usda:01123", foodName: "Egg", quantity: 1, unit: nil,
                     grams: 50, nutrients: ["energy_kcal": kcal, "protein_g": protein], createdAt: now)
    }

    @Test(arguments: StoreKind.testable) func dayTotalsAndPresenceAreAnsweredWithoutReadingEntries(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.dayTotals(on: "2026-11-21") == DayTotals(count: 0, totals: [:]))
        #expect(try journal.hasEntries(from: "2026-11-01", to: "2026-11-30") == false && journal.entryCount() == 0)
        try journal.addEntries([eaten("2026-11-21", "lunch", kcal: 300, protein: 20), eaten("2026-11-21", "dinner", kcal: 450.5, protein: 30),
                                eaten("2026-11-22", "breakfast", kcal: 100, protein: 5)])
        #expect(try journal.dayTotals(on: "2026-11-21") == DayTotals(count: 2, totals: ["energy_kcal": 750.5, "protein_g": 50]))
        #expect(try journal.energy(on: "2026-11-22") == 100 && journal.energy(on: "2026-11-23") == 0)
        #expect(try journal.mealsWithEntries(on: "2026-11-21") == ["lunch", "dinner"])
        #expect(try journal.hasEntries(from: "2026-11-22", to: "2026-11-30") && !journal.hasEntries(from: "2026-11-23", to: "2026-11-30"))
        #expect(try journal.periodEntries(from: "2026-11-21", to: "2026-11-22") == journal.entries(from: "2026-11-21", to: "2026-11-22"))
        #expect(try journal.entryCount() == 3)
        try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 250, text: "glass", createdAt: now))
        try journal.addWater(WaterRecord(date: "2026-11-21", milliliters: 500, text: "bottle", createdAt: now))
        #expect(try journal.waterByDay(from: "2026-11-20", to: "2026-11-22") == ["2026-11-21": 750])
        // The totals follow every kind of change: a step, an undo, a plain delete.
        try journal.record(HistoryStep(kind: .log, summary: "more", changes: [.added(.entry(eaten("2026-11-21", "lunch", kcal: 49.5, protein: 0)))]))
        #expect(try journal.energy(on: "2026-11-21") == 800)
        try journal.undoStep()
        #expect(try journal.energy(on: "2026-11-21") == 750.5)
        try journal.deleteEntries(ids: try journal.entries(from: "2026-11-22", to: "2026-11-22").compactMap(\.id))
        #expect(try journal.dayTotals(on: "2026-11-22").count == 0)
    }

    @Test(arguments: StoreKind.testable) func aGoalIsCongratulatedOncePerDay(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.noteGoalHit("protein_g", on: "2026-11-21", at: now))
        #expect(try !journal.noteGoalHit("protein_g", on: "2026-11-21", at: now))
        #expect(try journal.noteGoalHit("water_ml", on: "2026-11-21", at: now))
        #expect(try journal.noteGoalHit("protein_g", on: "2026-11-22", at: now))
        #expect(try journal.goalsCongratulated(on: "2026-11-21") == ["protein_g", "water_ml"])
        #expect(try journal.goalsCongratulated(on: "2026-11-23").isEmpty)
    }

    @Test(arguments: StoreKind.testable) func aCalorieOfferWaitsForItsAnswer(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.openCalorieOffer() == nil && journal.answerCalorieOffer(accept: true, at: now) == nil)
        #expect(throws: StoreError.invalidValue("a calorie target must be more than 0")) {
            try journal.offerCalorieTarget(-5, on: "2026-11-20", at: self.now)
        }
        try journal.offerCalorieTarget(2100, on: "2026-11-20", at: now)
        try journal.offerCalorieTarget(1900, on: "2026-11-21", at: now)
        let open = try #require(try journal.openCalorieOffer())
        #expect(open.amount == 1900 && open.status == .open && open.date == "2026-11-21")
        #expect(try journal.calorieOffer(since: "2026-11-20")?.amount == 1900)
        #expect(try journal.calorieOffer(since: "2026-11-22") == nil)
        let answered = try journal.answerCalorieOffer(accept: true, at: now)
        #expect(answered?.status == .accepted && answered?.id == open.id)
        #expect(try journal.goals()["energy_kcal"] == 1900 && journal.openCalorieOffer() == nil)
        try journal.offerCalorieTarget(1700, on: "2026-11-22", at: now)
        #expect(try journal.answerCalorieOffer(accept: false, at: now)?.status == .declined)
        #expect(try journal.goals()["energy_kcal"] == 1900 && journal.calorieOffer(since: "2026-11-22")?.status == .declined)
    }

    @Test(arguments: StoreKind.testable) func settingsAreSavedTogetherAndPutBackBySnapshot(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        try journal.setGoal("protein_g", to: 120, at: now)
        try journal.addPreference(PreferenceRecord(kind: .diet, item: "vegetarian", text: "I'm vegetarian", createdAt: now))
        try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: now))
        let before = try journal.snapshotSettings(weightDate: "2026-11-21")
        var profile = ProfileRecord(updatedAt: now)
        (profile.heightCm, profile.sex) = (180, .male)
        try journal.saveSettings(profile: profile, weight: WeightRecord(date: "2026-11-21", kilograms: 78, text: "78 kg", createdAt: now),
                                 goals: ["energy_kcal": 2000], clearing: ["protein_g"], at: now)
        try journal.addPreference(PreferenceRecord(kind: .allergy, item: "peanuts", text: "peanuts", createdAt: now))
        #expect(try journal.profile().heightCm == 180 && journal.goals() == ["energy_kcal": 2000])
        #expect(try journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms == 78)
        // A bad part refuses the whole change.
        var tooTall = profile
        tooTall.heightCm = -1
        #expect(throws: StoreError.self) {
            try journal.saveSettings(profile: tooTall, weight: nil, goals: ["protein_g": 90], clearing: [], at: self.now)
        }
        #expect(try journal.goals() == ["energy_kcal": 2000])
        try journal.restoreSettings(before)
        #expect(try journal.profile() == ProfileRecord() && journal.goals() == ["protein_g": 120])
        #expect(try journal.preferences().map(\.item) == ["vegetarian"])
        #expect(try journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms == 80)
        #expect(try journal.snapshotSettings(weightDate: "2026-11-21") == before)
    }

    @Test(arguments: StoreKind.testable) func onlyStorageFailuresAreToldAsJournalFailures(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(journal.failure(for: StoreError.invalidValue("no")) == nil)
        #expect(journal.takeDamageReports().isEmpty)
        guard kind == .postgres else { return }
        struct ConnectionLost: Error {}
        let location = try PostgresLocation(url: "postgres://nutrichat@127.0.0.1:1/journal")
        let lost = PostgresStoreError(ConnectionLost(), location: location)
        #expect(journal.failure(for: lost) == .unreachable(detail: lost.description))
        #expect(journal.failure(for: lost)?.isFatal == false)
    }
}
