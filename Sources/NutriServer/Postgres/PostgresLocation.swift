import Foundation
import NutriChat
import PostgresNIO

/// Where a `postgres://` URL points, read the way libpq reads it: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
/// with `?host=/folder` for a unix socket (the socket file is `/folder/.s.PGSQL.PORT`) and libpq's `?sslmode=`
/// (`disable`, the default; `prefer`, `require`: encrypted, certificate unchecked; `verify-ca`, `verify-full`).
public struct PostgresLocation: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// The folder of the server's unix socket, when connecting through one.
    public var socketFolder: String?
    /// libpq's `sslmode`.
    public var sslMode: String

    /// Whether `text` is meant as a PostgreSQL URL (the scheme decides; the rest is checked by `init(url:)`).
    public static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Reads a URL; throws a one-line message naming what is wrong (never repeating the password).
    public init(url text: String) throws {
        guard Self.isURL(text), let parts = URLComponents(string: text) else {
            throw UserFacingError("--database: '\(Self.redacted(text))' is not a postgres://USER@HOST:PORT/DATABASE URL")
        }
        var query: [String: String] = [:]
        for item in parts.queryItems ?? [] { query[item.name] = item.value ?? "" }
        sslMode = query["sslmode"] ?? "disable"
        guard Self.sslModes.contains(sslMode) else {
            throw UserFacingError("--database: sslmode must be one of \(Self.sslModes.joined(separator: ", ")), got '\(sslMode)'")
        }
        socketFolder = query["host"].flatMap { $0.isEmpty ? nil : $0 }
        host = parts.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        port = parts.port ?? query["port"].flatMap(Int.init) ?? 5432
        guard (1...65535).contains(port) else { throw UserFacingError("--database: the port must be from 1 to 65535") }
        guard let user = parts.user, !user.isEmpty else {
            throw UserFacingError("--database: the URL names no user (postgres://USER@HOST/DATABASE)")
        }
        username = user
        password = parts.password
        let name = String(parts.path.drop(while: { $0 == "/" }))
        guard !name.isEmpty, !name.contains("/") else {
            throw UserFacingError("--database: the URL names no database (postgres://USER@HOST/DATABASE)")
        }
        database = name
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        let socket = socketFolder.map { "?host=\($0)" } ?? ""
        return "postgres://\(username)@\(host):\(port)/\(database)\(socket)"
    }

    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// The connection settings postgres-nio needs.
    func configuration() throws -> PostgresConnection.Configuration {
        if let socketFolder {
            let path = (socketFolder as NSString).appendingPathComponent(".s.PGSQL.\(port)")
            return .init(unixSocketPath: path, username: username, password: password, database: database)
        }
        return .init(host: host, port: port, username: username, password: password, database: database, tls: try tls())
    }

    /// TLS as libpq's modes mean it: `require` encrypts without checking the certificate, `verify-ca` checks it
    /// against the system's authorities, `verify-full` also checks the host name.
    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case "disable": return .disable
        case "verify-full": break
        case "verify-ca": tls.certificateVerification = .noHostnameVerification
        default: tls.certificateVerification = .none
        }
        let context = try NIOSSLContext(configuration: tls)
        return sslMode == "allow" || sslMode == "prefer" ? .prefer(context) : .require(context)
    }

    /// `text` with anything between `:` and `@` after the scheme hidden.
    static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"),
              let colon = text[scheme.upperBound..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
