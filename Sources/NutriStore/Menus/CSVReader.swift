import Foundation

/// RFC 4180 CSV: fields separated by commas, quoted with double quotes when they hold a comma, a quote (doubled)
/// or a line break; lines end with LF or CRLF. Returns the records, or nil at an unterminated quote.
enum CSVReader {
    static func records(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let held = pending { pending = nil; return held }
            return scalars.next()
        }
        while let scalar = next() {
            if quoted {
                guard scalar == "\"" else { field.unicodeScalars.append(scalar); continue }
                if let after = next() {
                    if after == "\"" { field.append("\"") } else { quoted = false; pending = after }
                } else {
                    quoted = false
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",": record.append(field); field = ""
            case "\r": continue
            case "\n":
                record.append(field); field = ""
                records.append(record); record = []
            default: field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else { return nil }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records.filter { !($0.count == 1 && $0[0].trimmingCharacters(in: .whitespaces).isEmpty) }
    }
}
