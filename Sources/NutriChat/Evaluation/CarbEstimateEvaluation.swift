import Foundation
import NutriIntent
import NutriLanguage

/// Scores batch parse on meal descriptions (NutriBench) with known carbohydrate, protein, fat and energy.
///
/// Acc@7.5 is the benchmark's headline: the share of meals whose predicted carbohydrate is within 7.5 g of the truth.
/// Energy counts as right within 20 % of the truth (or within 10 kcal when the truth is below 50 kcal, where a
/// percentage is meaningless — a glass of water has none). A meal is answered when batch parse gives it at least one
/// weighed food, or files it as water.
///
/// Every figure is given for all rows and for the odd and even rows apart (data rows counted from 1 in file order):
/// errors are studied on the odd half only, and the even half tells whether a change generalises.
public enum CarbEstimateEvaluation {
    /// One scored meal.
    public struct Row: Sendable {
        public var id: String
        /// Position among the file's data rows, from 1.
        public var position: Int
        public var text: String
        public var trueCarbs: Double
        public var predictedCarbs: Double
        public var trueEnergy: Double
        public var predictedEnergy: Double
        public var trueProtein: Double
        public var predictedProtein: Double
        public var trueFat: Double
        public var predictedFat: Double
        public var answered: Bool
        public var items: [Item]

        /// One item as batch parse gave it.
        public struct Item: Sendable {
            public var food: String
            public var grams: Double?
            public var match: String?
            public var carbs: Double

            var description: String {
                "\(food) [\(grams.map { String(format: "%.0f g", $0) } ?? "?")] = \(match ?? "NO MATCH")"
            }
        }

        var carbError: Double { abs(predictedCarbs - trueCarbs) }
        var isHit: Bool { carbError <= 7.5 }
        var energyRight: Bool {
            trueEnergy < 50 ? abs(predictedEnergy - trueEnergy) <= 10 : abs(predictedEnergy - trueEnergy) <= 0.2 * trueEnergy
        }
        var isOdd: Bool { position % 2 == 1 }

        /// What most likely went wrong, told from the totals and the items alone (the benchmark gives no per-item truth).
        public var cause: String {
            guard answered else { return "unanswered" }
            if items.count >= 2, let extra = items.first(where: { abs(predictedCarbs - $0.carbs - trueCarbs) <= 7.5 }) {
                return "extra item (\(extra.food))"
            }
            if let unmatched = items.first(where: { $0.match == nil || $0.grams == nil }) {
                return "missed item (\(unmatched.food))"
            }
            if Self.sameProfile(predicted: (predictedCarbs, predictedProtein, predictedFat),
                                truth: (trueCarbs, trueProtein, trueFat)) {
                let ratio = trueEnergy > 0 ? predictedEnergy / trueEnergy : 0
                return String(format: "portion %@ (×%.2f), food right", ratio > 1 ? "too big" : "too small", ratio)
            }
            return predictedCarbs < trueCarbs ? "wrong food or missed item (too little)" : "wrong food (too much)"
        }

        /// Whether two meals share their make-up: the same shares of carbohydrate, protein and fat by weight, within
        /// 12 points each — the same food in another amount.
        static func sameProfile(predicted: (Double, Double, Double), truth: (Double, Double, Double)) -> Bool {
            let p = predicted.0 + predicted.1 + predicted.2
            let t = truth.0 + truth.1 + truth.2
            guard p > 0.5, t > 0.5 else { return false }
            return abs(predicted.0 / p - truth.0 / t) <= 0.12 && abs(predicted.1 / p - truth.1 / t) <= 0.12
                && abs(predicted.2 / p - truth.2 / t) <= 0.12
        }
    }

    /// The figures of a set of rows.
    public struct Figures: Sendable {
        public var count: Int
        public var accuracyAt7_5: Double
        public var carbMAE: Double
        public var energyWithin20: Double
        public var answered: Double

        init(_ rows: [Row]) {
            func share(_ predicate: (Row) -> Bool) -> Double {
                rows.isEmpty ? 0 : Double(rows.filter(predicate).count) / Double(rows.count)
            }
            count = rows.count
            accuracyAt7_5 = share(\.isHit)
            carbMAE = rows.isEmpty ? 0 : rows.map(\.carbError).reduce(0, +) / Double(rows.count)
            energyWithin20 = share(\.energyRight)
            answered = share(\.answered)
        }

