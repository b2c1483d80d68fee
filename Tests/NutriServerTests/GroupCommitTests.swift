import Foundation
import Testing
@testable import NutriServer

/// Saves handed in from many threads at once are committed together, each caller returning after its own item is
/// written, and a failed commit is reported to the callers of that batch only.
@Suite("Group commit")
struct GroupCommitTests {
    /// Committed batches, in order.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[Int]] = []
        func add(_ batch: [Int]) { lock.withLock { batches.append(batch) } }
        var all: [[Int]] { lock.withLock { batches } }
        func contains(_ item: Int) -> Bool { lock.withLock { batches.contains { $0.contains(item) } } }
    }

    struct Refused: Error {}

    @Test func everyItemIsCommittedOnceBeforeItsCallerReturns() {
        let log = Log()
        let group = GroupCommit<Int> { batch in
            usleep(2_000)  // a commit that takes a while, so callers pile up behind it
            log.add(batch)
        }
        let unseen = NSLock()
        var notYetCommitted: [Int] = []
        DispatchQueue.concurrentPerform(iterations: 200) { item in
            do { try group.submit(item) } catch { Issue.record("\(error)") }
            if !log.contains(item) { unseen.withLock { notYetCommitted.append(item) } }
        }
        #expect(notYetCommitted.isEmpty, "returned before its commit: \(notYetCommitted)")
        #expect(log.all.flatMap { $0 }.sorted() == Array(0..<200), "each item once")
    }

    @Test func aFailedCommitIsThrownToItsOwnCallersOnly() {
        let group = GroupCommit<Int> { batch in
            if batch.contains(-1) { throw Refused() }
        }
        #expect(throws: Refused.self) { try group.submit(-1) }
        #expect(throws: Never.self) { try group.submit(1) }
        #expect(throws: Never.self) { try group.submit(2) }
    }
}
