import Foundation
import NutriLanguage
import NutriStore

/// The steps of `ProfileStatement.read`, in order: vocabulary words, goal amounts (which claim their measures
/// first, so "lose 5 kg" is not a body weight), body measures, age and birth date, then a bare answer.
struct ProfileStatementReader {
    let phrase: MeasureText
    let words: BodyWords
    let asking: ProfileField?
    let units: ProfileRecord.Units
    let today: String
    var statement = ProfileStatement()
    var used = Set<Int>()
    var goalIndex: Int?

    init(phrase: MeasureText, words: BodyWords, asking: ProfileField?, units: ProfileRecord.Units, today: String) {
        self.phrase = phrase
        self.words = words
        self.asking = asking
        self.units = units
        self.today = today
    }

    var tokens: [String] { phrase.words }
    /// A short message ("moderate", "f") may be a bare answer even without an open question.
    var isShort: Bool { tokens.count <= 2 }

    /// Sex, activity, weight goal and units words; answer-only words count for the open question or a short message.
    mutating func readWords(_ vocabulary: ProfileVocabulary) {
        for (meaning, range) in vocabulary.meanings(in: tokens) {
            switch meaning.field {
            case .sex: statement.sex = ProfileRecord.Sex(rawValue: meaning.value)
            case .sexAnswer where asking == .sex || isShort: statement.sex = ProfileRecord.Sex(rawValue: meaning.value)
            case .activity: statement.activity = ProfileRecord.Activity(rawValue: meaning.value)
            case .activityAnswer where asking == .activity || isShort:
                statement.activity = ProfileRecord.Activity(rawValue: meaning.value)
            case .goal:
                statement.goal = ProfileRecord.WeightGoal(rawValue: meaning.value)
                goalIndex = range.lowerBound
            case .units: statement.units = ProfileRecord.Units(rawValue: meaning.value)
            default: continue
            }
            used.formUnion(range)
        }
    }

    /// "in 10 weeks", "over 3 months", "every 2 weeks" in `tail`: the number, the weeks in one of its units, and
    /// whether "every" made it a rate's period; nil without a number right before a week or month word.
    private func span(in tail: ArraySlice<String>) -> (count: Double, weeks: Double, every: Bool)? {
        guard let at = tail.firstIndex(where: { words.perWeek.contains($0) || words.perMonth.contains($0) }), at > tail.startIndex,
              let count = Double(tail[at - 1]), count > 0, count.isFinite else { return nil }
        let every = at - 1 > tail.startIndex && words.rateEvery.contains(tail[at - 2])
        return (count, words.perWeek.contains(tail[at]) ? 1 : 30.44 / 7, every)
    }

    /// "lose 0.5 kg per week" (a rate), "lose 5 kg" (an amount), "target weight 75 kg", "get down to 75",
    /// "I'd like to weigh 70 kg" (a target weight).
    mutating func readGoalAmounts() {
        for lead in words.targetLeads {
            guard let at = phrase.index(of: lead) else { continue }
            // "I'm down to 78 kg", "I am now down to 78": where the person is, a weigh-in, not a target.
            if tokens[max(0, at - 2)..<at].contains(where: words.selfWords.contains) { continue }
            if let kg = massAfter(at + lead.splitting(" ").count, window: 4) {
                statement.targetWeightKg = kg
                break
            }
        }
        guard let goalIndex else { return }
        for weight in BodyMeasureReader.weights(in: phrase)
            where weight.range.lowerBound > goalIndex && !weight.range.contains(where: { used.contains($0) }) {
            used.formUnion(weight.range)
            let tail = tokens[weight.range.upperBound..<min(tokens.count, weight.range.upperBound + 3)]
            if let (count, weeks, every) = span(in: tail) {
                // "lose 5 kg in 10 weeks": the amount over that span, and the rate it makes; "0.5 kg every 2 weeks"
                // is a rate alone.
                statement.weeklyRateKg = weight.value / (count * weeks)
                if !every, statement.changeKg == nil { statement.changeKg = weight.value }
            } else if tail.contains(where: words.perWeek.contains) {
                statement.weeklyRateKg = weight.value
            } else if tail.contains(where: words.perMonth.contains) {
                statement.weeklyRateKg = weight.value * 7 / 30.44
            } else if statement.changeKg == nil {
                statement.changeKg = weight.value
            }
        }
        if let rate = statement.weeklyRateKg, !(rate > 0 && rate <= TargetPlan.maximumWeeklyRateKg) {
            statement.problems.append(.rate(kgPerWeek: rate))
            statement.weeklyRateKg = nil
        }
        if let change = statement.changeKg, !(change > 0 && change <= 150) {
            statement.problems.append(.change(kg: change))
            statement.changeKg = nil
        }
    }

    /// The mass measure (or bare number in the preferred unit) starting within `window` tokens of `start`.
    private mutating func massAfter(_ start: Int, window: Int) -> Double? {
        if let weight = BodyMeasureReader.weights(in: phrase).first(where: { $0.range.lowerBound >= start
            && $0.range.lowerBound < start + window }) {
            used.formUnion(weight.range)
            return checkedWeight(weight.value, written: weight.written)
        }
        if let bare = phrase.bareNumbers.first(where: { $0.index >= start && $0.index < start + window }) {
            used.insert(bare.index)
            return checkedWeight(bareWeight(bare.value))
        }
        return nil
    }

    private func bareWeight(_ value: Double) -> Double {
        units == .imperial ? UnitConversion.kilograms(fromPounds: value) : value
    }

    /// `kg` when it is a plausible body weight; otherwise a problem is recorded and nil returned.
    mutating func checkedWeight(_ kg: Double, written: String = "") -> Double? {
        guard ProfileStatement.weights.contains(kg) else {
            statement.problems.append(.weight(kg: kg, written: written))
            return nil
        }
        return kg
    }

    /// Heights (cm, m, ft/in) and body weights (kg, lb, st) not claimed by a goal.
    mutating func readBodyMeasures() {
        let readings = BodyMeasureReader.heights(in: phrase).map { (true, $0) } + BodyMeasureReader.weights(in: phrase).map { (false, $0) }
        for (isHeight, reading) in readings.sorted(by: { $0.1.range.lowerBound < $1.1.range.lowerBound })
            where !reading.range.contains(where: { used.contains($0) }) {
            used.formUnion(reading.range)
            if !isHeight {
                statement.weightKg = checkedWeight(reading.value, written: reading.written)
            } else if ProfileStatement.heights.contains(reading.value) {
                statement.heightCm = reading.value
            } else {
                statement.problems.append(.height(cm: reading.value, written: reading.written))
            }
        }
    }
}
