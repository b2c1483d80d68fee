import Foundation
import NutriLanguage
import NutriStore

/// Diets, allergies and avoided foods from `Lexicon/preference-words.tsv`, and what conflicts with each
/// from `preference-conflicts.tsv`.
public struct PreferenceTable: Sendable {
    /// One way a food can conflict with an item.
    struct Rule: Sendable {
        enum Match: String { case group, word, includes }
        var match: Match
        var value: [String]
        var unless: [[String]]
    }

    /// A phrase's item and the kind of preference it is by default.
    struct Word: Sendable {
        var item: String
        var kind: PreferenceRecord.Kind
    }

    var words = PhraseTable<Word>()
    var rules: [String: [Rule]] = [:]
    /// The cue words around a preference (`preference-*` kinds in `reader-words.tsv`).
    var cues = WordKinds()

    /// Loads both files; every item named must have conflicts, and every include must be an item.
    public static func load(from lexicon: URL) throws -> PreferenceTable {
        var table = PreferenceTable()
        let conflicts = try TSVTable(contentsOf: lexicon.appendingPathComponent("preference-conflicts.tsv"),
                                     required: ["item", "match", "value", "unless"])
        for row in conflicts.rows {
            guard let match = Rule.Match(rawValue: row["match"]), !row["item"].isEmpty, !row["value"].isEmpty else {
                throw DataFileError(file: conflicts.file, line: row.line, reason: "bad conflict row")
            }
            let unless = row["unless"].splitting(",").map { ExerciseTable.key(String($0)).splitting(" ").map(String.init) }
            let value = match == .word ? ExerciseTable.key(row["value"]).splitting(" ").map(String.init) : [row["value"]]
            table.rules[row["item"], default: []].append(Rule(match: match, value: value, unless: unless.filter { !$0.isEmpty }))
        }
        for (item, rules) in table.rules {
            for rule in rules where rule.match == .includes && table.rules[rule.value[0]] == nil {
                throw DataFileError(file: conflicts.file, line: 0, reason: "'\(item)' includes unknown item '\(rule.value[0])'")
            }
        }
        let file = try TSVTable(contentsOf: lexicon.appendingPathComponent("preference-words.tsv"), required: ["phrase", "item", "kind"])
        for row in file.rows {
            guard let kind = PreferenceRecord.Kind(rawValue: row["kind"]), table.rules[row["item"]] != nil else {
                throw DataFileError(file: file.file, line: row.line, reason: "unknown kind or item without conflicts")
            }
            table.words.insert(ExerciseTable.key(row["phrase"]), Word(item: row["item"], kind: kind))
        }
        return table
    }

    /// Items named in `words`, with the words that named them.
    func items(in words: [String]) -> [(item: String, kind: PreferenceRecord.Kind, range: Range<Int>)] {
        self.words.all(in: words).map { ($0.value.item, $0.value.kind, $0.range) }
    }

    /// Whether a food conflicts with `item`: its SR24 group code, or words of its name (singular, lowercase).
    func conflicts(_ item: String, groupCode: String?, words: [String], visited: Set<String> = []) -> Bool {
        guard !visited.contains(item), let rules = rules[item] else { return false }
        for rule in rules {
            if rule.unless.contains(where: { Self.contains(words, $0) }) { continue }
            switch rule.match {
            case .group: if groupCode == rule.value[0] { return true }
            case .word: if Self.contains(words, rule.value) { return true }
            case .includes:
                if conflicts(rule.value[0], groupCode: groupCode, words: words, visited: visited.union([item])) { return true }
            }
        }
        return false
    }

    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
        }
    }
}
