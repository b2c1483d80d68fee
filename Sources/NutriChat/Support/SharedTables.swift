import Foundation

/// Data tables read from `Lexicon/` and `Intents/` (tracking words, dialogue words, meal-slot commands, insight cues,
/// coaching words …), read once per analyzer and shared by every conversation over it. They depend only on the data
/// folder, and a server holds a conversation per account: reading them per conversation cost a third of the server's
/// time. Each table is a value type, so sharing it is safe.
public final class SharedTables: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The table of type `T`, read by `load` the first time it is asked for. Two first uses at once may both read
    /// it; the first one stored is kept.
    func table<T: Sendable>(_ load: () throws -> T) rethrows -> T {
        let key = ObjectIdentifier(T.self)
        if let kept = lock.withLock({ tables[key] }) as? T { return kept }
        let loaded = try load()
        return lock.withLock {
            if let kept = tables[key] as? T { return kept }
            tables[key] = loaded
            return loaded
        }
    }
}
