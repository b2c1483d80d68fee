import Foundation
import NutriLanguage
import NutriStore

/// Nutrients worked out from others (`Lexicon/nutrient-parts.tsv`): vitamin A as retinol activity equivalents from
/// retinol and the carotenoids, so it can be held against the RDA.
public struct DerivedNutrients: Sendable {
    /// A derived nutrient: its key, how it is shown, and its parts with their weights.
    public struct Definition: Sendable {
        public var info: NutrientInfo
        public var parts: [(key: String, factor: Double)]
        /// The key a question names that this nutrient answers for ("vitamin a" names vitamin_a_iu).
        public var standsFor: String?
    }

    public var definitions: [Definition]

    /// Reads `nutrient-parts.tsv`.
    public static func load(from lexicon: URL) throws -> DerivedNutrients {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("nutrient-parts.tsv"),
                                 required: ["key", "label", "unit", "part", "factor", "stands_for"])
        var definitions: [Definition] = []
        for row in table.rows {
            guard let factor = Double(row["factor"]), factor > 0 else {
                throw DataFileError(file: table.file, line: row.line, reason: "factor must be a positive number")
            }
            if let index = definitions.firstIndex(where: { $0.info.key == row["key"] }) {
                definitions[index].parts.append((row["part"], factor))
            } else {
                let info = NutrientInfo(id: 1000 + definitions.count, source: "", key: row["key"], label: row["label"],
                                        unit: row["unit"], category: "derived", dailyValue: nil)
                definitions.append(Definition(info: info, parts: [(row["part"], factor)],
                                              standsFor: row["stands_for"].isEmpty ? nil : row["stands_for"]))
            }
        }
        return DerivedNutrients(definitions: definitions)
    }

    /// The derived key that answers for `key` (vitamin_a_rae_ug for vitamin_a_iu), else `key`.
    public func answering(_ key: String) -> String {
        definitions.first { $0.standsFor == key }?.info.key ?? key
    }

    /// `nutrients` with the derived amounts added (absent when none of the parts is known).
    public func adding(to nutrients: [String: Double]) -> [String: Double] {
        var result = nutrients
        for definition in definitions {
            var total = 0.0
            var known = false
            for part in definition.parts {
                if let amount = nutrients[part.key] { total += amount * part.factor; known = true }
            }
            if known { result[definition.info.key] = total }
        }
        return result
    }
}
