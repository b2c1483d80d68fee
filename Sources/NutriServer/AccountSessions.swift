import Foundation
import NutriChat
import NutriStore

/// One account's open conversation and custom foods, with its work serialised on a serial dispatch queue of its
/// own, so two requests of the same account never touch its `Conversation` (not thread-safe) at once, while requests
/// of different accounts run side by side. The work is SQLite reads and writes that wait for the disk (a commit
/// syncs the journal's log): on a queue of its own it waits on a thread of its own, never on one of the few threads of
/// the concurrency pool that every request's networking and JSON share. The journal is opened by the first
/// request, not when the session is made.
final class AccountSession: @unchecked Sendable {
    private let opener: @Sendable () throws -> Conversation
    /// Runs on the account's queue as an open journal closes, with what it held (the server keeps the account's
    /// custom foods from it, so a later `parse` need not open the journal again).
    private let closing: (@Sendable (Conversation, JournalFoodSource) -> Void)?
    private let queue = DispatchQueue(label: "nutrichat.account")
    /// The account's previous session, made idle and closed on its own queue just before this one was made: this one
    /// opens the journal only after that close, since a journal is opened lock-free (`ServerJournalOptions`) and two
    /// connections must never have it open at once. Touched on `queue` only; nil once waited for.
    private var predecessor: AccountSession?
    /// How many accounts' work runs at once: most of an account's time is spent waiting for the disk (a commit's sync,
    /// creating a journal's log files), so many per core overlap those waits; still bounded, so a thread holding a
    /// shared lock (the account store's writer) is not starved by hundreds of runnable ones. 16 a core served 6–8 %
    /// more requests than 4 a core with a lower p99, side by side on 10,000 accounts. The rest wait here, idle.
    static let running = DispatchSemaphore(value: max(4, ProcessInfo.processInfo.activeProcessorCount * 16))
    // Touched on `queue` only.
    private var conversation: Conversation?
    private var userFoods: JournalFoodSource?

    init(opener: @escaping @Sendable () throws -> Conversation,
         closing: (@Sendable (Conversation, JournalFoodSource) -> Void)? = nil, after predecessor: AccountSession? = nil) {
        self.opener = opener
        self.closing = closing
        self.predecessor = predecessor
    }

    /// Runs `body` on the account's conversation, with the account's custom foods as the shared catalog's view,
    /// after the account's earlier requests.
    func perform<T: Sendable>(timing: PhaseTimes, _ body: @escaping @Sendable (Conversation) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                Self.running.wait()
                defer { Self.running.signal() }
                continuation.resume(with: Result {
                    let (conversation, userFoods) = try timing.measure("open journal") { try self.opened() }
                    return try FoodCatalog.withUserFoods(userFoods) { try body(conversation) }
                })
            }
        }
    }

    /// Closes the journal on the account's own queue, after its earlier requests: closing checkpoints the journal's
    /// log and waits for the disk, which must not happen on a thread of the concurrency pool.
    /// `closed` runs on the queue once the journal is closed.
    func close(closed: @escaping @Sendable () -> Void = {}) {
        queue.async {
            self.waitForPredecessor()
            if let conversation = self.conversation, let userFoods = self.userFoods { self.closing?(conversation, userFoods) }
            self.conversation = nil
            self.userFoods = nil
            closed()
        }
    }

    /// Waits (on `queue`) until the previous session's close has run.
    private func waitForPredecessor() {
        guard let predecessor else { return }
        predecessor.queue.sync {}
        self.predecessor = nil
    }

    private func opened() throws -> (Conversation, JournalFoodSource) {
        if let conversation, let userFoods { return (conversation, userFoods) }
        waitForPredecessor()
        let made = try opener()
        let source = made.analyzer.services.userFoodSource(for: made.journal)
        conversation = made
        userFoods = source
        return (made, source)
    }
}

/// The account sessions in use and recently used, at most `limit` of them idle: each open journal holds a few file
/// descriptors and SQLite's page cache, so 10,000 accounts must not keep 10,000 journals open. A session in use is
/// never dropped (a second one would open the same journal beside it); the least recently used idle one goes first.
final class AccountSessions: @unchecked Sendable {
    private struct Entry {
        let session: AccountSession
        var users: Int
        var lastUse: UInt64
    }

