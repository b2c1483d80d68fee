import Foundation
import NutriLanguage

/// Scores batch parse on meal descriptions (NutriBench) with known carbohydrate, protein, fat and energy.
///
/// Acc@7.5 is the benchmark's headline: the share of meals whose predicted carbohydrate is within 7.5 g of the truth.
/// Energy counts as right within 20 % of the truth (or within 10 kcal when the truth is below 50 kcal, where a
/// percentage is meaningless — a glass of water has none).
public enum CarbEstimateEvaluation {
    /// One scored meal.
    public struct Row: Sendable {
        public var id: String
        public var text: String
        public var trueCarbs: Double
        public var predictedCarbs: Double
        public var trueEnergy: Double
        public var predictedEnergy: Double
        public var items: [String]

        var carbError: Double { abs(predictedCarbs - trueCarbs) }
        var energyRight: Bool {
            trueEnergy < 50 ? abs(predictedEnergy - trueEnergy) <= 10 : abs(predictedEnergy - trueEnergy) <= 0.2 * trueEnergy
        }
    }

    /// The figures for one file.
    public struct Report: Sendable {
        public var file: String
        public var rows: [Row]
        public var seconds: Double

        public var accuracyAt7_5: Double { share { $0.carbError <= 7.5 } }
        public var carbMAE: Double { rows.isEmpty ? 0 : rows.map(\.carbError).reduce(0, +) / Double(rows.count) }
        public var energyWithin20: Double { share(\.energyRight) }

        private func share(_ predicate: (Row) -> Bool) -> Double {
            rows.isEmpty ? 0 : Double(rows.filter(predicate).count) / Double(rows.count)
        }

        /// Printable figures, with the `misses` worst rows when asked.
        public func text(misses: Int = 0) -> String {
            var lines = [String(format: "%@: %d meals  Acc@7.5 %.1f %%  carb MAE %.1f g  energy within 20 %% %.1f %%  (%.2f s, %.0f lines/s)",
                                file, rows.count, accuracyAt7_5 * 100, carbMAE, energyWithin20 * 100, seconds,
                                Double(rows.count) / max(seconds, 1e-9))]
            for row in rows.sorted(by: { $0.carbError > $1.carbError }).prefix(misses) {
                lines.append(String(format: "  row %@  carbs %.1f vs %.1f  %@", row.id, row.predictedCarbs, row.trueCarbs, row.text))
                lines.append("      → " + row.items.joined(separator: " | "))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Reads a NutriBench CSV (`row,meal_description,carb,protein,fat,energy`) and analyses every meal.
    public static func run(csv url: URL, analyzer: MealAnalyzer, reference: ReferenceDate) throws -> Report {
        let text = try String(contentsOf: url, encoding: .utf8)
        var records = CSVReader.rows(text)
        guard let header = records.first, let textColumn = header.firstIndex(of: "meal_description"),
              let carbColumn = header.firstIndex(of: "carb"), let energyColumn = header.firstIndex(of: "energy") else {
            throw UserFacingError("\(url.path) is not a NutriBench file")
        }
        records.removeFirst()
        let started = Date()
        var rows: [Row] = []
        for record in records where record.count > max(textColumn, carbColumn, energyColumn) {
            let analysis = analyzer.analyze(record[textColumn], reference: reference)
            let totals = analysis.totals
            rows.append(Row(
                id: record[0], text: record[textColumn],
                trueCarbs: Double(record[carbColumn]) ?? 0, predictedCarbs: totals["carbohydrate_g"] ?? 0,
                trueEnergy: Double(record[energyColumn]) ?? 0, predictedEnergy: totals["energy_kcal"] ?? 0,
                items: analysis.items.map { item in
                    let grams = item.portion.map { String(format: "%.0f g", $0.grams) } ?? "?"
                    return "\(item.mention.food) [\(grams)] = \(item.match?.food.name ?? "NO MATCH")"
                }))
        }
        return Report(file: url.lastPathComponent, rows: rows, seconds: Date().timeIntervalSince(started))
    }
}
