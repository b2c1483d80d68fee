import Foundation
import Testing
@testable import NutriStore

@Suite("Meal slots")
struct MealSlotTests {
    let today = "2026-11-21"
    let yesterday = "2026-11-20"

    private func names(_ journal: Journal) throws -> [String] {
        try journal.mealSlots().map(\.name)
    }

    @Test func addsUniqueFoldedNamesAtTheEnd() throws {
        let journal = try Journal()
        let slot = try journal.addMealSlot(named: "  Second   Breakfast ", today: today)
        #expect(slot.name == "second breakfast")
        #expect(try names(journal) == JournalSchema.defaultMealSlots + ["second breakfast"])
        #expect(throws: MealSlotError.duplicate("second breakfast")) { try journal.addMealSlot(named: "SECOND breakfast", today: today) }
        #expect(throws: MealSlotError.duplicate("lunch")) { try journal.addMealSlot(named: "Lunch", today: today) }
        #expect(throws: MealSlotError.emptyName) { try journal.addMealSlot(named: " \t ", today: today) }
        #expect(throws: MealSlotError.nameTooLong("a very late night snack")) {
            try journal.addMealSlot(named: "a very late night snack", today: today)
        }
        #expect(throws: MealSlotError.invalidCharacters("tea\u{7}")) { try journal.addMealSlot(named: "tea\u{7}", today: today) }
        #expect(try journal.addMealSlot(named: String(repeating: "x", count: 20), today: today).name.count == 20)
        #expect(try names(journal).count == 7)
    }

    @Test func renameAppliesFromTodayOnAndKeepsPastDays() throws {
        let journal = try Journal()
        try journal.addEntries([
            MealSlotSamples.entry(date: yesterday, meal: "lunch", text: "soup"),
            MealSlotSamples.entry(date: today, meal: "lunch", text: "salad"),
            MealSlotSamples.entry(date: "2026-11-22", meal: "lunch", text: "planned pasta"),
        ])
        let moved = try journal.renameMealSlot("Lunch", to: "Midday Meal", today: today)
        #expect(moved == 2)
        #expect(try names(journal) == ["breakfast", "morning snack", "midday meal", "afternoon snack", "dinner"])
        #expect(try journal.entries(on: yesterday).map(\.meal) == ["lunch"])
        #expect(try journal.entries(on: today).map(\.meal) == ["midday meal"])
        #expect(try journal.entries(on: "2026-11-22").map(\.meal) == ["midday meal"])
        #expect(try journal.mealSlotNames(on: yesterday) == JournalSchema.defaultMealSlots)
        #expect(try journal.mealSlotNames(on: today)[2] == "midday meal")
        #expect(throws: MealSlotError.sameName("midday meal")) { try journal.renameMealSlot("midday meal", to: "MIDDAY meal", today: today) }
        #expect(throws: MealSlotError.duplicate("dinner")) { try journal.renameMealSlot("midday meal", to: "dinner", today: today) }
        #expect(throws: MealSlotError.unknown("brunch", existing: try names(journal))) {
            try journal.renameMealSlot("brunch", to: "late breakfast", today: today)
        }
        #expect(throws: MealSlotError.nameTooLong("the meal in the middle of the day")) {
            try journal.renameMealSlot("midday meal", to: "the meal in the middle of the day", today: today)
        }
    }

    @Test func moveReordersAndValidatesThePosition() throws {
        let journal = try Journal()
        try journal.moveMealSlot("dinner", to: 1, today: today)
        #expect(try names(journal) == ["dinner", "breakfast", "morning snack", "lunch", "afternoon snack"])
        try journal.moveMealSlot("breakfast", to: 5, today: today)
        #expect(try names(journal) == ["dinner", "morning snack", "lunch", "afternoon snack", "breakfast"])
        #expect(try journal.mealSlots().map(\.position) == [0, 1, 2, 3, 4])
        #expect(throws: MealSlotError.positionOutOfRange(0, count: 5)) { try journal.moveMealSlot("lunch", to: 0, today: today) }
        #expect(throws: MealSlotError.positionOutOfRange(6, count: 5)) { try journal.moveMealSlot("lunch", to: 6, today: today) }
        #expect(try journal.mealSlotNames(on: yesterday) == JournalSchema.defaultMealSlots)
    }

    @Test func deleteRemovesEntriesFromTodayOnAndKeepsEarlierOnes() throws {
        let journal = try Journal()
        try journal.addEntries([
            MealSlotSamples.entry(date: yesterday, meal: "morning snack", text: "apple"),
            MealSlotSamples.entry(date: today, meal: "morning snack", text: "banana"),
            MealSlotSamples.entry(date: today, meal: "morning snack", text: "yogurt"),
            MealSlotSamples.entry(date: today, meal: "lunch", text: "salad"),
        ])
        #expect(try journal.mealSlotUsage("Morning Snack", today: today) == MealSlotUsage(fromToday: 2, earlier: 1))
        #expect(try journal.deleteMealSlot("morning snack", today: today) == 2)
        #expect(try names(journal) == ["breakfast", "lunch", "afternoon snack", "dinner"])
        #expect(try journal.mealSlots().map(\.position) == [0, 1, 2, 3])
        #expect(try journal.entries(on: yesterday).map(\.text) == ["apple"])
        #expect(try journal.entries(on: today).map(\.text) == ["salad"])
        #expect(try journal.mealSlotNames(on: yesterday) == JournalSchema.defaultMealSlots)
        #expect(try journal.mealSlotUsage("lunch", today: today) == MealSlotUsage(fromToday: 1, earlier: 0))
    }

    @Test func theLastSlotCannotBeDeleted() throws {
        let journal = try Journal()
        for name in ["breakfast", "morning snack", "lunch", "afternoon snack"] {
            try journal.deleteMealSlot(name, today: today)
        }
        #expect(throws: MealSlotError.lastSlot("dinner")) { try journal.deleteMealSlot("dinner", today: today) }
        #expect(try names(journal) == ["dinner"])
        #expect(try journal.mealSlotNames(on: yesterday) == JournalSchema.defaultMealSlots)
    }

    @Test func pastLayoutsAreRebuiltThroughSeveralChanges() throws {
        let journal = try Journal()
        try journal.addMealSlot(named: "supper", today: "2026-11-10")
        try journal.renameMealSlot("breakfast", to: "first meal", today: "2026-11-12")
        try journal.moveMealSlot("supper", to: 1, today: "2026-11-14")
        try journal.deleteMealSlot("morning snack", today: "2026-11-16")
        #expect(try journal.mealSlotNames(on: "2026-11-09") == JournalSchema.defaultMealSlots)
        #expect(try journal.mealSlotNames(on: "2026-11-11") == JournalSchema.defaultMealSlots + ["supper"])
        #expect(try journal.mealSlotNames(on: "2026-11-13")
                == ["first meal", "morning snack", "lunch", "afternoon snack", "dinner", "supper"])
        #expect(try journal.mealSlotNames(on: "2026-11-15")
                == ["supper", "first meal", "morning snack", "lunch", "afternoon snack", "dinner"])
        #expect(try journal.mealSlotNames(on: "2026-11-16") == ["supper", "first meal", "lunch", "afternoon snack", "dinner"])
        #expect(try journal.mealSlotNames(on: "2026-11-16") == (try names(journal)))
    }

    @Test func mealWordsFollowRenamesToTodaysSlot() throws {
        let journal = try Journal()
        try journal.renameMealSlot("lunch", to: "midday", today: today)
        try journal.renameMealSlot("midday", to: "noon meal", today: today)
        try journal.deleteMealSlot("morning snack", today: today)
        #expect(try journal.currentMealSlotName(for: "Lunch") == "noon meal")
        #expect(try journal.currentMealSlotName(for: "midday") == "noon meal")
        #expect(try journal.currentMealSlotName(for: "dinner") == "dinner")
        #expect(try journal.currentMealSlotName(for: "morning snack") == nil)
        #expect(try journal.currentMealSlotName(for: "brunch") == nil)
        try journal.addMealSlot(named: "lunch", today: today)
        #expect(try journal.currentMealSlotName(for: "lunch") == "lunch")
    }

    @Test func messagesAreOneLine() {
        let errors: [MealSlotError] = [.emptyName, .nameTooLong("x"), .invalidCharacters("a\nb"), .duplicate("lunch"),
                                       .unknown("brunch", existing: ["lunch"]), .positionOutOfRange(9, count: 5),
                                       .lastSlot("dinner"), .sameName("lunch")]
        for error in errors { #expect(!error.description.contains("\n"), "\(error)") }
    }
}

/// Entries for meal-slot tests.
enum MealSlotSamples {
    static func entry(date: String, meal: String, text: String) -> JournalEntry {
        JournalEntry(date: date, meal: meal, text: text, foodId: "usda:09040", foodName: "Bananas, raw", quantity: 1,
                     unit: nil, grams: 118, nutrients: ["energy_kcal": 105], createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }
}
