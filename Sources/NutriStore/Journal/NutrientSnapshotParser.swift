import Foundation

/// Reads a nutrient snapshot as the journal stores it, a flat JSON object of numbers (`{"energy_kcal":105,…}`),
/// straight from its UTF-8 bytes. Reports read hundreds of entries and Foundation's JSON decoder costs about half a
/// millisecond each on Linux; this reads one in microseconds. Anything it does not expect (escapes, nesting, a
/// non-number) returns nil, and the caller decodes that row the ordinary way, so both always agree.
enum NutrientSnapshotParser {
    /// The amounts by key, or nil when `text` is not a flat object of plain keys and numbers.
    static func parse(_ text: String) -> [String: Double]? {
        var text = text
        return text.withUTF8 { bytes -> [String: Double]? in
            var result: [String: Double] = [:]
            result.reserveCapacity(72)
            var index = skipSpaces(bytes, 0)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index = skipSpaces(bytes, index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return skipSpaces(bytes, index + 1) == bytes.count ? result : nil }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = index + 1
                var keyEnd = keyStart
                while keyEnd < bytes.count, bytes[keyEnd] != UInt8(ascii: "\"") {
                    if bytes[keyEnd] == UInt8(ascii: "\\") { return nil }
                    keyEnd += 1
                }
                guard keyEnd < bytes.count else { return nil }
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), as: UTF8.self)
                index = skipSpaces(bytes, keyEnd + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipSpaces(bytes, index + 1)
                let numberStart = index
                while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                guard index > numberStart,
                      let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[numberStart..<index]), as: UTF8.self))
                else { return nil }
                result[key] = value
                index = skipSpaces(bytes, index)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { return skipSpaces(bytes, index + 1) == bytes.count ? result : nil }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipSpaces(bytes, index + 1)
            }
            return nil
        }
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// Digits, sign, decimal point and exponent: the bytes of a JSON number.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
