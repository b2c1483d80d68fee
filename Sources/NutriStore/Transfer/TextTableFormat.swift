import Foundation
import GRDB

/// Renders database values as CSV fields and JSON values for the readable exports. Numbers use Swift's shortest
/// round-trip form, so a value read back from the text is the value that was stored.
enum TextTableFormat {
    // MARK: - CSV (RFC 4180)

    /// One CSV line (without the line break) for `fields`.
    static func csvLine(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",")
    }

    /// A CSV field: NULL is empty, text is quoted when it holds a comma, quote, line break or edge spaces.
    static func csvText(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : ""
        case .string(let text): return neutralisingFormula(text)
        case .blob(let data): return data.base64EncodedString()
        }
    }

    /// Text that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return) gets a leading `'`, as OWASP's CSV-injection advice says, so it shows as the text it is. Numbers are
    /// written from number cells and never pass through here, so "-5" stays a number.
    static func neutralisingFormula(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return text }
        return "'" + text
    }

    private static func csvField(_ text: String) -> String {
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - JSON

    /// A JSON value: null, a number, or a string (blobs as base64 text).
    static func json(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "null"
        case .int64(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let text): return jsonString(text)
        case .blob(let data): return jsonString(data.base64EncodedString())
        }
    }

    /// One JSON object for a row, keys in column order.
    static func jsonObject(columns: [String], values: [DatabaseValue]) -> String {
        let members = zip(columns, values).map { jsonString($0) + ":" + json($1) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20 || (0x80...0x9F).contains(control.value)
                || control.value == 0x2028 || control.value == 0x2029:
                out += String(format: "\\u%04x", control.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
