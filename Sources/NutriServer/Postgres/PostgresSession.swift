import Foundation
import Logging
import PostgresNIO

/// A PostgreSQL failure, told in one line: the server's own message when it sent one, else what went wrong on the
/// way (postgres-nio's own descriptions hide the details on purpose; the server's message never holds a password).
public struct PostgresStoreError: Error, CustomStringConvertible {
    public let description: String
    /// The server's SQLSTATE ("53100" disk full), when it sent one; nil when the statement never got an answer.
    public private(set) var sqlState: String?

    init(_ error: Error, location: PostgresLocation) {
        guard let error = error as? PSQLError else {
            description = "PostgreSQL at \(location.description): \(error)"
            return
        }
        sqlState = error.serverInfo?[.sqlState]
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

/// A few connections to a PostgreSQL database for the synchronous store protocols: each call takes an idle
/// connection of the pool (waiting when all are busy), sends its statement on the session's own event loop and waits
/// for the rows. A transaction keeps its connection to itself from BEGIN to COMMIT, so no other statement lands in
/// it, while other accounts' statements and transactions go on over the other connections: with one connection, every
/// chat message that logged held the whole database for its transaction and the server answered 143 requests/s.
/// A connection that has closed (the server restarted) is opened again before its next statement; a statement
/// already sent is never sent twice.
final class PostgresSession: @unchecked Sendable {
    let location: PostgresLocation
    private let configuration: PostgresConnection.Configuration
    /// Its own loop, so waiting here never blocks a loop the statement needs (the HTTP server has its own).
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// How many connections the pool opens at most (each is a PostgreSQL backend process).
    let size: Int
    private let pool = NSCondition()
    // Under `pool`: the connections not in use (nil for a slot not opened yet), and how many are handed out.
    private var idle: [PostgresConnection?]
    private var nextID = 0
    private let logger: Logger

    /// Connections a server's session holds at most: four a core, at least 4. Each waits on PostgreSQL's disk and
    /// its own backend, so a few per core keep both busy; more only queue inside PostgreSQL.
    static func defaultSize() -> Int { max(4, ProcessInfo.processInfo.activeProcessorCount * 4) }

    /// Connects one connection at once, so a wrong URL or a stopped server is reported at start-up; the others
    /// open as they are first needed.
    init(location: PostgresLocation, size: Int = PostgresSession.defaultSize()) throws {
        self.location = location
        self.size = max(1, size)
        var logger = Logger(label: "nutrichat-postgres")
        logger.logLevel = .critical
        self.logger = logger
        idle = Array(repeating: nil, count: max(1, size))
        do {
            configuration = try location.configuration()
            idle[idle.count - 1] = try connect()
        } catch {
            try? group.syncShutdownGracefully()
            throw PostgresStoreError(error, location: location)
        }
    }

    deinit {
        for connection in idle { _ = try? connection?.close().wait() }
        try? group.syncShutdownGracefully()
    }

    /// Runs one statement (values bound through `PostgresQuery`'s interpolation) and returns its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        try withConnection { connection in try send(query, on: &connection) }
    }

    /// Runs statements in one transaction holding a lock of the whole database named by `lockKey`, so two server
    /// processes starting at once never apply the same migration twice. `body` gets a runner for its statements.
    func exclusiveTransaction(lockKey: Int64, _ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Void) throws {
        try transaction(lockKey: lockKey, body)
    }

    /// Runs `body`'s statements in one transaction, all or nothing, on a connection of its own until it commits.
    /// `body` must send every statement through its runner (the session's `rows` runs on another connection, outside
    /// the transaction).
    func transaction<Result>(_ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Result) throws -> Result {
        try transaction(lockKey: nil, body)
    }

    /// A transaction, first taking the advisory lock `lockKey` when there is one.
    private func transaction<Result>(lockKey: Int64?,
                                     _ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Result) throws -> Result {
        try withConnection { connection in
            _ = try send("BEGIN", on: &connection)
            do {
                if let lockKey { _ = try send("SELECT pg_advisory_xact_lock(\(lockKey))", on: &connection) }
                let result = try body { try self.send($0, on: &connection) }
                _ = try send("COMMIT", on: &connection)
                return result
            } catch {
                _ = try? send("ROLLBACK", on: &connection)
                throw error
            }
        }
    }

    /// Sends one statement on a connection the caller holds, opening it first when it is not open.
    private func send(_ query: PostgresQuery, on connection: inout PostgresConnection?) throws -> [PostgresRow] {
        do {
            let open: PostgresConnection
            if let connection, !connection.isClosed {
                open = connection
            } else {
                open = try connect()
                connection = open
            }
            return try open.query(query, logger: logger).wait().rows
        } catch {
            throw PostgresStoreError(error, location: location)
        }
    }

    /// Runs `body` with a connection of the pool to itself (nil when that slot has not connected yet), waiting for
    /// one when all are in use, and gives it back after.
    private func withConnection<Result>(_ body: (inout PostgresConnection?) throws -> Result) throws -> Result {
        pool.lock()
        while idle.isEmpty { pool.wait() }
        var connection = idle.removeLast()
        pool.unlock()
        defer {
            pool.lock()
            idle.append(connection)
            pool.signal()
            pool.unlock()
        }
        return try body(&connection)
    }

    private func connect() throws -> PostgresConnection {
        let id = pool.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        return try PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger).wait()
    }
}
