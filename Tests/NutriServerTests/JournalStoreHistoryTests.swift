import Foundation
import NutriStore
import Testing
@testable import NutriServer

/// The undo history on both journal stores: a step applies whole, undo writes the rows back as they were, redo applies
/// them again, a new step forgets what was undone, and an account's history never reaches another account's rows.
@Suite("Journal store history")
struct JournalStoreHistoryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func eaten(_ text: String, grams: Double, meal: String = "lunch", food: String = "usda:09040") -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: meal, text: text, foodId: food, foodName: "Bananas, raw", quantity: 1,
                     unit: nil, grams: grams, nutrients: ["energy_kcal": grams, "protein_g": grams / 100], createdAt: now)
    }

    func all(_ journal: any JournalStore) throws -> [JournalEntry] { try journal.entries(from: "2000-01-01", to: "2999-12-31") }

    @Test(arguments: StoreKind.testable) func logCorrectDeleteMoveUndoAndRedo(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let logged = try journal.record(HistoryStep(kind: .log, summary: "two", changes: [
            .added(.entry(eaten("a banana", grams: 118))), .added(.entry(eaten("an apple", grams: 182))),
        ])).entriesAfter
        #expect(logged.count == 2 && logged.allSatisfy { $0.id != nil })
        #expect(try journal.lastStep()?.summary == "two")
        let start = try all(journal)
        var corrected = logged[0]
        (corrected.grams, corrected.text) = (236, "2 bananas")
        try journal.record(HistoryStep(kind: .correct, summary: "c", changes: [RowChange(before: .entry(logged[0]), after: .entry(corrected))]))
        try journal.record(HistoryStep(kind: .delete, summary: "d", changes: [.deleted(.entry(logged[1]))]))
        var moved = corrected
        moved.meal = "dinner"
        try journal.record(HistoryStep(kind: .move, summary: "m", changes: [RowChange(before: .entry(corrected), after: .entry(moved))]))
        #expect(try all(journal) == [moved])

        #expect(try journal.undoStep()?.kind == .move)
        #expect(try all(journal) == [corrected])
        #expect(try journal.undoStep()?.kind == .delete)
        #expect(try journal.entry(id: try #require(logged[1].id)) == logged[1])
        #expect(try journal.undoStep()?.kind == .correct)
        #expect(try all(journal) == start)
        #expect(try journal.lastStep()?.summary == "two")
        #expect(try journal.redoStep()?.kind == .correct)
        #expect(try journal.entry(id: try #require(logged[0].id)) == corrected)
        #expect(try journal.undoStep()?.kind == .correct)
        #expect(try journal.undoStep()?.kind == .log)
        #expect(try all(journal).isEmpty && journal.lastStep() == nil)
        #expect(try journal.undoStep() == nil)
        #expect(try journal.redoStep()?.kind == .log)
        #expect(try all(journal) == start)
        try journal.undoStep()
        // A new step ends what redo could bring back.
        try journal.record(HistoryStep(kind: .log, summary: "x", changes: [.added(.entry(eaten("a pear", grams: 178)))]))
        #expect(try journal.redoStep() == nil)
        #expect(try all(journal).map(\.text) == ["a pear"])
    }

    @Test(arguments: StoreKind.testable) func waterWeightAndExerciseAreStepsToo(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        try journal.record(HistoryStep(kind: .log, summary: "water", changes: [
            .added(.water(WaterRecord(date: "2026-11-21", milliliters: 250, text: "a glass", createdAt: now))),
        ]))
        let bout = ExerciseRecord(date: "2026-11-21", activity: "running", minutes: 30, distanceKm: 5, met: 9, bodyWeightKg: 70,
                                  weightAssumed: false, kcal: 315, text: "ran 5 km", createdAt: now)
        try journal.record(HistoryStep(kind: .log, summary: "run", changes: [.added(.exercise(bout))]))
        let (first, none) = try journal.recordWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: now))
        #expect(none == nil && first.id != nil)
        let (second, replaced) = try journal.recordWeight(WeightRecord(date: "2026-11-21", kilograms: 81, text: "81 kg", createdAt: now))
        #expect(replaced == first && second.kilograms == 81)
        #expect(try journal.weights(from: "2026-11-21", to: "2026-11-21") == [second])
        #expect(try journal.undoStep()?.summary == "weight")
        #expect(try journal.weights(from: "2026-11-21", to: "2026-11-21") == [first])
        #expect(try journal.undoStep()?.summary == "weight")
        #expect(try journal.weights(from: "2026-11-21", to: "2026-11-21").isEmpty)
        #expect(try journal.exercise(from: "2026-11-21", to: "2026-11-21").map(\.activity) == ["running"])
        #expect(try journal.undoStep()?.summary == "run")
        #expect(try journal.exercise(from: "2026-11-21", to: "2026-11-21").isEmpty)
        #expect(try journal.waterRecords(on: "2026-11-21").map(\.milliliters) == [250])
        #expect(try journal.undoStep()?.summary == "water")
        #expect(try journal.waterRecords(on: "2026-11-21").isEmpty)
        #expect(try journal.redoStep()?.summary == "water")
        #expect(try journal.waterByDay(from: "2026-11-01", to: "2026-11-30") == ["2026-11-21": 250])
    }

    @Test(arguments: StoreKind.testable) func aStepBreakingTheRulesIsRefusedWhole(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        var bad = eaten("a banana", grams: 118)
        bad.grams = -1
        #expect(throws: StoreError.self) {
            try journal.record(HistoryStep(kind: .log, summary: "bad", changes: [.added(.entry(self.eaten("ok", grams: 5))),
                                                                                 .added(.entry(bad))]))
        }
        #expect(throws: StoreError.self) {
            try journal.record(HistoryStep(kind: .log, summary: "unknown food",
                                           changes: [.added(.entry(self.eaten("mine", grams: 5, food: "custom:99")))]))
        }
        #expect(try all(journal).isEmpty && journal.lastStep() == nil)
    }

    /// A step naming another account's row id is refused and leaves that row alone; undo reaches its own steps only.
    @Test func anAccountsHistoryNeverReachesAnotherAccount() async throws {
        guard StoreKind.testable.contains(.postgres) else { return }
        let (accounts, alice, bob) = try await StoreKind.twoPostgresJournals(at: now)
        let bobs = try bob.record(HistoryStep(kind: .log, summary: "bob's", changes: [.added(.entry(eaten("bob's banana", grams: 100)))]))
        let bobEntry = try #require(bobs.entriesAfter.first)
        var forged = bobEntry
        forged.text = "alice was here"
        #expect(throws: StoreError.self) {
            try alice.record(HistoryStep(kind: .correct, summary: "forged", changes: [RowChange(before: .entry(bobEntry), after: .entry(forged))]))
        }
        #expect(throws: StoreError.invalidValue("there is no entry \(bobEntry.id ?? 0) in this journal")) {
            try alice.record(HistoryStep(kind: .delete, summary: "forged delete", changes: [.deleted(.entry(bobEntry))]))
        }
        #expect(try bob.entry(id: try #require(bobEntry.id)) == bobEntry)
        try alice.record(HistoryStep(kind: .log, summary: "alice's", changes: [.added(.entry(eaten("alice's pear", grams: 90)))]))
        #expect(try alice.undoStep()?.summary == "alice's" && alice.undoStep() == nil)
        #expect(try bob.lastStep()?.summary == "bob's" && bob.entryCount() == 1)
        try accounts.deleteAccount(id: bob.accountID)
        #expect(try bob.lastStep() == nil && alice.redoStep()?.summary == "alice's")
        #expect(try alice.entryCount() == 1)
    }
}
