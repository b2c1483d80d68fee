import Foundation

/// Words and phrases by kind, from a lexicon file with `phrase` and `kind` columns: the word lists a reader decides
/// on ("called", "per", "makes" …), kept as data so adding a word is a line in a file.
///
/// Phrases are split as messages are (`MeasureText.words`), so they match a message's words however it was typed.
public struct WordKinds: Sendable {
    /// Each kind's phrases, as words joined by single spaces.
    private var phrases: [String: Set<String>] = [:]
    /// The most words of any phrase of a kind.
    private var longest: [String: Int] = [:]

    /// An empty table.
    public init() {}

    /// Reads `table`; a row of a kind not in `kinds` or with an empty phrase throws with `file:line`. With `asWritten`
    /// each phrase is one token as the tokenizer gives it ("a.m", "o'clock", "&"), lowercased and not split.
    public init(_ table: TSVTable, kinds: Set<String>, asWritten: Bool = false) throws {
        for row in table.rows {
            let kind = row["kind"]
            guard kinds.contains(kind) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(kind)'")
            }
            let phrase = row["phrase"].lowercased()
            let words = asWritten ? (phrase.isEmpty ? [] : [phrase]) : MeasureText.words(phrase)
            guard !words.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty phrase") }
            phrases[kind, default: []].insert(words.joined(separator: " "))
            longest[kind] = max(longest[kind] ?? 0, words.count)
        }
    }

    /// The phrases of `kind` (one-word phrases are plain words).
    public subscript(kind: String) -> Set<String> { phrases[kind] ?? [] }

    /// Whether `word` is a one-word phrase of `kind`.
    public func contains(_ word: String, _ kind: String) -> Bool { phrases[kind]?.contains(word) ?? false }

    /// Whether any of `words` is a one-word phrase of `kind`.
    public func any(_ kind: String, in words: Set<String>) -> Bool { !words.isDisjoint(with: self[kind]) }

    /// The number of words of the longest phrase of `kind` starting at `index` in `words`, or nil.
    public func match(_ kind: String, in words: [String], at index: Int) -> Int? {
        guard let set = phrases[kind], index < words.count else { return nil }
        var length = min(longest[kind] ?? 0, words.count - index)
        while length > 0 {
            if set.contains(words[index..<index + length].joined(separator: " ")) { return length }
            length -= 1
        }
        return nil
    }

    /// Whether a phrase of `kind` occurs anywhere in `words`.
    public func occurs(_ kind: String, in words: [String]) -> Bool {
        words.indices.contains { match(kind, in: words, at: $0) != nil }
    }
}
