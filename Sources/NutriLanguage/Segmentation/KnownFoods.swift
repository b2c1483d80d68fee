import Foundation

/// Food names the caller knows ("mac and cheese", "sweet potato"): never split, never stripped of filler.
public struct KnownFoods: Sendable {
    struct Name: Sendable {
        let words: [String]
        let name: String
    }

    private var byFirstWord: [String: [Name]] = [:]

    /// Indexes `names` by their first word, in the singular forms of `lexicon`.
    public init(_ names: Set<String>, lexicon: LanguageLexicon) {
        // A Set's order changes from process to process, but no order leaks out: each first word's names are sorted
        // below by length and then name, which no two names share, so two spellings with the same words ("mashed
        // potato", "mashed potatoes") resolve the same way in every run.
        byFirstWord.reserveCapacity(names.count)
        for name in names {
            let words = LanguageLexicon.phraseWords(name).map { lexicon.singular($0) }
            guard let first = words.first else { continue }
            byFirstWord[first, default: []].append(Name(words: words, name: name.lowercased()))
        }
        for key in byFirstWord.keys {
            byFirstWord[key]?.sort { ($0.words.count, $1.name) > ($1.words.count, $0.name) }
        }
    }

    var isEmpty: Bool { byFirstWord.isEmpty }

    /// The number of leading words of `food` that form a known name, or nil.
    func knownPrefix(_ food: String) -> Int? {
        match(food.splitting(" ").map(String.init), at: 0)?.length
    }

    /// Whether `food` (words separated by spaces) is exactly a known name.
    func isKnown(_ food: String) -> Bool {
        let words = food.splitting(" ").map(String.init)
        return match(words, at: 0)?.length == words.count
    }

    /// The longest known food starting at `i`, comparing singular forms (`folded`): its length in tokens and
    /// the name as the caller gave it.
    func match(_ folded: [String], at i: Int) -> (length: Int, name: String)? {
        guard i < folded.count, let candidates = byFirstWord[folded[i]] else { return nil }
        for candidate in candidates where i + candidate.words.count <= folded.count {
            var ok = true
            for k in 1..<max(candidate.words.count, 1) where folded[i + k] != candidate.words[k] { ok = false; break }
            if ok { return (candidate.words.count, candidate.name) }
        }
        return nil
    }
}
