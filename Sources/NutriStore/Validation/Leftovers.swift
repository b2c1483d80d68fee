import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work files that name the process that made them, so the next run can tell an interrupted one (its process is
/// gone) from one still in progress, and remove it: an import's private copy `.import-<pid>-<random>.sqlite` and
/// an install's `.foods.sqlite.<pid>.tmp`, with any `-wal`/`-shm`/`-journal` companions.
public enum Leftovers {
    /// The hidden name of an import's working copy for this process.
    public static func importCopyName() -> String {
        ".import-\(getpid())-\(UUID().uuidString.prefix(8)).sqlite"
    }

    /// Removes the leftovers of dead processes from `folder`; returns the names removed. Never throws: a
    /// read-only or missing folder simply keeps what it has.
    @discardableResult
    public static func sweep(_ folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") {
            guard let pid = owner(of: name), !isRunning(pid) else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed.append(name) }
        }
        return removed.sorted()
    }

    /// The process id a leftover's name carries, or nil for any other file.
    static func owner(of name: String) -> pid_t? {
        var base = Substring(name)
        for suffix in ["-wal", "-shm", "-journal"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        if base.hasPrefix(".import-"), base.hasSuffix(".sqlite") {
            let middle = base.dropFirst(".import-".count).dropLast(".sqlite".count)
            let parts = middle.split(separator: "-")
            guard parts.count == 2 else { return nil }
            return pid_t(parts[0])
        }
        if base.hasPrefix(".foods.sqlite."), base.hasSuffix(".tmp") {
            // ".foods.sqlite.<pid>.tmp" (the database being built) or ".foods.sqlite.<pid>.sum.tmp" (its checksum).
            return base.dropFirst(".foods.sqlite.".count).split(separator: ".").first.flatMap { pid_t($0) }
        }
        return nil
    }

    /// Whether a process with this id exists (a process of another user still counts as running).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
