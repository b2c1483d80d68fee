import Foundation

/// Writes that many threads hand in at once, committed together: the first caller to find no commit running takes
/// every item waiting and commits them in one transaction, while callers that arrive meanwhile wait for the next one.
/// Each caller returns only once its own item is committed (or throws that commit's error), so nothing is
/// acknowledged before it is written. One database file has one writer: under load, one transaction per item made
/// every chat of every account queue for that writer, each waiting also for the scheduler to run the thread holding it.
final class GroupCommit<Item>: @unchecked Sendable {
    private let commit: ([Item]) throws -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var pending: [Item] = []
    private var committing = false
    /// The number of the batch that items handed in now join; batches commit in this order.
    private var nextBatch: UInt64 = 0
    /// Batches below this number are committed (or failed).
    private var finished: UInt64 = 0
    /// A failed batch's error, and how many of its callers have not read it yet.
    private var failures: [UInt64: (error: Error, unread: Int)] = [:]

    init(commit: @escaping ([Item]) throws -> Void) {
        self.commit = commit
    }

    /// Hands in `item` and returns once the transaction holding it has committed; throws that transaction's error.
    func submit(_ item: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        pending.append(item)
        let batch = nextBatch
        while finished <= batch {
            if committing {
                condition.wait()
            } else {
                commitPending()
            }
        }
        guard var failure = failures[batch] else { return }
        failure.unread -= 1
        failures[batch] = failure.unread > 0 ? failure : nil
        throw failure.error
    }

    /// Commits the waiting items as one batch, the lock released meanwhile. Called with the lock held.
    private func commitPending() {
        let (items, number) = (pending, nextBatch)
        pending = []
        nextBatch += 1
        committing = true
        condition.unlock()
        var failure: Error?
        do { try commit(items) } catch { failure = error }
        condition.lock()
        if let failure { failures[number] = (failure, items.count) }
        finished = number + 1
        committing = false
        condition.broadcast()
    }
}
