import Foundation

/// A JSON value that keeps object keys in the order they were written, so output reads like the contract in CLI.md.
/// Hand-written because batch parse prints thousands of objects a second and Foundation's encoder is slow on Linux.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// Already serialised JSON, written as it is (for hot paths that build their text directly).
    case raw(String)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }

    /// A number rounded to `places` decimals.
    public static func rounded(_ value: Double, _ places: Int = 1) -> JSONValue {
        .number(JSONOutput.round(value, places))
    }

    /// An optional string, `null` when nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An optional number, `null` when nil.
    public static func optional(_ value: Double?, places: Int = 1) -> JSONValue {
        value.map { .rounded($0, places) } ?? .null
    }

    /// Compact JSON text.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .raw(let text): out += text
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): Self.writeNumber(n, to: &out)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeNumber(_ n: Double, to out: inout String) {
        guard n.isFinite else { out += "null"; return }
        if n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)); return }
        // Values rounded to at most three decimals (nearly all of them) are written digit by digit, which is much
        // faster than the general shortest-representation algorithm.
        let thousandths = (abs(n) * 1000).rounded()
        if thousandths < 1e15, abs(thousandths / 1000 - abs(n)) < 1e-9 {
            var fraction = Int64(thousandths) % 1000
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            if n < 0 { out += "-" }
            out += String(Int64(thousandths) / 1000)
            out += "."
            let text = String(fraction)
            out += String(repeating: "0", count: digits - text.count) + text
            return
        }
        out += String(n)
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Most strings need no escaping: append them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// The value under `key` of an object, for tests and callers that read JSON back.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }
}
