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
        var out = JSONWriter()
        write(to: &out)
        return out.text
    }

    func write(to out: inout JSONWriter) {
        switch self {
        case .raw(let text): out.raw(text)
        case .null: out.raw("null")
        case .bool(let b): out.raw(b ? "true" : "false")
        case .number(let n): out.number(n)
        case .string(let s): out.string(s)
        case .array(let items):
            out.byte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.byte(UInt8(ascii: "]"))
        case .object(let pairs):
            out.byte(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.string(key)
                out.byte(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// The value under `key` of an object, for tests and callers that read JSON back.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }
}