        var text: String {
            String(format: "%4d meals  Acc@7.5 %.1f %%  carb MAE %.1f g  energy within 20 %% %.1f %%  answered %.1f %%",
                   count, accuracyAt7_5 * 100, carbMAE, energyWithin20 * 100, answered * 100)
        }
    }

    /// The figures for one file.
    public struct Report: Sendable {
        public var file: String
        public var rows: [Row]
        public var seconds: Double

        public var all: Figures { Figures(rows) }
        public var odd: Figures { Figures(rows.filter(\.isOdd)) }
        public var even: Figures { Figures(rows.filter { !$0.isOdd }) }
        public var accuracyAt7_5: Double { all.accuracyAt7_5 }
        public var carbMAE: Double { all.carbMAE }
        public var energyWithin20: Double { all.energyWithin20 }

        /// Printable figures, with the `misses` worst misses of the odd rows (and their likely cause) when asked.
        public func text(misses: Int = 0) -> String {
            var lines = [String(format: "%@ (%.2f s, %.0f lines/s)", file, seconds, Double(rows.count) / max(seconds, 1e-9)),
                         "  all  " + all.text, "  odd  " + odd.text, "  even " + even.text]
            let missed = rows.filter { $0.isOdd && !$0.isHit }.sorted { $0.carbError > $1.carbError }
            if misses > 0 {
                var causes: [String: Int] = [:]
                for row in missed { causes[row.cause.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces), default: 0] += 1 }
                lines.append("  odd-row misses by cause: " + causes.sorted { $0.value > $1.value }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            for row in missed.prefix(misses) {
                lines.append(String(format: "  row %@  carbs %.1f vs %.1f  %@", row.id, row.predictedCarbs, row.trueCarbs, row.text))
                lines.append("      → " + row.items.map(\.description).joined(separator: " | "))
                lines.append("      cause: " + row.cause)
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Reads a NutriBench CSV (`row,meal_description,carb,protein,fat,energy`) and analyses every meal through
    /// `MealAnalyzer.analyze`, the path of `nutrichat parse`.
    public static func run(csv url: URL, analyzer: MealAnalyzer, reference: ReferenceDate) throws -> Report {
        let text = try String(contentsOf: url, encoding: .utf8)
        var records = CSVReader.rows(text)
        guard let header = records.first, let textColumn = header.firstIndex(of: "meal_description"),
              let carbColumn = header.firstIndex(of: "carb"), let energyColumn = header.firstIndex(of: "energy") else {
            throw UserFacingError("\(url.path) is not a NutriBench file")
        }
        let proteinColumn = header.firstIndex(of: "protein")
        let fatColumn = header.firstIndex(of: "fat")
        records.removeFirst()
        let started = Date()
        var rows: [Row] = []
        for (index, record) in records.enumerated() where record.count > max(textColumn, carbColumn, energyColumn) {
            let analysis = analyzer.analyze(record[textColumn], reference: reference)
            let totals = analysis.totals
            let value = { (column: Int?) in column.flatMap { record.indices.contains($0) ? Double(record[$0]) : nil } ?? 0 }
            let weighed = analysis.items.contains { $0.match != nil && $0.portion != nil }
            rows.append(Row(
                id: record[0], position: index + 1, text: record[textColumn],
                trueCarbs: value(carbColumn), predictedCarbs: totals["carbohydrate_g"] ?? 0,
                trueEnergy: value(energyColumn), predictedEnergy: totals["energy_kcal"] ?? 0,
                trueProtein: value(proteinColumn), predictedProtein: totals["protein_g"] ?? 0,
                trueFat: value(fatColumn), predictedFat: totals["fat_g"] ?? 0,
                answered: weighed || analysis.intent == .logWater,
                items: analysis.items.map { item in
                    Row.Item(food: item.mention.food, grams: item.portion?.grams, match: item.match?.food.name,
                             carbs: item.match == nil ? 0 : item.nutrients["carbohydrate_g"] ?? 0)
                }))
        }
        return Report(file: url.lastPathComponent, rows: rows, seconds: Date().timeIntervalSince(started))
    }
}
