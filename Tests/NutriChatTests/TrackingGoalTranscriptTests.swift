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
