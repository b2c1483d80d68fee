import Foundation
import NutriLanguage

/// An amount beyond what a person eats in one go: the item is not logged as it is, and is shown with a suggestion.
public struct AmountProblem: Sendable, Equatable, Codable {
    /// "99999999999999999999 cups of rice is more than one serving can be (at most 20 cups)".
    public var reason: String
    /// The amount as said ("99999999999999999999 cups").
    public var said: String
    /// A guess at what was meant ("9 cups"): the longest leading part of the number within the bound.
    public var suggestion: String?
}

/// The bounds of `plausible-amounts.tsv`, per unit and per food group.
public struct PlausibleAmounts: Sendable {
    var unitMaximum: [String: Double] = [:]
    var groupMaximum: [String: Double] = [:]

    /// Reads `plausible-amounts.tsv` from `lexicon`.
    public static func load(from lexicon: URL) throws -> PlausibleAmounts {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("plausible-amounts.tsv"),
                                 required: ["scope", "name", "maximum"])
        var bounds = PlausibleAmounts()
        for row in table.rows {
            guard let maximum = Double(row["maximum"]), maximum.isFinite, maximum > 0 else {
                throw DataFileError(file: table.file, line: row.line, reason: "maximum must be a number above 0")
            }
            switch row["scope"] {
            case "unit": bounds.unitMaximum[row["name"]] = maximum
            case "group": bounds.groupMaximum[row["name"]] = maximum
            default: throw DataFileError(file: table.file, line: row.line, reason: "scope must be unit or group")
            }
        }
        return bounds
    }

    /// Why `item`'s amount is implausible, or nil when it is fine (or has no amount).
    public func problem(with item: AnalyzedItem) -> AmountProblem? {
        let amount = item.mention.amount
        let unit = amount.unit ?? "count"
        let quantity = amount.range?.upperBound ?? amount.quantity
        if let quantity, quantity.isNaN || quantity < 0 {
            // "NaN eggs", "-3 eggs", "0/0 cups": no amount at all, so there is nothing to suggest.
            let what = quantity.isNaN ? "has no number one can eat or drink" : "is less than nothing"
            return AmountProblem(reason: "\"\(item.mention.text)\" \(what)", said: item.mention.text, suggestion: nil)
        }
        if let quantity, let limit = unitMaximum[unit] ?? (amount.unit == nil ? nil : unitMaximum["other"]),
           !(quantity.isFinite && quantity <= limit) {
            return describe(item, quantity: quantity, limit: limit, unitWord: amount.unit)
        }
        let grams = item.portion?.grams ?? 0
        let groupLimit = item.match?.food.group.flatMap { groupMaximum[$0] } ?? groupMaximum["other"] ?? .infinity
        if !(grams.isFinite && grams <= groupLimit) {
            if let quantity, quantity > 1, quantity.isFinite {
                // The count is what was typed: suggest the part of it that fits the weight bound.
                let perOne = grams / quantity
                return describe(item, quantity: quantity, limit: (groupLimit / perOne).rounded(.down), unitWord: amount.unit)
            }
            return AmountProblem(reason: "\"\(item.mention.text)\" (\(Self.number(grams)) g) is more than a person eats in one go (the most is \(Self.number(groupLimit)) g)",
                                 said: item.mention.text, suggestion: nil)
        }
        return nil
    }

    private func describe(_ item: AnalyzedItem, quantity: Double, limit: Double, unitWord: String?) -> AmountProblem {
        let said = item.mention.text
        // The number as typed (a Double of twenty nines prints as 1e20): its first run of digits.
        let fromNumber = said.drop { !$0.isASCII || !$0.isNumber }
        let typed = fromNumber.prefix { $0.isASCII && $0.isNumber }
        // The unit as the person wrote it ("cups"), which reads right after any number.
        let word = fromNumber.dropFirst(typed.count).split(separator: " ").first.map(String.init)
        let unit = unitWord == nil ? "" : " " + (word ?? unitWord ?? "")
        let suggestion = Self.leadingPart(of: String(typed), within: limit).map { $0 + unit }
        let bound = Self.number(limit) + unit
        return AmountProblem(reason: "\"\(said)\" is more than a person eats in one go (the most is \(bound))",
                             said: said, suggestion: suggestion)
    }

    /// The longest leading digits of a whole number that stay within `limit` and above 0: 2000 within 20 is 20,
    /// 99999999999999999999 within 20 is 9. Nil when even the first digit is too much.
    static func leadingPart(of digits: String, within limit: Double) -> String? {
        guard !digits.isEmpty, limit >= 1 else { return nil }
        var best: String?
        for length in 1..<digits.count {
            let prefix = String(digits.prefix(length))
            guard let number = Double(prefix), number > 0, number <= limit else { break }
            best = prefix
        }
        return best
    }

    /// A number as people write it: whole numbers without decimals, others with up to two.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "an endless amount" }
        if value == value.rounded() { return String(format: "%.0f", value) }
        return String(format: "%.2f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}

extension MealAnalyzer {
    /// Marks an item whose amount is beyond the bounds: no grams, no nutrients, an error saying why. The only hook
    /// of the plausibility bounds into the analyzer (`resolve` ends with it; chat calls it again on an answer to
    /// "how much?").
    public func checkingAmount(_ item: AnalyzedItem) -> AnalyzedItem {
        guard let problem = services.plausibleAmounts.problem(with: item) else { return item }
        var checked = item
        checked.portion = nil
        checked.nutrients = NutrientValues()
        checked.amountProblem = problem
        return checked
    }
}
