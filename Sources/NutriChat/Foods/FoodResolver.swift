import Foundation
import NutriLanguage
import NutriStore

/// A food that may be what the person meant, with how sure we are.
public struct FoodCandidate: Sendable, Equatable, Codable {
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
    let scorer: FoodScorer
    let singular: (String) -> String
    private let lock = NSLock()
    private var cache: [String: [FoodCandidate]] = [:]

    /// Words that never name a food and only dilute full-text search (`grammar-words.tsv`, kind lookup-stop).
    let stopWords: Set<String>

    /// Qualifier phrases with a stop word in them ("in juice", "in light syrup", "packed in water"): how a food is
    /// packed, never part of its name. A query holds each as one token after its food words, so "mandarin oranges in
    /// juice" is not read as "orange juice" nor "peaches in light syrup" as "light syrup".
    let packingPhrases: [[String]: String]
    let longestPackingPhrase: Int

    /// Creates a resolver; `singular` folds plurals ("berries" → "berry") the same way for aliases and queries.
    public init(catalog: FoodCatalog, aliases: FoodAliasTable, rules: FoodRankingRules,
                stopWords: Set<String>, singular: @escaping (String) -> String) {
        self.stopWords = stopWords
        self.catalog = catalog
        self.aliases = aliases
        // Qualifier phrases as a query reads once its stop words are gone: "packed in juice" is "packed juice".
        var rules = rules
        let packing = rules.qualifiers.filter { $0.key.count >= 2 && $0.key.contains(where: stopWords.contains) }
        packingPhrases = Dictionary(uniqueKeysWithValues: packing.keys.map { ($0, Self.packingToken($0)) })
        longestPackingPhrase = packing.keys.map(\.count).max() ?? 0
        rules.qualifiers = Dictionary(rules.qualifiers.map { ($0.key.filter { !stopWords.contains($0) }, $0.value) }
            .filter { !$0.0.isEmpty }, uniquingKeysWith: +)
        for (phrase, wordings) in packing { rules.qualifiers[[Self.packingToken(phrase)], default: []] += wordings }
        self.scorer = FoodScorer(rules: rules, singular: singular)
        self.singular = singular
    }

    /// The query's words as the resolver compares them: folded, singular, without stop words.
    public func words(of text: String) -> [String] {
        var words: [String] = []
        var packing: [String] = []
        let folded = FoldedWords.words(of: text)
        words.reserveCapacity(folded.count)
        var index = 0
        outer: while index < folded.count {
            for length in stride(from: min(longestPackingPhrase, folded.count - index), through: 2, by: -1) {
                if let token = packingPhrases[Array(folded[index..<index + length])] {
                    packing.append(token)
                    index += length
                    continue outer
                }
            }
            let singular = singular(folded[index])
            if !stopWords.contains(singular) { words.append(singular) }
            index += 1
        }
        // A phrase that is only packing ("in juice") keeps its words: it names the juice.
        if words.isEmpty, !packing.isEmpty {
            words = folded.map(singular).filter { !stopWords.contains($0) }
            packing = []
        }
        return joiningCompounds(words) + packing
    }

    /// The one token a packing phrase becomes: "in~juice". No food name has "~", so it never finds or names a food.
    static func packingToken(_ phrase: [String]) -> String { phrase.joined(separator: "~") }

    /// The words of a packing token a food name can have: "in~light~syrup" → "light", "syrup".
    func packingWords(_ token: String) -> [String] {
        token.split(separator: "~").map { singular(String($0)) }.filter { !stopWords.contains($0) }
    }

    /// Whether a query word is a packing phrase's token.
    static func isPackingToken(_ word: String) -> Bool { word.contains("~") }

