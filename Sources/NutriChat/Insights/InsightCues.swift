import Foundation
import NutriLanguage

/// The cue words of insight questions (`Lexicon/insight-cues.tsv`), matched as whole words in order.
public struct InsightCues: Sendable {
    /// What a cue says about the question.
    public enum Kind: String, Sendable, CaseIterable {
        case calendar, report, streak, weekday
        case overFoods = "over-foods"
        case mealShare = "meal-share"
        case missing
        case mineralsAll = "minerals-all"
        case source, personal, period, month
    }

    /// A cue found in a message, with its value ("month" → "11").
    public struct Match: Equatable, Sendable {
        public var kind: Kind
        public var value: String
    }

    struct Cue: Sendable {
        var words: [String]
        var kind: Kind
        var value: String
    }

    let cues: [Cue]

    /// Reads `insight-cues.tsv`.
    public static func load(from lexicon: URL) throws -> InsightCues {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("insight-cues.tsv"), required: ["phrase", "kind", "value"])
        return InsightCues(cues: try table.rows.map { row in
            guard let kind = Kind(rawValue: row["kind"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
            if kind == .period, row["value"].split(separator: ":").count != 2 {
                throw DataFileError(file: table.file, line: row.line, reason: "a period value is day:N, week:N, month:N or days:N")
            }
            return Cue(words: FoldedWords.words(of: row["phrase"]), kind: kind, value: row["value"])
        })
    }

    /// The cues found in `words`, with their values, longest phrases first (so "last week" wins over "week").
    public func matches(in words: [String]) -> [Match] {
        var found: [(kind: Kind, value: String, length: Int)] = []
        let present = Set(words)  // most cues have a word the message lacks: skip them before comparing
        for cue in cues where !cue.words.isEmpty && cue.words.count <= words.count && cue.words.allSatisfy(present.contains) {
            for start in 0...(words.count - cue.words.count) where Array(words[start..<start + cue.words.count]) == cue.words {
                found.append((cue.kind, cue.value, cue.words.count))
                break
            }
        }
        return found.sorted { $0.length > $1.length }.map { Match(kind: $0.kind, value: $0.value) }
    }
}
