/// The words of a USDA name, asked only whether they contain a word.
///
/// A name has a handful of words, and comparing a word with each of them costs less than hashing it, as a
/// `Set<String>` must, both when the set is built (once per name, thousands of names per batch) and when it is asked
/// (several times per candidate). `contains` answers exactly what `Set.contains` would.
struct WordSet {
    private let words: [String]

    init(_ words: [String]) {
        self.words = words
    }

    func contains(_ word: String) -> Bool {
        words.contains(word)
    }
}
