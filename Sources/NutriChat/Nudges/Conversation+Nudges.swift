import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    /// The minute of the day each built-in meal slot ends, as `MealSlot.fromClock` divides the day.
    static let mealEndMinutes: [(slot: MealSlot, end: Int)] = [(.breakfast, 10 * 60 + 30), (.lunch, 14 * 60 + 30), (.dinner, 22 * 60)]

    /// The nudges due now that are switched on and not yet said today, as one line starting with a space (or "").
    /// Each said nudge is marked in the journal, so it is said once a day even across chat sessions.
    func nudgeLine() -> String {
        guard let day = try? nudgeDay(), let settings = try? NudgeSettings(journal: journal).states() else { return "" }
        let on = Set(settings.filter(\.on).map(\.kind))
        var said: [String] = []
        for kind in NudgeRules.due(day) where on.contains(kind) {
            guard (try? journal.setting(kind.saidKey)) != today else { continue }
            guard (try? journal.setSetting(kind.saidKey, to: today, at: clock().now)) != nil else { continue }
            said.append(NudgeRules.text(kind, day))
        }
        return said.isEmpty ? "" : " " + said.joined(separator: " ")
    }

    /// Today as the nudge rules see it.
    func nudgeDay() throws -> NudgeDay {
        let reference = self.reference
        let minute = reference.hour * 60 + reference.minute
        let eatenSlots = try journal.mealsWithEntries(on: today)
        var empty: [String] = []
        for (slot, end) in Self.mealEndMinutes where minute >= end {
            let name = try journal.currentMealSlotName(for: slot.rawValue) ?? slot.rawValue
            if !eatenSlots.contains(name) { empty.append(name) }
        }
        let weekAgo = reference.isoDate(addingDays: -NudgeRules.weighInDays)
        let yesterday = reference.isoDate(addingDays: -1)
        let lastWeight = try journal.latestWeight(onOrBefore: today)
        let water = try journal.water(on: today)
        // The week before today in one read, not one a day (this runs after every log).
        let tracksWater = try water > 0 || journal.waterByDay(from: weekAgo, to: yesterday).values.contains { $0 > 0 }
        let plan = try journal.targetPlan(on: today)
        return NudgeDay(minute: minute, emptyPastMeals: empty,
                        loggedThisWeekBefore: try journal.hasEntries(from: weekAgo, to: yesterday),
                        daysSinceWeighIn: lastWeight.map { Self.days(from: $0.date, to: reference) },
                        waterMl: water, waterTargetMl: plan.water.value, tracksWater: tracksWater,
                        kcal: try journal.energy(on: today), kcalGoal: plan.energy.value)
    }

    /// Whole days from an ISO date to the reference day.
    static func days(from isoDate: String, to reference: ReferenceDate) -> Int {
        let parts = isoDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return 0 }
        return CivilDate.daysFromEpoch(year: reference.year, month: reference.month, day: reference.day)
            - CivilDate.daysFromEpoch(year: parts[0], month: parts[1], day: parts[2])
    }
}
