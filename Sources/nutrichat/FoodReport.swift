import Foundation
import NutriChat
import NutriStore

/// The `foods show` layout: nutrients per 100 g and per household measure, grouped.
struct FoodReport {
    let food: Food
    let portions: [Portion]
    let nutrients: [NutrientAmount]

    init(services: FoodServices, id: String) throws {
        food = try services.catalog.food(id: id)
        portions = try services.catalog.portions(of: food)
        nutrients = try services.catalog.nutrients(of: food)
    }

    static let categories: [(key: String, title: String)] = [
        ("energy", "Energy and macronutrients"), ("fats", "Fats"), ("vitamins", "Vitamins"),
        ("minerals", "Minerals"), ("other", "Other"), ("amino acids", "Amino acids"),
    ]

    /// The `foods show --json` object.
    var json: JSONValue { FoodJSON.food(food, portions: portions, nutrients: nutrients) }

    func text(style: Style) -> String {
        var lines = [style.bold(food.name), style.dim("\(food.id) · \(food.group ?? "unknown group")"), ""]
        let shown = Array(portions.prefix(3))
        let labelWidth = 24
        var header = "".padding(toLength: labelWidth, withPad: " ", startingAt: 0) + pad("100 g", 12)
        for portion in shown { header += pad(shortName(portion), 16) }
        for (key, title) in Self.categories {
            let rows = nutrients.filter { $0.nutrient.category == key }
            guard !rows.isEmpty else { continue }
            lines.append(style.bold(title))
            lines.append(style.dim(header))
            for n in rows {
                var line = "  " + (n.nutrient.label + " (\(n.nutrient.unit))").padding(toLength: labelWidth - 2, withPad: " ", startingAt: 0)
                line += pad(format(n.amount), 12)
                for portion in shown { line += pad(format(n.amount * portion.grams / 100), 16) }
                if let dv = n.nutrient.dailyValue, dv > 0 {
                    line += style.dim(String(format: "  %3.0f%% DV/100 g", n.amount / dv * 100))
                }
                lines.append(line)
            }
            lines.append("")
        }
        if !portions.isEmpty {
            lines.append(style.bold("Household measures"))
            for portion in portions {
                lines.append("  \(format(portion.amount)) \(portion.name) = \(format(portion.grams)) g")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func shortName(_ portion: Portion) -> String {
        let name = "\(format(portion.amount)) \(portion.name)"
        return name.count > 15 ? String(name.prefix(14)) + "…" : name
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : String(repeating: " ", count: width - text.count) + text
    }

    private func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}
