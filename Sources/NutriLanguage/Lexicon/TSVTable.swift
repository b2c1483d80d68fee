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
    }

    /// The file's path, for messages.
    public let file: String
    /// The header's column names.
    public let header: [String]
    /// The data rows in file order.
    public let rows: [Row]

    /// Parses `text` read from `file`; `required` columns must appear in the header.
    public init(text: String, file: String, required: [String] = []) throws {
        self.file = file
        var header: [String]?
        var columns: [String: Int] = [:]
        var rows: [Row] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = Self.trim(line)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { String(Self.trim($0)) }
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

    /// Trims whitespace; ASCII spaces and tabs without Foundation (loading must stay well under 5 ms).
    static func trim(_ text: Substring) -> Substring {
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
        while end > start {
            let before = text.index(before: end)
            guard text[before] == " " || text[before] == "\t" else { break }
            end = before
        }
        let result = text[start..<end]
        if let first = result.first, let last = result.last, first.isWhitespace || last.isWhitespace {
            return Substring(result.trimmingCharacters(in: .whitespaces))
        }
        return result
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