    /// "baby food" → "babyfood": phrases USDA names write as one word (`compounds.tsv`).
    private func joiningCompounds(_ words: [String]) -> [String] {
        let compounds = scorer.rules.compounds
        guard words.count >= 2, !compounds.isEmpty else { return words }
        var result: [String] = []
        result.reserveCapacity(words.count)
        var index = 0
        let firstWords = scorer.rules.compoundFirstWords
        outer: while index < words.count {
            // The longer compound first; most words start none, settled by one set lookup.
            if firstWords.contains(words[index]) {
                for length in stride(from: 3, through: 2, by: -1) where index + length <= words.count {
                    if let word = compounds[Array(words[index..<index + length])] {
                        result.append(word)
                        index += length
                        continue outer
                    }
                }
            }
            result.append(words[index])
            index += 1
        }
        return result
    }

    /// Ranked candidates for `text`, best first.
    public func candidates(for text: String, limit: Int = 10) throws -> [FoodCandidate] {
        let query = words(of: text)
        guard !query.isEmpty else { return [] }
        // Custom foods and recipes hook (issue 5 part 6): the person's own foods come first (an exact name scores
        // above any alias) and are never cached here. See Custom/FoodCatalog+UserFoods.swift.
        let user = userCandidates(for: query)
        let key = query.joinedWithSpaces()
        if let cached = locked({ cache[key] }) { return Array(merging(user, into: cached).prefix(limit)) }
        let ranked = try rank(query)
        locked { cache[key] = ranked }
        return Array(merging(user, into: ranked).prefix(limit))
    }

    /// Whether `text` only says how a food was prepared ("cooked", "diced and fried"), naming no food at all.
    public func onlyPreparation(_ text: String) -> Bool {
        let query = words(of: text)
        return !query.isEmpty && query.allSatisfy { scorer.rules.preparationState[$0] != nil || $0 == "and" }
    }

    /// The best candidate, or nil when nothing fits.
    public func best(for text: String) throws -> FoodCandidate? {
        try candidates(for: text, limit: 1).first
    }

    // MARK: - Ranking

