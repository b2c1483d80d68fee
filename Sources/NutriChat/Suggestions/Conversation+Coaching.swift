import Foundation
import NutriStore

extension Conversation {
    /// "recipes with chickpeas", "a high protein breakfast recipe": the catalog, not bound by today's budget.
    func browseCatalog(_ reading: CoachingReading, input: String) throws -> Reply {
        var request = try suggestionRequest(reading)
        request.recipesOnly = true
        return try offer(request, input: input)
    }

    // MARK: - Clock

    /// "what day is it" (`date`), "what time is it" (`time`): the clock's date and time.
    func clockAnswer(_ kind: String) -> String {
        let clock = self.clock()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = clock.calendar
        formatter.timeZone = clock.calendar.timeZone
        formatter.dateFormat = "EEEE, d MMMM yyyy"
        let date = formatter.string(from: clock.now)
        formatter.dateFormat = "HH:mm"
        let time = formatter.string(from: clock.now)
        return kind == "time" ? "It's \(time) on \(date)." : "It's \(date), \(time)."
    }

    // MARK: - Reminder switches

    /// "stop reminding me about water", "turn water reminders back on", "which reminders are on".
    func nudgeSwitch(_ reading: CoachingReading) throws -> String {
        let named = reading.values(.nudge)
        let kinds = named.isEmpty || named.contains("all") ? NudgeKind.allCases : named.compactMap(NudgeKind.init(rawValue:))
        let settings = NudgeSettings(journal: journal)
        let off = reading.has(.off), on = reading.has(.on)
        guard off || on else {
            let states = try settings.states()
            return "Reminders: " + states.map { "\($0.kind.spoken) \($0.on ? "on" : "off")" }.joined(separator: "; ")
                + ". Say \"stop reminding me about water\" or \"turn water reminders back on\"."
        }
        let turnOn = on && !off  // "stop", "no more", "turn off" win over a stray "on"
        try settings.set(kinds, on: turnOn, at: clock().now)
        let names = RecipeBuilder.list(kinds.map(\.spoken))
        return turnOn ? "OK, \(names) are on again." : "OK, no more \(names). Say \"turn them back on\" any time."
    }
}
