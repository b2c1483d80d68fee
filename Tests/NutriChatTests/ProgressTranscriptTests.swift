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

    @Test("one nutrient of the day, not the whole day", arguments: [
        ("how much fiber have I had today", "Fiber today: 3.07 g, 11 % of the 28 g daily value."),
        ("how much fibre today", "Fiber today: 3.07 g, 11 % of the 28 g daily value."),
        ("how much sugar did I have so far", "Sugars today: 14.4 g."),
        ("how much protein have I had", "Protein: 1 of 50 g, 49 g to go."),
        ("how many carbs today", "Carbs: 27 of 275 g, 248 g to go."),
    ])
    func oneNutrientOfTheDay(question: String, answer: String) throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        let reply = chat.say(question)
        #expect(reply.intent == "ask_progress", "\(reply.text)")
        #expect(reply.text == answer)
    }

    @Test("the day's water, not the whole day", arguments: [
        ("how much water have I had", "Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
        ("how much water do I have left", "Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
        ("how much water did I drink today", "Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
        ("how much water did I drink yesterday", "Water on 2026-11-20: 0 ml."),
    ])
    func theDaysWater(question: String, answer: String) throws {
        let chat = try Self.askedAfterBananaAndWater(question, answer: answer)
        // The whole day still names the water.
        #expect(chat.say("how am I doing today").text.hasPrefix("Today: 105 kcal of your 2,000 kcal goal"))
    }

    @Test("a nutrient and the water asked together, both answered", arguments: [
        ("how much protein and water today",
         "Protein: 1 of 50 g, 49 g to go. Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
        ("how much water and protein have I had",
         "Protein: 1 of 50 g, 49 g to go. Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
        ("how much fiber and water did I have today",
         "Fiber today: 3.07 g, 11 % of the 28 g daily value. Water today: 480 ml. That's 24 % of your 2,000 ml target — 1,520 ml to go."),
    ])
    func aNutrientAndTheWater(question: String, answer: String) throws {
        let chat = try Self.askedAfterBananaAndWater(question, answer: answer)
        // The nutrient alone still answers only the nutrient.
        #expect(chat.say("how much protein have I had").text == "Protein: 1 of 50 g, 49 g to go.")
    }

    /// A banana for breakfast and two glasses of water, then `question`, answered as a progress question with `answer`.
    private static func askedAfterBananaAndWater(_ question: String, answer: String) throws -> ChatHarness {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        chat.say("2 glasses of water")
        let reply = chat.say(question)
        #expect(reply.intent == "ask_progress", "\(reply.text)")
        #expect(reply.text == answer)
        return chat
    }

    @Test func caloriesStillGetTheWholeDay() throws {
        let chat = try ChatHarness()
        chat.say("a banana for breakfast")
        for question in ["how many calories have I had today", "how am I doing today"] {
            #expect(chat.say(question).text.hasPrefix("Today: 105 kcal of your 2,000 kcal goal"), "\(question)")
        }
    }

    @Test func myBMIIsTheHealthyWeightAnswer() throws {
        let chat = try ChatHarness()
        #expect(chat.say("what's my bmi").text.contains("height"))
        chat.say("I'm 175 cm")
        chat.say("I weigh 77 kg")
        for question in ["what's my bmi", "what is my BMI?", "my bmi"] {
            let reply = chat.say(question)
            #expect(reply.text.contains("is a BMI of 25.1"), "\(question): \(reply.text)")
        }
    }
}
