import Foundation
import NutriStore
@testable import NutriChat

/// A journal of several weeks built the way a person builds one: chat messages, each day with its own clock.
/// Four weeks from Monday 2026-10-26 to Sunday 2026-11-22 against a 1,500 kcal goal: Sunday to Thursday near the goal
/// (eggs and toast, rice and chicken, salmon and broccoli, an apple, a banana, milk), Fridays and Saturdays over it
/// (a Big Mac and a coke for lunch and dinner, bacon, peanut butter), 2 litres of water except on Sundays, and a
/// weighing every 4 days that barely moves against a planned loss of 0.25 kg a week.
enum InsightSeed {
    static let firstDay = "2026-10-26"
    static let days = 28

    /// Says `messages` on `date` at `time` over `journal`.
    static func say(_ messages: [String], on date: String, at time: String = "20:00:00", journal: Journal) throws {
        let chat = try ChatHarness(now: "\(date)T\(time)", journal: journal)
        for message in messages { chat.say(message) }
    }

    /// The seeded journal: profile and goals first, then the four weeks. Each kind of day is said in chat once (its
    /// first occurrence); later days of the same kind get the same entries through `Journal.addEntries`, the way
    /// the dialogue saves them, which keeps the seeding fast.
    static func seed(_ journal: Journal) throws {
        try say(["I'm a 34 year old woman, 168 cm tall and I weigh 72 kg", "I'm moderately active",
                 "I want to lose 0.25 kg per week", "set my calorie goal to 1500", "set my protein goal to 90 g",
                 "set my water goal to 2 liters"], on: firstDay, at: "08:00:00", journal: journal)
        var templates: [Bool: [JournalEntry]] = [:]
        for offset in 0..<days {
            guard let date = DayArithmetic.adding(offset, to: firstDay), let weekday = DayArithmetic.weekday(date) else { continue }
            let heavy = weekday == 6 || weekday == 7  // Friday, Saturday
            if let template = templates[heavy] {
                try journal.addEntries(template.map { entry in
                    var copy = entry
                    copy.id = nil
                    copy.date = date
                    copy.createdAt = entry.createdAt.addingTimeInterval(Double(DayArithmetic.days(from: entry.date, to: date) ?? 0) * 86_400)
                    return copy
                })
            } else {
                var messages = ["2 scrambled eggs and a slice of toast for breakfast"]
                messages += heavy
                    ? ["a big mac and a can of coke for lunch", "a big mac and a can of coke for dinner", "3 slices of bacon",
                       "2 tablespoons of peanut butter"]
                    : ["1 cup rice and a roasted chicken breast for lunch", "salmon with broccoli for dinner", "an apple",
                       "a banana", "2 glasses of milk"]
                try say(messages, on: date, journal: journal)
                templates[heavy] = try journal.entries(on: date)
            }
            let water = weekday == 1 ? 250.0 : 2000
            try journal.addWater(WaterRecord(date: date, milliliters: water, text: "water", createdAt: Date()))
            if offset % 4 == 0 {
                try journal.logWeight(WeightRecord(date: date, kilograms: 72 - Double(offset) * 0.02 / 7, text: "weight", createdAt: Date()))
            }
        }
    }

    /// A fresh in-memory journal, seeded.
    static func journal() throws -> Journal {
        let journal = try Journal()
        try seed(journal)
        return journal
    }

    /// The day after the seeded weeks, in the evening.
    static let now = "2026-11-22T21:00:00"
}
