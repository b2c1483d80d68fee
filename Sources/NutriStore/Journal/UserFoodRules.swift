import Foundation

/// What the journal accepts as a custom food or a recipe. Every check throws `StoreError.invalidValue` with one line
/// the person can act on, before anything is written.
public enum UserFoodRules {
    /// The longest name, in characters.
    public static let maximumNameLength = 50
    /// The nutrients a custom food can state, per serving; `energy_kcal` is required.
    public static let nutrientKeys = ["energy_kcal", "protein_g", "carbohydrate_g", "fat_g", "sugars_g", "fiber_g",
                                      "saturated_fat_g"]
    /// Units whose amount may be any number ("27.5 g"); household units need a whole number or a simple fraction.
    public static let metricUnits: Set<String> = ["gram", "kilogram", "milligram", "milliliter", "liter", "deciliter",
                                                  "centiliter"]
    /// Grams in one metric mass unit.
    public static let gramsPerMetricUnit: [String: Double] = ["gram": 1, "kilogram": 1000, "milligram": 0.001]
    /// Milliliters in one metric volume unit.
    public static let millilitersPerMetricUnit: [String: Double] = ["milliliter": 1, "liter": 1000, "deciliter": 100,
                                                                    "centiliter": 10]
    /// The most servings a recipe can make.
    public static let maximumServings = 1000.0
    /// The most ingredients a recipe can have.
    public static let maximumIngredients = 100

    /// The name trimmed, or an error when it is empty, too long or has control characters.
    public static func validatedName(_ text: String, kind: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        guard !name.isEmpty else { throw StoreError.invalidValue("a \(kind) needs a name") }
        guard name.count <= maximumNameLength else {
            throw StoreError.invalidValue("a \(kind) name can have at most \(maximumNameLength) characters (this one has \(name.count))")
        }
        guard TextSafety.firstUnsafe(in: name) == nil else {
            throw StoreError.invalidValue("a \(kind) name cannot contain control characters")
        }
        guard name.contains(where: \.isLetter) else { throw StoreError.invalidValue("a \(kind) name needs a letter") }
        return name
    }

    /// Checks a custom food's serving and nutrients.
    public static func validate(_ food: CustomFoodRecord) throws {
        _ = try validatedName(food.name, kind: "custom food")
        try JournalRules.checkText(food.servingUnit, field: "serving unit")
        try validateServing(quantity: food.servingQuantity, unit: food.servingUnit, grams: food.servingGrams)
        try validateNutrients(food.nutrients, grams: food.servingGrams)
    }

    /// A serving is a positive amount of a unit: any number of a metric unit, a whole number or a simple fraction
    /// (1/2, 2/3, 3/4, 1 1/2) of a household unit.
    public static func validateServing(quantity: Double, unit: String, grams: Double?) throws {
        guard !unit.trimmingCharacters(in: .whitespaces).isEmpty, unit.count <= 30 else {
            throw StoreError.invalidValue("a serving needs a unit, e.g. '1 bar', '30 g' or '3/4 cup'")
        }
        guard quantity.isFinite, quantity > 0, quantity <= 10_000 else {
            throw StoreError.invalidValue("a serving must be more than 0 (and at most 10,000 \(unit))")
        }
        if !metricUnits.contains(unit) {
            guard quantity <= 100, isSimpleFraction(quantity) else {
                throw StoreError.invalidValue("'\(format(quantity)) \(unit)' is not a serving: use a whole number or a simple fraction such as 1, 2, 1/2 or 3/4")
            }
        }
        if let grams, !(grams.isFinite && grams > 0 && grams <= 10_000) {
            throw StoreError.invalidValue("a serving's weight must be more than 0 and at most 10,000 g")
        }
    }

    /// Whether `value` is n/d for some denominator d up to 16 ("0.75" yes, "0.37" no).
    public static func isSimpleFraction(_ value: Double) -> Bool {
        (1...16).contains { denominator in
            let scaled = value * Double(denominator)
            return abs(scaled - scaled.rounded()) < 1e-6
        }
    }

    /// Nutrients per serving: known keys, energy given, nothing negative, parts not above their whole
    /// (sugars and fibre within carbohydrate, saturated fat within fat), macros within the serving's weight.
    public static func validateNutrients(_ nutrients: [String: Double], grams: Double?) throws {
        if let key = nutrients.keys.sorted().first(where: { !nutrientKeys.contains($0) }) {
            throw StoreError.invalidValue("unknown nutrient '\(key)'; use \(nutrientKeys.joined(separator: ", "))")
        }
        guard nutrients["energy_kcal"] != nil else { throw StoreError.invalidValue("a custom food needs its calories (kcal)") }
        for key in nutrientKeys {
            guard let value = nutrients[key] else { continue }
            guard value.isFinite, value >= 0 else { throw StoreError.invalidValue("\(label(key)) cannot be negative") }
            guard value <= (key == "energy_kcal" ? 20_000 : 5_000) else {
                throw StoreError.invalidValue("\(label(key)) of \(format(value)) per serving is too much")
            }
        }
        for (part, whole) in [("sugars_g", "carbohydrate_g"), ("saturated_fat_g", "fat_g")] {
            if let p = nutrients[part], let w = nutrients[whole], p > w + 0.05 {
                throw StoreError.invalidValue("\(label(part)) (\(format(p)) g) cannot be more than \(label(whole)) (\(format(w)) g)")
            }
        }
        let macros = ["protein_g", "carbohydrate_g", "fat_g"].compactMap { nutrients[$0] }.reduce(0, +)
        if let grams, macros > grams + 0.5 {
            throw StoreError.invalidValue("protein, carbs and fat add up to \(format(macros)) g, more than the serving's \(format(grams)) g")
        }
    }

    /// Checks a recipe before it is saved.
    public static func validate(_ recipe: RecipeRecord, ingredients: [RecipeIngredientRecord]) throws {
        try JournalRules.check(recipe)
        guard !ingredients.isEmpty else { throw StoreError.invalidValue("a recipe needs at least one ingredient") }
        guard ingredients.count <= maximumIngredients else {
            throw StoreError.invalidValue("a recipe can have at most \(maximumIngredients) ingredients")
        }
        for ingredient in ingredients {
            do {
                try JournalRules.check(ingredient)
            } catch let error as StoreError {
                throw StoreError.invalidValue("the ingredient '\(TextSafety.stripped(String(ingredient.text.prefix(40))))': \(error)")
            }
        }
    }

    /// "protein", "saturated fat", "calories".
    public static func label(_ key: String) -> String {
        switch key {
        case "energy_kcal": return "calories"
        case "carbohydrate_g": return "carbohydrate"
        case "sugars_g": return "sugars"
        case "fiber_g": return "fibre"
        case "saturated_fat_g": return "saturated fat"
        default: return key.split(separator: "_").first.map(String.init) ?? key
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}
