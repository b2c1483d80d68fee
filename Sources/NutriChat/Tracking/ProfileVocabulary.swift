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

    var phrases = PhraseTable<Meaning>()
    /// The words of ages, birth dates and target weights (`body-words.tsv`, through the language lexicon).
    public var body = BodyWords()

    /// Loads `profile-words.tsv`; values are checked against the profile's enums.
    public static func load(from lexicon: URL, body: BodyWords) throws -> ProfileVocabulary {
        var vocabulary = ProfileVocabulary()
        vocabulary.body = body
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("profile-words.tsv"), required: ["phrase", "field", "value"])
        for row in table.rows {
            guard let field = Field(rawValue: row["field"]), Self.isValid(row["value"], for: field) else {
                throw DataFileError(file: table.file, line: row.line, reason: "unknown field or value '\(row["field"])' '\(row["value"])'")
            }
            vocabulary.phrases.insert(row["phrase"], Meaning(field: field, value: row["value"]))
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
    /// The one language lexicon: units of every dimension and number words.
    public let language: LanguageLexicon
    public let exercises: ExerciseTable
    public let profile: ProfileVocabulary
    public let preferences: PreferenceTable
    /// Words of tracking questions filed under other intents (`tracking-cues.tsv`).
    public let cues: TrackingCues

    /// Loads the tracking files of `lexicon`; units and numbers come from `language`.
    public static func load(from lexicon: URL, language: LanguageLexicon) throws -> TrackingLexicon {
        var preferences = try PreferenceTable.load(from: lexicon)
        preferences.cues = language.readerWords
        return TrackingLexicon(language: language, exercises: try ExerciseTable.load(from: lexicon),
                               profile: try ProfileVocabulary.load(from: lexicon, body: language.bodyWords),
                               preferences: preferences, cues: try TrackingCues.load(from: lexicon))
    }

    /// A message read for its measures.
    public func phrase(_ text: String) -> MeasureText { MeasureText(text, lexicon: language) }
}
