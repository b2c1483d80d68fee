import Foundation

/// Finds one regular file in a POSIX tar stream (ustar and GNU long names).
enum TarReader {
    /// The bytes of the file whose path, without a leading "./", is `name`.
    static func file(named name: String, in tar: Data) -> Data? {
        let bytes = [UInt8](tar)
        var offset = 0
        var longName: String?
        while offset + 512 <= bytes.count {
            let header = bytes[offset..<offset + 512]
            if header.allSatisfy({ $0 == 0 }) { return nil }
            guard let size = octal(header, 124, 12) else { return nil }
            let type = header[offset + 156]
            let shortName = string(header, 0, 100)
            var path = longName ?? shortName
            longName = nil
            let prefix = string(header, 345, 155)
            if !prefix.isEmpty && path == shortName { path = prefix + "/" + path }
            let dataStart = offset + 512
            guard dataStart + size <= bytes.count else { return nil }
            if type == UInt8(ascii: "L") {
                longName = String(decoding: bytes[dataStart..<dataStart + size].prefix { $0 != 0 }, as: UTF8.self)
            } else if type == 0 || type == UInt8(ascii: "0") {
                var normalized = Substring(path)
                while normalized.hasPrefix("./") { normalized = normalized.dropFirst(2) }
                if normalized == name { return Data(bytes[dataStart..<dataStart + size]) }
            }
            offset = dataStart + (size + 511) / 512 * 512
        }
        return nil
    }

    private static func string(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> String {
        let base = header.startIndex + start
        let field = header[base..<base + length].prefix { $0 != 0 }
        return String(decoding: field, as: UTF8.self)
    }

    private static func octal(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> Int? {
        let text = string(header, start, length).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? 0 : Int(text, radix: 8)
    }
}
