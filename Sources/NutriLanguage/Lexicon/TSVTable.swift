import Foundation

/// A problem reading a data file, always naming the file and line.
public struct DataFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's path.
    public let file: String
    /// The 1-based line number, or 0 for the whole file.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error for `file:line`.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
}

/// A UTF-8 tab-separated table: a header row, `#` comments and blank lines skipped, one fact per line.
public struct TSVTable: Sendable {
    /// One data row, with its line number for error messages.
    public struct Row: Sendable {
        /// The 1-based line in the file.
        public let line: Int
        /// The cells, trimmed; missing trailing cells read as "".
        public let cells: [String]
        let columns: [String: Int]

        /// The cell under `column`, or "" when the row is short or the column unknown.
        public subscript(_ column: String) -> String {
            guard let index = columns[column], index < cells.count else { return "" }
            return cells[index]
        }

        /// The cell at a column position (from `header.lastIndex(of:)`, as a repeated name reads), or "" when the row
        /// is short: what `self[name]` gives without hashing the name, for tables read row by row at start-up.
        public subscript(column index: Int) -> String {
            index >= 0 && index < cells.count ? cells[index] : ""
        }
    }

    /// The file's path, for messages.
    public let file: String
    /// The header's column names.
    public let header: [String]
    /// The data rows in file order.
    public let rows: [Row]

    /// Parses `text` read from `file`; `required` columns must appear in the header.
    ///
    /// Works on UTF-8 bytes: tabs, newlines, spaces and "#" are ASCII, so cells can be cut without decoding
    /// characters — the alias table has thousands of rows and is read at every start-up.
    public init(text: String, file: String, required: [String] = []) throws {
        self.file = file
        var header: [String]?
        var columns: [String: Int] = [:]
        var rows: [Row] = []
        var lineNumber = 0
        let bytes = Array(text.utf8)
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            lineNumber += 1
            defer { lineStart = lineEnd + 1 }
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            let (first, last) = Self.trimmed(bytes, lineStart, end)
            if first >= last || bytes[first] == UInt8(ascii: "#") { continue }
            var cells: [String] = []
            var cellStart = lineStart
            var k = lineStart
            while k <= end {
                if k == end || bytes[k] == 0x09 {
                    let (a, b) = Self.trimmed(bytes, cellStart, k)
                    cells.append(String(decoding: bytes[a..<b], as: UTF8.self))
                    cellStart = k + 1
                }
                k += 1
            }
            if header == nil {
                header = cells
                for (index, name) in cells.enumerated() { columns[name] = index }
                for name in required where columns[name] == nil {
                    throw DataFileError(file: file, line: lineNumber, reason: "missing column '\(name)' in header")
                }
                continue
            }
            rows.append(Row(line: lineNumber, cells: cells, columns: columns))
        }
        guard let header else { throw DataFileError(file: file, line: 0, reason: "no header row") }
        self.header = header
        self.rows = rows
    }

    /// The bounds of `bytes[start..<end]` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (Int, Int) {
        var a = start
        var b = end
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
        return (a, b)
    }

    /// Reads and parses the file at `url`.
    public init(contentsOf url: URL, required: [String] = []) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: url.path, line: 0, reason: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DataFileError(file: url.path, line: 0, reason: "is not valid UTF-8")
        }
        try self.init(text: text, file: url.lastPathComponent, required: required)
    }
}

extension TSVTable.Row {
    /// The cell under `column` as a number, or an error naming `file:line`.
    public func double(_ column: String, file: String) throws -> Double {
        let cell = self[column]
        guard let value = Double(cell), value.isFinite else {
            throw DataFileError(file: file, line: line, reason: "'\(column)' is not a number: '\(cell)'")
        }
        return value
    }

    /// The cell under `column` as a number, `nil` when empty, or an error when it is not a number.
    public func optionalDouble(_ column: String, file: String) throws -> Double? {
        self[column].isEmpty ? nil : try double(column, file: file)
    }
}
