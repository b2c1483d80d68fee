import Foundation
import NutriIntent
import NutriLanguage

/// How a message's contents overrule its wording: the rows of `Intents/slot-rules.tsv` over named conditions, and
/// the cue words of `Lexicon/message-cues.tsv` (and the correction phrases of `Lexicon/dialogue-words.tsv`) that
/// the `food-line` condition reads.
public struct SlotRules: Sendable {
    /// A named test over what a message holds; its meaning is written beside the rows in `slot-rules.tsv`.
    public enum Condition: String, Sendable, CaseIterable {
        case statement
        case mealOfFoods = "meal-of-foods"
        case foodLine = "food-line"
        case sharedFoods = "shared-foods"
        case countedMovement = "counted-movement"
        case asksNutrient = "asks-nutrient"
    }

    /// What a cue word shows a message is for.
    public enum Cue: String, Sendable, CaseIterable {
        case question, goal, body, activity
    }

    /// One row: the classifier's intent, the conditions that must all hold, the intent decided.
    public struct Rule: Sendable {
        public var intent: Intent
        public var conditions: [Condition]
        public var decided: Intent
    }

    /// The rows in file order.
    public let rules: [Rule]
    /// Cue words, singular and lowercase.
    public let cues: [String: Cue]
    /// Phrases that make a message a correction wherever they stand ("instead"): `dialogue-words.tsv`, kind
    /// correct-anywhere, the dialogue's own list.
    public let corrections: [[String]]
    /// The last word of every counted movement of `exercise-reps.tsv` ("ups", "crunches"): a message holding none
    /// cannot count a movement, so the exercise tables are not loaded to test it.
    public let movementEnds: Set<String>
    /// Intents some row starts from: a message of any other intent needs no conditions tested.
    let overruled: Set<Intent>
    /// Phrases that open a question about foods ("how much", "what's"): `question-openings.tsv`, kind opening.
    public var questionOpenings: [[String]] = []
    /// Words after an opening nutrient word that make it a question ("calories in"): kind after-nutrient.
    public var afterNutrient: Set<String> = []
    /// The nutrient words of `nutrient-words.tsv`, folded ("calories", "vitamin c").
    public var nutrientWords: Set<[String]> = []

    /// Loads `slot-rules.tsv` from `intents` and `message-cues.tsv`, `dialogue-words.tsv` and the movements of
    /// `exercise-reps.tsv` from `lexicon`; a bad row throws with `file:line`.
    public static func load(intents: URL, lexicon: URL) throws -> SlotRules {
        let table = try TSVTable(contentsOf: intents.appendingPathComponent("slot-rules.tsv"),
                                 required: ["intent", "when", "decided"])
        var rules: [Rule] = []
        for row in table.rows {
            guard let intent = Intent(rawValue: row["intent"]), let decided = Intent(rawValue: row["decided"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown intent in '\(row["intent"])' or '\(row["decided"])'")
            }
            var conditions: [Condition] = []
            for name in row["when"].splitting(",") {
                guard let condition = Condition(rawValue: String(name).trimmingCharacters(in: .whitespaces)) else {
                    throw DataFileError(file: table.file, line: row.line, reason: "unknown condition '\(name)'")
                }
                conditions.append(condition)
            }
            rules.append(Rule(intent: intent, conditions: conditions, decided: decided))
        }
        let cueTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("message-cues.tsv"), required: ["word", "cue"])
        var cues: [String: Cue] = [:]
        for row in cueTable.rows {
            guard let cue = Cue(rawValue: row["cue"]) else {
                throw DataFileError(file: cueTable.file, line: row.line, reason: "unknown cue '\(row["cue"])'")
            }
            cues[row["word"].lowercased()] = cue
        }
        let dialogue = try TSVTable(contentsOf: lexicon.appendingPathComponent("dialogue-words.tsv"), required: ["phrase", "kind"])
        let corrections = dialogue.rows.filter { $0["kind"] == "correct-anywhere" }.map { FoldedWords.words(of: $0["phrase"]) }
        let reps = try TSVTable(contentsOf: lexicon.appendingPathComponent("exercise-reps.tsv"), required: ["phrase", "kind"])
        let movementEnds = Set(reps.rows.filter { $0["kind"] == "movement" }.compactMap { MeasureText.words($0["phrase"]).last })
        var slotRules = SlotRules(rules: rules, cues: cues, corrections: corrections.filter { !$0.isEmpty },
                                  movementEnds: movementEnds, overruled: Set(rules.map(\.intent)))
        let openings = try TSVTable(contentsOf: lexicon.appendingPathComponent("question-openings.tsv"), required: ["phrase", "kind"])
        for row in openings.rows {
            switch row["kind"] {
            case "opening": slotRules.questionOpenings.append(FoldedWords.words(of: row["phrase"]))
            case "after-nutrient": slotRules.afterNutrient.formUnion(FoldedWords.words(of: row["phrase"]))
            default: throw DataFileError(file: openings.file, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
        }
        let nutrients = try TSVTable(contentsOf: lexicon.appendingPathComponent("nutrient-words.tsv"), required: ["word", "key"])
        slotRules.nutrientWords = Set(nutrients.rows.map { FoldedWords.words(of: $0["word"]) })
        return slotRules
    }

    /// Whether `words` (folded) open with a question about foods: an opening phrase ("how much …", "what's …"), or
    /// a nutrient word and a word that asks for it ("calories in …", "protein per …").
    public func asksNutrient(_ words: [String]) -> Bool {
        if questionOpenings.contains(where: { !$0.isEmpty && words.starts(with: $0) }) { return true }
        return (1...2).contains { length in
            words.count > length && nutrientWords.contains(Array(words[..<length])) && afterNutrient.contains(words[length])
        }
    }

    /// The intent the first fitting row decides for a message the classifier called `intent`, or nil; `holds`
    /// answers each condition (and may be asked none, so costly tests run only when a row needs them).
    public func decide(_ intent: Intent, holds: (Condition) -> Bool) -> Intent? {
        guard overruled.contains(intent) else { return nil }
        var known: [Condition: Bool] = [:]
        for rule in rules where rule.intent == intent {
            let fits = rule.conditions.allSatisfy { condition in
                if let answer = known[condition] { return answer }
                let answer = holds(condition)
                known[condition] = answer
                return answer
            }
            if fits { return rule.decided }
        }
        return nil
    }
}
