import Foundation

extension ItemScanner {
    /// A part of a food named before the amount of the whole it comes from: "zest of 1 lemon", "finely grated zest
    /// of 2 limes", "leaves from 2 sprigs spearmint", "seeds from 3 cardamom pods".
    struct PartLead {
        /// Describing words said before the part ("finely grated"), articles left out.
        var describing: [String]
        /// The part, singular ("leaf").
        var part: String
        /// The amount of the whole.
        var amount: AmountMatch
    }

    /// The lead-in starting at `start`: up to two describing words, a part word (`grammar-words.tsv`, kind part-lead),
    /// "of" or "from" (part-from) and a stated number. Nil for anything else, so "juice" alone, "the juice of a lemon
    /// slice" and "meat from a fast food place" stay as they were read.
    func partLead(at start: Int) -> PartLead? {
        // Most items start with a number or a food: look for the part word first, before reading describing words.
        let end = min(tokens.count - 1, start + 3)
        guard start < end, (start..<end).contains(where: { tokens[$0].isWord && grammar.contains(tokens[$0].text, "part-lead") })
        else { return nil }
        var j = start
        while j < tokens.count, j < start + 3, tokens[j].isWord {
            let word = tokens[j].text
            if grammar.contains(word, "part-lead"), j + 1 < tokens.count, grammar.contains(tokens[j + 1].text, "part-from"),
               let match = parser.grammar.parse(tokens, at: j + 2), match.end > j + 2, match.amount.quantity != nil,
               !match.amount.isImplicit {
                let describing = tokens[start..<j].map(\.text).filter { !lexicon.isGrammarWord($0) && !grammar.contains($0, "definite") }
                return PartLead(describing: describing, part: lexicon.singular(word), amount: match)
            }
            // Only describing words may stand before the part ("the", "finely grated": a word before a describing word
            // describes it too); "apple juice from a carton" is apple juice, not the juice of a carton.
            let describes = lexicon.descriptors.match(tokens, at: j) != nil || lexicon.filler.match(tokens, at: j)?.value == .drop
                || lexicon.isGrammarWord(word) || grammar.contains(word, "definite")
                || (j + 1 < tokens.count && tokens[j + 1].isWord && lexicon.descriptors.match(tokens, at: j + 1) != nil)
            guard describes, knownSpans[j] == nil else { return nil }
            j += 1
        }
        return nil
    }

    /// `mention` named by its part: "lemon" read after "finely grated zest of 1" is "finely grated lemon zest".
    func naming(_ mention: FoodMention, by lead: PartLead) -> FoodMention {
        var named = mention
        named.food = (lead.describing + [mention.food, lead.part]).filter { !$0.isEmpty }.joinedWithSpaces()
        named.part = lead.part
        return named
    }
}
