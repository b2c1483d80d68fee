import Foundation

extension IntentRouter {
    /// The words a follow-up to suggestions is made of.
    static let followUpRoles: Set<CoachingWords.Role> = [.more, .like, .show, .ordinal, .that, .filler, .recipe]
    /// The words of a clock question ("what time is it").
    static let clockRoles: Set<CoachingWords.Role> = [.clock, .filler, .that]
    /// The words of "which reminders are on": reminder words alone, with no switch.
    static let reminderListRoles: Set<CoachingWords.Role> = [.remind, .nudge, .filler, .that, .mine]
    /// The cues that make a message about recipes a request to browse the catalog ("recipes with chickpeas", "a high
    /// protein breakfast recipe", "recipe ideas"), never one about the person's own recipes or changing them.
    static let browseCues: [CoachingWords.Role] = [.with, .meal, .cuisine, .tag, .high, .low, .limit, .ask]

    /// Coaching's routes, read from the coaching words (`Lexicon/coaching-words.tsv`): a follow-up to the suggestions
    /// on screen, a clock question, a reminder switch or a catalog browse. Nil for every other message.
    func coaching(_ reading: CoachingReading, context: DialogueContext) -> Route? {
        if context.suggestionsShown, isFollowUp(reading) { return .suggestionFollowUp }
        if let kind = reading.values(.clock).first, reading.only(Self.clockRoles) { return .clock(kind) }
        if reading.has(.remind), reading.has(.off) || reading.has(.on) || reading.only(Self.reminderListRoles) {
            return .reminders
        }
        if isCatalogBrowse(reading), !context.foodQuestion { return .browseCatalog }
        return nil
    }

    /// "another", "more", "show the first one", "save that", "I like the second one": a message made only of such
    /// words and numbers, asking for more, a detail or a like. "show my recipes" is about their own.
    func isFollowUp(_ reading: CoachingReading) -> Bool {
        guard !reading.has(.mine) else { return false }
        let numbers = reading.uncovered.compactMap { Int($0) }
        let withoutNumbers = CoachingReading(words: reading.words.filter { Int($0) == nil }, found: reading.found)
        guard numbers.count == reading.uncovered.count, withoutNumbers.only(Self.followUpRoles) else { return false }
        return reading.has(.more) || reading.has(.like) || reading.has(.show) || reading.has(.ordinal) || !numbers.isEmpty
    }

    /// Whether a message asks to browse the recipe catalog.
    func isCatalogBrowse(_ reading: CoachingReading) -> Bool {
        reading.has(.recipe) && !reading.has(.mine) && !reading.has(.manage) && Self.browseCues.contains(where: reading.has)
    }
}
