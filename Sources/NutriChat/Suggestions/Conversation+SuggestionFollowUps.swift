import Foundation
import NutriStore

extension Conversation {
    /// Acts on a follow-up to the suggestions on screen (the router decided it is one): the next page, a
    /// suggestion in full, or a like that saves it.
    func suggestionFollowUp(_ reading: CoachingReading, input: String) throws -> Reply {
        let memory = state.coaching
        let numbers = reading.uncovered.compactMap { Int($0) }
        let ordinal = reading.values(.ordinal).first.map { $0 == "last" ? memory.page.count : Int($0) ?? 1 } ?? numbers.first
        let wantsMore = reading.has(.more), likes = reading.has(.like), shows = reading.has(.show)
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
