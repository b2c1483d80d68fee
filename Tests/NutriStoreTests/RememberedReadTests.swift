import Foundation
import Testing
@testable import NutriStore

/// The reads a reply repeats (profile, goals, weights, meal slots, preferences, settings, a day's water) are
/// remembered until the journal changes: each is answered fresh after a commit of this connection or of another one
/// on the same file (another process), and again after an undo.
@Suite("Remembered journal reads")
struct RememberedReadTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let day = "2026-11-21"

    /// A server journal (one connection) and a second journal on the same file, as another process would open it.
    static func pair() throws -> (server: Journal, other: Journal, folder: URL) {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("journal.sqlite").path
        return (try Journal(path: path, singleConnection: true), try Journal(path: path), folder)
    }

    @Test func anotherConnectionsCommitsShow() throws {
        let (server, other, folder) = try Self.pair()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each read twice first, so a remembered answer is what is checked afterwards.
        for _ in 0..<2 {
            #expect(try server.goals().isEmpty)
            #expect(try server.profile().heightCm == nil)
            #expect(try server.latestWeight(onOrBefore: Self.day) == nil)
            #expect(try server.water(on: Self.day) == 0)
            #expect(try server.preferences().isEmpty)
            #expect(try server.settings().isEmpty)
            #expect(try server.currentMealSlotName(for: "lunch") == "lunch")
            #expect(try server.exercise(on: Self.day).isEmpty)
            #expect(try server.goalsCongratulated(on: Self.day).isEmpty)
        }
        try other.setGoal("energy_kcal", to: 1_800, at: Self.now)
        #expect(try server.goals() == ["energy_kcal": 1_800])
        var profile = ProfileRecord(updatedAt: Self.now)
        profile.heightCm = 170
        try other.saveProfile(profile)
        #expect(try server.profile().heightCm == 170)
        _ = try other.recordWeight(WeightRecord(date: Self.day, kilograms: 70, text: "70 kg", createdAt: Self.now))
        #expect(try server.latestWeight(onOrBefore: Self.day)?.kilograms == 70)
        #expect(try server.weights(from: Self.day, to: Self.day).map(\.kilograms) == [70])
        _ = try other.addWater(WaterRecord(date: Self.day, milliliters: 250, text: "a glass", createdAt: Self.now))
        #expect(try server.water(on: Self.day) == 250)
        _ = try other.addPreference(PreferenceRecord(kind: .avoid, item: "peanut", text: "no peanuts", createdAt: Self.now))
        #expect(try server.preferences().map(\.item) == ["peanut"])
        try other.setSetting("units", to: "imperial", at: Self.now)
        #expect(try server.settings() == ["units": "imperial"])
        _ = try other.renameMealSlot("lunch", to: "midday", today: Self.day, now: Self.now)
        #expect(try server.currentMealSlotName(for: "lunch") == "midday")
        #expect(try server.mealSlots().map(\.name).contains("midday"))
        _ = try other.addExercise(ExerciseRecord(date: Self.day, activity: "running", minutes: 30, distanceKm: 5, met: 9.8,
                                                 bodyWeightKg: 70, weightAssumed: false, kcal: 343, text: "ran 5 km", createdAt: Self.now))
        #expect(try server.exercise(on: Self.day).map(\.kcal) == [343])
        _ = try other.noteGoalHit("protein_g", on: Self.day, at: Self.now)
        #expect(try server.goalsCongratulated(on: Self.day) == ["protein_g"])
    }

    /// On a journal shared with another connection, and on an exclusive one (`lockFree`: no transaction around a
    /// read, no `data_version` in the stamp), whose own writes are the only changes.
    @Test(arguments: [false, true])
    func itsOwnCommitsAndUndoShow(exclusive: Bool) throws {
        let (shared, other, folder) = try Self.pair()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = other
        let server = exclusive ? try Journal(path: folder.appendingPathComponent("alone.sqlite").path, lockFree: true) : shared
        #expect(try server.latestWeight(onOrBefore: Self.day) == nil)
        _ = try server.recordWeight(WeightRecord(date: Self.day, kilograms: 80, text: "80 kg", createdAt: Self.now))
        #expect(try server.latestWeight(onOrBefore: Self.day)?.kilograms == 80)
        _ = try server.recordWeight(WeightRecord(date: Self.day, kilograms: 79.5, text: "79.5 kg", createdAt: Self.now))
        #expect(try server.latestWeight(onOrBefore: Self.day)?.kilograms == 79.5, "a day's weight replaced")
        _ = try server.undoStep()
        #expect(try server.latestWeight(onOrBefore: Self.day)?.kilograms == 80, "the undo brings the first back")
        try server.setGoal("protein_g", to: 120, at: Self.now)
        #expect(try server.goals() == ["protein_g": 120])
        try server.setGoal("protein_g", to: 100, at: Self.now)
        #expect(try server.goals() == ["protein_g": 100])
        _ = try server.addMealSlot(named: "second breakfast", today: Self.day, now: Self.now)
        #expect(try server.mealSlots().map(\.name).contains("second breakfast"))
        #expect(try server.currentMealSlotName(for: "second breakfast") == "second breakfast")
    }
}
