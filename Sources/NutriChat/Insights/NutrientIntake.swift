import Foundation
import NutriStore

/// Vitamins and minerals over a period against the Dietary Reference Intakes: each one's mean per logged day as
/// a share of the target, the foods that supplied it, and whether it runs low (under two thirds of the target) or
/// above the upper level.
public struct NutrientIntake: Sendable {
    /// Under this share of the target a nutrient is called low.
    public static let lowShare = 2.0 / 3.0
    /// How many foods are named as sources.
    public static let sourceCount = 3

    /// One food's part of a nutrient.
    public struct Source: Sendable, Equatable {
        public var name: String
        public var amount: Double
        public var share: Double
    }

    /// One nutrient over the period.
    public struct Line: Sendable {
        public var info: NutrientInfo
        public var reference: IntakeReference
        /// Mean per logged day.
        public var perDay: Double
        /// `perDay` over the target.
        public var share: Double
        /// Mean per logged day of the nutrient the upper level is about (retinol for vitamin A).
        public var upperPerDay: Double
        /// Days over the upper level (food intake; supplement-only levels never count).
        public var daysOverUpper: Int
        public var sources: [Source]

        /// Below two thirds of the target.
        public var low: Bool { share < NutrientIntake.lowShare }
        /// The mean is above an upper level that applies to food.
        public var overUpper: Bool {
            guard reference.upperAppliesToFood, let upper = reference.upper else { return false }
            return upperPerDay > upper
        }
    }

    public var lines: [Line]
    public var loggedDays: Int
    /// Whether the targets are the person's own (age and sex known) or a default adult's.
    public var personal: Bool

    /// The intake of every nutrient `table` has a reference for, over `summary`'s logged days.
    public static func make(_ summary: PeriodSummary, table: IntakeReferenceTable, catalog: [NutrientInfo]) -> NutrientIntake {
        let logged = summary.loggedDays
        let references = table.references(age: summary.age, sex: summary.sex)
        let byKey = Dictionary(catalog.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let lines = references.compactMap { reference -> Line? in
            guard let info = byKey[reference.key] else { return nil }
            let count = Double(max(logged.count, 1))
            let perDay = logged.reduce(0) { $0 + ($1.totals[reference.key] ?? 0) } / count
            let upperPerDay = logged.reduce(0) { $0 + ($1.totals[reference.upperKey] ?? 0) } / count
            let over = reference.upperAppliesToFood
                ? logged.filter { ($0.totals[reference.upperKey] ?? 0) > (reference.upper ?? .infinity) }.count : 0
            return Line(info: info, reference: reference, perDay: perDay, share: perDay / reference.amount,
                        upperPerDay: upperPerDay, daysOverUpper: over, sources: sources(of: reference.key, in: summary.entries))
        }
        return NutrientIntake(lines: lines.sorted { ($0.info.id, $0.info.key) < ($1.info.id, $1.info.key) }, loggedDays: logged.count, personal: summary.age != nil && summary.sex != nil)
    }

    /// The foods that supplied most of `key`, by the person's words for them.
    public static func sources(of key: String, in entries: [JournalEntry], limit: Int = sourceCount) -> [Source] {
        var amounts: [String: Double] = [:]
        var order: [String] = []
        for entry in entries {
            guard let amount = entry.nutrients[key], amount > 0 else { continue }
            let name = entry.foodName
            if amounts[name] == nil { order.append(name) }
            amounts[name, default: 0] += amount
        }
        let total = amounts.values.reduce(0, +)
        return order.map { Source(name: $0, amount: amounts[$0] ?? 0, share: total > 0 ? (amounts[$0] ?? 0) / total : 0) }
            .sorted { ($0.amount, $1.name) > ($1.amount, $0.name) }
            .prefix(limit).map { $0 }
    }

    /// Nutrients under two thirds of the target, lowest first.
    public var low: [Line] { lines.filter(\.low).sorted { $0.share < $1.share } }
    /// Nutrients above an upper level that applies to food.
    public var overUpper: [Line] { lines.filter(\.overUpper) }

    /// The line of one nutrient.
    public func line(_ key: String) -> Line? { lines.first { $0.info.key == key } }
}
