import Foundation
import NutriStore
import Testing
@testable import NutriServer

/// The journal store contract for meal slots, the dialogue's saved state and liked suggestions, run against the
/// SQLite journal and PostgreSQL alike: the same answers, the same refusals in the same words.
@Suite("Journal store dialogue")
struct JournalStoreDialogueTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func eaten(_ date: String, _ meal: String, _ text: String) -> JournalEntry {
        JournalEntry(date: date, meal: meal, text: text, foodId: "usda:01123", foodName: "Egg", quantity: 1, unit: "egg",
                     grams: 50, nutrients: ["energy_kcal": 72], createdAt: now)
    }

    @Test(arguments: StoreKind.testable) func mealSlotsChangeFromTodayOnAndPastDaysKeepTheirLayout(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.mealSlotNames(on: "2026-11-20") == Journal.defaultMealSlots)
        try journal.addEntries([eaten("2026-11-20", "lunch", "old lunch"), eaten("2026-11-21", "lunch", "new lunch"),
                                eaten("2026-11-21", "dinner", "dinner")])
        let added = try journal.addMealSlot(named: "  Late   Snack ", today: "2026-11-21", now: now)
        #expect(added.name == "late snack" && added.position == 5 && added.id != nil)
        #expect(try journal.mealSlot(named: "LATE snack") == added)
        #expect(try journal.renameMealSlot("lunch", to: "midday", today: "2026-11-21", now: now) == 1)
        try journal.moveMealSlot("late snack", to: 1, today: "2026-11-21", now: now)
        #expect(try journal.mealSlotNames(on: "2026-11-21")
                == ["late snack", "breakfast", "morning snack", "midday", "afternoon snack", "dinner"])
        #expect(try journal.mealSlotNames(on: "2026-11-20") == Journal.defaultMealSlots)
        #expect(try journal.currentMealSlotName(for: "Lunch") == "midday")
        #expect(try journal.entries(from: "2026-11-20", to: "2026-11-21").map(\.meal) == ["lunch", "midday", "dinner"])
        #expect(try journal.mealSlotUsage("dinner", today: "2026-11-21") == MealSlotUsage(fromToday: 1, earlier: 0))
        #expect(try journal.deleteMealSlot("dinner", today: "2026-11-21", now: now) == 1)
        #expect(try journal.currentMealSlotName(for: "dinner") == nil)
        #expect(try journal.mealSlotNames(on: "2026-11-21") == ["late snack", "breakfast", "morning snack", "midday", "afternoon snack"])
        #expect(try journal.mealSlotNames(on: "2026-11-20") == Journal.defaultMealSlots)
        try journal.moveMealSlot("breakfast", to: 5, today: "2026-11-22", now: now)
        #expect(try journal.entries(from: "2026-11-21", to: "2026-11-21").map(\.text) == ["new lunch"])
    }

    @Test(arguments: StoreKind.testable) func bothStoresRefuseTheSameMealSlotChanges(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        let today = "2026-11-21"
        #expect(throws: MealSlotError.duplicate("lunch")) { try journal.addMealSlot(named: "LUNCH", today: today, now: self.now) }
        #expect(throws: MealSlotError.emptyName) { try journal.addMealSlot(named: "   ", today: today, now: self.now) }
        #expect(throws: MealSlotError.nameTooLong("a very long meal slot name")) {
            try journal.addMealSlot(named: "a very long meal slot name", today: today, now: self.now)
        }
        #expect(throws: MealSlotError.unknown("brunch", existing: Journal.defaultMealSlots)) {
            try journal.renameMealSlot("brunch", to: "late", today: today, now: self.now)
        }
        #expect(throws: MealSlotError.sameName("lunch")) { try journal.renameMealSlot("lunch", to: "Lunch", today: today, now: self.now) }
        #expect(throws: MealSlotError.duplicate("dinner")) { try journal.renameMealSlot("lunch", to: "dinner", today: today, now: self.now) }
        #expect(throws: MealSlotError.positionOutOfRange(9, count: 5)) { try journal.moveMealSlot("lunch", to: 9, today: today, now: self.now) }
        for name in Journal.defaultMealSlots.dropLast() { try journal.deleteMealSlot(name, today: today, now: now) }
        #expect(throws: MealSlotError.lastSlot("dinner")) { try journal.deleteMealSlot("dinner", today: today, now: self.now) }
        #expect(try journal.mealSlotNames(on: today) == ["dinner"])
        #expect(try journal.mealSlotNames(on: "2026-11-20") == Journal.defaultMealSlots)
    }

    @Test(arguments: StoreKind.testable) func dialogueStateIsKeptByKeyReplacedAndForgotten(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        #expect(try journal.dialogueState("conversation") == nil)
        let first = Data(#"{"pending":null}"#.utf8), second = Data([0, 1, 2, 255])
        try journal.saveDialogueState("conversation", first, at: now)
        try journal.saveDialogueState("suggestions", second, at: now)
        #expect(try journal.dialogueState("conversation") == first && journal.dialogueState("suggestions") == second)
        try journal.saveDialogueState("conversation", second, at: now)
        #expect(try journal.dialogueState("conversation") == second)
        try journal.saveDialogueState("conversation", nil, at: now)
        #expect(try journal.dialogueState("conversation") == nil && journal.dialogueState("suggestions") == second)
        let tooBig = Data(count: JournalRules.maximumDialogueStateBytes + 1)
        #expect(throws: StoreError.invalidValue("a dialogue state may hold at most 4194304 bytes")) {
            try journal.saveDialogueState("suggestions", tooBig, at: self.now)
        }
        #expect(throws: StoreError.self) { try journal.saveDialogueState("", first, at: self.now) }
        #expect(throws: StoreError.self) { try journal.saveDialogueState("a\u{1b}b", first, at: self.now) }
        #expect(try journal.dialogueState("suggestions") == second)
    }

    @Test(arguments: StoreKind.testable) func aSuggestionIsLikedOncePerTitleInAnyCase(_ kind: StoreKind) async throws {
        let journal = try await kind.makeJournal()
        try journal.likeSuggestion(title: "  Greek Yogurt Parfait ", source: "meal idea", at: now)
        try journal.likeSuggestion(title: "GREEK yogurt parfait", source: "recipe", at: now)
        try journal.likeSuggestion(title: "Chili", source: "recipe", at: now)
        #expect(try journal.likedSuggestions() == ["greek yogurt parfait", "chili"])
        #expect(throws: StoreError.invalidValue("a liked title must be 1 to 120 characters")) {
            try journal.likeSuggestion(title: "   ", source: "recipe", at: self.now)
        }
        #expect(throws: StoreError.invalidValue("a liked suggestion cannot hold control characters")) {
            try journal.likeSuggestion(title: "a\u{7}b", source: "recipe", at: self.now)
        }
        #expect(try journal.likedSuggestions().count == 2)
    }

    /// One account never sees or changes another's slots, dialogue state or likes, and deleting an account takes
    /// them with it.
    @Test func accountsNeverSeeEachOthersSlotsStateOrLikes() async throws {
        guard StoreKind.testable.contains(.postgres) else { return }
        let (accounts, alice, bob) = try await StoreKind.twoPostgresJournals(at: now)
        try alice.addMealSlot(named: "second breakfast", today: "2026-11-21", now: now)
        try alice.renameMealSlot("lunch", to: "midday", today: "2026-11-21", now: now)
        try alice.saveDialogueState("conversation", Data("alice".utf8), at: now)
        try alice.likeSuggestion(title: "Chili", source: "recipe", at: now)
        #expect(try bob.mealSlotNames(on: "2026-11-21") == Journal.defaultMealSlots)
        #expect(try bob.mealSlot(named: "second breakfast") == nil && bob.currentMealSlotName(for: "lunch") == "lunch")
        #expect(try bob.dialogueState("conversation") == nil && bob.likedSuggestions().isEmpty)
        #expect(throws: MealSlotError.unknown("second breakfast", existing: Journal.defaultMealSlots)) {
            try bob.deleteMealSlot("second breakfast", today: "2026-11-21", now: self.now)
        }
        try bob.addMealSlot(named: "second breakfast", today: "2026-11-21", now: now)
        try bob.saveDialogueState("conversation", Data("bob".utf8), at: now)
        #expect(try alice.dialogueState("conversation") == Data("alice".utf8))
        #expect(try alice.mealSlotNames(on: "2026-11-21").contains("midday"))
        try accounts.deleteAccount(id: alice.accountID)
        #expect(try alice.dialogueState("conversation") == nil && alice.likedSuggestions().isEmpty)
        #expect(try bob.dialogueState("conversation") == Data("bob".utf8))
    }
}
