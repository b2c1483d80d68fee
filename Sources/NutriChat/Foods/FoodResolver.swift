import Foundation
import NutriStore

/// A food that may be what the person meant, with how sure we are.
public struct FoodCandidate: Sendable, Equatable {
    public var food: Food
    /// 0…1; 0.99 for an exact everyday-name match.
    public var score: Double
    /// The alias that matched, which carries the default portion.
    public var alias: FoodAlias?
}

/// Turns an everyday food name into ranked reference foods: the alias table first, then FTS5 candidates
/// re-ranked by `FoodScorer`.
public final class FoodResolver: @unchecked Sendable {
    public let catalog: FoodCatalog
    public let aliases: FoodAliasTable
    private let scorer: FoodScorer
    private let singular: (String) -> String
    private let lock = NSLock()
    private var cache: [String: [FoodCandidate]] = [:]

    /// Words that never name a food and only dilute full-text search.
    static let stopWords: Set<String> = ["a", "an", "the", "of", "some", "my", "in", "on", "for", "to", "at", "as", "it"]

    /// Creates a resolver; `singular` folds plurals ("berries" → "berry") the same way for aliases and queries.
    public init(catalog: FoodCatalog, aliases: FoodAliasTable, rules: FoodRankingRules,
                singular: @escaping (String) -> String) {
        self.catalog = catalog
        self.aliases = aliases
        self.scorer = FoodScorer(rules: rules, singular: singular)
        self.singular = singular
    }

    /// The query's words as the resolver compares them: folded, singular, without stop words.
    public func words(of text: String) -> [String] {
        TextFolding.words(text).map(singular).filter { !Self.stopWords.contains($0) }
    }

    /// Ranked candidates for `text`, best first.
    public func candidates(for text: String, limit: Int = 10) throws -> [FoodCandidate] {
        let query = words(of: text)
        guard !query.isEmpty else { return [] }
        // Custom foods and recipes hook (issue 5 part 6): the person's own foods come first (an exact name scores
        // above any alias) and are never cached here. See Custom/FoodCatalog+UserFoods.swift.
        let user = userCandidates(for: query)
        let key = query.joined(separator: " ")
        if let cached = locked({ cache[key] }) { return Array(merging(user, into: cached).prefix(limit)) }
        let ranked = try rank(query)
        locked { cache[key] = ranked }
        return Array(merging(user, into: ranked).prefix(limit))
    }

    /// The best candidate, or nil when nothing fits.
    public func best(for text: String) throws -> FoodCandidate? {
        try candidates(for: text, limit: 1).first
    }

    // MARK: - Ranking

    private func rank(_ query: [String]) throws -> [FoodCandidate] {
        var byId: [String: FoodCandidate] = [:]
        func offer(_ candidate: FoodCandidate) {
            if let existing = byId[candidate.food.id], existing.score >= candidate.score { return }
            byId[candidate.food.id] = candidate
        }
        let key = query.joined(separator: " ")
        if let alias = aliases.alias(forKey: key), let food = try? catalog.food(id: alias.foodId) {
            // An everyday name said exactly outranks anything full-text search can find (at most 0.98).
            return [FoodCandidate(food: food, score: 0.99, alias: alias)]
        } else if let alias = aliases.alias(forBag: key), let food = try? catalog.food(id: alias.foodId) {
            offer(FoodCandidate(food: food, score: 0.97, alias: alias))
        } else if let (alias, span) = longestAlias(in: query), let food = try? catalog.food(id: alias.foodId) {
            // An alias inside the phrase ("grilled chicken breast") is the everyday meaning of those words; it stands
            // unless a USDA name also covers the other words ("broccoli boiled" → "Broccoli, cooked, boiled").
            let coverage = scorer.coverage(query: query, name: food.name, covered: Set(query[span]))
            // An alias of a modifier ("noodle" in "noodle soup") is not the food: the head noun must be in it.
            let headCovered = span.contains(scorer.headIndex(of: query))
            // A state the alias's food is not in ("boiled" for "Kale, raw") is a strong sign another food is meant.
            let names = Set(TextFolding.words(food.name))
            let missedState = query.indices.contains { !span.contains($0) && scorer.rules.preparationState[query[$0]] != nil
                && !names.contains(query[$0]) }
            let score = 0.82 + 0.13 * coverage - (headCovered ? 0 : 0.1) - (missedState ? 0.06 : 0)
            offer(FoodCandidate(food: food, score: score, alias: alias))
        }
        let profile = scorer.profile(of: query)
        for hit in try searchHits(query) {
            let name = scorer.names.parsed(hit.food.name, scorer: scorer)
            let score = scorer.score(profile, name: name, groupCode: hit.food.groupCode, bm25: hit.rank)
            offer(FoodCandidate(food: hit.food, score: score, alias: nil))
        }
        // Ties go to the shorter name, then the smaller id, so every run ranks the same way. Name lengths are counted
        // once per candidate, not once per comparison.
        return byId.values.map { ($0, $0.food.name.count) }
            .sorted { ($0.0.score, $1.1, $1.0.food.id) > ($1.0.score, $0.1, $0.0.food.id) }
            .map(\.0)
    }

    /// The longest run of query words that is an alias, and where it is; on ties the rightmost, since the head noun
    /// comes last.
    private func longestAlias(in query: [String]) -> (FoodAlias, Range<Int>)? {
        let maxLength = min(query.count - 1, aliases.longestAlias)
        guard maxLength >= 1 else { return nil }
        for length in stride(from: maxLength, through: 1, by: -1) {
            for start in stride(from: query.count - length, through: 0, by: -1)
            where aliases.firstWords.contains(query[start]) {
                let key = query[start..<start + length].joined(separator: " ")
                if let alias = aliases.alias(forKey: key) { return (alias, start..<start + length) }
            }
        }
        return nil
    }

    /// All-words search first; when nothing has every word, searches that drop one word at a time, then two.
    private func searchHits(_ query: [String]) throws -> [FoodSearchHit] {
        let words = Array(Set(query)).sorted()
        let all = try catalog.database.fullTextSearch(words: words, limit: 40)
        if !all.isEmpty { return all }
        // The USDA wording of everyday words ("diet" → "low calorie", "soda" → "carbonated beverage").
        let usda = words.flatMap { scorer.rules.synonyms[$0] ?? [$0] }
        if usda != words {
            let translated = try catalog.database.fullTextSearch(words: usda, limit: 60)
            if !translated.isEmpty { return translated }
        }
        if words.count == 1 { return all }
        // Nothing has every word: searches that each leave one word out, then two; the scorer weighs what is missing.
        var hits: [FoodSearchHit] = []
        for drop in 1...min(2, words.count - 1) {
            for subset in Self.subsets(of: words, leavingOut: drop).prefix(drop == 1 ? 6 : 4) {
                hits += try catalog.database.fullTextSearch(words: subset, limit: 20)
            }
            if !hits.isEmpty { break }
        }
        return hits
    }

    /// The word lists with `count` (1 or 2) words left out.
    static func subsets(of words: [String], leavingOut count: Int) -> [[String]] {
        var result: [[String]] = []
        for i in words.indices {
            if count == 1 { result.append(words.enumerated().filter { $0.offset != i }.map(\.element)); continue }
            for j in words.indices where j > i {
                result.append(words.enumerated().filter { $0.offset != i && $0.offset != j }.map(\.element))
            }
        }
        return result
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
