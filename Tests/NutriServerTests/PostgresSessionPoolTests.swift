import Foundation
import PostgresNIO
import Testing
@testable import NutriServer

/// The PostgreSQL session is a small pool: statements and transactions of many threads at once, each transaction on a
/// connection of its own from BEGIN to COMMIT, never more connections than the pool's size.
@Suite("PostgreSQL session pool")
struct PostgresSessionPoolTests {
    private struct OtherConnection: Error {}

    @Test(.enabled(if: PostgresTestServer.available, PostgresTestServer.skipReason))
    func manyThreadsShareAFewConnectionsAndEachTransactionKeepsItsOwn() async throws {
        let url = try await PostgresTestServer.shared.newDatabase()
        let session = try PostgresSession(location: try PostgresLocation(url: url), size: 3)
        try session.rows("CREATE TABLE pool_probe (worker INT NOT NULL, step INT NOT NULL, backend INT NOT NULL)")
        DispatchQueue.concurrentPerform(iterations: 12) { worker in
            for step in 0..<5 {
                try? session.transaction { run in
                    _ = try run("INSERT INTO pool_probe VALUES (\(worker), \(step), pg_backend_pid())")
                    // The row is not committed yet: only the transaction's own connection sees it.
                    let seen = try run("""
                        SELECT count(*)::bigint FROM pool_probe
                        WHERE worker = \(worker) AND step = \(step) AND backend = pg_backend_pid()
                        """).first?.decode(Int64.self)
                    if seen != 1 { throw OtherConnection() }
                }
                _ = try? session.rows("SELECT count(*)::bigint FROM pool_probe WHERE worker = \(worker)")
            }
        }
        let rows = try session.rows("SELECT count(*)::bigint, count(DISTINCT backend)::bigint FROM pool_probe").first
        let (count, backends) = try #require(rows).decode((Int64, Int64).self)
        #expect(count == 60, "every transaction committed")
        #expect(backends >= 1 && backends <= 3, "at most the pool's three connections: \(backends)")
        #expect(throws: OtherConnection.self) {
            try session.transaction { run in
                _ = try run("INSERT INTO pool_probe VALUES (99, 0, 0)")
                throw OtherConnection()
            }
        }
        let after = try session.rows("SELECT count(*)::bigint FROM pool_probe").first?.decode(Int64.self)
        #expect(after == 60, "a failed transaction is rolled back and its connection serves the next statement")
    }
}
