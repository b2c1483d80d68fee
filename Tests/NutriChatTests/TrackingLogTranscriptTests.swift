import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Weight (issue 5 part 3) and exercise (part 5), with a fixed clock (2026-11-21 12:30).
@Suite("Tracking transcripts: weight and exercise")
struct TrackingLogTranscriptTests {
    // MARK: - Weight

    @Test func aWeightInPoundsIsStoredInKilogramsAndShownInThePreferredUnit() throws {
        let chat = try ChatHarness()
        let reply = chat.say("I weigh 180 lb")
        #expect(reply.intent == "log_weight")
        #expect(reply.text.contains("81.6 kg (180 lb)"))
        #expect(abs((try chat.journal.latestWeight(onOrBefore: "2026-11-21")?.kilograms ?? 0) - 81.6466) < 0.001)
    }

    @Test func oneWeightPerDayAndUndoPutsTheEarlierOneBack() throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        #expect(chat.say("I weigh 79.5 kg").text.contains("replaces 80 kg"))
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").map(\.kilograms) == [79.5])
        let undo = chat.say("undo")
        #expect(undo.text.contains("80 kg"))
        #expect(try chat.journal.weights(from: "2026-11-21", to: "2026-11-21").map(\.kilograms) == [80])
    }

    @Test func yesterdaysWeightIsDatedAndDeletable() throws {
        let chat = try ChatHarness()
        chat.say("I weighed 81 kg yesterday")
        #expect(try chat.journal.weights(from: "2026-11-20", to: "2026-11-20").map(\.kilograms) == [81])
        chat.say("a banana")
        let deleted = chat.say("delete my weight from yesterday")
        #expect(deleted.text.contains("Deleted"))
        #expect(try chat.journal.weights(from: "2000-01-01", to: "2999-12-31").isEmpty)
    }

    @Test func theTrendHasAMovingAverageAChangePerWeekAndAChart() throws {
        let chat = try ChatHarness()
        for (day, kg) in [("2026-11-01", 82.0), ("2026-11-05", 81.6), ("2026-11-09", 81.3), ("2026-11-13", 81.0),
                          ("2026-11-17", 80.6), ("2026-11-21", 80.2)] {
            try chat.journal.logWeight(WeightRecord(date: day, kilograms: kg, text: "", createdAt: Date()))
        }
        let reply = chat.say("how much do I weigh")
        #expect(reply.text.contains("80.2 kg"))
        #expect(reply.text.contains("7-day average: 80.4 kg"))
        #expect(reply.text.contains("down 0.6 kg a week"))
        #expect(reply.text.contains("●"))
    }

    // MARK: - Exercise

    @Test func aRunWithoutAKnownWeightUses70KilogramsAndSaysSo() throws {
        let chat = try ChatHarness()
        let reply = chat.say("ran 5 km")
        #expect(reply.intent == "log_exercise")
        #expect(reply.text.contains("70 kg"))
        let run = try #require(try chat.journal.exercise(on: "2026-11-21").first)
        #expect(run.activity == "running")
        #expect(run.weightAssumed)
        #expect(run.distanceKm == 5)
        #expect(abs(run.kcal - 9.8 * 70 * 5 / 9.7) < 0.1)
    }

    @Test func exerciseUsesTheLatestWeight() throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        chat.say("30 minutes of yoga")
        chat.say("cycled for an hour")
        let records = try chat.journal.exercise(on: "2026-11-21")
        #expect(records.map(\.activity) == ["yoga", "cycling"])
        #expect(records.map(\.kcal) == [100, 600])
        #expect(records.allSatisfy { !$0.weightAssumed })
        let diary = try DiaryDay.load(date: "2026-11-21", journal: chat.journal)
        #expect(diary.json["exercise_kcal"] == .number(700))
    }

    @Test func undoRightAfterExerciseRemovesIt() throws {
        let chat = try ChatHarness()
        chat.say("a banana")
        chat.say("ran 5 km")
        let undo = chat.say("undo")
        #expect(undo.text.contains("running"))
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty)
        #expect(chat.entries.count == 1)
    }

    @Test func aMissingDurationIsAskedAndABareAnswerCompletesIt() throws {
        let chat = try ChatHarness()
        let question = chat.say("I went swimming")
        #expect(question.pending == "exercise")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty)
        chat.say("45 minutes")
        #expect(try chat.journal.exercise(on: "2026-11-21").map(\.minutes) == [45])
    }

    @Test func aFreshMessageInsteadOfTheDurationIsHandledAsItself() throws {
        let chat = try ChatHarness()
        chat.say("I went swimming")
        chat.say("a banana")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty)
        #expect(chat.entries.map(\.foodId) == ["usda:09040"])
    }

    @Test func progressAnswersShowNetCalories() throws {
        let chat = try ChatHarness()
        chat.say("I weigh 80 kg")
        chat.say("a banana")
        chat.say("cycled for an hour")
        let reply = chat.say("how am I doing today")
        #expect(reply.text.contains("600 kcal burned"))
        #expect(reply.text.contains("net intake is −495 kcal"))
    }

    @Test(arguments: ["ran for 30 hours", "ran 50 km in 10 minutes", "swam 900 km"])
    func impossibleExerciseIsRefused(message: String) throws {
        let chat = try ChatHarness()
        let reply = chat.say(message)
        #expect(reply.text.contains("Nothing logged"), "\(message): \(reply.text)")
        #expect(try chat.journal.exercise(on: "2026-11-21").isEmpty)
    }
}
