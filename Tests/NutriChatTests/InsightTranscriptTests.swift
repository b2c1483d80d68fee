import Foundation
import NutriStore
import Testing
@testable import NutriChat

/// Insight questions in chat over four seeded weeks (`InsightSeed`), with a fixed clock: Sunday 2026-11-22, evening.
@Suite("Insight transcripts", .serialized)
struct InsightTranscriptTests {
    static let seeded: Journal? = try? InsightSeed.journal()

    private func chat(_ now: String = InsightSeed.now, journal: Journal? = nil) throws -> ChatHarness {
        try ChatHarness(now: now, journal: try journal ?? #require(Self.seeded))
    }

    @Test func calendarShowsEachDayAgainstTheGoal() throws {
        let reply = try chat().say("show my calendar")
        #expect(reply.intent == "ask_progress")
        #expect(reply.text.hasPrefix("November 2026  goal 1,500 kcal"))
        #expect(reply.text.contains("1,960 ▲") && reply.text.contains("1,491 ✓"))
        #expect(try chat().say("show the calendar for october").text.hasPrefix("October 2026"))
    }

    @Test(arguments: [
        ("how did november go", "November 2026: 22 of 22 days logged, 1,619 kcal a day on average against your 1,500 kcal goal (16 days within 10 %)."),
        ("how was this month", "November 2026: 22 of 22 days logged"),
        ("dashboard", "November 2026: 22 of 22 days logged"),
        ("show me my week", "This week: 7 of 7 days logged, 1,625 kcal a day on average"),
        ("how did october go", "October 2026: 6 of 31 days logged"),
    ])
    func periodReports(_ message: String, _ start: String) throws {
        let text = try chat().say(message).text
        #expect(text.hasPrefix(start), "\(message) → \(text)")
        #expect(text.contains("For charts: nutrichat report"))
    }

    @Test func vitaminsAndMinerals() throws {
        let chat = try chat()
        let missing = chat.say("what vitamins am I missing").text
        #expect(missing.hasPrefix("From 2026-11-16 to 2026-11-22 (7 days logged), below two thirds of your target: "))
        #expect(missing.contains("Vitamin E 23 %") && missing.contains("Iron 50 %"))
        #expect(chat.say("how's my iron this week").text
            .hasPrefix("Iron this week: 8.9 mg a day on average, 50 % of your 18 mg RDA — below two thirds. Most from McDONALD'S, BIG MAC"))
        #expect(chat.say("how much vitamin C did I get today").text
            .hasPrefix("Vitamin C today: 107 mg, 143 % of your 75 mg RDA (dinner 143 %). Most from Broccoli, raw"))
        #expect(chat.say("what gave me the most sodium this week").text.hasPrefix("Most of your sodium this week came from McDONALD'S, BIG MAC"))
        // A question about a food, not about the person, stays a nutrition answer.
        #expect(chat.say("how much iron is in spinach").text.contains("per 100 g"))
    }

    @Test func patterns() throws {
        let chat = try chat()
        #expect(chat.say("when do I overeat").text
            == "Highest days on average: Friday 1,960 kcal (4 days), Saturday 1,960 kcal (4 days); lowest Thursday 1,491 kcal.")
        let over = chat.say("what makes me go over").text
        #expect(over.hasPrefix("On days over the goal: "))
        #expect(over.contains("a big mac on 8 of 8 (100 %) against 0 of 20 other days (0 %)"))
        #expect(!over.contains("scrambled eggs"))  // on every day: not over-represented
        #expect(chat.say("which meal is my biggest").text.hasPrefix("Your biggest meal is dinner: 55 % of your energy"))
    }

    @Test func streaksAndTheCalorieOfferAnsweredYes() throws {
        let journal = try InsightSeed.journal()
        let chat = try chat(journal: journal)
        let streak = chat.say("what's my streak").text
        #expect(streak.hasPrefix("Over the last 56 days: calories (1,500 kcal) hit on 20 of 28 days, 1 in a row now, longest 5;"))
        #expect(streak.contains("water (2,000 ml) hit on 24 of 27 days, 6 in a row now, longest 6."))
        #expect(streak.contains("(-0.25 − -0.02 kg) × 7,700 kcal/kg ÷ 7 days = -253 kcal a day: 1,500 kcal → 1,250 kcal."))
        #expect(streak.hasSuffix("Shall I set your calorie goal to 1,250 kcal? (yes/no)"))
        #expect(try journal.goals()["energy_kcal"] == 1500)  // nothing changes before the answer
        let yes = chat.say("yes")
        #expect(yes.text == "Done: your calorie goal is now 1,250 kcal a day.")
        #expect(try journal.goals()["energy_kcal"] == 1250)
        // Answered: not offered again for three weeks.
        #expect(!chat.say("what's my streak").text.contains("Shall I"))
    }

    @Test func theCalorieOfferAnsweredNoChangesNothing() throws {
        let journal = try InsightSeed.journal()
        let chat = try chat(journal: journal)
        #expect(chat.say("how are my goals going").text.contains("Shall I set your calorie goal"))
        #expect(chat.say("no").text == "All right, your calorie goal stays as it is.")
        #expect(try journal.goals()["energy_kcal"] == 1500)
    }

    @Test func tooFewDaysAreSaidPlainly() throws {
        let journal = try Journal()
        for day in ["2026-11-20", "2026-11-21", "2026-11-22"] {
            try InsightSeed.say(["2 scrambled eggs and a slice of toast for breakfast"], on: day, journal: journal)
        }
        let chat = try chat(journal: journal)
        #expect(chat.say("when do I overeat").text == "Too few days to tell which weekdays run high: 3 logged, 14 needed.")
        #expect(chat.say("what makes me go over").text
            == "Too few days to tell what goes with going over: 0 days over the goal and 3 others, 3 of each needed.")
        let empty = try ChatHarness(now: InsightSeed.now, journal: try Journal())
        #expect(empty.say("what vitamins am I missing").text == "Nothing logged from 2026-11-16 to 2026-11-22 yet: log a few meals and ask again.")
        #expect(empty.say("which meal is my biggest").text == "No meals logged in the last 56 days.")
    }

    @Test func aGoalReachedIsCongratulatedOnceADay() throws {
        let journal = try Journal()
        let chat = try chat("2026-11-21T09:00:00", journal: journal)
        chat.say("set my water goal to 1 liter")
        #expect(!chat.say("500 ml of water").text.contains("Well done"))
        #expect(chat.say("600 ml of water").text.hasSuffix("Well done: you reached your water goal (1,000 ml) today!"))
        #expect(!chat.say("a glass of water").text.contains("Well done"))
        let tomorrow = try self.chat("2026-11-22T09:00:00", journal: journal)
        #expect(tomorrow.say("1.2 liters of water").text.hasSuffix("Well done: you reached your water goal (1,000 ml) today, 2 days in a row!"))
    }
}
