import Foundation

/// Food names the caller knows ("mac and cheese", "sweet potato"): never split, never stripped of filler.
struct KnownFoods: Sendable {
    private var byFirstWord: [String: [[String]]] = [:]

    init(_ names: Set<String>, lexicon: LanguageLexicon) {
        for name in names {
            let words = LanguageLexicon.phraseWords(name).map { lexicon.singular($0) }
            guard let first = words.first else { continue }
            byFirstWord[first, default: []].append(words)
        }
        for key in byFirstWord.keys { byFirstWord[key]?.sort { $0.count > $1.count } }
    }

    var isEmpty: Bool { byFirstWord.isEmpty }

    /// The length of the longest known food starting at `i`, comparing singular forms (`folded`).
    func match(_ folded: [String], at i: Int) -> Int? {
        guard i < folded.count, let candidates = byFirstWord[folded[i]] else { return nil }
        for words in candidates where i + words.count <= folded.count {
            var ok = true
            for k in 1..<max(words.count, 1) where folded[i + k] != words[k] { ok = false; break }
            if ok { return words.count }
        }
        return nil
    }
}
