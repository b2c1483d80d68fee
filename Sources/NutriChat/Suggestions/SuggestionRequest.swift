import Foundation
import NutriStore

/// What a request for ideas asks for: "a quick vegetarian lunch", "something high in protein under 300 kcal".
struct SuggestionRequest: Sendable, Equatable {
    /// breakfast, lunch, dinner, snack, dessert or drink; nil when the message names none.
    var meal: String?
    /// "under 300 kcal", "400 calories left".
    var maxKcal: Double?
    /// Nutrient keys wanted in large amounts ("high in protein", "for my iron").
    var high: [String] = []
    /// Nutrient keys wanted in small amounts ("low carb").
    var low: [String] = []
    /// "30 g protein": nutrient key → at least this much a serving.
    var minimums: [String: Double] = [:]
    /// Diets named in the request ("vegetarian"), as preference items.
    var diets: [String] = []
    var tags: [String] = []
    /// Ingredient words wanted ("chickpea").
    var ingredients: [String] = []
    /// Food words to leave out ("without cheese").
    var excluded: [String] = []
    var cuisine: String?
    /// Only recipes of the catalog ("recipes with chickpeas").
    var recipesOnly = false
    /// A nutrient to prefer without requiring it (a gap in the person's intake); never read from the message.
    var softFocus: String?

    /// Reads a request. `nutrients` maps nutrient words to keys (`nutrient-words.tsv`); `singular` singularises.
    static func read(_ reading: CoachingReading, nutrients: [String: String], preferences: PreferenceTable,
                     singular: (String) -> String) -> SuggestionRequest {
        var request = SuggestionRequest()
        let words = reading.words
        request.meal = reading.values(.meal).first
        request.tags = Array(Set(reading.values(.tag))).sorted()
        request.cuisine = reading.values(.cuisine).first
        request.recipesOnly = reading.has(.recipe)
        var role: [CoachingWords.Role?] = Array(repeating: nil, count: words.count)
        for phrase in reading.found {
            let main = phrase.senses.first { ![.filler, .that].contains($0.role) }?.role
            for index in phrase.range { role[index] = main }
        }
        var i = 0
        while i < words.count {
            // Nutrient names of one or two words.
            let two = i + 1 < words.count ? nutrients[words[i] + " " + words[i + 1]] : nil
            if let key = two ?? nutrients[words[i]], role[i] == nil || role[i] == .low || role[i] == .high {
                let length = two == nil ? 1 : 2
                request.addNutrient(key, at: i, words: words, role: role)
                i += length
                continue
            }
            if let number = Self.number(words[i]) { request.addAmount(number, at: i, words: words, role: role, nutrients: nutrients) }
            i += 1
        }
        request.readFoods(reading, role: role, singular: singular)
        for (item, kind, range) in preferences.items(in: words) {
            let free = range.upperBound < words.count && words[range.upperBound] == "free"
            let excluded = range.lowerBound > 0 && role[range.lowerBound - 1] == .exclude
            if kind == .diet || free || excluded, !request.diets.contains(item) { request.diets.append(item) }
        }
        return request
    }

    /// "high in protein", "low carb", "for my iron", "30 g protein".
    private mutating func addNutrient(_ key: String, at i: Int, words: [String], role: [CoachingWords.Role?]) {
        guard key != "energy_kcal" else { return }  // energy is a limit ("under 300 calories"), read with its number
        let before = (max(0, i - 2)..<i).compactMap { role[$0] }
        if let gramsAt = (max(0, i - 3)..<i).last(where: { role[$0] == .gram }), gramsAt > 0, let amount = Self.number(words[gramsAt - 1]) {
            minimums[key] = amount
        } else if before.last == .low {
            if !low.contains(key) { low.append(key) }
        } else if !high.contains(key) {
            high.append(key)
        }
    }

    /// "under 300 kcal", "300 calories left", "300kcal".
    private mutating func addAmount(_ number: Double, at i: Int, words: [String], role: [CoachingWords.Role?],
                                    nutrients: [String: String]) {
        let next = i + 1 < words.count ? words[i + 1] : ""
        let energyWord = i + 1 < words.count && (role[i + 1] == .energy || nutrients[next] == "energy_kcal")
        if energyWord { maxKcal = min(maxKcal ?? number, number) }
    }

    /// Words after "with" are ingredients wanted, after "without" foods to leave out, up to the next phrase.
    private mutating func readFoods(_ reading: CoachingReading, role: [CoachingWords.Role?], singular: (String) -> String) {
        let words = reading.words
        for phrase in reading.found where phrase.has(.with) || phrase.has(.exclude) {
            var food: [String] = []
            var j = phrase.range.upperBound
            while j < words.count, role[j] == nil, Self.number(words[j]) == nil { food.append(singular(words[j])); j += 1 }
            guard !food.isEmpty else { continue }
            if phrase.has(.exclude) { excluded.append(food.joined(separator: " ")) } else { ingredients.append(food.joined(separator: " ")) }
        }
    }

    /// A number word ("300", "2.5"); "300kcal" arrives split by `CoachingReading`.
    static func number(_ word: String) -> Double? {
        guard let value = Double(word), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
