import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer: status, headers and the body parsed as JSON when it is JSON.
struct HTTPAnswer {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body as a JSON object, or an empty one.
    var object: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    /// The body as a JSON array, or an empty one.
    var array: [Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [Any]) ?? [] }
    /// The `error` of a JSON error body.
    var error: String? { object["error"] as? String }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A small URLSession client for the tests: raw bodies, so broken JSON and huge bodies can be sent as they are.
struct HTTPClient {
    let base: URL
    var token: String?

    func send(_ method: String, _ path: String, body: Data? = nil, token: String? = nil) async throws -> HTTPAnswer {
        guard let url = URL(string: path, relativeTo: base) else { throw ServerTestError("bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token = token ?? self.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw ServerTestError("not an HTTP answer") }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return HTTPAnswer(status: http.statusCode, headers: headers, body: data)
    }

    func post(_ path: String, json: [String: Any], token: String? = nil) async throws -> HTTPAnswer {
        try await send("POST", path, body: try JSONSerialization.data(withJSONObject: json), token: token)
    }

    func put(_ path: String, json: [String: Any], token: String? = nil) async throws -> HTTPAnswer {
        try await send("PUT", path, body: try JSONSerialization.data(withJSONObject: json), token: token)
    }

    func get(_ path: String, token: String? = nil) async throws -> HTTPAnswer {
        try await send("GET", path, token: token)
    }

    /// Creates an account and logs in; returns the token.
    func signUp(_ username: String, password: String = "correct horse") async throws -> String {
        let created = try await post("/v1/accounts", json: ["username": username, "password": password])
        guard created.status == 201 else { throw ServerTestError("sign-up: \(created.status) \(created.text)") }
        let session = try await post("/v1/sessions", json: ["username": username, "password": password])
        guard let token = session.object["token"] as? String else { throw ServerTestError("log-in: \(session.text)") }
        return token
    }
}
