import Foundation
import NutriLanguage

extension MealAnalyzer {
    /// Whether `mention` counts a thing the database does not know, as a line of foods does ("8 cornichons",
    /// "3 whole cardamom pods"): a stated number, no unit, and a short noun phrase after it whose words are no
    /// grammar word, cue (`message-cues.tsv`: "3 days", "30 minutes"), measure ("5 kg", "10 seconds") or
    /// non-food word; and the mention holds the whole first clause of `line` ("3 alarms for tomorrow" does not, "1 sm
    /// daikon, cut into matchsticks" does). Such a line is still a food log: its item is reported unresolved, not dropped.
    func countsUnknownFood(_ mention: FoodMention, line: String) -> Bool {
        // The mention holds the whole first clause, and may go on past it with parts ("…, such as chocolate mint").
        guard Self.firstClause(of: mention.text).starts(with: Self.firstClause(of: line)) else { return false }
        let amount = mention.amount
        guard let quantity = amount.quantity, quantity > 0, !amount.isImplicit, amount.unit == nil else { return false }
        let language = services.language
        let words = FoldedWords.words(of: mention.food)
        // "a disc of jameed", "fresh or dried lavender": joiners are no words of the name; no other grammar word may stand in it.
        let nouns = words.filter { !language.grammarWords.contains($0, "noun-joiner") }
        guard !nouns.isEmpty, nouns.count <= Self.longestUnknownName, words.last.map({ !language.grammarWords.contains($0, "noun-joiner") }) == true
        else { return false }
        let cues = services.slotRules.cues
        return nouns.allSatisfy { word in
            word.count >= 2 && word.isAllLetters && !language.isGrammarWord(word) && cues[word] == nil
                && cues[language.singular(word)] == nil && !language.namesMeasure(word)
                && !services.resolver.scorer.rules.nonFoodWords.contains(word)
        }
    }

    /// Whether an item no food was found for names only people, places or other non-food words
    /// (`non-food-words.tsv`): "a couple of beers with friends" logs the beers and asks nothing about friends.
    func namesNoFood(_ item: AnalyzedItem) -> Bool {
        guard item.match == nil else { return false }
        let language = services.language
        let words = FoldedWords.words(of: item.mention.food).map { language.singular($0) }
        return !words.isEmpty && words.allSatisfy { services.resolver.scorer.rules.nonFoodWords.contains($0) || language.isGrammarWord($0) }
    }

    /// Whether an item with no amount of its own names no food, only how one was made or sold: each of its words is a
    /// describing word the text gave it (`descriptors.tsv`), a non-food word or a grammar word, and the whole is no
    /// everyday name ("the frozen kind", "a delightful fast food experience"); "decaf" or "skim" alone stay foods.
    func describesNoFood(_ item: AnalyzedItem) -> Bool {
        let mention = item.mention
        guard mention.amount.isEmpty, mention.dish == nil, !mention.descriptors.isEmpty,
              services.resolver.aliases.alias(forKey: mention.food) == nil else { return false }
        let language = services.language
        let described = Set(mention.descriptors.flatMap { FoldedWords.words(of: $0) })
        let words = FoldedWords.words(of: mention.food)
        return !words.isEmpty && words.allSatisfy { word in
            described.contains(word) || services.resolver.scorer.rules.nonFoodWords.contains(language.singular(word))
                || language.isGrammarWord(word)
        }
    }

    /// Marks that end the first clause of an ingredient line ("8 cornichons, chopped").
    static let clauseMarks: Set<Character> = [",", ";", ":"]

    /// The words of `text` up to its first clause mark, parenthesised remarks left out ("1 disc of jameed (see
    /// headnote)" → 1, disc, of, jameed).
    static func firstClause(of text: String) -> [String] {
        var kept = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0, clauseMarks.contains(character) { break }
            if depth == 0 { kept.append(character) }
        }
        return FoldedWords.words(of: kept)
    }

    /// The most words an unknown food's name may have: longer phrases after a count are sentences, not names.
    static let longestUnknownName = 5

    /// The item-level error of an item no food was found for ("no food named 'sumac' in the database").
    static func unknownFoodError(_ item: AnalyzedItem) -> String? {
        guard item.match == nil, item.amountProblem == nil, !item.mention.food.isEmpty else { return nil }
        return "no food named '\(item.mention.food)' in the database"
    }
}
