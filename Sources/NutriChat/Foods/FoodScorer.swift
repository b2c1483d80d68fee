import Foundation
import NutriStore

/// Scores how well a USDA food name fits what a person typed, in 0…1.
///
/// USDA names put the head noun first and qualifiers after commas ("Chicken, broilers or fryers, breast, meat only,
/// cooked, roasted"). A good match covers every query word, has the query's head in its first segment, adds few words
/// the person did not say, is generic rather than branded, and is in the state people mean by default: raw fruit and
/// vegetables, cooked grains, legumes and meat.
final class FoodScorer: @unchecked Sendable {
    let rules: FoodRankingRules
    let singular: (String) -> String
    /// USDA names split into singular words once: the same names come back for query after query.
    let names = ParsedNameCache()

    /// A scorer under `rules`. A class, though immutable: ranking passes it around for every query, and a copy of
    /// the rules' tables retained and released each of them, from both parse workers at once.
    init(rules: FoodRankingRules, singular: @escaping (String) -> String) {
        self.rules = rules
        self.singular = singular
    }

    /// The position of the head noun: the last word that is not a preparation or form word.
    func headIndex(of query: [String]) -> Int {
        query.lastIndex { rules.preparationState[$0] == nil } ?? max(0, query.count - 1)
    }

    /// The share of query words found in `name` or in `covered`.
    func coverage(query: [String], name: String, covered: Set<String>) -> Double {
        guard !query.isEmpty else { return 0 }
        let nameSet = names.parsed(name, scorer: self).set
        return Double(query.filter { found($0, in: nameSet) || covered.contains($0) }.count) / Double(query.count)
    }

    /// A query word is in a name as itself or as its USDA wording ("diet" as "low calorie").
    func found(_ word: String, in name: WordSet) -> Bool {
        if name.contains(word) { return true }
        guard let usda = rules.synonyms[word] else { return false }
        return usda.allSatisfy { name.contains(singular($0)) || name.contains($0) }
    }

    /// `covered` are query words known to describe the food already (an alias inside the phrase: "soft drink" in
    /// "cola soft drink" is what "Carbonated beverage, cola" is), counted as matched.
    func score(query: [String], name: String, groupCode: String?, bm25: Double, covered: Set<String> = []) -> Double {
        score(profile(of: query), name: names.parsed(name, scorer: self), groupCode: groupCode, bm25: bm25,
              covered: covered)
    }

    /// What scoring needs to know about a query, worked out once for all the names it is compared with.
    func profile(of query: [String]) -> QueryProfile {
        QueryProfile(query: query, rules: rules, singular: singular)
    }

    /// The score of one parsed name for a profiled query; the same arithmetic, in the same order, as always.
    func score(_ profile: QueryProfile, name parsed: ParsedName, groupCode: String?, bm25: Double,
               covered: Set<String> = []) -> Double {
        let query = profile.words
        let nameSet = parsed.set
        let firstSegment = parsed.firstSegment
        guard !query.isEmpty else { return 0 }

        let matched = profile.indices.filter { profile.found($0, in: nameSet) || covered.contains(query[$0]) }
        let coverage = Double(matched.count) / Double(query.count)
        var score = 0.5 + 0.35 * coverage

        // The head noun is usually the last word typed ("grilled chicken breast") and comes first in USDA names.
        // The head noun is the last word that is not a preparation or form word ("banana dried" → banana).
        if let head = profile.head {
            if firstSegment.contains(head) {
                score += 0.06
                // "sweet" is not what "Sweet potato leaves" is about: the head of a USDA segment is its last word.
                if let segmentHead = parsed.segments.first?.last, segmentHead != head, query.count == 1 { score -= 0.08 }
            } else if !nameSet.contains(head) && !covered.contains(head) {
                score -= 0.15
            }
        }
        if query.contains(where: { firstSegment.contains($0) }) { score += 0.04 }

        let querySet = profile.expandedWords
        var extras = 0
        for word in parsed.plainWords where !querySet.contains(word) { extras += 1 }
        score -= min(0.25, 0.018 * Double(extras))

        if parsed.isBranded, !parsed.brandWords.contains(where: { querySet.contains($0) }) { score -= 0.15 }
        if let code = groupCode, let prior = rules.groupPrior[code], !mentionsGroup(code, querySet) { score += prior }
        if !profile.namesBaby, parsed.isBabyFood { score -= 0.4 }

        score += stateAdjustment(profile, name: parsed, groupCode: groupCode)
        if parsed.saysWithSalt, !profile.namesSalt { score -= 0.02 }
        score -= min(0.02, max(0, bm25 + 20) * 0.001)
        return min(0.98, max(0, score))
    }

    /// Rewards the default state of the group unless the query names a state, and penalises
    /// preparation words in the name that the person did not say.
    private func stateAdjustment(_ profile: QueryProfile, name: ParsedName, groupCode: String?) -> Double {
        let queryStates = profile.states
        var adjustment = 0.0
        for (word, state) in name.preparations where !profile.expandedWords.contains(word) {
            if queryStates.isEmpty, let code = groupCode, rules.groupState[code] == state {
                continue
            }
            switch state {
            case "dry": adjustment -= 0.15
            case "processed": adjustment -= 0.06
            case "form": adjustment -= 0.01
            default: adjustment -= 0.03
            }
        }
        if queryStates.isEmpty, let code = groupCode, let wanted = rules.groupState[code] {
            let nameStates = name.preparationStates
            if nameStates.contains(wanted), wanted != "form" { adjustment += 0.08 }
            else if wanted == "cooked", nameStates.contains("raw") { adjustment -= 0.08 }
        }
        return adjustment
    }

    /// SR24 writes brand names in capitals: "CAMPBELL'S", "KELLOGG'S", "McDONALD'S".
    /// `notBrand` are lowercased runs that are abbreviations ("nfs").
    static func isBranded(_ name: String, notBrand: Set<String>) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { isBranded($0, notBrand: notBrand) }
            ?? Array(name.utf8).withUnsafeBufferPointer { isBranded($0, notBrand: notBrand) }
    }

    /// A run of three or more capital letters (apostrophes allowed inside), scanned as bytes.
    private static func isBranded(_ bytes: UnsafeBufferPointer<UInt8>, notBrand: Set<String>) -> Bool {
        var start = 0
        var allCapitals = true
        var letterCount = 0
        func isBrandRun(endingAt end: Int) -> Bool {
            // Lowercase runs, nearly all of them, are settled without looking at their letters.
            guard allCapitals, letterCount >= 3 else { return false }
            let letters = bytes[start..<end].filter { $0 != UInt8(ascii: "'") }
            return !notBrand.contains(String(decoding: letters, as: UTF8.self).lowercased())
        }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let upper = byte >= 65 && byte <= 90
            let lower = (byte >= 97 && byte <= 122) || byte >= 0x80
            if upper || lower || byte == UInt8(ascii: "'") {
                if lower { allCapitals = false }
                if byte != UInt8(ascii: "'") { letterCount += 1 }
            } else {
                if isBrandRun(endingAt: index) { return true }
                start = index + 1
                allCapitals = true
                letterCount = 0
            }
        }
        return isBrandRun(endingAt: bytes.count)
    }

    /// Baby foods (03) and infant formulas (43) keep their prior only when the query names them.
    private func mentionsGroup(_ code: String, _ query: WordSet) -> Bool {
        guard code == "03" || code == "43" else { return false }
        return rules.babyWords.contains { query.contains($0) }
    }
}
