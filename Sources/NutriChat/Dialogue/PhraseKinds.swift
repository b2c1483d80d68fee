import Foundation
import NutriLanguage

/// Reads a word file of `phrase` and `kind` columns (dialogue-words.tsv, menu-words.tsv) into folded phrases by
/// kind, longest first; a row of an unknown kind is an error naming its line.
enum PhraseKinds {
    static func load<Kind: RawRepresentable & Hashable>(_ file: URL, as _: Kind.Type) throws -> [Kind: [[String]]]
    where Kind.RawValue == String {
        let table = try TSVTable(contentsOf: file, required: ["phrase", "kind"])
        var phrases: [Kind: [[String]]] = [:]
        for row in table.rows {
            guard let kind = Kind(rawValue: row["kind"]) else {
                throw DataFileError(file: file.lastPathComponent, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
            let phrase = FoldedWords.words(of: row["phrase"])
            if !phrase.isEmpty { phrases[kind, default: []].append(phrase) }
        }
        for kind in phrases.keys { phrases[kind]?.sort { $0.count > $1.count } }
        return phrases
    }
}
