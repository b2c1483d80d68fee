import Foundation
import NutriStore

/// Everything a report shows for a period, worked out once from a `PeriodSummary`: energy against the goal,
/// macro shares, the main nutrients per day, weight trend, top foods, meal and time-of-day shares, vitamins and
/// minerals against the DRIs, goal streaks, patterns and a suggested calorie target. The terminal, HTML and JSON
/// renderers only lay it out.
public struct InsightReport: Sendable {
    /// The macros whose energy shares are shown, with their energy per gram (alcohol 7 kcal/g).
    static let macroEnergy: [(key: String, kcalPerGram: Double)] = [
        ("protein_g", TargetPlan.kcalPerGramProtein), ("carbohydrate_g", TargetPlan.kcalPerGramCarbohydrate),
        ("fat_g", TargetPlan.kcalPerGramFat), ("alcohol_g", 7)]
    /// The nutrients shown per day beside energy.
    public static let dailyKeys = ["protein_g", "carbohydrate_g", "fat_g", "fiber_g", "sugars_g", "sodium_mg"]
    /// The nutrients foods are ranked by.
    public static let rankedKeys = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g"]
    /// How many top foods are listed per nutrient.
    public static let topFoodCount = 5

    /// A macro's share of the energy from macros.
    public struct MacroShare: Sendable, Equatable {
        public var key: String
        public var kcal: Double
        public var share: Double
    }

    /// A food's total of one nutrient over the period.
    public struct FoodTotal: Sendable, Equatable {
        public var name: String
        public var amount: Double
        public var entries: Int
    }

    public var summary: PeriodSummary
    public var tables: InsightTables
    public var streaks: GoalStreaks
    public var intake: NutrientIntake
    public var patterns: EatingPatterns
    public var weight: WeightTrend
    public var adjustment: CalorieAdjustment?
    public var macros: [MacroShare]
    /// Top foods by each of `rankedKeys`.
    public var topFoods: [(key: String, foods: [FoodTotal])]

    /// Works out the report of `summary`.
    public static func make(_ summary: PeriodSummary, tables: InsightTables) -> InsightReport {
        // A short period with fewer than two weighings shows the trend of the four weeks before its end.
        let trend = WeightTrend.make(summary.weights.count >= 2 ? summary.weights : summary.trendWeights)
        return InsightReport(
            summary: summary, tables: tables, streaks: GoalStreaks.make(summary),
            intake: NutrientIntake.make(summary, table: tables.references, catalog: tables.nutrients),
            patterns: EatingPatterns.make(summary, times: tables.times), weight: trend,
            adjustment: CalorieAdjustment.suggest(trend: WeightTrend.make(summary.trendWeights), plan: summary.plan),
            macros: macroShares(summary), topFoods: rankedKeys.map { ($0, topFoods(summary.entries, key: $0)) })
    }

    /// Each macro's share of the energy from macros over the period.
    static func macroShares(_ summary: PeriodSummary) -> [MacroShare] {
        let kcal = macroEnergy.map { ($0.key, summary.total($0.key) * $0.kcalPerGram) }
        let total = kcal.reduce(0) { $0 + $1.1 }
        return kcal.map { MacroShare(key: $0.0, kcal: $0.1, share: total > 0 ? $0.1 / total : 0) }
    }

    /// The foods with the most of `key` over the period, by food.
    static func topFoods(_ entries: [JournalEntry], key: String) -> [FoodTotal] {
        var totals: [String: FoodTotal] = [:]
        for entry in entries {
            guard let amount = entry.nutrients[key], amount > 0 else { continue }
            var total = totals[entry.foodName] ?? FoodTotal(name: entry.foodName, amount: 0, entries: 0)
            total.amount += amount
            total.entries += 1
            totals[entry.foodName] = total
        }
        return totals.values.sorted { ($0.amount, $1.name) > ($1.amount, $0.name) }.prefix(topFoodCount).map { $0 }
    }

    /// The label and unit of a nutrient key.
    func describe(_ key: String) -> (label: String, unit: String) {
        guard let info = tables.nutrient(key) else { return (key, "") }
        return (info.label, info.unit)
    }
}
