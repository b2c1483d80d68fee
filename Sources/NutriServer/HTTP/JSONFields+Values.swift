import Foundation

/// Numbers, optional fields, lists and the set of known keys: every value checked before anything is written, with
/// a message naming the field.
extension JSONFields {
    /// Refuses a key outside `allowed`, so a misspelt field is an error instead of being ignored.
    func allowOnly(_ allowed: [String]) throws {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.badRequest("unknown field '\(String(unknown.prefix(40)))'; the fields are \(allowed.joined(separator: ", "))")
        }
    }

    /// Whether the field is present with `null`, which clears it in a `PUT`.
    func isNull(_ key: String) -> Bool { object[key] is NSNull }

    /// Whether the field is present (even as `null`).
    func has(_ key: String) -> Bool { object[key] != nil }

    /// An optional string field: nil when absent or `null`.
    func optionalString(_ key: String, maxLength: Int) throws -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return try string(key, maxLength: maxLength)
    }

    /// A required finite number within `range`; a boolean or a string is not a number.
    func number(_ key: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = object[key], !(value is NSNull) else { throw APIError.badRequest("missing field '\(key)'") }
        return try Self.number(value, name: key, in: range)
    }

    /// An optional number: nil when absent or `null`.
    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return try Self.number(value, name: key, in: range)
    }

    /// A required list of at most `maxCount` strings, each checked like a string field.
    func strings(_ key: String, maxCount: Int, maxLength: Int) throws -> [String] {
        guard let value = object[key], !(value is NSNull) else { throw APIError.badRequest("missing field '\(key)'") }
        guard let list = value as? [Any] else { throw APIError.badRequest("'\(key)' must be a list of strings") }
        guard list.count <= maxCount else { throw APIError.badRequest("'\(key)' has more than \(maxCount) items") }
        return try list.enumerated().map { index, item in
            try JSONFields(object: ["\(key)[\(index)]": item]).string("\(key)[\(index)]", maxLength: maxLength)
        }
    }

    /// An object of numbers by key, each within `range`, the keys among `allowed`.
    func numbers(_ key: String, allowed: [String], in range: ClosedRange<Double>) throws -> [String: Double] {
        guard let value = object[key], !(value is NSNull) else { throw APIError.badRequest("missing field '\(key)'") }
        guard let inner = value as? [String: Any] else { throw APIError.badRequest("'\(key)' must be an object of numbers") }
        let fields = JSONFields(object: inner)
        try fields.allowOnly(allowed)
        var result: [String: Double] = [:]
        for name in inner.keys.sorted() { result[name] = try Self.number(inner[name] ?? NSNull(), name: "\(key).\(name)", in: range) }
        return result
    }

    /// `value` as a finite number within `range`.
    static func number(_ value: Any, name: String, in range: ClosedRange<Double>) throws -> Double {
        // JSON true and false arrive as NSNumber too; their type code is "c" (a char), which no JSON number has.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
            throw APIError.badRequest("'\(name)' must be a number")
        }
        let double = number.doubleValue
        guard double.isFinite, range.contains(double) else {
            throw APIError.badRequest("'\(name)' must be from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)), got \(Self.text(double))")
        }
        return double
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
