import Foundation
import NutriStore

extension MenuItem {
    /// A dish as `menus show --json` gives it.
    public var json: JSONValue {
        .object([
            ("place", .string(place)), ("date", .string(date)), ("meal", .string(meal)), ("station", .optional(station)),
            ("item", .string(name)), ("serving", .optional(serving)), ("serving_grams", .optional(servingGrams)),
            ("kcal", .rounded(kcal)), ("protein_g", .optional(proteinG)), ("carbohydrate_g", .optional(carbohydrateG)),
            ("fat_g", .optional(fatG)), ("allergens", .array(allergenList.map(JSONValue.string))),
            ("ingredients", .optional(ingredients)),
        ])
    }
}

extension MenuStore.ImportSummary {
    /// What `menus import --json` and `POST /v1/menus` answer.
    public var json: JSONValue {
        .object([
            ("action", .string("menus_import")), ("items", .number(Double(items))),
            ("menus", .array(menus.map(JSONValue.string))), ("replaced_items", .number(Double(replaced))),
        ])
    }
}

/// The `menus show` layout: place and meal headings, then one line a dish with its energy, macros and allergens.
public enum MenuText {
    /// The `menus show --json` object of one day's dishes.
    public static func json(_ items: [MenuItem], date: String) -> JSONValue {
        .object([("date", .string(date)), ("items", .array(items.map(\.json)))])
    }

    /// The dishes by place and meal; `left` dishes were left out for an allergen.
    public static func render(_ items: [MenuItem], date: String, left: Int = 0) -> String {
        guard !items.isEmpty else {
            return left > 0 ? "Every dish on \(date) has an allergen you left out." : "No menus for \(date)."
        }
        var lines: [String] = []
        var heading = ""
        for item in items {
            let next = "\(item.place) · \(item.meal) · \(date)"
            if next != heading {
                if !lines.isEmpty { lines.append("") }
                lines.append(next)
                heading = next
            }
            lines.append("  " + line(item))
        }
        if left > 0 { lines.append("(\(left) dish\(left == 1 ? "" : "es") with a left-out allergen not shown)") }
        return lines.joined(separator: "\n")
    }

    /// "Chicken Alfredo (1 plate) — 720 kcal, P 38 g C 64 g F 34 g · grill · contains milk, wheat"
    static func line(_ item: MenuItem) -> String {
        var text = item.name + (item.serving.map { " (\($0))" } ?? "") + " — \(Int(item.kcal.rounded())) kcal"
        let macros = [("P", item.proteinG), ("C", item.carbohydrateG), ("F", item.fatG)]
            .compactMap { label, value in value.map { "\(label) \(Int($0.rounded())) g" } }
        if !macros.isEmpty { text += ", " + macros.joined(separator: " ") }
        if let station = item.station { text += " · \(station)" }
        if !item.allergenList.isEmpty { text += " · contains \(item.allergenList.joined(separator: ", "))" }
        return text
    }
}
