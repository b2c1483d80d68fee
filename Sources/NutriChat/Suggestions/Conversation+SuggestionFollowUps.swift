import Foundation
import NutriStore

extension Conversation {
    /// The words a follow-up to suggestions is made of.
    static let followUpRoles: Set<CoachingWords.Role> = [.more, .like, .show, .ordinal, .that, .filler, .recipe]

    /// "another", "more", "show the first one", "save that", "I like the second one": only right after suggestions,
    /// and only when the message is made of such words. Nil otherwise.
    func suggestionFollowUp(_ reading: CoachingReading, input: String) throws -> Reply? {
        let memory = state.coaching
        guard !memory.page.isEmpty, !reading.has(.mine) else { return nil }  // "show my recipes" is about their own
        let numbers = reading.uncovered.compactMap { Int($0) }
        let withoutNumbers = CoachingReading(words: reading.words.filter { Int($0) == nil }, found: reading.found)
        guard numbers.count == reading.uncovered.count, withoutNumbers.only(Self.followUpRoles) else { return nil }
        let ordinal = reading.values(.ordinal).first.map { $0 == "last" ? memory.page.count : Int($0) ?? 1 } ?? numbers.first
        let wantsMore = reading.has(.more), likes = reading.has(.like), shows = reading.has(.show)
        guard wantsMore || likes || shows || ordinal != nil else { return nil }
        if wantsMore, !likes, !shows {
            guard memory.shown < memory.offered.count else { return reply(input, "suggest", SuggestionText.noMore) }
            return reply(input, "suggest", nextPage(header: "More ideas:"))
        }
        if ordinal == nil, let detailed = memory.detailed {
            return reply(input, "suggest", likes ? try keep(detailed) : SuggestionText.details(detailed))
        }
        guard let index = ordinal.map({ $0 - 1 }) ?? (memory.page.count == 1 ? 0 : nil) else {
            return reply(input, "suggest", SuggestionText.whichOne)
        }
        guard memory.page.indices.contains(index) else {
            return reply(input, "suggest", SuggestionText.noSuchNumber(index + 1, count: memory.page.count))
        }
        let chosen = memory.page[index]
        if likes { return reply(input, "suggest", try keep(chosen)) }
        memory.detailed = chosen
        return reply(input, "suggest", SuggestionText.details(chosen))
    }

    /// Saves a liked suggestion as one of the person's recipes and remembers the like, so it ranks first.
    func keep(_ suggestion: Suggestion) throws -> String {
        try journal.likeSuggestion(title: suggestion.title, source: suggestion.origin.label, at: clock().now)
        let existing = try journal.recipe(named: suggestion.title)
        if suggestion.origin == .recipe || existing != nil {
            return SuggestionText.alreadySaved(suggestion.title)
        }
        let name = String(suggestion.title.prefix(UserFoodRules.maximumNameLength))
        let record = RecipeRecord(name: name, servings: suggestion.servings, text: "suggestion", createdAt: clock().now)
        do {
            return SuggestionText.saved(try journal.addRecipe(record, ingredients: suggestion.ingredients))
        } catch let error as StoreError {
            return Self.nothingSaved(error.description)
        }
    }
}
