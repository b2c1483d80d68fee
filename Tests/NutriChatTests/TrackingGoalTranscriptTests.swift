import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Goals set directly (issue 5 part 2) and the water target (part 4), with a fixed clock (2026-11-21 12:30).
@Suite("Tracking transcripts: goals and water")
struct TrackingGoalTranscriptTests {
    @Test func goalsSetDirectly() throws {
        let chat = try ChatHarness()
        #expect(chat.say("set my calorie goal to 1800").text.contains("1,800 kcal"))
        #expect(chat.say("150 g of protein a day").text.contains("150 g protein"))
        #expect(chat.say("2 liters of water a day").text.contains("2,000 ml water"))
        #expect(try chat.journal.goals() == ["energy_kcal": 1800, "protein_g": 150, "water_ml": 2000])
        let goals = try DiaryDay.load(date: "2026-11-21", journal: chat.journal).goals
        #expect(goals.energyKcal == 1800 && goals.proteinG == 150 && goals.waterMl == 2000)
        #expect(goals.fatG == 60)
        #expect(chat.say("what's my calorie goal").text.contains("1,800 kcal"))
    }

    @Test func aWeightLossGoalBecomesATargetWeight() throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        let reply = chat.say("I want to lose 5 kg")
        #expect(reply.text.contains("75 kg"))
        let profile = try chat.journal.profile()
        #expect(profile.goal == .lose)
        #expect(profile.targetWeightKg == 75)
    }

    /// "when will I reach my goal weight": the gap, the weeks at the planned rate and the day it lands on; a question
    /// that names its own amount ("how long will it take to lose 10 kg") is answered for that amount, and nothing
    /// is saved either way.
    @Test(arguments: [
        ("when will I reach my goal weight", "5 kg to go (80 kg now, target 75 kg): at 0.5 kg a week that's about 10 weeks, around 2027-01-30."),
        ("how long until I reach my goal?", "5 kg to go (80 kg now, target 75 kg): at 0.5 kg a week that's about 10 weeks"),
        ("how long will it take to reach my target weight", "about 10 weeks"),
        ("how long will it take to lose 10 kg", "10 kg to go (80 kg now, target 70 kg): at 0.5 kg a week that's about 5 months"),
        ("when will I get down to 78 kg?", "2 kg to go (80 kg now, target 78 kg): at 0.5 kg a week that's about 4 weeks"),
    ])
    func whenATargetWeightIsReached(question: String, answer: String) throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        chat.say("I want to lose 5 kg")
        chat.say("stop")
        let profile = try chat.journal.profile()
        let reply = chat.say(question)
        #expect(reply.intent == "ask_progress", "\(question): \(reply.text)")
        #expect(reply.text.contains(answer), "\(question): \(reply.text)")
        #expect(try chat.journal.profile() == profile, "\(question) changed the profile")
    }

    /// Right after the goal is set, a when question that points back at it ("how long will that take") asks the
    /// same, even with the set-up's next question open; after anything else it is no goal question.
    @Test(arguments: ["how long will that take", "how long will it take?", "when will I get there?"])
    func aWhenQuestionRightAfterTheGoalPointsBack(question: String) throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        chat.say("I want to get to 75 kg")
        let reply = chat.say(question)
        #expect(reply.intent == "ask_progress", "\(question): \(reply.text)")
        #expect(reply.text.contains("5 kg to go (80 kg now, target 75 kg)"), "\(question): \(reply.text)")
        chat.say("a banana")
        #expect(!chat.say(question).text.contains("to go ("), "\(question) after a banana")
    }

    @Test func theTrendSaysHowLongItWouldReallyTake() throws {
        let chat = try ChatHarness(now: "2026-11-21T12:30:00")
        for (day, kg) in [("2026-11-01", 81.0), ("2026-11-08", 80.7), ("2026-11-15", 80.4), ("2026-11-21", 80.0)] {
            chat.say("I weighed \(kg) kg on \(day)")
        }
        chat.say("my goal weight is 75 kg")
        chat.say("stop")
        let reply = chat.say("when will I reach my goal weight")
        #expect(reply.text.contains("at 0.5 kg a week that's about 10 weeks"), "\(reply.text)")
        #expect(reply.text.contains("At your recent trend (down"), "\(reply.text)")
    }

    @Test(arguments: [("when will I reach my goal weight", "current weight first"), ("how long until I hit my target weight?", "current weight first")])
    func aGoalDateNeedsAWeightAndATarget(question: String, answer: String) throws {
        let chat = try ChatHarness()
        #expect(chat.say(question).text.contains(answer), "\(question)")
        chat.say("I weigh 80 kg")
        #expect(chat.say(question).text.contains("haven't set a target weight"), "\(question)")
    }

    /// Not a question about the target weight: a nutrient's goal, or a goal set with its span.
    @Test(arguments: ["when will I hit my protein goal", "lose 5 kg in 10 weeks", "how long should I run to burn 300 calories"])
    func otherGoalMessagesAreNoGoalDate(message: String) throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        #expect(!chat.say(message).text.contains("to go ("), "\(message)")
    }

    @Test func aWeightLossGoalNeedsAWeightFirst() throws {
        let chat = try ChatHarness()
        let reply = chat.say("I want to lose 5 kg")
        #expect(reply.text.contains("current weight first"))
        #expect(try chat.journal.profile().isEmpty)
    }

    @Test func aCalorieGoalBelowTheSafeFloorIsRefusedWithTheReason() throws {
        let chat = try ChatHarness()
        chat.say("I'm male")
        let reply = chat.say("set my calorie goal to 1000")
        #expect(reply.text.contains("safe minimum of 1,500 kcal"))
        #expect(reply.text.contains("Nothing changed"))
        #expect(try chat.journal.goals().isEmpty)
    }

    @Test(arguments: ["set my calorie goal to 50000", "5 g of protein a day", "30 liters of water a day"])
    func implausibleGoalsChangeNothing(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.text.contains("Nothing changed"), "\(message): \(reply.text)")
        #expect(try chat.journal.goals().isEmpty)
    }

    @Test func aGoalCanBeResetToTheComputedOne() throws {
        let chat = try ChatHarness()
        chat.say("set my calorie goal to 1800")
        let reply = chat.say("reset my calorie goal")
        #expect(reply.text.contains("2,000 kcal"))
        #expect(try chat.journal.goals().isEmpty)
    }

    @Test func undoRightAfterASettingPutsItBack() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        chat.say("I'm 40, female, 165 cm, 60 kg")
        chat.say("set my calorie goal to 1800")
        #expect(chat.say("undo").text.contains("as they were"))
        #expect(try chat.journal.goals().isEmpty)
        chat.say("I'm 170 cm and I weigh 62 kg")
        chat.say("undo")
        #expect(try chat.journal.profile().heightCm == 165)
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").map(\.kilograms) == [60])
        chat.say("I'm vegetarian")
        chat.say("undo")
        #expect(try chat.journal.preferences().isEmpty)
        #expect(chat.entries.count == 1)
    }

    @Test func aHealthyWeightRangeComesFromTheHeight() throws {
        let chat = try ChatHarness()
        #expect(chat.say("how much should I weigh").text.contains("height"))
        chat.say("I'm 170 cm")
        chat.say("I weigh 70 kg")
        let reply = chat.say("how much should I weigh")
        #expect(reply.text.contains("53.5 kg to 72 kg"))
        #expect(reply.text.contains("BMI of 24.2"))
    }

    @Test func theWaterTargetComesFromTheProfile() throws {
        let chat = try ChatHarness()
        let before = chat.say("how much water should I drink?")
        #expect(before.text.contains("2,000 ml"))
        #expect(before.text.contains("35 ml per kg"))
        chat.say("I weigh 80 kg")
        let after = chat.say("how much water should I drink?")
        #expect(after.text.contains("2,800 ml"))
        #expect(after.text.contains("80 kg"))
        let water = chat.say("2 glasses of water")
        #expect(water.intent == "log_water")
        #expect(water.text.contains("of your 2,800 ml target"))
        #expect(chat.say("how am I doing today").text.contains("2,800 ml target"))
    }
}
