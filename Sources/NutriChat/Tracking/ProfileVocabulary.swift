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

    /// Loads the tracking files of `lexicon`; units and numbers come from `language`, and the exercise table from
    /// `exercises` when it is already loaded.
    public static func load(from lexicon: URL, language: LanguageLexicon, exercises: ExerciseTable? = nil) throws -> TrackingLexicon {
        var preferences = try PreferenceTable.load(from: lexicon)
        preferences.cues = language.readerWords
        return TrackingLexicon(language: language, exercises: try exercises ?? ExerciseTable.load(from: lexicon),
                               profile: try ProfileVocabulary.load(from: lexicon, body: language.bodyWords),
                               preferences: preferences, cues: try TrackingCues.load(from: lexicon))
    }

    /// A message read for its measures.
    public func phrase(_ text: String) -> MeasureText { MeasureText(text, lexicon: language) }
}

extension TrackingLexicon {
    /// The exercises of a message that tells several, each with its own amount ("ran 5 km and then did 30 minutes
    /// of yoga", "walked 30 min, swam 1 km", "20 pushups and 30 situps"), as the texts to read one by one; empty when
    /// the message tells one. Pieces (`LanguageLexicon.joinedPieces`) join the piece before until it names an
    /// activity and an amount, and a last piece without both joins the one before it: "ran and walked 5 km" and
    /// "30 minutes of running and walking" stay one exercise, while "ran 3 miles and did yoga" is two, the yoga
    /// asked about.
    public func exerciseParts(_ text: String) -> [String] {
        let pieces = language.joinedPieces(text)
        guard pieces.count > 1 else { return [] }
        var groups: [(range: Range<String.Index>, complete: Bool)] = []
        for piece in pieces {
            let read = phrase(String(piece))
            let names = exercises.activity(in: read.words) != nil
            // "did yoga, then ran 3 miles": an activity with no amount before one with an amount that does not fit it
            // stays apart (the run is logged, the yoga asked about); "ran and walked 5 km" shares the 5 km.
            let apart = names && groups.last.map { last in
                !last.complete && isComplete(read) && !reads(phrase(String(text[last.range.lowerBound..<piece.endIndex])))
            } ?? false
            if let last = groups.last, !(last.complete && names), !apart {
                let range = last.range.lowerBound..<piece.endIndex
                groups[groups.count - 1] = (range, isComplete(phrase(String(text[range]))))
            } else {
                groups.append((piece.startIndex..<piece.endIndex, isComplete(read)))
            }
        }
        if groups.count > 1, let tail = groups.last, !tail.complete,
           !standsApart(String(text[tail.range]), after: String(text[groups[groups.count - 2].range])) {
            groups.removeLast()
            groups[groups.count - 1].range = groups[groups.count - 1].range.lowerBound..<tail.range.upperBound
        }
        return groups.count > 1 ? groups.map { String(text[$0.range]) } : []
    }

    /// Whether a last piece without an amount is an exercise of its own, asked about after the others: it names an
    /// activity and the exercise before it ends with its amount ("ran 3 miles and did yoga"). After an activity
    /// told last ("30 minutes of running and walking") the amount is shared.
    private func standsApart(_ tail: String, after previous: String) -> Bool {
        let before = phrase(previous)
        guard exercises.activity(in: phrase(tail).words) != nil,
              let named = exercises.activity(in: before.words) else { return false }
        return named.range.upperBound < before.words.count
    }

    /// Whether `phrase` reads as one exercise the reader logs.
    private func reads(_ phrase: MeasureText) -> Bool {
        if case .success = ExerciseReading.read(phrase, table: exercises) { return true }
        return false
    }

    /// Whether `phrase` names an activity and says how long, how far, how many laps or how many times, as the
    /// exercise reader reads it (an amount it refuses still counts: the reply then says why).
    private func isComplete(_ phrase: MeasureText) -> Bool {
        switch ExerciseReading.read(phrase, table: exercises) {
        case .failure(.noActivity), .failure(.noAmount): return false
        default: return true
        }
    }
}
