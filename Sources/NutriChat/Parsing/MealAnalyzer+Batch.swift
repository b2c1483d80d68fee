import Foundation
import NutriLanguage

extension MealAnalyzer {
    /// The JSON lines of many messages, in input order, analysed on every core. Lookups share the resolver's caches,
    /// which are guarded by locks, and read the food database through its own serialised queue.
    public func jsonLines(_ lines: [String], reference: ReferenceDate,
                          workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [String] {
        guard lines.count > 1, workers > 1 else {
            return lines.map { analyze($0, reference: reference).json.serialized }
        }
        let results = ResultSlots(count: lines.count)
        let stride = max(1, workers)
        DispatchQueue.concurrentPerform(iterations: stride) { worker in
            var index = worker
            while index < lines.count {
                results.set(index, analyze(lines[index], reference: reference).json.serialized)
                index += stride
            }
        }
        return results.values
    }
}

/// One slot per message, each written by exactly one worker.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [String]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: "", count: count) }

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
