import Foundation
import NutriLanguage
import NutriStore

/// What a message says about the person: "I'm a 30 year old man, 180 cm tall and I weigh 80 kg",
/// "I'm moderately active", "I want to lose half a kilo per week", "my target weight is 75 kg", "use pounds".
/// Several facts may come in one message; bare numbers count only as the answer to a set-up question.
public struct ProfileStatement: Sendable, Equatable {
    public var age: Int?
    public var birthDate: String?
    /// Whether the birth date is the middle of a year given alone ("born in 1990").
    public var birthDateApproximate = false
    public var sex: ProfileRecord.Sex?
    public var heightCm: Double?
    public var weightKg: Double?
    public var activity: ProfileRecord.Activity?
    public var goal: ProfileRecord.WeightGoal?
    public var weeklyRateKg: Double?
    /// "lose 5 kg": how much to lose or gain in all.
    public var changeKg: Double?
    public var targetWeightKg: Double?
    public var units: ProfileRecord.Units?
    /// Values that were stated but are not plausible; the reply names them and nothing is saved.
    public var problems: [Problem] = []

    /// A value outside what NutriChat accepts.
    public enum Problem: Sendable, Equatable {
        case age(Double)
        case minor(Int)
        /// A height outside 90–250 cm, with the words that stated it ("-170 cm").
        case height(cm: Double, written: String = "")
        /// A weight outside 25–400 kg, with the words that stated it ("1e308 kg").
        case weight(kg: Double, written: String = "")
        case rate(kgPerWeek: Double)
        case change(kg: Double)
    }

    /// Accepted ranges.
    public static let adultAges = 18...120
    public static let heights = 90.0...250.0
    public static let weights = 25.0...400.0

    /// Whether nothing at all was read.
    public var isEmpty: Bool {
        age == nil && birthDate == nil && sex == nil && heightCm == nil && weightKg == nil && activity == nil
            && goal == nil && weeklyRateKg == nil && changeKg == nil && targetWeightKg == nil && units == nil && problems.isEmpty
    }

    /// Reads `phrase`; `asking` is the open set-up question (bare answers count for it), `units` the preference
    /// for bare weights, `today` the date ages and birth dates are measured against.
    public static func read(_ phrase: MeasureText, vocabulary: ProfileVocabulary, asking: ProfileField?,
                            units: ProfileRecord.Units, today: String) -> ProfileStatement {
        var reader = ProfileStatementReader(phrase: phrase, words: vocabulary.body, asking: asking, units: units, today: today)
        reader.readWords(vocabulary)
        reader.readGoalAmounts()
        reader.readBodyMeasures()
        reader.readAge()
        reader.readBareAnswer()
        return reader.statement
    }
}
