import Foundation

/// One load of the language lexicon shared by the threads of start-up: the intent classifier's, the food alias
/// table's and the main thread's. The first to ask reads the files; the others wait for that reading instead of
/// reading them again (the lexicon was read twice per process before, once per thread).
public final class LexiconLoad: @unchecked Sendable {
    public let directory: URL
    private let lock = NSLock()
    private var result: Result<LanguageLexicon, Error>?

    /// A load of the lexicon in `directory`, not started yet.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The lexicon, read on the first call (on the caller's thread) and shared after; a failure is shared too.
    public func lexicon() throws -> LanguageLexicon {
        lock.lock()
        defer { lock.unlock() }
        if let result { return try result.get() }
        let loaded = Result { try LanguageLexicon.load(from: directory) }
        result = loaded
        return try loaded.get()
    }
}
