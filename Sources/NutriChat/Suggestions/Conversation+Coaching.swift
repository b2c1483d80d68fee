import Foundation
import NutriStore

extension Conversation {
    /// Messages coaching answers before the router: questions about the clock, reminder switches, follow-ups to
    /// suggestions and browsing the recipe catalog. Nil for every other message (which also ends a list of
    /// suggestions: "another" only follows them directly).
    func answerCoaching(input: String, text: String) throws -> Reply? {
        let reading = CoachingReading(text, words: try coachingWords())
        if let follow = try suggestionFollowUp(reading, input: input) { return follow }
        state.coaching.forgetOffer()
        if let date = clockAnswer(reading) { return reply(input, "ask_time", date) }
        if let switched = try nudgeSwitch(reading) { return reply(input, "settings", switched) }
        if isCatalogBrowse(reading), state.pending == nil {
            var request = try suggestionRequest(reading)
            request.recipesOnly = true
            return try offer(request, input: input)
        }
        return nil
    }

    /// The cues that make a message about recipes a request to browse the catalog ("recipes with chickpeas", "a high
    /// protein breakfast recipe", "recipe ideas"), never one about the person's own recipes or changing them.
    static let browseCues: [CoachingWords.Role] = [.with, .meal, .cuisine, .tag, .high, .low, .limit, .ask]

    /// Whether a message asks to browse the recipe catalog.
    func isCatalogBrowse(_ reading: CoachingReading) -> Bool {
        reading.has(.recipe) && !reading.has(.mine) && !reading.has(.manage) && Self.browseCues.contains(where: reading.has)
    }

    // MARK: - Clock

    /// "what day is it", "what time is it": the clock's date and time, when the message is only that question.
    func clockAnswer(_ reading: CoachingReading) -> String? {
        guard let kind = reading.values(.clock).first, reading.only([.clock, .filler, .that]) else { return nil }
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
    func nudgeSwitch(_ reading: CoachingReading) throws -> String? {
        guard reading.has(.remind) else { return nil }
        let named = reading.values(.nudge)
        let kinds = named.isEmpty || named.contains("all") ? NudgeKind.allCases : named.compactMap(NudgeKind.init(rawValue:))
        let settings = NudgeSettings(journal: journal)
        let off = reading.has(.off), on = reading.has(.on)
        guard off || on else {
            guard reading.only([.remind, .nudge, .filler, .that, .mine]) else { return nil }
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
