import Foundation
import Testing
@testable import NutriChat

/// Progress questions about one nutrient over a week, and clock times said loosely, as transcripts on the fixed
/// clock of `ChatHarness` (Saturday 2026-11-21, 08:30).
@Suite("Progress transcripts")
struct ProgressTranscriptTests {
    @Test("a week of one nutrient", arguments: [
        ("how am I doing on protein this week", "Protein"), ("how much protein did I eat this week", "Protein"),
        ("my carbs over the last 7 days", "Carbs"), ("how much fat did I have this week", "Fat"),
    ])
    func aWeekOfOneNutrient(question: String, name: String) throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let reply = chat.say(question)
        #expect(reply.intent == "ask_progress")
        #expect(reply.text.hasPrefix("\(name), last 7 days"), "\(reply.text)")
        #expect(reply.text.contains("11-21: ") && reply.text.contains(" g a day)"), "\(reply.text)")
    }

    @Test func aWeekWithNoNutrientIsEnergy() throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let reply = chat.say("how am I doing this week")
        #expect(reply.text.contains("Last 7 days") && reply.text.contains("11-21: 105 kcal"), "\(reply.text)")
    }

    @Test("a loose clock time names the meal", arguments: [
        ("a banana around 3", "afternoon snack"), ("an apple around noon", "lunch"), ("a banana at 8 for lunch", "lunch"),
    ])
    func aLooseClockTimeNamesTheMeal(message: String, meal: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.intent == "log_food")
        #expect(chat.entries.map(\.meal) == [meal], "\(reply.text)")
        #expect(!reply.text.contains("around"), "\(reply.text)")
    }
}
