import Foundation
import Testing
@testable import NutriStore

/// The journal's undo history: each step applies in one transaction, undo writes the rows back exactly as they were,
/// redo applies them again, and a new step forgets what was undone.
@Suite("History store")
struct HistoryStoreTests {
    func entry(_ text: String, grams: Double, meal: String = "lunch") -> JournalEntry {
        JournalEntry(date: "2026-11-21", meal: meal, text: text, foodId: "usda:09040", foodName: "Bananas, raw", quantity: 1,
                     unit: nil, grams: grams, nutrients: ["energy_kcal": grams * 0.89, "protein_g": grams / 91],
                     createdAt: Date(timeIntervalSince1970: 1_795_000_000.125))
    }

    func all(_ journal: Journal) throws -> [JournalEntry] { try journal.entries(from: "2000-01-01", to: "2999-12-31") }

    @Test func logCorrectDeleteMoveUndoAndRedo() throws {
        let journal = try Journal()
        let logged = try journal.record(HistoryStep(kind: .log, summary: "two", changes: [
            .added(.entry(entry("a banana", grams: 118))), .added(.entry(entry("an apple", grams: 182))),
        ])).entriesAfter
        #expect(logged.allSatisfy { $0.id != nil })
        let start = try all(journal)
        var corrected = logged[0]
        corrected.grams = 236
        corrected.text = "2 bananas"
        try journal.record(HistoryStep(kind: .correct, summary: "c", changes: [RowChange(before: .entry(logged[0]), after: .entry(corrected))]))
        try journal.record(HistoryStep(kind: .delete, summary: "d", changes: [.deleted(.entry(logged[1]))]))
        var moved = corrected
        moved.meal = "dinner"
        try journal.record(HistoryStep(kind: .move, summary: "m", changes: [RowChange(before: .entry(corrected), after: .entry(moved))]))
        #expect(try all(journal) == [moved])

        #expect(try journal.undoStep()?.kind == .move)
        #expect(try all(journal) == [corrected])
        #expect(try journal.undoStep()?.kind == .delete)
        #expect(try all(journal).contains(logged[1]))
        #expect(try journal.undoStep()?.kind == .correct)
        #expect(try all(journal) == start)
        #expect(try journal.redoStep()?.kind == .correct)
        #expect(try journal.entry(id: logged[0].id ?? 0) == corrected)
        #expect(try journal.undoStep()?.kind == .correct)
        #expect(try journal.undoStep()?.kind == .log)
        #expect(try all(journal).isEmpty)
        #expect(try journal.undoStep() == nil)
        // A new step ends what redo could bring back.
        try journal.record(HistoryStep(kind: .log, summary: "x", changes: [.added(.entry(entry("a pear", grams: 178)))]))
        #expect(try journal.redoStep() == nil)
    }

    @Test func waterAndWeightAreStepsToo() throws {
        let journal = try Journal()
        try journal.record(HistoryStep(kind: .log, summary: "water", changes: [
            .added(.water(WaterRecord(date: "2026-11-21", milliliters: 250, text: "a glass", createdAt: Date()))),
        ]))
        #expect(try journal.water(on: "2026-11-21") == 250)
        let (first, none) = try journal.recordWeight(WeightRecord(date: "2026-11-21", kilograms: 80, text: "80 kg", createdAt: Date(timeIntervalSince1970: 1_795_000_000.5)))
        #expect(none == nil)
        let (_, replaced) = try journal.recordWeight(WeightRecord(date: "2026-11-21", kilograms: 81, text: "81 kg", createdAt: Date()))
        #expect(replaced == first)
        try journal.undoStep()
        #expect(try journal.weights(from: "2026-11-21", to: "2026-11-21") == [first])
        try journal.undoStep()
        #expect(try journal.weights(from: "2026-11-21", to: "2026-11-21").isEmpty)
        try journal.undoStep()
        #expect(try journal.water(on: "2026-11-21") == 0)
        #expect(throws: StoreError.self) {
            try journal.recordWeight(WeightRecord(date: "2026-11-21", kilograms: .infinity, text: "?", createdAt: Date()))
        }
    }

    @Test func stepsSurviveReopening() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrichat-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        do {
            let journal = try Journal(path: path)
            try journal.record(HistoryStep(kind: .log, summary: "b", changes: [.added(.entry(entry("a banana", grams: 118)))]))
        }
        let reopened = try Journal(path: path)
        #expect(try reopened.lastStep()?.summary == "b")
        #expect(try reopened.undoStep()?.entriesAfter.first?.text == "a banana")
        #expect(try all(reopened).isEmpty)
    }
}
