import Foundation
import NutriStore
import NutriTestSupport
import Testing
@testable import NutriChat

/// Random sequences of logs, corrections, deletions, undos and redos through the conversation, checked after every
/// step against a simple model of the journal: a dictionary of entries by id, with stacks of earlier states for undo
/// and redo. No step may change an entry it did not name, and undo must bring back exactly what was there.
@Suite("History against a model")
struct HistoryPropertyTests {
    static let foods = ["a banana", "2 eggs", "a cup of rice", "an apple", "a glass of whole milk", "2 cups low fat milk",
                        "a slice of white bread", "a can of coke"]
    static let meals = ["breakfast", "lunch", "dinner"]

    @Test(arguments: Array(1...12) as [UInt64])
    func journalEqualsTheModelAfterEveryStep(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let chat = try ChatHarness()
        var model: [Int64: JournalEntry] = [:]
        var undoStack: [[Int64: JournalEntry]] = []
        var redoStack: [[Int64: JournalEntry]] = []
        var justLogged: Int64?
        for step in 0..<70 {
            let previous = model
            var said = ""
            var changed = true
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1:
                said = "\(Self.foods.randomElement(using: &random) ?? "a banana") for \(Self.meals.randomElement(using: &random) ?? "lunch")"
                let reply = chat.say(said)
                #expect(reply.logged.count == 1, "step \(step) \(said): \(reply.text)")
                for entry in reply.logged { if let id = entry.id { model[id] = entry } }
                justLogged = reply.logged.last?.id
            case 2:
                // A correction by diary number, or right after a log an unnamed one: only that entry changes.
                let n = Int.random(in: 1...4, using: &random)
                let target: Int64
                if let last = justLogged, Bool.random(using: &random) {
                    target = last
                    said = "actually \(n)"
                } else if let id = model.keys.randomElement(using: &random) {
                    target = id
                    said = "change #\(id) to \(n)"
                } else { changed = false; break }
                chat.say(said)
                let after = try #require(try chat.journal.entry(id: target), "step \(step) \(said)")
                #expect(after.quantity == Double(n), "step \(step) \(said): \(after.text)")
                changed = after != model[target]
                model[target] = after
                justLogged = nil
            case 3:
                guard let id = model.keys.randomElement(using: &random) else { changed = false; break }
                said = "delete #\(id)"
                chat.say(said)
                model[id] = nil
                justLogged = nil
            case 4, 5:
                said = "undo"
                let reply = chat.say(said)
                changed = false
                justLogged = nil
                if let earlier = undoStack.popLast() {
                    redoStack.append(model)
                    model = earlier
                } else {
                    #expect(reply.text.contains("nothing to undo"), "step \(step): \(reply.text)")
                }
            default:
                said = "redo"
                let reply = chat.say(said)
                changed = false
                justLogged = nil
                if let later = redoStack.popLast() {
                    undoStack.append(model)
                    model = later
                } else {
                    #expect(reply.text.contains("nothing to redo"), "step \(step): \(reply.text)")
                }
            }
            if changed {
                undoStack.append(previous)
                redoStack = []
            }
            let actual = Dictionary(uniqueKeysWithValues: chat.entries.compactMap { entry in entry.id.map { ($0, entry) } })
            #expect(actual == model, "seed \(seed) step \(step) '\(said)'")
            if actual != model { return }
        }
    }
}
