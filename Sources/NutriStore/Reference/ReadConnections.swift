import Foundation
import GRDB

/// Read-only connections to one SQLite file, opened on demand, so that several threads can read at once.
///
/// A single `DatabaseQueue` serialises every read: batch parse on two cores spent its time waiting for it. Each
/// caller borrows an idle connection, or opens one more when all are busy; the reference file never changes while
/// it is open, so reads need no transaction around them.
final class ReadConnections: @unchecked Sendable {
    private let path: String
    private let configuration: Configuration
    private let lock = NSLock()
    private var idle: [DatabaseQueue]

    /// Opens the first connection at once, so that a missing or unreadable file fails here. `fallback` is opened
    /// instead when `path` cannot be (an SQLite built without URI names reads the URI as a file name).
    init(path: String, fallback: String? = nil, configuration: Configuration) throws {
        self.configuration = configuration
        if fallback != nil, let first = try? DatabaseQueue(path: path, configuration: configuration),
           (try? first.inDatabase({ try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") })) != nil {
            self.path = path
            idle = [first]
        } else {
            self.path = fallback ?? path
            idle = [try DatabaseQueue(path: self.path, configuration: configuration)]
        }
    }

    /// Runs `body` on a connection no other thread is using.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let connection = try borrow()
        defer { giveBack(connection) }
        return try connection.inDatabase(body)
    }

    private func borrow() throws -> DatabaseQueue {
        lock.lock()
        if let connection = idle.popLast() {
            lock.unlock()
            return connection
        }
        lock.unlock()
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private func giveBack(_ connection: DatabaseQueue) {
        lock.lock()
        idle.append(connection)
        lock.unlock()
    }
}