    let limit: Int
    private let lock = NSLock()
    private var entries: [Int64: Entry] = [:]
    /// Sessions dropped from `entries` whose close may not have run yet: the account's next session waits for it.
    private var closing: [Int64: AccountSession] = [:]
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many sessions are held now (in use or idle).
    var count: Int { lock.withLock { entries.count } }

    /// The account's session, marked in use until `checkIn`; `make` builds it when the account has none, given the
    /// account's previous session when that one may still be closing (the new one must open after it closed).
    func checkOut(_ id: Int64, make: (AccountSession?) -> AccountSession) -> AccountSession {
        var dropped: [(Int64, AccountSession)] = []  // closed after the lock, each on its own queue
        defer {
            for (droppedID, session) in dropped {
                session.close { [weak self] in self?.closed(droppedID, session) }
            }
        }
        return lock.withLock {
            clock += 1
            if var entry = entries[id] {
                entry.users += 1
                entry.lastUse = clock
                entries[id] = entry
                return entry.session
            }
            let session = make(closing.removeValue(forKey: id))
            entries[id] = Entry(session: session, users: 1, lastUse: clock)
            while entries.count > limit, let oldest = oldestIdle() {
                dropped.append((oldest.id, oldest.session))
                closing[oldest.id] = oldest.session
                entries[oldest.id] = nil
            }
            return session
        }
    }

    /// Whether the account has a session now (in use, or idle with its journal open).
    func holds(_ id: Int64) -> Bool {
        lock.withLock { entries[id] != nil }
    }

    /// Marks one use of the account's session as finished.
    func checkIn(_ id: Int64) {
        lock.withLock { entries[id]?.users -= 1 }
    }

    /// Forgets the account's session (its account is being deleted).
    func remove(_ id: Int64) {
        let removed = lock.withLock { (entries.removeValue(forKey: id), closing.removeValue(forKey: id)) }
        _ = removed
    }

    /// A dropped session's close has run: the account's next session need not wait for it.
    private func closed(_ id: Int64, _ session: AccountSession) {
        lock.withLock {
            if closing[id] === session { closing[id] = nil }
        }
    }

    /// How many dropped sessions may still be closing (for tests).
    var closingCount: Int { lock.withLock { closing.count } }

    private func oldestIdle() -> (id: Int64, session: AccountSession)? {
        var best: (id: Int64, entry: Entry)?
        for (id, entry) in entries where entry.users == 0 && entry.lastUse < (best?.entry.lastUse ?? .max) {
            best = (id, entry)
        }
        return best.map { ($0.id, $0.entry.session) }
    }

    /// How many journals may stay open: half the file descriptors this process may hold, less 1,024 for sockets and
    /// the shared databases (a lock-free journal holds two: the file and its WAL; no shared-memory index), 64 to
    /// 2,048; the soft limit is raised to the hard one first. With journals opened through SQLite's locking unix layer
    /// the bound was 256: that layer finds each file it opens among all the files the process has open by walking a
    /// list under one process-wide lock, and with 2,048 journals open the walks took 14–19 % of the server's CPU. A
    /// lock-free journal (`ServerJournalOptions`) skips that list. An open journal and its conversation take about
    /// 0.3 MB with 4 KiB pages (4,096 open: 1.2 GB resident) and 0.2 MB with the 1 KiB pages of a journal the server
    /// creates, so 2,048 is about 400–600 MB at most: minutes of a busy hour's accounts, so a
    /// person's next message finds their journal open. Journals in PostgreSQL (`sqliteFiles` false: a session holds
    /// no file) keep 2,048 conversations too.
    static func defaultLimit(sqliteFiles: Bool = true) -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 256 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        let descriptors = Int(clamping: limits.rlim_cur)
        return sqliteFiles ? min(2_048, max(64, (descriptors - 1_024) / 2)) : 2_048
    }
}
