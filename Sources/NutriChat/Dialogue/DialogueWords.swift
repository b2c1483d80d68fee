import Foundation
import NutriLanguage

/// The words of the dialogue from `Lexicon/dialogue-words.tsv`: correction cues, cancel, undo, redo, delete and
/// move words, reference filler, meal-slot leads and exit words. Phrases are kept as folded words, longest first.
public struct DialogueWords: Sendable {
    /// What a phrase does in a message; the `kind` column of the file.
    public enum Kind: String, Sendable, CaseIterable {
        case correct, correctLead = "correct-lead", correctAnywhere = "correct-anywhere", addition, cancel, undo, redo
        case delete, move, filler, lastEntry = "last-entry", slotLead = "slot-lead", exit
        case goalQuestion = "goal-question", skip, numberWord = "number-word", amountFiller = "amount-filler"
        case waterWord = "water-word", weightWord = "weight-word", bmrQuestion = "bmr-question"
        case change, target, commaCue = "comma-cue", yes, allOfIt = "all-of-it", orderPart = "order-part"
        case compare, weekQuestion = "week-question", eatenQuestion = "eaten-question", amountLeft = "amount-left"
        case weightAsk = "weight-ask", choice1 = "choice-1", choice2 = "choice-2", choice3 = "choice-3"
        case choiceFiller = "choice-filler", negation, contrast, article, danglingGlue = "dangling-glue", less
        case copula, continuation, continuationAnywhere = "continuation-anywhere", polite, madeOf = "made-of"
        case praise, complaint, intensifier, skipMeal = "skip-meal", auxiliary, relocate, shareLead = "share-lead", shareOf = "share-of"
        case repeatLead = "repeat", repeatGlue = "repeat-glue", more, moreSame = "more-same", moreFiller = "more-filler"
        case refine, backReference = "back-reference", backGlue = "back-glue"
    }

    private var phrases: [Kind: [[String]]] = [:]

    /// Loads `dialogue-words.tsv` from a lexicon folder; a row of an unknown kind is an error naming its line.
    public static func load(from lexicon: URL) throws -> DialogueWords {
        var words = DialogueWords()
        words.phrases = try PhraseKinds.load(lexicon.appendingPathComponent("dialogue-words.tsv"), as: Kind.self)
        return words
    }

    /// The phrases of one kind, longest first.
    public func phrases(_ kind: Kind) -> [[String]] { phrases[kind] ?? [] }

    /// The longest phrase of `kind` that `words` starts with at `index`, if any.
    public func phrase(_ kind: Kind, in words: [String], at index: Int = 0) -> [String]? {
        guard index < words.count else { return nil }
        return phrases(kind).first { phrase in
            index + phrase.count <= words.count && Array(words[index..<(index + phrase.count)]) == phrase
        }
    }

    /// Whether `words` are exactly one phrase of `kind` ("never mind", "undo that").
    public func isWhole(_ words: [String], _ kind: Kind) -> Bool {
        phrases(kind).contains(words)
    }

    /// Whether a phrase of `kind` appears anywhere in `words`.
    public func contains(_ kind: Kind, in words: [String]) -> Bool {
        words.indices.contains { phrase(kind, in: words, at: $0) != nil }
    }

    /// Whether a single word is (a one-word phrase) of `kind`.
    public func isWord(_ word: String, _ kind: Kind) -> Bool {
        phrases(kind).contains([word])
    }

    /// The 0-based choice an ordinal word picks ("second", "2nd", "two" → 1), by the `choice-N` kinds.
    public func choice(_ word: String) -> Int? {
        [Kind.choice1, .choice2, .choice3].firstIndex { isWord(word, $0) }
    }

    /// Whether `text` ends a session ("bye", "quit").
    /// The whole line must be the phrase (closing "!" or "." and a vim-style ":" aside): a line of noise that
    /// happens to hold the letter q ends nothing.
    public func isExit(_ text: String) -> Bool {
        let words = FoldedWords.words(of: text)
        guard !words.isEmpty, isWhole(words, .exit) else { return false }
        var bare = text.lowercased().trimmingCharacters(in: .whitespaces)
        while let last = bare.last, "!.".contains(last) { bare.removeLast() }
        if bare.hasPrefix(":") { bare.removeFirst() }
        return bare.split(separator: " ").joined(separator: " ") == words.joined(separator: " ")
    }
}
