import Foundation
import NutriStore

/// Compact JSON text built as UTF-8 bytes: batch parse writes kilobytes of JSON per message, and appending to a
/// byte array costs a fraction of growing a `String` piece by piece.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends JSON syntax or text already serialised.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text already serialised.
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends one byte of JSON syntax.
    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Appends `"name":`, an object key.
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends a string literal, escaped.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        let plain = value.withUTF8 { utf8 -> Bool in
            // Most strings need no escaping: append them whole.
            guard !Self.needsEscaping(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain { escaped(value) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether UTF-8 text holds a byte JSON requires escaped (C0 controls, quote, backslash) or a character no
    /// terminal or line reader should meet raw although JSON allows it: DEL, C1 controls (U+0085 is NEL), U+2028 and
    /// U+2029, and the bidi overrides and isolates (U+202A–202E, U+2066–2069) — exactly `TextSafety.isUnsafe`, so JSON
    /// text is safe to print as it is. One pass over the bytes; the rare lead bytes 0xC2 and 0xE2 get a second look.
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            if byte == 0xC2, index + 1 < count, utf8[index + 1] < 0xA0 { return true }
            if byte == 0xE2, index + 2 < count {
                let second = utf8[index + 1], third = utf8[index + 2]
                if second == 0x80, (0xA8...0xAE).contains(third) { return true }
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether a scalar is written as `\uXXXX`: every scalar `TextSafety` counts unsafe that has no short escape.
    static func escapedAsUnicode(_ scalar: Unicode.Scalar) -> Bool {
        TextSafety.isUnsafe(scalar)
    }

    private mutating func escaped(_ value: String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            case "\t": raw("\\t")
            default:
                if Self.escapedAsUnicode(scalar) {
                    raw(String(format: "\\u%04x", scalar.value))
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    /// Appends a number: integers without a fraction, values with up to three decimals digit by digit, anything
    /// else in Swift's shortest form; `null` when not finite.
    mutating func number(_ n: Double) {
        guard n.isFinite else { return raw("null") }
        if n == n.rounded(), abs(n) < 1e15 { return integer(Int64(n)) }
        // Values rounded to at most three decimals (nearly all of them) are written digit by digit, which is much
        // faster than the general shortest-representation algorithm.
        let thousandths = (abs(n) * 1000).rounded()
        if thousandths < 1e15, abs(thousandths / 1000 - abs(n)) < 1e-9, Int64(thousandths) % 1000 != 0 {
            var fraction = Int64(thousandths) % 1000
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            if n < 0 { bytes.append(UInt8(ascii: "-")) }
            integer(Int64(thousandths) / 1000)
            bytes.append(UInt8(ascii: "."))
            let width = fraction >= 100 ? 3 : fraction >= 10 ? 2 : 1
            for _ in 0..<(digits - width) { bytes.append(UInt8(ascii: "0")) }
            integer(fraction)
            return
        }
        raw(String(n))
    }

    /// Appends `tenths / 10` as `number` writes a value rounded to one decimal: "12", "12.5", "-0.3".
    mutating func tenths(_ tenths: Int64) {
        if tenths % 10 == 0 { return integer(tenths / 10) }
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        integer(Int64(tenths.magnitude / 10))
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(tenths.magnitude % 10))
    }

    /// Appends the decimal digits of `value`, written straight into place from the last digit back.
    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(magnitude)) }
        var count = 0
        var rest = magnitude
        while rest > 0 { count += 1; rest /= 10 }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start + count - 1
            while magnitude > 0 {
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                index -= 1
            }
        }
    }
}
