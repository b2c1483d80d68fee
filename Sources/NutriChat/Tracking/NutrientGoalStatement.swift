import Foundation
import NutriLanguage

/// Daily goals set directly: "set my calorie goal to 1800", "150 g of protein a day", "2 liters of water a day",
/// "reset my calorie goal" (back to the computed one).
public struct NutrientGoalStatement: Sendable, Equatable {
    /// New goals by key ("energy_kcal" → 1800).
    public var values: [String: Double] = [:]
    /// Keys to return to the computed value.
    public var cleared: [String] = []
    /// Stated goals outside the accepted range, by key; nothing is saved when there is one.
    public var problems: [(key: String, value: Double)] = []

    /// Whether a goal was named at all.
    public var isEmpty: Bool { values.isEmpty && cleared.isEmpty && problems.isEmpty }

    /// Accepted goals by key.
    public static let ranges: [String: ClosedRange<Double>] = [
        "energy_kcal": 800...6000, "protein_g": 10...400, "carbohydrate_g": 10...1000, "fat_g": 10...300,
        "water_ml": 500...8000,
    ]

    public static func == (lhs: NutrientGoalStatement, rhs: NutrientGoalStatement) -> Bool {
        lhs.values == rhs.values && lhs.cleared == rhs.cleared && lhs.problems.map(\.key) == rhs.problems.map(\.key)
            && lhs.problems.map(\.value) == rhs.problems.map(\.value)
    }

    /// Reads the goals named in `phrase`; `words` gives the clearing words (`goal-clear`, `goal-all` in
    /// `reader-words.tsv`).
    public static func read(_ phrase: MeasureText, vocabulary: ProfileVocabulary, words cues: WordKinds) -> NutrientGoalStatement {
        var statement = NutrientGoalStatement()
        let words = phrase.words
        let mentions = vocabulary.meanings(in: words).filter { $0.meaning.field == .nutrient }
        var used = Set<Int>()
        for measure in phrase.measures where measure.dimension == .energy {
            statement.set("energy_kcal", measure.amount)
            used.formUnion(measure.range)
        }
        let clearing = phrase.containsAny(cues["goal-clear"])
        for (meaning, range) in mentions where !range.contains(where: { used.contains($0) }) {
            let key = meaning.value
            if let (value, span) = amount(for: key, near: range, in: phrase, excluding: used) {
                used.formUnion(span)
                statement.set(key, value)
            } else if clearing {
                statement.cleared.append(key)
            }
        }
        if clearing, mentions.isEmpty, phrase.containsAny(cues["goal-all"]) {
            statement.cleared = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "water_ml"]
        }
        return statement
    }

    private mutating func set(_ key: String, _ value: Double) {
        if let range = Self.ranges[key], range.contains(value) {
            values[key] = value
        } else {
            problems.append((key, value))
        }
    }

    /// The amount that goes with a nutrient word: a measure of its kind or a bare number, after it first
    /// ("protein goal to 150") then before it ("150 g of protein"), within a few words.
    private static func amount(for key: String, near range: Range<Int>, in phrase: MeasureText,
                               excluding used: Set<Int>) -> (Double, Range<Int>)? {
        let dimension: UnitKind = key == "water_ml" ? .volume : key == "energy_kcal" ? .energy : .mass
        let window = 6
        func distance(_ start: Int, _ end: Int) -> Int {
            start >= range.upperBound ? start - range.upperBound : range.lowerBound - end
        }
        // Water is a drink: "64 oz" of it is fluid ounces.
        let measures = phrase.measures.filter { (dimension == .volume ? $0.drinkMilliliters != nil : $0.dimension == dimension)
            && !$0.range.contains(where: { used.contains($0) }) }
            .filter { distance($0.range.lowerBound, $0.range.upperBound) <= window }
            .sorted { ($0.range.lowerBound < range.lowerBound ? 1 : 0, distance($0.range.lowerBound, $0.range.upperBound))
                < ($1.range.lowerBound < range.lowerBound ? 1 : 0, distance($1.range.lowerBound, $1.range.upperBound)) }
        if let measure = measures.first {
            let value = dimension == .volume ? measure.drinkMilliliters ?? measure.amount : measure.amount
            return (value, measure.range)
        }
        let bare = phrase.bareNumbers.filter { !used.contains($0.index) && distance($0.index, $0.index + 1) <= window }
            .sorted { ($0.index < range.lowerBound ? 1 : 0, abs($0.index - range.lowerBound)) < ($1.index < range.lowerBound ? 1 : 0, abs($1.index - range.lowerBound)) }
        guard let number = bare.first else { return nil }
        var value = number.value
        if key == "water_ml", value <= 10 { value *= 1000 }
        return (value, number.index..<number.index + 1)
    }
}
