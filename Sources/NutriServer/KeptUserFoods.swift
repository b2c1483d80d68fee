import Foundation
import NutriChat
import NutriStore

/// A journal's `DatabaseFileStamp`.
typealias JournalStamp = DatabaseFileStamp

extension DatabaseFileStamp {
    /// The stamp of the journal at `path` now; nil when its database file is missing.
    init?(journal path: String) { self.init(database: path) }
}

/// Each account's custom foods and recipes as last read, with the stamp of its journal before that read, so `parse`
/// (which needs nothing else from the journal) answers an account whose journal is not open without opening it:
/// opening a journal (the file, SQLite's schema, the statements) cost more than the analysis itself. A journal whose
/// files changed since (a custom food added by this server or by any other process) is opened and read again.
final class KeptUserFoods: @unchecked Sendable {
    private struct Kept {
        let stamp: JournalStamp
        let source: KeptUserFoodSource
    }

    /// At most this many accounts are kept (one small entry each; most accounts have no custom foods); past it the
    /// kept ones are forgotten and read again as needed.
    let limit: Int
    /// How long a journal's files must have been unchanged for a stamp of them to be kept (`JournalStamp.settled`).
    let settle: Double
    private let lock = NSLock()
    private var kept: [Int64: Kept] = [:]

    init(limit: Int = 100_000, settle: Double = 2) {
        self.limit = max(1, limit)
        self.settle = settle
    }

    /// The account's kept foods when its journal at `path` has not changed since they were read; nil otherwise.
    func source(of account: Int64, journal path: String) -> (any UserFoodSource)? {
        guard let entry = lock.withLock({ kept[account] }) else { return nil }
        guard let now = JournalStamp(journal: path), now == entry.stamp else { return nil }
        return entry.source
    }

    /// Keeps `foods`, read after `stamp` was taken; a stamp of files changed too recently is not kept.
    func keep(_ foods: [UserFood], of account: Int64, stamp: JournalStamp?) {
        guard let stamp, stamp.settled(for: settle) else { return forget(account) }
        lock.withLock {
            if kept.count >= limit, kept[account] == nil { kept.removeAll(keepingCapacity: true) }
            kept[account] = Kept(stamp: stamp, source: KeptUserFoodSource(foods))
        }
    }

    /// Keeps the account's foods as `read` gives them, read after `stamp` was taken, but only when keeping them is of
    /// use: a stamp of files changed too recently is not kept (the account's foods are forgotten, as `keep` does)
    /// and nothing is read, and foods already kept from files with this very stamp are still right and are not read
    /// again. A journal closing after a write (most chat messages log a food) has unsettled files, and reading its
    /// foods only to drop them was 3–4 % of the server's CPU under load (`perf`: `JournalFoodSource.refreshed` at close).
    func keepIfUseful(of account: Int64, stamp: JournalStamp?, read: () -> [UserFood]) {
        guard let stamp, stamp.settled(for: settle) else { return forget(account) }
        if lock.withLock({ kept[account]?.stamp == stamp }) { return }
        keep(read(), of: account, stamp: stamp)
    }

    /// Forgets the account's foods (its account is being deleted).
    func forget(_ account: Int64) {
        _ = lock.withLock { kept.removeValue(forKey: account) }
    }

    /// How many accounts' foods are kept.
    var count: Int { lock.withLock { kept.count } }
}

/// A fixed list of custom foods and recipes, as one account's view of the shared catalog for one `parse`.
final class KeptUserFoodSource: UserFoodSource {
    private let foods: [UserFood]
    private let byId: [String: UserFood]

    init(_ foods: [UserFood]) {
        self.foods = foods
        byId = Dictionary(foods.map { ($0.food.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func userFoods() -> [UserFood] { foods }

    func userFood(id: String) -> UserFood? { byId[id] }
}
