import Foundation

/// One row of a menu file turned into a checked ``MenuItem``: required fields present, text safe and short, the
/// date a real day, figures finite, non-negative and plausible for one serving.
struct MenuRow {
    let fields: [String: MenuValue]
    let number: Int

    func item() throws -> MenuItem {
        let date = try text("date", limit: 10)
        do { try JournalRules.checkDate(date) } catch { throw problem("date", "'\(date)' is not a YYYY-MM-DD day") }
        return MenuItem(
            id: nil, place: try text("place", limit: 120), date: date, meal: try text("meal", limit: 40).lowercased(),
            station: try optionalText("station", limit: 120), name: try text("item", limit: 120),
            serving: try optionalText("serving", limit: 120),
            servingGrams: try amount("serving_grams", maximum: 5_000),
            kcal: try amount("kcal", maximum: 5_000) ?? 0,
            proteinG: try amount("protein_g", maximum: 1_000), carbohydrateG: try amount("carbohydrate_g", maximum: 1_000),
            fatG: try amount("fat_g", maximum: 1_000), allergens: try allergens(),
            ingredients: try optionalText("ingredients", limit: 4_000))
    }

    private func problem(_ column: String, _ message: String) -> StoreError {
        .invalidValue("row \(number), \(column): \(message)")
    }

    private func text(_ column: String, limit: Int) throws -> String {
        guard let value = try optionalText(column, limit: limit) else { throw problem(column, "is missing") }
        return value
    }

    private func optionalText(_ column: String, limit: Int) throws -> String? {
        switch fields[column] {
        case nil, .null: return nil
        case .number, .list: throw problem(column, "must be text")
        case .text(let raw):
            let value = raw.trimmingCharacters(in: .whitespaces)
            if let bad = TextSafety.firstUnsafe(in: value) { throw problem(column, "holds a control character (\(TextSafety.name(bad)))") }
            guard value.count <= limit else { throw problem(column, "is longer than \(limit) characters") }
            return value.isEmpty ? nil : value
        }
    }

    /// An optional figure: a JSON number or CSV text of a number, finite, from 0 to `maximum`; "kcal" is required.
    private func amount(_ column: String, maximum: Double) throws -> Double? {
        let value: Double
        switch fields[column] {
        case nil, .null:
            if column == "kcal" { throw problem(column, "is missing") }
            return nil
        case .list: throw problem(column, "must be a number")
        case .number(let number): value = number
        case .text(let raw):
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty, column != "kcal" { return nil }
            guard let number = Double(trimmed) else { throw problem(column, "must be a number, got '\(trimmed.prefix(20))'") }
            value = number
        }
        guard value.isFinite, value >= 0, value <= maximum else {
            throw problem(column, "must be a number from 0 to \(Int(maximum)), got \(value)")
        }
        return value
    }

    /// Allergens from a list or from text separated by commas or semicolons, lowercased.
    private func allergens() throws -> String {
        let names: [String]
        switch fields["allergens"] {
        case nil, .null: names = []
        case .number: throw problem("allergens", "must be text or a list of text")
        case .list(let list): names = list
        case .text(let text): names = text.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init)
        }
        let cleaned = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        for name in cleaned {
            if let bad = TextSafety.firstUnsafe(in: name) { throw problem("allergens", "holds a control character (\(TextSafety.name(bad)))") }
            guard name.count <= 40 else { throw problem("allergens", "'\(name.prefix(20))…' is longer than 40 characters") }
        }
        return cleaned.joined(separator: ",")
    }
}
