import Foundation
import NutriLanguage
import NutriStore

/// The `nutrichat weight` report: weighings in a date range with their 7-day average, the change per week,
/// the target, and a terminal chart; and the JSON object scripts read.
public struct WeightReport: Sendable {
    public var from: String
    public var to: String
    public var trend: WeightTrend
    public var units: ProfileRecord.Units
    public var targetKg: Double?

    /// Reads the weights from `from` to `to` (ISO dates) and the profile's units and target.
    public static func load(from: String, to: String, journal: any JournalStore) throws -> WeightReport {
        guard DayArithmetic.parts(from) != nil, DayArithmetic.parts(to) != nil else {
            throw StoreError.invalidValue("dates are YYYY-MM-DD, got '\(DayArithmetic.parts(from) == nil ? from : to)'")
        }
        guard from <= to else { throw StoreError.invalidValue("--from must not be after --to") }
        let profile = try journal.profile()
        return WeightReport(from: from, to: to, trend: WeightTrend.make(try journal.weights(from: from, to: to)),
                            units: profile.units ?? .metric, targetKg: profile.targetWeightKg)
    }

    /// The first day of the default range: 90 days up to `today`.
    public static func defaultStart(today: String) -> String { DayArithmetic.adding(-89, to: today) ?? today }

    /// A weight typed on the command line: "80.5", "80.5kg", "177 lb", "12 st 4"; a bare number is in the
    /// preferred unit. Nil when it is not a weight.
    public static func kilograms(from text: String, lexicon: URL, units: ProfileRecord.Units) throws -> Double? {
        let phrase = MeasureText(text, lexicon: try LanguageLexicon.load(from: lexicon))
        if let weight = BodyMeasureReader.weights(in: phrase).first, phrase.measures.first?.range == weight.range { return weight.value }
        guard phrase.measures.isEmpty, phrase.bareNumbers.count == 1, phrase.words.count == 1, let value = phrase.bareNumbers.first?.value else {
            return nil
        }
        return units == .imperial ? UnitConversion.kilograms(fromPounds: value) : value
    }

    /// The `weight --json` object.
    public var json: JSONValue {
        .object([
            ("from", .string(from)), ("to", .string(to)), ("unit", .string(units == .imperial ? "lb" : "kg")),
            ("weights", .array(trend.points.map { point in
                .object([("date", .string(point.date)), ("kg", .rounded(point.kilograms, 2)),
                         ("lb", .rounded(UnitConversion.pounds(fromKilograms: point.kilograms), 1)),
                         ("average_kg", .rounded(point.average, 2))])
            })),
            ("latest_kg", .optional(trend.latest?.kilograms, places: 2)),
            ("average_kg", .optional(trend.latest?.average, places: 2)),
            ("change_per_week_kg", .optional(trend.changePerWeekKg, places: 2)),
            ("target_kg", .optional(targetKg, places: 2)),
        ])
    }

    /// The terminal layout: the chart, then one line per weighing, then the trend.
    public func text(bold: (String) -> String = { $0 }, dim: (String) -> String = { $0 }) -> String {
        let words = TrackingText(units: units)
        guard let latest = trend.latest else { return "No weights logged from \(from) to \(to). Say \"I weigh 80 kg\" in chat, or run 'nutrichat weight add 80kg'." }
        var lines = [bold("Weight \(from) – \(to)")]
        lines += WeightChart(units: units).render(trend)
        if lines.count > 1 { lines.append("") }
        for point in trend.points {
            let weight = words.weight(point.kilograms).padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("  \(point.date)  \(weight)" + dim("7-day average \(words.weight(point.average))"))
        }
        var summary = "Latest \(words.weight(latest.kilograms)) on \(latest.date)." + words.weightTrend(trend)
        if let targetKg { summary += words.toTarget(current: latest.kilograms, target: targetKg) }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }
}
