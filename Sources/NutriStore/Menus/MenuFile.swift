import Foundation

/// A day's menus as an operator's file gives them: CSV with a header row, or JSON (an array of objects, or an object
/// with `"items"`), with the columns place, date, meal, station, item, serving, serving_grams, kcal, protein_g,
/// carbohydrate_g, fat_g, allergens and ingredients. Every row is checked before anything is stored; the first bad
/// one is named with its row and column.
public enum MenuFile {
    /// Larger files are refused before they are read.
    public static let maximumBytes = 20 * 1024 * 1024
    public static let maximumRows = 50_000
    static let required = ["place", "date", "meal", "item", "kcal"]
    static let columns: Set<String> = ["place", "date", "meal", "station", "item", "serving", "serving_grams", "kcal",
                                       "protein_g", "carbohydrate_g", "fat_g", "allergens", "ingredients"]

    /// Reads and checks the file at `url`.
    public static func read(_ url: URL) throws -> [MenuItem] {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw StoreError.sourceNotFound(path: url.path) }
        guard size <= maximumBytes else { throw StoreError.invalidValue("\(url.lastPathComponent) is over the limit of 20 MB for a menu file") }
        guard let text = String(data: try Data(contentsOf: url), encoding: .utf8) else {
            throw StoreError.invalidValue("\(url.lastPathComponent) is not UTF-8 text")
        }
        return try parse(text)
    }

    /// Checks a menu given as text (JSON when it starts with `[` or `{`, else CSV).
    public static func parse(_ text: String) throws -> [MenuItem] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let rows = trimmed.hasPrefix("[") || trimmed.hasPrefix("{") ? try jsonRows(trimmed) : try csvRows(trimmed)
        guard !rows.isEmpty else { throw StoreError.invalidValue("the menu file has no rows") }
        guard rows.count <= maximumRows else { throw StoreError.invalidValue("the menu file has over \(maximumRows) rows") }
        var seen = Set<String>()
        return try rows.enumerated().map { index, row in
            let item = try MenuRow(fields: row, number: index + 1).item()
            let key = [item.place, item.date, item.meal, item.name].map { $0.lowercased() }.joined(separator: "\u{1F}")
            guard seen.insert(key).inserted else {
                throw StoreError.invalidValue("row \(index + 1): '\(item.name)' is on the \(item.meal) menu of \(item.place) for \(item.date) twice")
            }
            return item
        }
    }

    private static func csvRows(_ text: String) throws -> [[String: MenuValue]] {
        guard let records = CSVReader.records(text) else {
            throw StoreError.invalidValue("the menu file is not CSV (a quote is never closed) or JSON")
        }
        guard let header = records.first else { return [] }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        try checkColumns(names)
        return try records.dropFirst().enumerated().map { index, record in
            guard record.count == names.count else {
                throw StoreError.invalidValue("row \(index + 1): \(record.count) fields where the header has \(names.count)")
            }
            return Dictionary(uniqueKeysWithValues: zip(names, record.map { MenuValue.text($0) }))
        }
    }

    private static func jsonRows(_ text: String) throws -> [[String: MenuValue]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            throw StoreError.invalidValue("the menu file is not valid JSON")
        }
        let list = (object as? [Any]) ?? ((object as? [String: Any])?["items"] as? [Any])
        guard let list else { throw StoreError.invalidValue("a JSON menu is an array of items, or an object with \"items\"") }
        return try list.enumerated().map { index, element in
            guard let fields = element as? [String: Any] else { throw StoreError.invalidValue("row \(index + 1) is not an object") }
            try checkColumns(Array(fields.keys), row: index + 1)
            return try fields.mapValues { try MenuValue(json: $0, row: index + 1) }
        }
    }

    private static func checkColumns(_ names: [String], row: Int? = nil) throws {
        let at = row.map { "row \($0): " } ?? ""
        if let unknown = names.first(where: { !columns.contains($0) }) {
            throw StoreError.invalidValue("\(at)unknown column '\(unknown.prefix(40))'; the columns are \(columns.sorted().joined(separator: ", "))")
        }
        guard Set(names).count == names.count else { throw StoreError.invalidValue("\(at)a column is named twice") }
        if row == nil, let missing = required.first(where: { !names.contains($0) }) {
            throw StoreError.invalidValue("the menu file has no '\(missing)' column")
        }
    }
}

/// A field as the file gives it: text (CSV, JSON strings), a JSON number, a JSON list of strings, or nothing.
enum MenuValue {
    case text(String)
    case number(Double)
    case list([String])
    case null

    init(json: Any, row: Int) throws {
        switch json {
        case let text as String: self = .text(text)
        case is NSNull: self = .null
        case let number as NSNumber where String(cString: number.objCType) != "c": self = .number(number.doubleValue)
        case let list as [Any]:
            guard let strings = list as? [String] else { throw StoreError.invalidValue("row \(row): a list may hold only text") }
            self = .list(strings)
        default: throw StoreError.invalidValue("row \(row): a value is neither text, a number nor a list of text")
        }
    }
}
