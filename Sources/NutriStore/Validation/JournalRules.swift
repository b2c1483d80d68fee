import Foundation
import GRDB

/// What a journal row may hold: the one set of rules applied by every writer (chat, commands, import) and by every
/// reader that meets a row written some other way. A rule broken throws ``StoreError/invalidValue(_:)`` with one
/// line naming the field. The bounds are ceilings no meal reaches, far above what `plausible-amounts.tsv` asks about
/// in conversation: they keep a typo's 10^12 out of the journal, not a big dinner.
public enum JournalRules {
    /// The most grams one entry can weigh: 10 kg, more than any one sitting.
    public static let maximumEntryGrams = 10_000.0
    /// The most kilocalories in one entry: 10 kg of pure fat is 90,000 kcal.
    public static let maximumEntryKcal = 100_000.0
    /// The largest stated quantity ("2" in "2 cups"), in any unit.
    public static let maximumQuantity = 100_000.0
    /// The most water in one record: 20 litres.
    public static let maximumWaterMilliliters = 20_000.0
    /// The longest text a row keeps (a message is at most a few hundred characters).
    public static let maximumTextLength = 10_000

    /// The most of one nutrient in one entry, by the unit its key ends in (`protein_g`, `sodium_mg`, `vitamin_d_ug`):
    /// what 10 kg of food could hold at most. Unknown units get the largest ceiling.
    public static func maximumAmount(forKey key: String) -> Double {
        if key.hasSuffix("_kcal") { return maximumEntryKcal }
        if key.hasSuffix("_kj") { return maximumEntryKcal * 4.184 }
        if key.hasSuffix("_g") { return maximumEntryGrams }
        if key.hasSuffix("_mg") { return maximumEntryGrams * 1_000 }
        return maximumEntryGrams * 1_000_000
    }

    // MARK: - Records

    /// Checks a journal entry's values (its food reference is checked by ``checkReference(_:in:)``).
    public static func check(_ entry: JournalEntry) throws {
        try checkDate(entry.date)
        try checkText(entry.meal, field: "meal", allowEmpty: false)
        try checkText(entry.text, field: "text")
        try checkText(entry.foodId, field: "food id", allowEmpty: false)
        try checkText(entry.foodName, field: "food name")
        if let unit = entry.unit { try checkText(unit, field: "unit") }
        try checkAmount(entry.grams, field: "grams", maximum: maximumEntryGrams, unit: "g")
        if let quantity = entry.quantity { try checkAmount(quantity, field: "quantity", maximum: maximumQuantity, unit: "") }
        try checkNutrients(entry.nutrients)
    }

    /// Checks a weight: a real day, finite and within `WeightRecord.validRange`.
    public static func check(_ weight: WeightRecord) throws {
        try checkDate(weight.date)
        try checkText(weight.text, field: "text")
        guard weight.kilograms.isFinite, WeightRecord.validRange.contains(weight.kilograms) else {
            throw StoreError.invalidValue("a weight must be between 20 and 500 kg")
        }
    }

    /// Checks a water record.
    public static func check(_ water: WaterRecord) throws {
        try checkDate(water.date)
        try checkText(water.text, field: "text")
        guard water.milliliters.isFinite, water.milliliters > 0, water.milliliters <= maximumWaterMilliliters else {
            throw StoreError.invalidValue("water must be more than 0 and at most \(Int(maximumWaterMilliliters)) ml")
        }
    }

    /// Checks one ingredient of a recipe.
    public static func check(_ ingredient: RecipeIngredientRecord) throws {
        try checkText(ingredient.text, field: "ingredient text")
        try checkText(ingredient.foodId, field: "ingredient food id", allowEmpty: false)
        try checkText(ingredient.foodName, field: "ingredient food name")
        try checkAmount(ingredient.grams, field: "ingredient grams", maximum: maximumEntryGrams, unit: "g")
        if let quantity = ingredient.quantity {
            try checkAmount(quantity, field: "ingredient quantity", maximum: maximumQuantity, unit: "")
        }
        try checkNutrients(ingredient.nutrients)
    }

    // MARK: - Values

    /// Nutrient amounts: each a finite number, not negative, below its unit's ceiling; keys are plain `name_unit`.
    public static func checkNutrients(_ nutrients: [String: Double]) throws {
        // Every stored entry passes here: the common all-good case without sorting, and keys checked byte by byte
        // (only ASCII letters, digits and `_` pass, so bytes and characters agree); the first fault in key order
        // is the one reported.
        if nutrients.allSatisfy({ isNutrientKey($0.key) && isAmount($0.value, maximum: maximumAmount(forKey: $0.key)) }) {
            return
        }
        for (key, value) in nutrients.sorted(by: { $0.key < $1.key }) {
            guard isNutrientKey(key) else {
                throw StoreError.invalidValue("the nutrient name '\(key.prefix(20))' is not a nutrient key")
            }
            try checkAmount(value, field: key, maximum: maximumAmount(forKey: key), unit: "")
        }
    }

