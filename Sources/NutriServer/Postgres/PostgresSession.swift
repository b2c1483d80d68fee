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

/// One connection to a PostgreSQL database for the synchronous store protocols: each call sends its statement on
/// the session's own event loop and waits for the rows. A connection that has closed (the server restarted) is
/// opened again before the next statement; a statement already sent is never sent twice.
final class PostgresSession: @unchecked Sendable {
    let location: PostgresLocation
    private let configuration: PostgresConnection.Configuration
    /// Its own loop, so waiting here never blocks a loop the statement needs (the HTTP server has its own).
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let lock = NSLock()
    /// Statements outside a transaction share the connection (read side); a transaction holds it alone (write side),
    /// so no other account's statement lands between its BEGIN and COMMIT.
    private let turns = StatementTurns()
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
        try turns.shared { try send(query) }
    }

    /// Sends one statement without taking a turn (the caller holds one).
    private func send(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return try current().query(query, logger: logger).wait().rows
        } catch {
            throw PostgresStoreError(error, location: location)
        }
    }

    /// Runs statements in one transaction holding a lock of the whole database named by `lockKey`, so two server
    /// processes starting at once never apply the same migration twice. `body` gets a runner for its statements.
    func exclusiveTransaction(lockKey: Int64, _ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Void) throws {
        try transaction { run in
            _ = try run("SELECT pg_advisory_xact_lock(\(lockKey))")
            try body { try self.send($0) }
        }
    }

    /// Runs `body`'s statements in one transaction, all or nothing, with the connection to itself until it commits.
    /// `body` must send every statement through its runner (the session's `rows` would wait for the transaction).
    func transaction<Result>(_ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Result) throws -> Result {
        try turns.alone {
            _ = try send("BEGIN")
            do {
                let result = try body { try self.send($0) }
                _ = try send("COMMIT")
                return result
            } catch {
                _ = try? send("ROLLBACK")
                throw error
            }
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

/// A readers-writer lock: many statements at once, or one transaction alone.
private final class StatementTurns: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

    init() {
        // Writers first: a transaction waits for the statements already running, not for every later one.
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    func shared<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    func alone<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
