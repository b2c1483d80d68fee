import Foundation
import NutriStore
import NutriLanguage

/// The words of profile and goal messages from `Lexicon/profile-words.tsv`: sex, activity, weight goal,
/// units preference and the nutrients a daily goal can name.
public struct ProfileVocabulary: Sendable {
    /// What a phrase sets.
    public enum Field: String, Sendable {
        case sex, activity, goal, units, nutrient
        /// Only as the answer to the set-up question, or a whole message.
        case sexAnswer = "sex_answer"
        case activityAnswer = "activity_answer"
    }

    /// One phrase's meaning.
    public struct Meaning: Sendable, Equatable {
        public var field: Field
        public var value: String
    }

    var phrases = PhraseIndex<Meaning>()

    /// Loads `profile-words.tsv`; values are checked against the profile's enums.
    public static func load(from lexicon: URL) throws -> ProfileVocabulary {
        var vocabulary = ProfileVocabulary()
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("profile-words.tsv"), required: ["phrase", "field", "value"])
        for row in table.rows {
            guard let field = Field(rawValue: row["field"]), Self.isValid(row["value"], for: field) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown field or value '\(row["field"])' '\(row["value"])'")
            }
            vocabulary.phrases.insert(ExerciseTable.key(row["phrase"]), Meaning(field: field, value: row["value"]))
        }
        return vocabulary
    }

    private static func isValid(_ value: String, for field: Field) -> Bool {
        switch field {
        case .sex, .sexAnswer: return ProfileRecord.Sex(rawValue: value) != nil
        case .activity, .activityAnswer: return ProfileRecord.Activity(rawValue: value) != nil
        case .goal: return ProfileRecord.WeightGoal(rawValue: value) != nil
        case .units: return ProfileRecord.Units(rawValue: value) != nil
        case .nutrient: return GoalRecord.keys.contains(value)
        }
    }

    /// Every phrase found in `words`, left to right.
    func meanings(in words: [String]) -> [(meaning: Meaning, range: Range<Int>)] {
        phrases.all(in: words).map { ($0.value, $0.range) }
    }
}

/// Every tracking word list, loaded together (a conversation keeps them after the first tracking message).
public struct TrackingLexicon: Sendable {
    public let units: TrackingUnits
    public let exercises: ExerciseTable
    public let profile: ProfileVocabulary
    public let preferences: PreferenceTable
    /// Words of tracking questions filed under other intents (`tracking-cues.tsv`).
    public let cues: TrackingCues

    /// Loads the tracking files of `lexicon`.
    public static func load(from lexicon: URL) throws -> TrackingLexicon {
        TrackingLexicon(units: try TrackingUnits.load(from: lexicon), exercises: try ExerciseTable.load(from: lexicon),
                        profile: try ProfileVocabulary.load(from: lexicon), preferences: try PreferenceTable.load(from: lexicon),
                        cues: try TrackingCues.load(from: lexicon))
    }

    /// A message read with these units.
    public func phrase(_ text: String) -> TrackingPhrase { TrackingPhrase(text, units: units) }
}
