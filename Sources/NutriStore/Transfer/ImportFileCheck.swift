import Foundation

/// The first, byte-level checks on a file offered for import, before SQLite opens it: is it a regular, non-empty
/// file, does it start with the SQLite header, and is it as long as its own header says?
enum ImportFileCheck {
    /// The 16 bytes every SQLite 3 database starts with: "SQLite format 3" and a NUL.
    static let sqliteHeader = Data("SQLite format 3\0".utf8)

    /// Throws the reason `url` cannot be a SQLite export; `shownPath` is the path as the person typed it.
    static func check(_ url: URL, shownPath: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw TransferError.notFound(path: shownPath)
        }
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            throw TransferError.isFolder(path: shownPath, csvExport: names.contains { $0.hasSuffix(".csv") })
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw TransferError.io(path: shownPath, detail: "cannot be read")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        let size = (try? handle.seekToEnd()) ?? UInt64(head.count)
        guard size > 0 else { throw TransferError.empty(path: shownPath) }
        guard head.starts(with: sqliteHeader) else {
            throw TransferError.notSQLite(path: shownPath, looksLike: describe(head))
        }
        guard head.count >= 100 else {
            throw TransferError.truncated(path: shownPath, detail: "\(size) bytes, shorter than the 100-byte SQLite header")
        }
        try checkLength(head: [UInt8](head), size: size, shownPath: shownPath)
    }

    /// The page size and page count in the header must match the file's length: a cut-off copy is caught here even
    /// when the missing pages would only be noticed later.
    private static func checkLength(head: [UInt8], size: UInt64, shownPath: String) throws {
        func bigEndian(_ range: Range<Int>) -> UInt64 { head[range].reduce(0) { $0 << 8 | UInt64($1) } }
        let rawPageSize = bigEndian(16..<18)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw TransferError.corrupt(path: shownPath, detail: "its header gives an impossible page size (\(rawPageSize))")
        }
        guard size % pageSize == 0 else {
            throw TransferError.truncated(path: shownPath, detail: "\(size) bytes is not a whole number of \(pageSize)-byte pages")
        }
        // The in-header page count is only trusted when the change counter matches "version valid for" (SQLite docs).
        let pageCount = bigEndian(28..<32)
        if bigEndian(24..<28) == bigEndian(92..<96), pageCount > 0, size < pageCount * pageSize {
            throw TransferError.truncated(path: shownPath, detail: "\(size) of \(pageCount * pageSize) bytes")
        }
    }

    /// What a non-SQLite file seems to be, for the refusal message.
    static func describe(_ head: Data) -> String {
        if head.starts(with: Data("SQLite format".utf8)) { return "its SQLite header is damaged" }
        if head.starts(with: Data([0x50, 0x4B, 0x03, 0x04])) { return "it looks like a zip archive" }
        if head.starts(with: Data([0x1F, 0x8B])) { return "it looks like a gzip archive" }
        let bytes = [UInt8](head.prefix(512))
        let texty = bytes.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // The 512-byte cut may split a UTF-8 sequence: drop up to three trailing bytes before giving up.
        let decoded = (0...3).lazy.compactMap { String(bytes: bytes.dropLast($0), encoding: .utf8) }.first
        guard texty, let text = decoded else { return "it holds unrecognised binary data" }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[" { return "it looks like JSON text" }
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.contains(",") || firstLine.contains("\t") { return "it looks like CSV text" }
        return "it looks like plain text"
    }
}
