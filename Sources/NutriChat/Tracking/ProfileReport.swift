import Foundation
import NutriStore

/// The `nutrichat profile` report: the profile, the latest weight and the daily targets with their derivation.
public struct ProfileReport: Sendable {
    public var date: String
    public var profile: ProfileRecord
    public var latestWeight: WeightRecord?
    public var plan: TargetPlan

    /// Reads the profile and the targets on `date`.
    public static func load(date: String, journal: any JournalStore) throws -> ProfileReport {
        ProfileReport(date: date, profile: try journal.profile(), latestWeight: try journal.latestWeight(onOrBefore: date),
                      plan: try journal.targetPlan(on: date))
    }

    /// The `profile --json` object: what is set (null when not) and the targets with their source.
    public var json: JSONValue {
        .object([
            ("date", .string(date)), ("age", profile.age(on: date).map { .number(Double($0)) } ?? .null),
            ("birth_date", .optional(profile.birthDate)), ("sex", .optional(profile.sex?.rawValue)),
            ("height_cm", .optional(profile.heightCm)), ("weight_kg", .optional(latestWeight?.kilograms, places: 2)),
            ("weight_date", .optional(latestWeight?.date)), ("activity", .optional(profile.activity?.rawValue)),
            ("goal", .optional(profile.goal?.rawValue)), ("weekly_rate_kg", .optional(profile.weeklyRateKg, places: 2)),
            ("target_weight_kg", .optional(profile.targetWeightKg, places: 2)),
            ("units", .string((profile.units ?? .metric).rawValue)),
            ("bmr_kcal", .optional(plan.basalMetabolicRate)), ("tdee_kcal", .optional(plan.maintenance)),
            ("targets", targetsJSON),
            ("missing", .array(plan.missing.map { .string($0.rawValue) })),
        ])
    }

    /// The daily targets by `diary --json` key, each with its value and source (`profile`, `set` or `default`).
    public var targetsJSON: JSONValue {
        func target(_ value: TargetPlan.Target) -> JSONValue {
            .object([("value", .rounded(value.value)), ("source", .string(Self.sourceName(value.source)))])
        }
        return .object([
            ("energy_kcal", target(plan.energy)), ("protein_g", target(plan.protein)),
            ("carbohydrate_g", target(plan.carbohydrate)), ("fat_g", target(plan.fat)), ("water_ml", target(plan.water)),
        ])
    }

    /// The profile and targets as the chat says them.
    public var text: String {
        let words = TrackingText(units: profile.units ?? .metric)
        var reply = words.profile(profile, age: profile.age(on: date), weight: latestWeight)
        reply += plan.missing.isEmpty ? "\n" + words.plan(plan)
            : "\n" + words.defaultTargets(plan) + " " + words.stillNeeded(plan.missing)
        return reply
    }

    static func sourceName(_ source: TargetPlan.Source) -> String {
        switch source {
        case .computed: return "profile"
        case .set: return "set"
        case .standard: return "default"
        }
    }
}
