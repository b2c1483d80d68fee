import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Profile set-up and targets (issue 5 part 1), as whole conversations with a fixed clock (2026-11-21 12:30).
@Suite("Tracking transcripts: profile and targets")
struct TrackingProfileTranscriptTests {
    @Test func acceptanceThreeMessagesGiveACalorieGoalNear2200() throws {
        let chat = try ChatHarness()
        let first = chat.say("I'm a 30 year old man, 180 cm tall and I weigh 80 kg")
        #expect(first.intent == "set_profile")
        #expect(first.pending == "profile")
        #expect(first.text.contains("activity"))
        let second = chat.say("I'm moderately active")
        #expect(second.pending == "profile")
        #expect(second.text.contains("goal"))
        let third = chat.say("I want to lose half a kilo per week")
        #expect(third.pending == nil)
        #expect(third.text.contains("2,210 kcal"))
        #expect(third.text.contains("Mifflin–St Jeor"))
        #expect(third.text.contains("× 1.55"))
        #expect(third.text.contains("550 kcal"))
        let plan = try chat.journal.targetPlan(on: "2026-11-21")
        #expect((2150...2250).contains(plan.energy.value))
        let profile = try chat.journal.profile()
        #expect(profile.age == 30 && profile.sex == .male && profile.heightCm == 180)
        #expect(profile.activity == .moderate && profile.goal == .lose && profile.weeklyRateKg == 0.5)
        #expect(try chat.journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms == 80)
    }

    @Test func setUpAsksOneQuestionAtATimeAndTakesBareAnswers() throws {
        let chat = try ChatHarness()
        let start = chat.say("set up my profile")
        #expect(start.pending == "profile")
        #expect(start.text.contains("How old are you"))
        #expect(chat.say("34").text.contains("female or male"))
        #expect(chat.say("female").text.contains("How tall"))
        #expect(chat.say("5'6").text.contains("What do you weigh"))
        #expect(chat.say("140 lb").text.contains("How active"))
        #expect(chat.say("light").text.contains("What's your goal"))
        let done = chat.say("maintain")
        #expect(done.pending == nil)
        #expect(done.text.contains("Your daily targets"))
        #expect(done.text.contains("1.2 g per kg"))
        let profile = try chat.journal.profile()
        #expect(profile.age == 34 && profile.sex == .female && profile.activity == .light && profile.goal == .maintain)
        #expect(abs((profile.heightCm ?? 0) - 167.64) < 0.01)
        #expect(abs((try chat.journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms ?? 0) - 63.5) < 0.01)
    }

    @Test func aFreshMessageDuringSetUpIsHandledAsItself() throws {
        let chat = try ChatHarness()
        chat.say("set up my profile")
        let banana = chat.say("a banana")
        #expect(banana.intent == "log_food")
        #expect(banana.pending == nil)
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
        #expect(chat.conversation.state.trackingQuestion == nil)
        #expect(try chat.journal.profile().isEmpty)
    }

    @Test func stopEndsSetUpWithNothingForced() throws {
        let chat = try ChatHarness()
        chat.say("set up my profile")
        let stop = chat.say("stop")
        #expect(stop.pending == nil)
        #expect(stop.text.contains("later"))
        #expect(try chat.journal.targetPlan(on: "2026-11-21").energy.value == 2000)
    }

    @Test func severalAnswersInOneMessageInImperialUnits() throws {
        let chat = try ChatHarness()
        chat.say("i am male, 28, 6'1\", 190 lbs")
        let profile = try chat.journal.profile()
        #expect(profile.age == 28)
        #expect(profile.sex == .male)
        #expect(abs((profile.heightCm ?? 0) - 185.42) < 0.01)
        #expect(abs((try chat.journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms ?? 0) - 86.18) < 0.01)
    }

    @Test(arguments: ["I weigh 900 kg", "I'm 300 years old", "my height is 20 cm", "I'm 15 years old", "I weigh 0 kg"])
    func impossibleValuesChangeNothing(message: String) throws {
        let chat = try ChatHarness()
        chat.say("I'm 40, female, 165 cm, 60 kg")
        let before = try chat.journal.profile()
        let reply = chat.say(message)
        #expect(reply.text.contains("Nothing changed"), "\(message): \(reply.text)")
        #expect(try chat.journal.profile() == before)
        #expect(try chat.journal.weights(from: "2000-01-01", to: "2999-12-31").map(\.kilograms) == [60])
    }

    @Test func theSafeFloorIsNeverCrossedWithoutSayingWhy() throws {
        let chat = try ChatHarness()
        chat.say("I'm a 60 year old woman, 150 cm, 50 kg")
        chat.say("I'm sedentary")
        let reply = chat.say("I want to lose 1 kg a week")
        #expect(reply.text.contains("safe minimum"))
        #expect(reply.text.contains("1,200 kcal"))
        #expect(try chat.journal.targetPlan(on: "2026-11-21").energy.value == 1200)
    }

    @Test func theUnitsPreferenceAppliesToReplies() throws {
        let chat = try ChatHarness()
        #expect(chat.say("use pounds").text.contains("pounds"))
        #expect(try chat.journal.profile().units == .imperial)
        #expect(chat.say("I weigh 80 kg").text.contains("176.4 lb"))
        chat.say("I'm 180 cm")
        #expect(chat.say("show my profile").text.contains("5 ft 11 in"))
        #expect(chat.say("a glass of water").text.contains("Logged 8.1 fl oz of water"))
        chat.say("2 scrambled eggs for breakfast")
        #expect(chat.say("actually make that 3").text.contains(" oz ("))
        chat.say("switch to metric")
        #expect(chat.say("show my profile").text.contains("180 cm"))
        #expect(chat.say("a glass of water").text.contains("Logged 240 ml of water"))
    }

    @Test func aBirthDateIsKeptAndAgesWithTime() throws {
        let chat = try ChatHarness()
        let reply = chat.say("my birthday is march 3 1990")
        #expect(reply.text.contains("36 years"))
        let profile = try chat.journal.profile()
        #expect(profile.birthDate == "1990-03-03")
        #expect(profile.age(on: "2027-03-03") == 37)
    }

    @Test func diaryGoalsComeFromTheProfileWithDefaultsUntilThen() throws {
        let chat = try ChatHarness()
        let before = try DiaryDay.load(date: "2026-11-21", journal: chat.journal)
        #expect(before.goals == DiaryDay.Goals())
        #expect(before.json["goals"]?["energy_kcal"] == .number(2000))
        chat.say("I'm a 30 year old man, 180 cm tall and I weigh 80 kg")
        chat.say("I'm moderately active")
        chat.say("I want to lose half a kilo per week")
        let goals = try DiaryDay.load(date: "2026-11-21", journal: chat.journal).json["goals"]
        #expect(goals?["energy_kcal"] == .number(2210))
        #expect(goals?["protein_g"] == .number(128))
        #expect(goals?["fat_g"] == .number(74))
        #expect(goals?["carbohydrate_g"] == .number(258))
        #expect(goals?["water_ml"] == .number(2800))
    }

    @Test func theFirstGreetingOffersSetUpAndLaterOnesDoNot() throws {
        let chat = try ChatHarness()
        #expect(chat.say("hello").text.contains("set up my profile"))
        chat.say("a banana")
        #expect(!chat.say("hello").text.contains("set up my profile"))
    }
}