    /// 1–64 ASCII letters, digits and underscores.
    static func isNutrientKey(_ key: String) -> Bool {
        let bytes = key.utf8
        return !bytes.isEmpty && bytes.count <= 64
            && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
    }

    /// What `checkAmount` accepts.
    static func isAmount(_ value: Double, maximum: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maximum
    }

    /// A finite number from 0 to `maximum`.
    public static func checkAmount(_ value: Double, field: String, maximum: Double, unit: String) throws {
        guard value.isFinite else { throw StoreError.invalidValue("\(field) is not a finite number") }
        guard value >= 0 else { throw StoreError.invalidValue("\(field) cannot be negative") }
        guard value <= maximum else {
            throw StoreError.invalidValue("\(field) is over the limit of \(Int(maximum))\(unit.isEmpty ? "" : " \(unit)") for one entry")
        }
    }

    /// Text without control characters or direction overrides (``TextSafety``), and not absurdly long.
    public static func checkText(_ text: String, field: String, allowEmpty: Bool = true) throws {
        if let bad = TextSafety.firstUnsafe(in: text) {
            throw StoreError.invalidValue("\(field) holds a control character (\(TextSafety.name(bad)))")
        }
        guard allowEmpty || !text.unicodeScalars.allSatisfy({ CharacterSet.whitespaces.contains($0) }) else {
            throw StoreError.invalidValue("\(field) is empty")
        }
        // A string has no more characters than UTF-8 bytes: counting characters only when the bytes are over.
        guard text.utf8.count <= maximumTextLength || text.count <= maximumTextLength else {
            throw StoreError.invalidValue("\(field) is longer than \(maximumTextLength) characters")
        }
    }

    /// Whether `text` is a YYYY-MM-DD day that exists: the one date check of commands, tools, requests and files.
    public static func isDate(_ text: String) -> Bool {
        (try? checkDate(text)) != nil
    }

    /// A real day written YYYY-MM-DD.
    public static func checkDate(_ date: String) throws {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard date.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
            throw StoreError.invalidValue("the date '\(date.prefix(20))' is not a YYYY-MM-DD day")
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - References

    /// A food id must name something that exists or once existed: "usda:" and five digits, a "dish:" or "menu:" name, or a
    /// custom food or recipe whose number was handed out by this journal (an entry keeps its snapshot when the food
    /// is later deleted, so a number up to the table's highest ever issued resolves).
    public static func checkReference(_ foodId: String, in db: Database) throws {
        try checkReference(foodId) { number, table in try issued(number, in: table, db: db) }
    }

    /// The same check for any store: `issued(number, table)` says whether the store handed out that custom-food
    /// (`customFood`) or recipe (`recipe`) number.
    public static func checkReference(_ foodId: String, issued: (Int64, String) throws -> Bool) throws {
        if foodId.hasPrefix("usda:") {
            let digits = foodId.dropFirst(5)
            guard digits.count == 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw StoreError.invalidValue("the food id '\(foodId.prefix(30))' is not a USDA food number")
            }
            return
        }
        if foodId.hasPrefix("dish:") || foodId.hasPrefix("menu:"), foodId.count > 5 { return }
        for (prefix, table) in [(CustomFoodRecord.idPrefix, CustomFoodRecord.databaseTableName),
                                (RecipeRecord.idPrefix, RecipeRecord.databaseTableName)] where foodId.hasPrefix(prefix) {
            guard let number = Int64(foodId.dropFirst(prefix.count)), number > 0,
                  try issued(number, table) else {
                throw StoreError.invalidValue("the food id '\(foodId.prefix(30))' refers to a \(table == "recipe" ? "recipe" : "custom food") that does not exist")
            }
            return
        }
        throw StoreError.invalidValue("the food id '\(foodId.prefix(30))' is not a known kind of food id")
    }

    /// Whether row `number` of `table` exists or was handed out before (AUTOINCREMENT keeps the highest in
    /// `sqlite_sequence`).
    private static func issued(_ number: Int64, in table: String, db: Database) throws -> Bool {
        guard try db.tableExists(table) else { return false }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE id = ?)",
                             arguments: [number]) == true { return true }
        guard try db.tableExists("sqlite_sequence") else { return false }
        let highest = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table]) ?? 0
        return number <= highest
    }
}