    private func rank(_ words: [String]) throws -> [FoodCandidate] {
        // Packing tokens come last: the food's own words are the rest, and qualifier positions stay the same.
        let said = qualifiers(in: words)
        let query = words.filter { !Self.isPackingToken($0) }
        var byId: [String: FoodCandidate] = [:]
        func offer(_ candidate: FoodCandidate) {
            var candidate = candidate
            if let existing = byId[candidate.food.id] {
                if existing.score >= candidate.score { return }
                // The same food found again by full-text search keeps its everyday portion ("fig bar cookie").
                if candidate.alias == nil { candidate.alias = existing.alias }
            }
            byId[candidate.food.id] = candidate
        }
        let key = query.joinedWithSpaces()
        var innerAlias: Set<Int>?
        // The alias inside the phrase and the first segment of its food's name ("Jellies"): a food of the same
        // family found by full-text search takes the alias's everyday portion ("reduced sugar jelly" → a tbsp).
        var family: (alias: FoodAlias, head: Substring)?
        // Words that never name a food ("all", "right", "serving") would only find foods that happen to contain them,
        // and an everyday name inside the phrase covers the food without them.
        // A packing phrase's own words ("juice", "light syrup") are searched and scored as ever: USDA names say them.
        let content = (query + words.filter(Self.isPackingToken).flatMap(packingWords))
            .filter { !scorer.rules.nonFoodWords.contains($0) }
        var missed: [(positions: Set<Int>, wordings: [[String]])] = []
        var qualifiedSibling = false
        var bestQualified: Double?
        // A packed food ("peaches in juice") is its everyday name with a qualifier, which may name another food.
        let packed = words.count > query.count
        let whole = packed ? aliases.alias(forKey: key).map { ($0, Set(query.indices)) } : nil
        if !packed, let alias = aliases.alias(forKey: key), let food = try? catalog.food(id: alias.foodId) {
            // An everyday name said exactly outranks anything full-text search can find (at most 0.98).
            return [FoodCandidate(food: food, score: 0.99, alias: alias)]
        } else if !packed, let alias = aliases.alias(forBag: key), let food = try? catalog.food(id: alias.foodId) {
            offer(FoodCandidate(food: food, score: 0.97, alias: alias))
        } else if let (alias, span) = whole ?? longestAlias(in: query), let food = try? catalog.food(id: alias.foodId) {
            // When the alias's own food already has every word ("Sports drink, …, GATORADE" for "gatorade sports
            // drink"), no other name is more specific.
            innerAlias = scorer.coverage(query: query, name: food.name, covered: []) < 1 ? span : nil
            family = (alias, Self.firstSegment(of: food.name))
            // An alias inside the phrase ("grilled chicken breast") is the everyday meaning of those words; it stands
            // unless a USDA name also covers the other words ("broccoli boiled" → "Broccoli, cooked, boiled").
            let coverage = scorer.coverage(query: content.isEmpty ? query : content, name: food.name,
                                           covered: Set(span.map { query[$0] }))
            // An alias of a modifier ("noodle" in "noodle soup") is not the food: the head noun must be in it.
            let headCovered = span.contains(scorer.headIndex(of: query))
            // A state the alias's food is not in ("boiled" for "Kale, raw") is a strong sign another food is meant.
            let names = Set(FoldedWords.words(of: food.name))
            let missedState = query.indices.contains { !span.contains($0) && scorer.rules.preparationState[query[$0]] != nil
                && !names.contains(query[$0]) }
            // A qualifier the alias's food does not express ("light" beside "thousand island dressing") means another
            // food of the same family, when one expresses it (settled once the search hits are in).
            missed = said.filter { $0.positions.isDisjoint(with: span) && !expresses(food.name, $0.wordings) }
            let score = 0.82 + 0.13 * coverage - (headCovered ? 0 : 0.1) - (missedState ? 0.06 : 0)
            offer(FoodCandidate(food: food, score: score, alias: alias))
        }
        let profile = scorer.profile(of: content)
        let hits = content.isEmpty ? [] : try searchHits(content) + qualifiedHits(words, said: said)
        for hit in hits {
            // An everyday name packed ("pineapple in juice") is that food packed, not a drink that has both words.
            if whole != nil, let head = family?.head, Self.firstSegment(of: hit.food.name) != head { continue }
            let name = scorer.names.parsed(hit.food.name, scorer: scorer)
            // A name that expresses a qualifier in its own words ("reduced fat" for "light") covers the qualifier.
            var covered: Set<String> = []
            for qualifier in said where expresses(hit.food.name, qualifier.wordings) {
                for position in qualifier.positions {
                    covered.insert(words[position])
                    if Self.isPackingToken(words[position]) { covered.formUnion(packingWords(words[position])) }
                }
            }
            var score = scorer.score(profile, name: name, groupCode: hit.food.groupCode, bm25: hit.rank, covered: covered)
            if let head = family?.head, !missed.isEmpty,
               let fit = qualifiedFit(hit.food.name, missed: missed, family: head, content: content, covered: covered) {
                qualifiedSibling = true
                if fit == .whole { bestQualified = max(bestQualified ?? 0, score) }
            }
            // A USDA name with every word of a phrase that holds an alias is the more specific food: "Babyfood,
            // vegetables, sweet potatoes" for "baby food sweet potatoes", where "sweet potato" alone is an alias.
            if let inner = innerAlias, namesMore(query, than: inner),
               scorer.coverage(query: content, name: hit.food.name, covered: []) == 1 {
                score += 0.06
            }
            let sibling = family.flatMap { Self.firstSegment(of: hit.food.name) == $0.head && sharesPortion($0.alias) ? $0.alias : nil }
            offer(FoodCandidate(food: hit.food, score: score, alias: sibling))
        }
        if qualifiedSibling, let alias = family?.alias, var candidate = byId[alias.foodId] {
            // A food with every word of the phrase and the qualifier ranks above the plain one ("sugar free cola").
            candidate.score = min(candidate.score - Self.missedQualifierPenalty, (bestQualified ?? 1) - 0.001)
            byId[alias.foodId] = candidate
        }
        // Ties go to the shorter name, then the smaller id, so every run ranks the same way. Name lengths are counted
        // once per candidate, not once per comparison.
        return byId.values.map { ($0, $0.food.name.characterCount) }
            .sorted { ($0.0.score, $1.1, $1.0.food.id) > ($1.0.score, $0.1, $0.0.food.id) }
            .map(\.0)
    }

