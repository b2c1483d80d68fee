import Foundation
import NutriLanguage
import NutriStore

extension PortionResolver {
    /// A table of positive numbers by two keys ("bag" → "medium" → 2), from a Lexicon file.
    static func positiveTable(_ url: URL, keys: (String, String), value: String) throws -> [String: [String: Double]] {
        let table = try TSVTable(contentsOf: url, required: [keys.0, keys.1, value])
        var result: [String: [String: Double]] = [:]
        for row in table.rows {
            let number = try row.double(value, file: table.file)
            guard number > 0 else { throw DataFileError(file: table.file, line: row.line, reason: "\(value) must be positive") }
            result[row[keys.0], default: [:]][row[keys.1]] = number
        }
        return result
    }

    /// Size word → the words of USDA measure names that mean it, and whether they count with no container named
    /// (`measure-sizes.tsv`).
    static func measureSizeWords(_ url: URL) throws -> [String: (words: Set<String>, alone: Bool)] {
        let table = try TSVTable(contentsOf: url, required: ["size", "word", "alone"])
        var sizes: [String: (words: Set<String>, alone: Bool)] = [:]
        for row in table.rows {
            var entry = sizes[row["size"]] ?? ([], false)
            entry.words.insert(row["word"].lowercased())
            entry.alone = entry.alone || row["alone"] == "yes"
            sizes[row["size"]] = entry
        }
        return sizes
    }

    /// The food's own measure of a package size the text names: "a miniature Snickers bar" is USDA's "bar, fun size",
    /// "a fun size pack of M&M's" its "package fun size". With a unit, the measure must name it too (or an
    /// equivalent), so "a mini bag of pretzels" is not one mini pretzel; "a fun size serving" takes any sized measure.
    func sizedMeasure(size: String, unit: String?, in measures: [Portion]) -> Portion? {
        guard let (sizeWords, alone) = measureSizeWords[size] else { return nil }
        let units = unit.flatMap { word -> Set<String>? in
            if words.serving.contains(word) || language.unitDefinition(for: word)?.kind == .size { return nil }
            return Set([language.singular(word)] + (equivalents[word] ?? []))
        }
        guard alone || units != nil else { return nil }
        return measures.first { measure in
            let words = Set(FoldedWords.words(of: measure.name).map { language.singular($0) })
            return !words.isDisjoint(with: sizeWords) && (units.map { !words.isDisjoint(with: $0) } ?? true)
        }
    }

    /// How many of a size a USDA measure holds when it counts them ("serving 2 fun size bars" is 2), else 1.
    func sizedCount(in measure: Portion, size: String) -> Int {
        guard let sizeWords = measureSizeWords[size]?.words else { return 1 }
        let words = FoldedWords.words(of: measure.name)
        for (at, word) in words.enumerated().dropLast() {
            if let count = Int(word), count > 1, sizeWords.contains(language.singular(words[at + 1])) { return count }
        }
        return 1
    }

    /// True when a USDA measure names a package size that picks it on its own ("package fun size", "bar, king size";
    /// the `alone` rows of `measure-sizes.tsv`): such a measure is not what the plain unit means.
    func namesPackageSize(_ measure: Portion) -> Bool {
        let words = Set(FoldedWords.words(of: measure.name).map { language.singular($0) })
        return measureSizeWords.values.contains { $0.alone && !$0.words.isDisjoint(with: words) }
    }

    /// What one `unit` of the food typically weighs when nothing else says (`group-portions.tsv`): by a word of its
    /// name first ("a bag of popcorn" is a microwave bag whatever group USDA files it in), else by its food group.
    func typicalUnit(_ unit: String, of food: Food) -> (grams: Double, kind: String)? {
        guard let byKey = groupDefaults[unit] else { return nil }
        for word in FoldedWords.words(of: food.name).map({ language.singular($0) }) {
            if let grams = byKey[word] { return (grams, word) }
        }
        guard let group = food.groupCode, let grams = byKey[group] else { return nil }
        return (grams, food.group ?? group)
    }

