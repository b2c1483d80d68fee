import Foundation

/// Reads nutrition facts as people copy them from a label: "200 kcal, 20 g protein, 22g carbs, 7 g fat",
/// "calories 230 fat 9 protein 8", "sat fat 3 g", "840 kJ". Left to right: a number takes the nutrient right after
/// it ("20 g protein"), a nutrient word takes the number right after it ("protein 20 g"); so in "calories 230 fat 9"
/// 230 is already taken when "fat" is reached. Two-word names are tried before one-word ones ("saturated fat"
/// before "fat").
public struct NutritionFactsReader: Sendable {
    /// Nutrient words and phrases → `name_unit` key; "kj" is energy in kilojoules.
    static let phrases: [(words: [String], key: String)] = [
        (["saturated", "fat"], "saturated_fat_g"), (["saturated", "fats"], "saturated_fat_g"), (["sat", "fat"], "saturated_fat_g"),
        (["total", "fat"], "fat_g"), (["total", "carbs"], "carbohydrate_g"), (["total", "carbohydrate"], "carbohydrate_g"),
        (["total", "carbohydrates"], "carbohydrate_g"), (["dietary", "fiber"], "fiber_g"), (["dietary", "fibre"], "fiber_g"),
        (["total", "sugars"], "sugars_g"),
        (["saturated"], "saturated_fat_g"), (["saturates"], "saturated_fat_g"), (["fat"], "fat_g"), (["fats"], "fat_g"),
        (["protein"], "protein_g"), (["proteins"], "protein_g"), (["carb"], "carbohydrate_g"), (["carbs"], "carbohydrate_g"),
        (["carbohydrate"], "carbohydrate_g"), (["carbohydrates"], "carbohydrate_g"), (["sugar"], "sugars_g"),
        (["sugars"], "sugars_g"), (["fiber"], "fiber_g"), (["fibre"], "fiber_g"), (["fibers"], "fiber_g"),
        (["kcal"], "energy_kcal"), (["kcals"], "energy_kcal"), (["calories"], "energy_kcal"), (["calorie"], "energy_kcal"),
        (["cal"], "energy_kcal"), (["cals"], "energy_kcal"), (["kilocalories"], "energy_kcal"), (["energy"], "energy_kcal"),
        (["kj"], "kj"), (["kilojoules"], "kj"),
    ]
    static let gramWords: Set<String> = ["g", "gr", "gram", "grams", "grs"]

    /// What a message stated: values by key, and the first nutrient stated twice, if any.
    public struct Facts: Sendable, Equatable {
        public var values: [String: Double] = [:]
        /// A nutrient given twice with different values ("protein" → (20, 25)).
        public var conflict: (key: String, first: Double, second: Double)?

        public static func == (lhs: Facts, rhs: Facts) -> Bool {
            lhs.values == rhs.values && lhs.conflict?.key == rhs.conflict?.key
        }
    }

    /// Creates a reader.
    public init() {}

    /// The facts in `tokens` (from ``tokenize(_:)``).
    func read(_ tokens: [String]) -> Facts {
        var facts = Facts()
        var kilojoules: Double?
        func assign(_ key: String, _ value: Double) {
            if key == "kj" { kilojoules = kilojoules ?? value; return }
            if let old = facts.values[key], old != value, facts.conflict == nil { facts.conflict = (key, old, value) }
            facts.values[key] = facts.values[key] ?? value
        }
        var i = 0
        while i < tokens.count {
            if let value = Self.number(tokens[i]) {
                var j = i + 1
                var factor = 1.0
                if j < tokens.count, Self.gramWords.contains(tokens[j]) { j += 1 } else if j < tokens.count, tokens[j] == "mg" {
                    factor = 0.001
                    j += 1
                }
                if j < tokens.count, tokens[j] == "of" { j += 1 }
                if let (key, length) = phrase(at: j, in: tokens) {
                    assign(key, value * factor)
                    i = j + length
                    continue
                }
            } else if let (key, length) = phrase(at: i, in: tokens) {
                var j = i + length
                while j < tokens.count, [":", "=", "of", "is"].contains(tokens[j]) { j += 1 }
                if j < tokens.count, let value = Self.number(tokens[j]) {
                    var end = j + 1
                    var factor = 1.0
                    if end < tokens.count, Self.gramWords.contains(tokens[end]) || ["kcal", "cal", "kj"].contains(tokens[end]) {
                        end += 1
                    } else if end < tokens.count, tokens[end] == "mg" {
                        factor = 0.001
                        end += 1
                    }
                    assign(key, value * factor)
                    i = end
                    continue
                }
            }
            i += 1
        }
        if facts.values["energy_kcal"] == nil, let kilojoules { facts.values["energy_kcal"] = (kilojoules / 4.184 * 10).rounded() / 10 }
        return facts
    }

    private func phrase(at index: Int, in tokens: [String]) -> (String, Int)? {
        for entry in Self.phrases where index + entry.words.count <= tokens.count {
            if Array(tokens[index..<(index + entry.words.count)]) == entry.words { return (entry.key, entry.words.count) }
        }
        return nil
    }

    /// The value of a number token: "20", "7.5", "-3", "1,800" (thousands), "1,5" (decimal comma), "3/4".
    static func number(_ token: String) -> Double? {
        guard let first = token.first, first.isNumber || (first == "-" && token.count > 1) else { return nil }
        if let slash = token.firstIndex(of: "/") {
            guard let top = Double(token[..<slash]), let bottom = Double(token[token.index(after: slash)...]), bottom > 0
            else { return nil }
            return top / bottom
        }
        if let comma = token.firstIndex(of: ",") {
            let after = token[token.index(after: comma)...]
            return Double(after.count == 3 ? token.replacingOccurrences(of: ",", with: "")
                                            : token.replacingOccurrences(of: ",", with: "."))
        }
        return Double(token)
    }

    /// Lowercase words, numbers (with a leading minus, a decimal point or comma, or a fraction slash) and the
    /// punctuation that separates facts; "20g" is "20", "g".
    public static func tokenize(_ text: String) -> [String] {
        let pattern = "-?[0-9]+(?:[.,][0-9]+)?(?:/[0-9]+)?|[\\p{L}']+|[,;:()=]"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let lower = text.lowercased()
        let range = NSRange(lower.startIndex..., in: lower)
        return regex.matches(in: lower, range: range).compactMap { match in
            Range(match.range, in: lower).map { String(lower[$0]).replacingOccurrences(of: "'", with: "") }
        }.filter { !$0.isEmpty }
    }
}
