import Foundation
import NutriLanguage
import NutriStore

/// One day of the journal: entries by meal, subtotals, totals, water and goals.
public struct DiaryDay: Sendable {
    public var date: String
    public var entries: [JournalEntry]
    public var mealOrder: [String]
    public var water: Double
    public var goals: Goals
    /// Energy burned by exercise that day.
    public var exerciseKcal: Double = 0

    /// Daily targets; until a profile sets them, 2,000 kcal and the FDA daily values.
    public struct Goals: Sendable, Equatable {
        public var energyKcal = 2000.0
        public var proteinG = 50.0
        public var carbohydrateG = 275.0
        public var fatG = 78.0
        public var waterMl = 2000.0

        /// The defaults.
        public init() {}

        var json: JSONValue {
            .object([("energy_kcal", .rounded(energyKcal)), ("protein_g", .rounded(proteinG)),
                     ("carbohydrate_g", .rounded(carbohydrateG)), ("fat_g", .rounded(fatG)), ("water_ml", .rounded(waterMl))])
        }
    }

    /// Reads one day from the journal: goals from the profile and goals set directly (defaults until then),
    /// exercise from the day's exercise log.
    public static func load(date: String, journal: any JournalStore) throws -> DiaryDay {
        DiaryDay(date: date, entries: try journal.entries(on: date), mealOrder: try journal.mealSlots().map(\.name),
                 water: try journal.water(on: date), goals: try journal.targetPlan(on: date).goals,
                 exerciseKcal: try journal.exercise(on: date).reduce(0) { $0 + $1.kcal })
    }

    /// Totals of the main nutrients over the day's entries.
    public var totals: [(key: String, value: Double)] {
        let keys = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "fiber_g", "sugars_g", "sodium_mg"]
        return keys.map { key in (key, entries.reduce(0) { $0 + ($1.nutrients[key] ?? 0) }) }
    }

    /// Entries grouped by meal slot, in slot order (meals outside the slots last).
    public var byMeal: [(meal: String, entries: [JournalEntry])] {
        let meals = mealOrder + Set(entries.map(\.meal)).subtracting(mealOrder).sorted()
        return meals.compactMap { meal in
            let items = entries.filter { $0.meal == meal }
            return items.isEmpty ? nil : (meal, items)
        }
    }

    /// The `diary --json` object.
    public var json: JSONValue {
        .object([
            ("date", .string(date)),
            ("entries", .array(entries.map(\.json))),
            ("totals", .object(totals.map { ($0.key, JSONValue.rounded($0.value)) })),
            ("water_ml", .rounded(water)),
            ("exercise_kcal", .rounded(exerciseKcal)),
            ("goals", goals.json),
        ])
    }

    /// The terminal layout: meals with subtotals, then the day's totals against the goals.
    public func text(bold: (String) -> String = { $0 }, dim: (String) -> String = { $0 }) -> String {
        var lines = [bold(date)]
        if entries.isEmpty { lines.append("  nothing logged") }
        for (meal, items) in byMeal {
            let subtotal = items.reduce(0) { $0 + $1.kcal }
            lines.append("  " + bold(meal.prefix(1).uppercased() + meal.dropFirst()) + dim("  \(subtotal.rounded().wholeNumberText) kcal"))
            for entry in items {
                let kcal = String(format: "%5.0f kcal", entry.kcal)
                lines.append("    #\(entry.id ?? 0)  \(entry.text.padding(toLength: 32, withPad: " ", startingAt: 0)) \(String(format: "%6.0f g", entry.grams))  \(kcal)  " + dim(entry.foodName))
            }
        }
        let t = Dictionary(uniqueKeysWithValues: totals.map { ($0.key, $0.value) })
        lines.append(String(format: "  Total: %.0f of %.0f kcal · protein %.1f g · carbs %.1f g · fat %.1f g · water %.0f ml",
                            t["energy_kcal"] ?? 0, goals.energyKcal, t["protein_g"] ?? 0, t["carbohydrate_g"] ?? 0,
                            t["fat_g"] ?? 0, water)
                     + (exerciseKcal > 0 ? String(format: " · exercise %.0f kcal", exerciseKcal) : ""))
        return lines.joined(separator: "\n")
    }
}