    /// A food with no count-like measure whose name says what it comes as ("Snacks, granola bar, chewy, trail mix"):
    /// one typical such unit (`portion-defaults.tsv`), not 100 g.
    func unitNamed(by food: Food) -> Weight? {
        for word in FoldedWords.words(of: food.name).map({ language.singular($0) }) {
            guard let grams = defaults[word]?.grams, language.unitDefinition(for: word)?.isMeasure == false else { continue }
            return Weight(grams: grams, assumed: true, method: "typical \(word)")
        }
        return nil
    }

    /// Volume → grams through the food's own volume measure, else the typical density of its food group (flagged as
    /// assumed): a cup of chips is not 237 g.
    func volumeWeight(milliliters: Double, unit: String, measures: [Portion], food: Food) -> Weight {
        for measure in measures {
            guard let parsed = measureUnit(measure), let ml = language.unitDefinition(for: parsed)?.milliliters,
                  language.unitDefinition(for: parsed)?.kind == .volume else { continue }
            let density = measure.grams / (measure.amount * ml)
            return Weight(grams: milliliters * density, assumed: false, method: "volume via USDA measure '\(measure.name)'")
        }
        let nameWords = FoldedWords.words(of: food.name)
        let density = nameWords.lazy.compactMap { self.wordDensities[$0] }.first
            ?? food.groupCode.flatMap { densities[$0] } ?? 1
        return Weight(grams: milliliters * density, assumed: true,
                      method: density == 1 ? "volume at the density of water" : "volume at a typical density of \(food.group ?? "its group")")
    }

    /// A serving of small pieces: the food's cup or ounce ("grapes").
    func servingMeasure(_ measures: [Portion], food: Food) -> Portion? {
        measures.first { words.smallPieces.contains(FoldedWords.words(of: $0.name).first ?? "") }
    }

    /// Whether the food is a drink: SR24's beverage group, or a drink word in the first part of its name.
    func isDrink(_ food: Food) -> Bool {
        if food.groupCode == "14" { return true }
        let head = FoldedWords.words(of: String(food.name.splitting(",").first ?? ""))
        return head.contains { drinkWords.contains($0) }
    }

    /// The USDA measure whose name starts with (or else contains) `unit`, preferring one that also names `size`.
    func bestMeasure(named unit: String, size: String?, in measures: [Portion]) -> Portion? {
        if let found = measure(named: unit, size: size, in: measures) { return found }
        // "a piece of pizza" is USDA's slice; "a package of tarts" its packet.
        for other in equivalents[unit] ?? [] {
            if let found = measure(named: other, size: size, in: measures, startOnly: true) { return found }
        }
        return nil
    }

    private func measure(named unit: String, size: String?, in measures: [Portion], startOnly: Bool = false) -> Portion? {
        let target = language.singular(unit.lowercased())
        var startMatches: [Portion] = []
        var containsMatches: [Portion] = []
        for measure in measures {
            let words = FoldedWords.words(of: measure.name).map { language.singular($0) }
            guard let first = words.first else { continue }
            if first == target || words.prefix(2).joinedWithSpaces() == target { startMatches.append(measure) }
            // "individual package (… 2 bars)" holds bars; it is not one bar.
            else if !startOnly, let at = words.firstIndex(of: target),
                    !words[..<at].contains(where: { language.unit(named: $0)?.kind == .container }) {
                containsMatches.append(measure)
            }
        }
        // The plainest measure first: "slice" before "slice crust not eaten" (ties keep USDA's order).
        let pool = (startMatches.isEmpty ? containsMatches : startMatches).enumerated()
            .sorted { (FoldedWords.words(of: $0.element.name).count, $0.offset) < (FoldedWords.words(of: $1.element.name).count, $1.offset) }
            .map(\.element)
        if let size {
            let sizeWords = FoldedWords.words(of: size)
            if let sized = pool.first(where: { !Set(FoldedWords.words(of: $0.name)).isDisjoint(with: sizeWords) }) { return sized }
        }
        return pool.first { Set(FoldedWords.words(of: $0.name)).isDisjoint(with: words.sizeQualifiers) } ?? pool.first
    }
}
