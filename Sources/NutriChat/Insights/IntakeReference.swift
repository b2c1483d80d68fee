import Foundation
import NutriLanguage
import NutriStore

/// One nutrient's Dietary Reference Intake for one life-stage group: the daily target and the upper level.
public struct IntakeReference: Sendable, Equatable {
    /// How the target was set.
    public enum Kind: String, Sendable {
        /// Recommended Dietary Allowance: covers 97–98 % of healthy people.
        case rda = "RDA"
        /// Adequate Intake: set where evidence was too thin for an RDA.
        case ai = "AI"
    }

    /// What the upper level applies to.
    public enum UpperScope: String, Sendable {
        /// Intake from all sources.
        case total
        /// Supplements and fortificants only: food intake is not held against it.
        case supplements
        /// Preformed vitamin A only, compared with `upperKey`.
        case preformed
        /// Sodium's Chronic Disease Risk Reduction intake: a level to stay under.
        case cdrr
    }

    public var key: String
    public var kind: Kind
    /// The daily target, in the unit of `key`.
    public var amount: Double
    /// The Tolerable Upper Intake Level (or sodium's CDRR), when one was set.
    public var upper: Double?
    public var upperScope: UpperScope?
    /// The nutrient compared with `upper` (retinol for vitamin A); `key` otherwise.
    public var upperKey: String

    /// Whether food intake above `upper` is worth a warning.
    public var upperAppliesToFood: Bool { upper != nil && upperScope != .supplements }
}

/// The DRI table (`Lexicon/dri.tsv`) by life-stage group, looked up by age and sex.
public struct IntakeReferenceTable: Sendable {
    struct Row: Sendable {
        var sex: ProfileRecord.Sex?
        var ages: ClosedRange<Int>
        var reference: IntakeReference
    }

    let rows: [Row]
    /// The age used when the profile has none: the 31–50 band, the one most adults fall in.
    public static let defaultAge = 31

    /// Reads `dri.tsv`; a bad row names its file and line.
    public static func load(from lexicon: URL) throws -> IntakeReferenceTable {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("dri.tsv"),
                                 required: ["key", "sex", "age_from", "age_to", "kind", "amount", "ul", "ul_scope", "ul_key"])
        var rows: [Row] = []
        for row in table.rows {
            func bad(_ reason: String) -> DataFileError { DataFileError(file: table.file, line: row.line, reason: reason) }
            guard let from = Int(row["age_from"]), let to = Int(row["age_to"]), from <= to else { throw bad("bad age band") }
            guard let kind = IntakeReference.Kind(rawValue: row["kind"]) else { throw bad("kind must be RDA or AI") }
            let sex: ProfileRecord.Sex? = row["sex"] == "any" ? nil : ProfileRecord.Sex(rawValue: row["sex"])
            guard row["sex"] == "any" || sex != nil else { throw bad("sex must be any, female or male") }
            guard let amount = Double(row["amount"]), amount > 0 else { throw bad("amount must be a positive number") }
            let upper = row["ul"].isEmpty ? nil : Double(row["ul"])
            guard row["ul"].isEmpty || upper != nil else { throw bad("ul must be a number or empty") }
            let scope = IntakeReference.UpperScope(rawValue: row["ul_scope"])
            guard upper == nil || scope != nil else { throw bad("a ul needs a ul_scope") }
            let key = row["key"]
            rows.append(Row(sex: sex, ages: from...to, reference: IntakeReference(
                key: key, kind: kind, amount: amount, upper: upper, upperScope: scope,
                upperKey: row["ul_key"].isEmpty ? key : row["ul_key"])))
        }
        return IntakeReferenceTable(rows: rows)
    }

    /// The reference of every nutrient for a person of `age` and `sex`, in table order. Without an age, the 31–50
    /// band; without a sex, the higher target of the two (and the lower upper level), so nobody is told too little.
    public func references(age: Int?, sex: ProfileRecord.Sex?) -> [IntakeReference] {
        let age = min(max(age ?? Self.defaultAge, 1), 120)
        var byKey: [String: IntakeReference] = [:]
        var order: [String] = []
        for row in rows where row.ages.contains(age) && (row.sex == nil || sex == nil || row.sex == sex) {
            let key = row.reference.key
            guard var known = byKey[key] else {
                byKey[key] = row.reference
                order.append(key)
                continue
            }
            known.amount = max(known.amount, row.reference.amount)
            if let upper = row.reference.upper { known.upper = min(known.upper ?? upper, upper) }
            byKey[key] = known
        }
        return order.compactMap { byKey[$0] }
    }
}
