import Foundation
import NutriStore

/// The steps of `ProfileStatement.read`, in order: vocabulary words, goal amounts (which claim their measures
/// first, so "lose 5 kg" is not a body weight), body measures, age and birth date, then a bare answer.
struct ProfileStatementReader {
    let phrase: TrackingPhrase
    let asking: ProfileField?
    let units: ProfileRecord.Units
    let today: String
    var statement = ProfileStatement()
    var used = Set<Int>()
    var goalIndex: Int?

    init(phrase: TrackingPhrase, asking: ProfileField?, units: ProfileRecord.Units, today: String) {
        self.phrase = phrase
        self.asking = asking
        self.units = units
        self.today = today
    }

    var words: [String] { phrase.words }
    /// A short message ("moderate", "f") may be a bare answer even without an open question.
    var isShort: Bool { words.count <= 2 }

    /// Sex, activity, weight goal and units words; answer-only words count for the open question or a short message.
    mutating func readWords(_ vocabulary: ProfileVocabulary) {
        for (meaning, range) in vocabulary.meanings(in: words) {
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

    /// "lose 0.5 kg per week" (a rate), "lose 5 kg" (an amount), "target weight 75 kg", "get down to 75",
    /// "I'd like to weigh 70 kg" (a target weight).
    mutating func readGoalAmounts() {
        for lead in ["target weight", "goal weight", "down to", "get to", "get up to", "reach", "to weigh", "target"] {
            guard let at = phrase.index(of: lead) else { continue }
            if let kg = massAfter(at + lead.splitting(" ").count, window: 4) {
                statement.targetWeightKg = kg
                break
            }
        }
        guard let goalIndex else { return }
        for measure in phrase.measures where measure.dimension == .mass && measure.unit.name != "gram"
            && measure.range.lowerBound > goalIndex && !measure.range.contains(where: { used.contains($0) }) {
            used.formUnion(measure.range)
            let tail = words[measure.range.upperBound..<min(words.count, measure.range.upperBound + 3)]
            if tail.contains(where: { ["week", "weekly", "wk", "weeks"].contains($0) }) {
                statement.weeklyRateKg = measure.base
            } else if tail.contains(where: { ["month", "monthly"].contains($0) }) {
                statement.weeklyRateKg = measure.base * 7 / 30.44
            } else if statement.changeKg == nil {
                statement.changeKg = measure.base
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
        if let measure = phrase.measures.first(where: { $0.dimension == .mass && $0.range.lowerBound >= start
            && $0.range.lowerBound < start + window && $0.unit.name != "gram" }) {
            used.formUnion(measure.range)
            return checkedWeight(measure.base)
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
    mutating func checkedWeight(_ kg: Double) -> Double? {
        guard ProfileStatement.weights.contains(kg) else {
            statement.problems.append(.weight(kg: kg))
            return nil
        }
        return kg
    }

    /// Heights (cm, m, ft/in) and body weights (kg, lb, st) not claimed by a goal.
    mutating func readBodyMeasures() {
        for measure in phrase.measures where !measure.range.contains(where: { used.contains($0) }) {
            switch measure.dimension {
            case .length where ["centimeter", "meter", "foot", "inch"].contains(measure.unit.name):
                used.formUnion(measure.range)
                let cm = measure.base * 100
                if ProfileStatement.heights.contains(cm) { statement.heightCm = cm } else { statement.problems.append(.height(cm: cm)) }
            case .mass where measure.unit.name != "gram":
                used.formUnion(measure.range)
                statement.weightKg = checkedWeight(measure.base)
            default:
                continue
            }
        }
    }
}
