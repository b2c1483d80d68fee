import Foundation
import GRDB
import Testing
@testable import NutriStore

/// The tracking tables (profile, goal, weight, exercise, preference) on a fresh in-memory journal per test.
@Suite("Tracking store")
struct TrackingStoreTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func emptyJournalHasAnEmptyProfileAndNoGoals() throws {
        let journal = try Journal()
        #expect(try journal.profile().isEmpty)
        #expect(try journal.goals().isEmpty)
        #expect(try journal.latestWeight(onOrBefore: "2026-11-21") == nil)
        #expect(try journal.preferences().isEmpty)
    }

    @Test func profileRoundTrips() throws {
        let journal = try Journal()
        var profile = ProfileRecord(updatedAt: now)
        profile.age = 30
        profile.ageDate = "2026-11-21"
        profile.sex = .male
        profile.heightCm = 180
        profile.activity = .moderate
        profile.goal = .lose
        profile.weeklyRateKg = 0.5
        profile.units = .imperial
        try journal.saveProfile(profile)
        #expect(try journal.profile() == profile)
        profile.heightCm = 181
        try journal.saveProfile(profile)
        #expect(try journal.profile().heightCm == 181)
    }

    @Test func badProfileValuesAreRefusedAndNothingChanges() throws {
        let journal = try Journal()
        var profile = ProfileRecord(updatedAt: now)
        profile.heightCm = 170
        try journal.saveProfile(profile)
        for bad in [20.0, 300, -5] {
            var changed = profile
            changed.heightCm = bad
            #expect(throws: StoreError.self) { try journal.saveProfile(changed) }
        }
        var old = profile
        old.age = 300
        #expect(throws: StoreError.self) { try journal.saveProfile(old) }
        #expect(try journal.profile() == profile)
    }

    @Test func theDatabaseRefusesWhatTheMethodsWouldRefuse() throws {
        let journal = try Journal()
        #expect(throws: DatabaseError.self) {
            try journal.writer.write { db in
                try db.execute(sql: "INSERT INTO weight(date, kilograms, text, createdAt) VALUES ('2026-11-21', 900, '', ?)",
                               arguments: [now])
            }
        }
        #expect(throws: DatabaseError.self) {
            try journal.writer.write { db in
                try db.execute(sql: "INSERT INTO profile(id, sex, updatedAt) VALUES (1, 'other', ?)", arguments: [now])
            }
        }
    }

    @Test func goalsAreSetReplacedAndCleared() throws {
        let journal = try Journal()
        try journal.setGoal("energy_kcal", to: 1800, at: now)
        try journal.setGoal("energy_kcal", to: 1900, at: now)
        try journal.setGoal("water_ml", to: 2000, at: now)
        #expect(try journal.goals() == ["energy_kcal": 1900, "water_ml": 2000])
        #expect(throws: StoreError.self) { try journal.setGoal("energy_kcal", to: 0, at: now) }
        #expect(throws: StoreError.self) { try journal.setGoal("vitamin_q", to: 5, at: now) }
        #expect(try journal.clearGoal("water_ml"))
        #expect(try journal.goals() == ["energy_kcal": 1900])
    }

    @Test func oneWeightPerDayTheSecondReplacesTheFirst() throws {
        let journal = try Journal()
        try journal.logWeight(WeightRecord(date: "2026-11-20", kilograms: 81, text: "81 kg", createdAt: now))
        let first = try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: now))
        #expect(first.replaced == nil)
        let second = try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 79.5, text: "79.5", createdAt: now))
        #expect(second.replaced?.kilograms == 80)
        #expect(try journal.weights(from: "2026-11-01", to: "2026-11-30").map(\.kilograms) == [81, 79.5])
        #expect(try journal.latestWeight(onOrBefore: "2026-11-20")?.kilograms == 81)
        if let replaced = second.replaced { try journal.restoreWeight(replaced) }
        #expect(try journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms == 80)
    }

    @Test func impossibleWeightsAreRefused() throws {
        let journal = try Journal()
        for bad in [0.0, -3, 900, .nan, .infinity] {
            #expect(throws: StoreError.self) {
                try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: bad, text: "", createdAt: now))
            }
        }
        #expect(try journal.weights(from: "2000-01-01", to: "2999-12-31").isEmpty)
    }

    @Test func weightsAreDeletedByDate() throws {
        let journal = try Journal()
        try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: now))
        #expect(try journal.deleteWeight(on: "2026-11-20") == nil)
        #expect(try journal.deleteWeight(on: "2026-11-21")?.kilograms == 80)
        #expect(try journal.weights(from: "2000-01-01", to: "2999-12-31").isEmpty)
    }

    @Test func exerciseIsAddedListedAndDeleted() throws {
        let journal = try Journal()
        let run = try journal.addExercise(ExerciseRecord(
            date: "2026-11-21", activity: "running", minutes: 30, distanceKm: 5, met: 9.8, bodyWeightKg: 80,
            weightAssumed: false, kcal: 392, text: "ran 5 km", createdAt: now))
        try journal.addExercise(ExerciseRecord(
            date: "2026-11-22", activity: "yoga", minutes: 30, distanceKm: nil, met: 2.5, bodyWeightKg: 80,
            weightAssumed: false, kcal: 100, text: "30 minutes of yoga", createdAt: now))
        #expect(try journal.exercise(on: "2026-11-21").map(\.activity) == ["running"])
        #expect(try journal.exercise(from: "2026-11-21", to: "2026-11-22").count == 2)
        #expect(try journal.deleteExercise(ids: [run.id ?? -1]) == 1)
        #expect(try journal.exercise(on: "2026-11-21").isEmpty)
        #expect(throws: StoreError.self) {
            try journal.addExercise(ExerciseRecord(
                date: "2026-11-21", activity: "running", minutes: 0, distanceKm: nil, met: 9.8, bodyWeightKg: 80,
                weightAssumed: false, kcal: 0, text: "", createdAt: now))
        }
    }

    @Test func preferencesAreOnePerItem() throws {
        let journal = try Journal()
        try journal.addPreference(PreferenceRecord(kind: .allergy, item: "peanut", text: "peanuts", createdAt: now))
        try journal.addPreference(PreferenceRecord(kind: .diet, item: "vegetarian", text: "vegetarian", createdAt: now))
        try journal.addPreference(PreferenceRecord(kind: .avoid, item: "peanut", text: "peanuts", createdAt: now))
        #expect(try journal.preferences().map(\.item) == ["vegetarian", "peanut"])
        #expect(try journal.preferences().last?.kind == .avoid)
        #expect(try journal.removePreference(item: "peanut")?.text == "peanuts")
        #expect(try journal.removePreference(item: "peanut") == nil)
        #expect(try journal.preferences().map(\.item) == ["vegetarian"])
    }

    @Test func settingsAreRestoredExactlyFromASnapshot() throws {
        let journal = try Journal()
        var profile = ProfileRecord(updatedAt: now)
        profile.heightCm = 170
        try journal.saveProfile(profile)
        try journal.setGoal("energy_kcal", to: 1900, at: now)
        try journal.addPreference(PreferenceRecord(kind: .diet, item: "vegan", text: "vegan", createdAt: now))
        let before = try journal.snapshotSettings(weightDate: "2026-11-21")
        var changed = profile
        changed.heightCm = 171
        try journal.saveSettings(profile: changed, weight: WeightRecord(date: "2026-11-21", kilograms: 70, text: "", createdAt: now),
                                 goals: ["protein_g": 120], clearing: ["energy_kcal"], at: now)
        try journal.removePreference(item: "vegan")
        try journal.restoreSettings(before)
        #expect(try journal.snapshotSettings(weightDate: "2026-11-21") == before)
        #expect(try journal.latestWeight(onOrBefore: "2026-11-21") == nil)
        try journal.restoreSettings(SettingsSnapshot(profile: ProfileRecord(), goals: [], preferences: [], weightDate: nil, weight: nil))
        #expect(try journal.profile().isEmpty)
    }

    @Test func aFileJournalKeepsTrackingDataAcrossOpens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tracking-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do {
            let journal = try Journal(path: path)
            try journal.logWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: now))
            try journal.setGoal("protein_g", to: 150, at: now)
        }
        let reopened = try Journal(path: path)
        #expect(try reopened.latestWeight(onOrBefore: "2026-12-31")?.kilograms == 80)
        #expect(try reopened.goals() == ["protein_g": 150])
        #expect(try reopened.integrityCheck() == "ok")
    }
}
