import Foundation

/// What a SQLite database's files look like on disk: for the database and its WAL log, the file's identity, size and
/// times of last change. Any commit (this process's or another's) writes the log and a checkpoint writes the
/// database, and either moves its file's times, so an equal stamp means the database's rows did not change. Two
/// `stat` calls: far cheaper than a read transaction, for a cache of rows that change rarely (a journal's custom
/// foods, the dining menus).
public struct DatabaseFileStamp: Equatable, Sendable {
    private var parts: [Int64]
    /// The newest change time among the files, in seconds since 1970.
    private var newest: Double

    /// The stamp of the database at `path` now; nil when its file is missing.
    public init?(database path: String) {
        var parts: [Int64] = []
        var newest = 0.0
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else {
                if file == path { return nil }
                parts.append(-1)  // a database without its log (the CLI's journal, after a checkpoint at close)
                continue
            }
            parts += [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size),
                      Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)]
            newest = max(newest, Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9,
                         Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)
        }
        self.parts = parts
        self.newest = newest
    }

    /// Whether the files last changed at least `seconds` ago. The kernel stamps a change with a clock that moves in
    /// ticks of a few milliseconds, so two commits within one tick can leave equal times (and, after the log restarts,
    /// equal sizes): a stamp taken so soon after a change is never trusted.
    public func settled(for seconds: Double = 2, now: Date = Date()) -> Bool {
        now.timeIntervalSince1970 - newest >= seconds
    }
}
