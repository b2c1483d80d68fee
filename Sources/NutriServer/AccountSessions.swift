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
    /// How many accounts' work runs at once: most of an account's time is spent waiting for the disk (a commit's sync,
    /// creating a journal's log files), so many per core overlap those waits; still bounded, so a thread holding a
    /// shared lock (the account store's writer) is not starved by hundreds of runnable ones. 16 a core served 6–8 %
    /// more requests than 4 a core with a lower p99, side by side on 10,000 accounts. The rest wait here, idle.
    static let running = DispatchSemaphore(value: max(4, ProcessInfo.processInfo.activeProcessorCount * 16))
    // Touched on `queue` only.
    private var conversation: Conversation?
    private var userFoods: JournalFoodSource?

    init(opener: @escaping @Sendable () throws -> Conversation,
         closing: (@Sendable (Conversation, JournalFoodSource) -> Void)? = nil) {
        self.opener = opener
        self.closing = closing
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
    func close() {
        queue.async {
            if let conversation = self.conversation, let userFoods = self.userFoods { self.closing?(conversation, userFoods) }
            self.conversation = nil
            self.userFoods = nil
        }
    }

    private func opened() throws -> (Conversation, JournalFoodSource) {
        if let conversation, let userFoods { return (conversation, userFoods) }
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
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many sessions are held now (in use or idle).
    var count: Int { lock.withLock { entries.count } }

    /// The account's session, marked in use until `checkIn`; `make` builds it when the account has none.
    func checkOut(_ id: Int64, make: () -> AccountSession) -> AccountSession {
        var dropped: [AccountSession] = []  // closed after the lock, each on its own queue
        defer { dropped.forEach { $0.close() } }
        return lock.withLock {
            clock += 1
            if var entry = entries[id] {
                entry.users += 1
                entry.lastUse = clock
                entries[id] = entry
                return entry.session
            }
            let session = make()
            entries[id] = Entry(session: session, users: 1, lastUse: clock)
            while entries.count > limit, let oldest = oldestIdle() {
                dropped.append(oldest.session)
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
        let removed = lock.withLock { entries.removeValue(forKey: id) }
        _ = removed
    }

    private func oldestIdle() -> (id: Int64, session: AccountSession)? {
        var best: (id: Int64, entry: Entry)?
        for (id, entry) in entries where entry.users == 0 && entry.lastUse < (best?.entry.lastUse ?? .max) {
            best = (id, entry)
        }
        return best.map { ($0.id, $0.entry.session) }
    }

    /// How many journals may stay open: a third of the file descriptors this process may hold, less 1,024 for
    /// sockets and the shared databases (an open journal holds three: the file, its WAL and its shared-memory
    /// index), 64 to 256; the soft limit is raised to the hard one first. Not more: SQLite's unix layer finds each
    /// file it opens among all the files the process has open by walking a list, under one process-wide lock, twice
    /// for a journal's database file and once for its log. With 2,048 journals open (4,096 files in that list) the
    /// walks took 14–19 % of the server's CPU under load (`perf --call-graph dwarf`: `sqlite3PagerOpen` and the log's
    /// first read), more than the reopenings the larger cache saved: at 10,000 accounts it kept one request in five
    /// from opening a journal, and every other request paid the long walk. 256 journals is still a few seconds of
    /// every account's messages at full load, so a person's next message in a conversation finds theirs open.
    /// `sqliteFiles` false (journals in PostgreSQL: a session holds no file) keeps 2,048 conversations.
    static func defaultLimit(sqliteFiles: Bool = true) -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 256 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        let descriptors = Int(clamping: limits.rlim_cur)
        return min(sqliteFiles ? 256 : 2_048, max(64, (descriptors - 1_024) / 3))
    }
}
