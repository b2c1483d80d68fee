import Foundation
import NutriLanguage

/// The words of `Lexicon/tracking-cues.tsv` by kind: how chat tells a tracking question the classifier files under
/// another intent ("how much water should I drink?", "what's my calorie goal?").
public struct TrackingCues: Sendable {
    /// The kinds of the file, as its header comment explains them.
    public enum Kind: String, Sendable, CaseIterable {
        case `self` = "self", waterTarget = "water-target", waterDrink = "water-drink", waterPast = "water-past"
        case daily, preferenceTopic = "preference-topic", weightTopic = "weight-topic", weightOther = "weight-other"
        case healthy, targetTopic = "target-topic", targetShould = "target-should", burnPeriod = "burn-period"
        case progress, water, shouldAsk = "should-ask", burn
        case undoWeight = "undo-weight", undoPreference = "undo-preference", undoExercise = "undo-exercise"
        case stop, stopAlone = "stop-alone", bodyIndex = "body-index", question
        case whenAsk = "when", whenAlone = "when-alone", weightGoal = "weight-goal", goalBack = "goal-back"
    }

    private let words: [Kind: Set<String>]

    /// The words of `kind`.
    public subscript(kind: Kind) -> Set<String> { words[kind] ?? [] }

    /// Whether `said` holds any word of `kind`.
    public func any(_ kind: Kind, in said: Set<String>) -> Bool { !said.isDisjoint(with: self[kind]) }

    /// Reads `tracking-cues.tsv` from `lexicon`; a bad row throws with `file:line`.
    public static func load(from lexicon: URL) throws -> TrackingCues {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("tracking-cues.tsv"), required: ["word", "kind"])
        var words: [Kind: Set<String>] = [:]
        for row in table.rows {
            guard let kind = Kind(rawValue: row["kind"]) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown kind '\(row["kind"])'")
            }
            words[kind, default: []].insert(row["word"].lowercased())
        }
        return TrackingCues(words: words)
    }
}
