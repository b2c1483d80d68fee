import Foundation
import NutriLanguage

extension MealAnalyzer {
    /// The JSON lines of many messages, in input order, analysed on every core. Lookups share the resolver's caches,
    /// which are guarded by locks, and read the food database through a pool of read-only connections.
    public func jsonLines(_ lines: [String], reference: ReferenceDate,
                          workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [String] {
        guard lines.count > 1, workers > 1 else {
            return lines.map { analyze($0, reference: reference).jsonText }
        }
        let results = ResultSlots(count: lines.count)
        // Each worker takes the next message when it is done with one: messages differ a lot in cost (a new food
        // costs a search, a known one a lookup), and a fixed share would leave one core idle at the end.
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = results.claim() {
                results.set(index, analyze(lines[index], reference: reference).jsonText)
            }
        }
        return results.values
    }
}

/// One slot per message, each claimed and written by exactly one worker.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [String]
    private var next = 0
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: "", count: count) }

    /// The index of the next message nobody has taken yet, or nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < storage.count else { return nil }
        next += 1
        return next - 1
    }

    func set(_ index: Int, _ value: String) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
