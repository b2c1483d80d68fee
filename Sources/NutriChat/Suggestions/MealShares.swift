import Foundation
import NutriLanguage

/// The share of the day's energy each kind of meal is usually given (`Lexicon/meal-shares.tsv`): suggestions aim at
/// it, and written recipes may name only these meals.
struct MealShares: Sendable {
    /// The share of a meal the file does not list.
    static let otherShare = 0.25

    let shares: [String: Double]

    /// The meals listed.
    var meals: Set<String> { Set(shares.keys) }

    /// The share of the day's energy for `meal`.
    func share(of meal: String) -> Double { shares[meal] ?? Self.otherShare }

    /// Reads the file; a share outside (0, 1] is an error naming its line.
    static func load(from lexicon: URL) throws -> MealShares {
        let table = try TSVTable(contentsOf: lexicon.appendingPathComponent("meal-shares.tsv"), required: ["meal", "share"])
        var shares: [String: Double] = [:]
        for row in table.rows {
            guard let share = Double(row["share"]), share > 0, share <= 1, !row["meal"].isEmpty else {
                throw DataFileError(file: table.file, line: row.line, reason: "a meal and a share between 0 and 1")
            }
            shares[row["meal"].lowercased()] = share
        }
        return MealShares(shares: shares)
    }
}
