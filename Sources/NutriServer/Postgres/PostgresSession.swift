import Foundation
import Logging
import PostgresNIO

/// A PostgreSQL failure, told in one line: the server's own message when it sent one, else what went wrong on the
/// way (postgres-nio's own descriptions hide the details on purpose; the server's message never holds a password).
public struct PostgresStoreError: Error, CustomStringConvertible {
    public let description: String

    init(_ error: Error, location: PostgresLocation) {
        guard let error = error as? PSQLError else {
            description = "PostgreSQL at \(location.description): \(error)"
            return
        }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            description = "PostgreSQL at \(location.description): \(message)\(state)"
        } else if let underlying = error.underlying {
            description = "cannot reach PostgreSQL at \(location.description): \(underlying)"
        } else {
            description = "PostgreSQL at \(location.description): \(error.code)"
        }
    }
}

/// One connection to a PostgreSQL database for the synchronous store protocols: each call sends its statement on
/// the session's own event loop and waits for the rows. A connection that has closed (the server restarted) is
/// opened again before the next statement; a statement already sent is never sent twice.
final class PostgresSession: @unchecked Sendable {
    let location: PostgresLocation
    private let configuration: PostgresConnection.Configuration
    /// Its own loop, so waiting here never blocks a loop the statement needs (the HTTP server has its own).
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var nextID = 0
    private let logger: Logger

    /// Connects at once, so a wrong URL or a stopped server is reported at start-up.
    init(location: PostgresLocation) throws {
        self.location = location
        var logger = Logger(label: "nutrichat-postgres")
        logger.logLevel = .critical
        self.logger = logger
        do {
            configuration = try location.configuration()
            _ = try current()
        } catch {
            try? group.syncShutdownGracefully()
            throw PostgresStoreError(error, location: location)
        }
    }

    deinit {
        _ = try? connection?.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Runs one statement (values bound through `PostgresQuery`'s interpolation) and returns its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return try current().query(query, logger: logger).wait().rows
        } catch {
            throw PostgresStoreError(error, location: location)
        }
    }

    /// Runs statements in one transaction holding a lock of the whole database named by `lockKey`, so two server
    /// processes starting at once never apply the same migration twice. `body` gets a runner for its statements.
    func exclusiveTransaction(lockKey: Int64, _ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Void) throws {
        try rows("BEGIN")
        do {
            try rows("SELECT pg_advisory_xact_lock(\(lockKey))")
            try body { try self.rows($0) }
            try rows("COMMIT")
        } catch {
            _ = try? rows("ROLLBACK")
            throw error
        }
    }

    /// The open connection, opened again when the last one closed.
    private func current() throws -> PostgresConnection {
        lock.lock()
        defer { lock.unlock() }
        if let connection, !connection.isClosed { return connection }
        nextID += 1
        let opened = try PostgresConnection.connect(on: group.next(), configuration: configuration, id: nextID,
                                                    logger: logger).wait()
        connection = opened
        return opened
    }
}
