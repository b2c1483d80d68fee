import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Nudges (issue 12 part 7) and the clock questions, with fixed clocks over journals seeded day by day.
@Suite("Coaching transcripts: nudges and the clock")
struct CoachingTranscriptTests {
    /// A journal with food, water and a weight on 2026-11-10 and food and water on 2026-11-20.
    static func seeded() throws -> ChatHarness {
        let start = try ChatHarness(now: "2026-11-10T09:00:00").sharingCatalog()
        start.say("I weigh 80 kg")
        start.say("2 eggs for breakfast")
        start.say("500 ml water")
        let later = try start.at("2026-11-20T09:00:00")
        later.say("a banana for breakfast")
        later.say("250 ml water")
        return start
    }

    @Test func theGreetingNudgesOncePerKindPerDay() throws {
        let chat = try Self.seeded().at("2026-11-21T15:00:00")
        let hello = chat.say("hello").text
        #expect(hello.contains("You haven't logged breakfast and lunch today."))
        #expect(hello.contains("No weigh-in for 11 days"))
        #expect(hello.contains("Water is behind today's pace"))
        #expect(!chat.say("hello").text.contains("haven't logged"))
        // Said once a day even in a new session.
        #expect(!(try chat.at("2026-11-21T16:00:00")).say("hi").text.contains("weigh-in"))
        #expect((try chat.at("2026-11-22T16:00:00")).say("hi").text.contains("No weigh-in for 12 days"))
    }

    @Test func aLogCrossingTheGoalWarnsOnce() throws {
        let chat = try ChatHarness(now: "2026-11-21T13:00:00").sharingCatalog()
        #expect(!chat.say("2 big macs for lunch").text.contains("over your"))
        let crossing = chat.say("2 big macs for dinner")
        #expect(crossing.logged.count == 1)
        #expect(crossing.text.contains("13 % over your 2,000 kcal goal"))
        #expect(!chat.say("a banana").text.contains("over your"))
    }

    @Test func farUnderTheGoalLateInTheDay() throws {
        let chat = try ChatHarness(now: "2026-11-21T20:30:00").sharingCatalog()
        #expect(chat.say("an apple").text.contains("well under your 2,000 kcal goal"))
        let early = try ChatHarness(now: "2026-11-21T12:30:00").sharingCatalog()
        #expect(!early.say("an apple").text.contains("well under"))
    }

    @Test func noNudgesForSomeoneWhoTracksNothingYet() throws {
        let chat = try ChatHarness(now: "2026-11-21T15:00:00").sharingCatalog()
        let hello = chat.say("hello").text
        #expect(!hello.contains("haven't logged") && !hello.contains("weigh-in") && !hello.contains("Water is behind"))
    }

    @Test func eachKindTurnsOffAndOnInChat() throws {
        let chat = try Self.seeded().at("2026-11-21T15:00:00")
        let off = chat.say("stop reminding me about water")
        #expect(off.intent == "settings" && off.text.contains("no more water reminders"))
        chat.say("no more weigh-in reminders")
        chat.say("don't remind me about meals")
        #expect(!chat.say("hello").text.contains("Water is behind"))
        let states = try NudgeSettings(journal: chat.journal).states()
        #expect(states.filter { !$0.on }.map(\.kind) == [.meal, .weighIn, .water])
        #expect(chat.say("turn water reminders back on").text.contains("water reminders are on again"))
        #expect(try NudgeSettings(journal: chat.journal).isOn(.water))
        #expect(chat.say("which reminders are on").text.contains("water reminders on"))
        chat.say("stop warning me when I go over")
        #expect(!(try NudgeSettings(journal: chat.journal).isOn(.overGoal)))
    }

    @Test(arguments: [
        ("what day is it", "It's Saturday, 21 November 2026, 15:05."),
        ("What's the date?", "It's Saturday, 21 November 2026, 15:05."),
        ("what is today's date", "It's Saturday, 21 November 2026, 15:05."),
        ("what time is it", "It's 15:05 on Saturday, 21 November 2026."),
        ("hey, do you know what time it is?", "It's 15:05 on Saturday, 21 November 2026."),
    ])
    func theClockAnswers(question: String, answer: String) throws {
        let chat = try ChatHarness(now: "2026-11-21T15:05:00").sharingCatalog()
        let reply = chat.say(question)
        #expect(reply.text == answer)
        #expect(reply.intent == "ask_time")
    }

    @Test(arguments: ["what did I eat today", "how many calories today", "2 eggs at breakfast time"])
    func messagesAboutTodayAreNotClockQuestions(message: String) throws {
        let chat = try ChatHarness(now: "2026-11-21T15:05:00").sharingCatalog()
        #expect(chat.say(message).intent != "ask_time")
    }
}
