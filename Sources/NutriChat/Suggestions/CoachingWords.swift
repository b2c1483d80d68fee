import Foundation
import NutriLanguage

/// The words of coaching (`Lexicon/coaching-words.tsv`): suggestion follow-ups, what a suggestion request asks for,
/// recipe browsing, reminder switches and clock questions.
struct CoachingWords: Sendable {
    /// What a phrase does in a message.
    enum Role: String, Sendable, CaseIterable {
        case more, like, show, ordinal, that, filler, high, low, limit, energy, gram, tag, meal, recipe, mine, manage
        case with, exclude, cuisine, remind, off, on, nudge, clock, ask
    }

    /// One role of a phrase, with its value ("ordinal" → "2").
    struct Sense: Sendable, Equatable {
        var role: Role
        var value: String
    }

    /// A phrase found in a message: every sense it has and the words it covers.
    struct Found: Sendable {
        var senses: [Sense]
        var range: Range<Int>

        func has(_ role: Role) -> Bool { senses.contains { $0.role == role } }
        func value(_ role: Role) -> String? { senses.first { $0.role == role }?.value }
    }

    private var index = PhraseTable<[Sense]>()

    /// Loads the file; an unknown role is an error naming its line.
    static func load(from lexicon: URL) throws -> CoachingWords {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("coaching-words.tsv"), required: ["phrase", "role", "value"])
        var senses: [String: [Sense]] = [:]
        var order: [String] = []
        for row in table.rows {
            guard let role = Role(rawValue: row["role"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown role '\(row["role"])'")
            }
            let key = FoldedWords.words(of: row["phrase"]).joined(separator: " ")
            guard !key.isEmpty else { throw DataFileError(file: table.file, line: row.line, reason: "empty phrase") }
            if senses[key] == nil { order.append(key) }
            senses[key, default: []].append(Sense(role: role, value: row["value"]))
        }
        var words = CoachingWords()
        for key in order { words.index.insert(key.split(separator: " ").map(String.init), value: senses[key] ?? []) }
        return words
    }

    /// The phrases of `words`, longest first, left to right.
    func phrases(in words: [String]) -> [Found] {
        index.all(in: words).map { Found(senses: $0.value, range: $0.range) }
    }

    /// The senses of one exact phrase, if it is listed.
    func senses(of phrase: String) -> [Sense] {
        index.match(words: FoldedWords.words(of: phrase), at: 0).flatMap { $0.length == FoldedWords.words(of: phrase).count ? $0.value : nil } ?? []
    }
}

/// A message read against the coaching words: its words, the phrases found and the words no phrase covers.
struct CoachingReading: Sendable {
    var words: [String]
    var found: [CoachingWords.Found]

    init(words: [String], found: [CoachingWords.Found]) {
        self.words = words
        self.found = found
    }

    init(_ text: String, words vocabulary: CoachingWords) {
        words = FoldedWords.words(of: text).flatMap(Self.splitAmount)
        found = vocabulary.phrases(in: words)
    }

    /// "300kcal" → "300", "kcal"; "30g" → "30", "g": a number stuck to its unit reads like one written apart.
    static func splitAmount(_ word: String) -> [String] {
        let digits = word.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, digits.count < word.count, Double(digits) != nil,
              word.dropFirst(digits.count).allSatisfy(\.isLetter) else { return [word] }
        return [String(digits), String(word.dropFirst(digits.count))]
    }

    /// Whether any phrase has `role`.
    func has(_ role: CoachingWords.Role) -> Bool { found.contains { $0.has(role) } }

    /// Values of every phrase with `role`, in order.
    func values(_ role: CoachingWords.Role) -> [String] { found.compactMap { $0.value(role) } }

    /// Words that no phrase covers.
    var uncovered: [String] {
        var covered = Set<Int>()
        for phrase in found { covered.formUnion(phrase.range) }
        return words.indices.filter { !covered.contains($0) }.map { words[$0] }
    }

    /// Whether every phrase has one of `roles` and every word is covered: a message made only of these words.
    func only(_ roles: Set<CoachingWords.Role>) -> Bool {
        uncovered.isEmpty && found.allSatisfy { phrase in phrase.senses.contains { roles.contains($0.role) } }
    }
}
