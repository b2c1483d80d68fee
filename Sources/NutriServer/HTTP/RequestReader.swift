import Foundation
import Hummingbird
import NIOCore
import NutriStore

/// Reads a request body as one JSON object and its fields with strict checks: a body over the limit is 413,
/// anything else wrong (not JSON, not an object, a missing field, a wrong type, a control character, a string
/// over its length) is 400 with a message naming the field. Nothing is written before a body passes.
struct RequestReader {
    /// The largest body accepted, in bytes.
    var limit: Int

    /// The body as a JSON object.
    func object(_ request: Request) async throws -> JSONFields {
        let data = try await body(request)
        guard !data.isEmpty else { throw APIError.badRequest("the request body is empty; send a JSON object") }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw APIError.badRequest("the request body is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else { throw APIError.badRequest("the request body must be a JSON object") }
        return JSONFields(object: object)
    }

    /// The body's bytes; 413 over the limit.
    func body(_ request: Request) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw APIError.tooLarge(limit: limit) }
        do {
            return Data(try await request.body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge(limit: limit)
        }
    }
}

/// The fields of a request's JSON object.
struct JSONFields {
    let object: [String: Any]

    /// A required string field of at most `maxLength` characters with no control characters.
    func string(_ key: String, maxLength: Int) throws -> String {
        guard let value = object[key], !(value is NSNull) else { throw APIError.badRequest("missing field '\(key)'") }
        guard let text = value as? String else { throw APIError.badRequest("'\(key)' must be a string") }
        guard text.count <= maxLength else {
            throw APIError.badRequest("'\(key)' is over \(maxLength) characters")
        }
        if let scalar = TextSafety.firstUnsafe(in: text) {
            throw APIError.badRequest("'\(key)' holds a control character (\(TextSafety.name(scalar)))")
        }
        return text
    }
}

/// Query and path values, checked the same way.
enum RequestValues {
    /// A `YYYY-MM-DD` date that exists.
    static func date(_ text: String?, name: String) throws -> String? {
        guard let text else { return nil }
        guard JournalRules.isDate(text) else { throw APIError.badRequest("'\(name)' must be a date YYYY-MM-DD") }
        return text
    }

    /// A short text parameter without control characters.
    static func text(_ value: String?, name: String, maxLength: Int) throws -> String {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.badRequest("missing query parameter '\(name)'")
        }
        guard value.count <= maxLength else { throw APIError.badRequest("'\(name)' is over \(maxLength) characters") }
        if let scalar = TextSafety.firstUnsafe(in: value) {
            throw APIError.badRequest("'\(name)' holds a control character (\(TextSafety.name(scalar)))")
        }
        return value
    }
}