    /// Whether an alias's everyday portion suits the other foods of its family: a measure or a container ("a tbsp
    /// of jelly", "a bag of chips"), not a count, whose size is the food's own ("a cookie", "a breast").
    private func sharesPortion(_ alias: FoodAlias) -> Bool {
        scorer.rules.sharedPortionUnits.contains(alias.portion)
    }

    /// "Jellies" in "Jellies, reduced sugar, home preserved".
    static func firstSegment(of name: String) -> Substring {
        Substring(name.utf8.prefix { $0 != UInt8(ascii: ",") })
    }

    /// Whether the words outside an alias name more than a state ("baby food" beside "sweet potato", not "raw"
    /// beside "grape"), so that a USDA name with all of them is a more specific food.
    private func namesMore(_ query: [String], than alias: Set<Int>) -> Bool {
        query.indices.contains { !alias.contains($0) && scorer.rules.preparationState[query[$0]] == nil
            && !scorer.rules.nonFoodWords.contains(query[$0]) }
    }

    /// The longest run of query words that is an alias, and where it is; on ties the rightmost, since the head noun
    /// comes last.
    private func longestAlias(in query: [String]) -> (FoodAlias, Set<Int>)? {
        let contiguous = contiguousAlias(in: query)
        // Words of a longer alias scattered through the phrase name the food more fully than a run of them does.
        if query.count >= 4, let scattered = aliases.scatteredAlias(in: query, longerThan: max(2, contiguous?.1.count ?? 0)),
           scattered.1.count < query.count {
            return branded(over: scattered, in: query) ?? scattered
        }
        if let found = contiguous, let end = found.1.max(), end + 2 < query.count,
           scorer.rules.fillingMarks.contains(query[end + 1]),
           let after = wholeOrContiguousAlias(in: Array(query[(end + 2)...])) {
            // "peanut butter-filled pretzels" are pretzels: an alias right before "filled" is only what fills the food.
            return (after.0, Set(after.1.map { $0 + end + 2 }))
        }
        return contiguous.map { branded(over: $0, in: query) ?? $0 }
    }

    /// A brand's product named before the generic alias of its kind: "whopper hamburger", "trix cereal", "burger king
    /// whopper hamburger" are the Whopper and Trix, not any hamburger or cereal (nor "burger king hamburger", whose
    /// words are scattered around it). The longest alias among the words before the found one's last word and
    /// outside it whose food's USDA name carries a brand in capitals, in the same food group; it covers both.
    private func branded(over found: (FoodAlias, Set<Int>), in query: [String]) -> (FoodAlias, Set<Int>)? {
        guard let end = found.1.max(), end > 0 else { return nil }
        // The found alias's food is read only once another alias stands before it: most phrases have none.
        var generic: Food??
        func genericGroup() -> String? {
            if generic == nil { generic = .some(try? catalog.food(id: found.0.foodId)) }
            return generic??.groupCode
        }
        var best: (alias: FoodAlias, span: Range<Int>)?
        for start in 0..<end where !found.1.contains(start) && aliases.firstWords.contains(query[start]) {
            var stop = start
            while stop < end, !found.1.contains(stop), stop - start < aliases.longestAlias { stop += 1 }
            for last in stride(from: stop, to: start, by: -1) where last - start > (best?.span.count ?? 0) {
                guard let alias = aliases.alias(forKey: query[start..<last].joinedWithSpaces()),
                      let food = try? catalog.food(id: alias.foodId), let group = genericGroup(), food.groupCode == group,
                      FoodScorer.isBranded(food.name, notBrand: scorer.rules.notBrandRuns) else { continue }
                best = (alias, start..<last)
                break
            }
        }
        return best.map { ($0.alias, Set($0.span).union(found.1)) }
    }

