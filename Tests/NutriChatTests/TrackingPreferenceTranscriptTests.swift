import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Food preferences (issue 5 part 10), with a fixed clock (2026-11-21 12:30) and the SR24 fixture.
@Suite("Tracking transcripts: preferences")
struct TrackingPreferenceTranscriptTests {
    @Test func preferencesAreSavedListedAndRemoved() throws {
        let chat = try ChatHarness()
        chat.say("I'm vegetarian")
        chat.say("I'm allergic to peanuts")
        chat.say("I don't eat pork")
        let saved = try chat.journal.preferences()
        #expect(saved.map(\.item) == ["vegetarian", "peanut", "pork"])
        #expect(saved.map(\.kind) == [.diet, .allergy, .avoid])
        let list = chat.say("what are my preferences")
        #expect(list.text.contains("vegetarian") && list.text.contains("allergic to peanuts") && list.text.contains("don't eat pork"))
        chat.say("I eat pork again")
        chat.say("remove my peanut allergy")
        #expect(try chat.journal.preferences().map(\.item) == ["vegetarian"])
        chat.say("I'm not vegetarian anymore")
        #expect(try chat.journal.preferences().isEmpty)
    }

    @Test func removingAFoodNamedLikeAPreferenceRemovesTheFood() throws {
        let chat = try ChatHarness()
        chat.say("I don't eat chicken")
        chat.say("100 g of roasted chicken breast for lunch")
        #expect(chat.entries.count == 1)
        chat.say("remove the chicken from lunch")
        #expect(chat.entries.isEmpty)
        #expect(try chat.journal.preferences().map(\.item) == ["poultry"])
    }

    @Test func aNewDietReplacesTheOldOne() throws {
        let chat = try ChatHarness()
        chat.say("I'm vegetarian")
        chat.say("I'm vegan")
        #expect(try chat.journal.preferences().map(\.item) == ["vegan"])
    }

    @Test func conflictingFoodsGetAGentleNote() throws {
        let chat = try ChatHarness()
        chat.say("I'm vegetarian")
        chat.say("I'm allergic to peanuts")
        let chicken = chat.say("100 g of roasted chicken breast")
        #expect(chicken.logged.count == 1)
        #expect(chicken.text.contains("may not be vegetarian"))
        let peanut = chat.say("2 tbsp peanut butter")
        #expect(peanut.text.contains("allergic"))
        let banana = chat.say("a banana")
        #expect(!banana.text.contains("Note") && !banana.text.contains("Heads-up"))
    }

    @Test func notesComeFromFoodGroupsAndNameWords() throws {
        let chat = try ChatHarness()
        let now = Date()
        try chat.journal.addPreference(PreferenceRecord(kind: .intolerance, item: "dairy", text: "lactose", createdAt: now))
        try chat.journal.addPreference(PreferenceRecord(kind: .avoid, item: "beef", text: "beef", createdAt: now))
        func entry(_ id: String, _ name: String, _ text: String) -> JournalEntry {
            JournalEntry(date: "2026-11-21", meal: "lunch", text: text, foodId: id, foodName: name, quantity: 1, unit: nil,
                         grams: 100, nutrients: [:], createdAt: now)
        }
        let notes = chat.conversation.preferenceNotes(for: [
            entry("usda:01077", "Milk, whole, 3.25% milkfat, with added vitamin D", "a glass of milk"),
            entry("usda:01123", "Egg, whole, raw, fresh", "an egg"),
            entry("usda:21237", "McDONALD'S, BIG MAC", "a big mac"),
            entry("usda:16098", "Peanut butter, smooth style, with salt", "peanut butter"),
        ])
        #expect(notes.count == 2)
        #expect(notes.first?.contains("a glass of milk") == true)
        #expect(notes.last?.contains("a big mac") == true)
    }
}
