import Foundation
import NutriLanguage
import NutriStore

extension ReferenceCatalogs {
    /// Loads `nutrients.tsv` and `food-groups.tsv` from the lexicon folder.
    public static func load(from lexicon: URL) throws -> ReferenceCatalogs {
        let nutrientFile = lexicon.appendingPathComponent("nutrients.tsv")
        let table = try TSVTable(contentsOf: nutrientFile,
                                 required: ["order", "source", "key", "label", "unit", "group", "daily_value"])
        var nutrients: [NutrientInfo] = []
        var keys = Set<String>()
        for row in table.rows {
            let order = Int(row["order"]) ?? 0
            guard order > 0, !row["source"].isEmpty, !row["key"].isEmpty, keys.insert(row["key"]).inserted else {
                throw DataFileError(file: table.file, line: row.line, reason: "bad or duplicate nutrient row")
            }
            nutrients.append(NutrientInfo(
                id: order, source: row["source"], key: row["key"], label: row["label"], unit: row["unit"],
                category: row["group"], dailyValue: try row.optionalDouble("daily_value", file: table.file)))
        }
        let groupTable = try TSVTable(contentsOf: lexicon.appendingPathComponent("food-groups.tsv"),
                                      required: ["prefix", "group"])
        var groups: [String: String] = [:]
        for row in groupTable.rows {
            guard row["prefix"].count == 2 else {
                throw DataFileError(file: groupTable.file, line: row.line, reason: "prefix must be two digits")
            }
            groups[row["prefix"]] = row["group"]
        }
        return ReferenceCatalogs(nutrients: nutrients, foodGroups: groups)
    }
}