    /// The alias of all these words, or else the longest run of them that is one.
    private func wholeOrContiguousAlias(in query: [String]) -> (FoodAlias, Set<Int>)? {
        aliases.alias(forKey: query.joinedWithSpaces()).map { ($0, Set(query.indices)) } ?? contiguousAlias(in: query)
    }

    private func contiguousAlias(in query: [String]) -> (FoodAlias, Set<Int>)? {
        let maxLength = min(query.count - 1, aliases.longestAlias)
        guard maxLength >= 1 else { return nil }
        for length in stride(from: maxLength, through: 1, by: -1) {
            for start in stride(from: query.count - length, through: 0, by: -1)
            where aliases.firstWords.contains(query[start]) {
                let key = query[start..<start + length].joinedWithSpaces()
                if let alias = aliases.alias(forKey: key) {
                    return widened(alias, span: start..<start + length, in: query) ?? (alias, Set(start..<start + length))
                }
            }
        }
        return nil
    }

    /// A longer alias made of the found one and some of the words before it, skipping the rest: "diet soft drink"
    /// and "fruit flavored soft drink" in "caffeine free diet fruit flavored soft drink". The most words wins; on
    /// ties, the one whose words sit closest to the found alias. Returns the alias and the query positions it used.
    private func widened(_ alias: FoodAlias, span: Range<Int>, in query: [String]) -> (FoodAlias, Set<Int>)? {
        let before = Array(query[max(0, span.lowerBound - 6)..<span.lowerBound])
        guard !before.isEmpty else { return nil }
        let head = query[span].joinedWithSpaces()
        var best: (alias: FoodAlias, used: [Int])?
        // Every non-empty subset of the words before, as a bit mask over `before`, kept in order.
        for mask in 1..<(1 << before.count) {
            let used = before.indices.filter { mask & (1 << $0) != 0 }
            // A run of the words right before the alias was already tried as a contiguous alias.
            guard used.count + span.count <= aliases.longestAlias else { continue }
            let key = (used.map { before[$0] } + [head]).joinedWithSpaces()
            guard let found = aliases.alias(forKey: key) else { continue }
            if let current = best {
                if used.count < current.used.count { continue }
                if used.count == current.used.count, used.reduce(0, +) <= current.used.reduce(0, +) { continue }
            }
            best = (found, used)
        }
        guard let best else { return nil }
        let offset = span.lowerBound - before.count
        return (best.alias, Set(best.used.map { $0 + offset }).union(span))
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

    /// Foods that say a qualifier in USDA's words: "sugar free cola" also searches "cola low calorie", so the diet
    /// cola is a candidate even though its name has neither "sugar" nor "free".
    private func qualifiedHits(_ query: [String], said: [(positions: Set<Int>, wordings: [[String]])]) throws -> [FoodSearchHit] {
        var hits: [FoodSearchHit] = []
        for qualifier in said {
            let rest = query.indices.filter { !qualifier.positions.contains($0) }.map { query[$0] }
                .filter { !scorer.rules.nonFoodWords.contains($0) && !Self.isPackingToken($0) }
            guard !rest.isEmpty else { continue }
            for wording in qualifier.wordings where wording != qualifier.positions.sorted().map({ query[$0] }) {
                hits += try catalog.database.fullTextSearch(words: Array(Set(rest + wording)).sorted(), limit: 20)
            }
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
