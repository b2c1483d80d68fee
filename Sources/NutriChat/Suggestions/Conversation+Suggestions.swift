import Foundation
import NutriLanguage
import NutriStore

extension Conversation {
    /// How many suggestions one reply offers.
    static let suggestionsPerPage = 5
    /// A snack asked for without a limit stays under this.
    static let snackKcal = 300.0
    /// With less than this left today, suggestions turn to light options up to `lightKcal`.
    static let minimumUsefulKcal = 100.0
    static let lightKcal = 150.0

    // MARK: - suggest

    /// "what should I eat for dinner?", "suggest a snack", "something high in protein under 300 kcal".
    func suggest(_ analysis: MessageAnalysis, input: String) throws -> Reply {
        let reading = CoachingReading(analysis.input, words: try coachingWords())
        return try offer(try suggestionRequest(reading), input: input)
    }

    /// Reads a request from the coaching words, the nutrient words and the preference words.
    func suggestionRequest(_ reading: CoachingReading) throws -> SuggestionRequest {
        var request = SuggestionRequest.read(reading, nutrients: try analyzer.services.questionVocabulary().nutrients,
                                             preferences: try trackingLexicon().preferences,
                                             singular: analyzer.services.language.singular)
        if request.high.isEmpty { request.softFocus = nutrientGaps().first }
        return request
    }

    /// Ranks the pool for a request, remembers it, and shows the first page.
    func offer(_ request: SuggestionRequest, input: String) throws -> Reply {
        let budget = try suggestionBudget(request)
        let filter = try suggestionFilter(request, maxKcal: budget.maxKcal, target: budget.target)
        let ranked = filter.ranked(try SuggestionPool(chat: self).gather(request, catalog: try recipeCatalog()))
        let memory = state.coaching
        memory.offered = ranked
        memory.shown = 0
        memory.focus = request.high.first
        guard !ranked.isEmpty else {
            memory.forgetOffer()
            return reply(input, "suggest", SuggestionText.nothingFits(request, limit: budget.maxKcal, note: budget.note))
        }
        return reply(input, "suggest", nextPage(header: SuggestionText.header(request, limit: budget.maxKcal, note: budget.note,
                                                                              nutrients: analyzer.services.database.nutrients)))
    }

    /// The next five of the ranked list, numbered, with how to go on.
    func nextPage(header: String) -> String {
        let memory = state.coaching
        let page = Array(memory.offered.dropFirst(memory.shown).prefix(Self.suggestionsPerPage))
        memory.page = page
        memory.detailed = nil
        memory.shown += page.count
        let lines = page.enumerated().map { "\($0.offset + 1). " + SuggestionText.line($0.element, focus: memory.focus, nutrients: analyzer.services.database.nutrients) }
        return ([header] + lines + [SuggestionText.howToGoOn(more: memory.shown < memory.offered.count)]).joined(separator: "\n")
    }

    /// The most energy a serving may have and the size to aim for: what is left of today's goal (a snack stays
    /// small), and any limit the request names. Browsing the catalog is not bound by today's budget.
    func suggestionBudget(_ request: SuggestionRequest) throws -> (maxKcal: Double?, target: Double?, note: String?) {
        if request.recipesOnly { return (request.maxKcal, nil, nil) }
        let goal = try calorieGoal(on: today)
        let left = goal - (try todayKcal())
        let slot = request.meal ?? SuggestionPool.slotKind(mealName(nil))
        var cap = left
        var note: String?
        if left < Self.minimumUsefulKcal {
            cap = Self.lightKcal
            note = "You've reached today's calorie goal, so these are light options."
        } else if slot == MealSlot.snack.rawValue, request.maxKcal == nil {
            cap = min(cap, Self.snackKcal)
        }
        let limit = min(cap, request.maxKcal ?? cap)
        let target = min(limit, goal * (try recipeCatalog().shares.share(of: slot)))
        return (limit, target, note ?? (request.maxKcal == nil && left >= Self.minimumUsefulKcal
                                         ? "You have \(ReplyText.kcal(left)) left today." : nil))
    }

    func suggestionFilter(_ request: SuggestionRequest, maxKcal: Double?, target: Double?) throws -> SuggestionFilter {
        let saved = try journal.preferences().map(\.item)
        let dailyValues = Dictionary(analyzer.services.database.nutrients.compactMap { info in info.dailyValue.map { (info.key, $0) } },
                                     uniquingKeysWith: { a, _ in a })
        return SuggestionFilter(table: try trackingLexicon().preferences, items: saved + request.diets, request: request,
                                maxKcal: maxKcal, targetKcal: target, dailyValues: dailyValues)
    }

    // MARK: - Loaded on first use

    func coachingWords() throws -> CoachingWords {
        if let words = state.coaching.words { return words }
        let loaded = try analyzer.tables.table { try CoachingWords.load(from: analyzer.services.data.lexicon) }
        state.coaching.words = loaded
        return loaded
    }

    func recipeCatalog() throws -> RecipeCatalog {
        if let catalog = state.coaching.catalog { return catalog }
        let loaded = try RecipeCatalog(analyzer: analyzer, reference: reference)
        state.coaching.catalog = loaded
        return loaded
    }
}
