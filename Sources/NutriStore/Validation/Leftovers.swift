import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work files that name the process that made them, so the next run can tell an interrupted one (its process is
/// gone) from one still in progress, and remove it: an import's private copy `.import-<pid>-<random>.sqlite`, an
/// install's `.foods.sqlite.<pid>.tmp`, and an export's `.nutrichat-export-<pid>-<random>.partial` (a file, or a
/// folder for CSV) next to its destination, with any `-wal`/`-shm`/`-journal` companions. An export may go to any
/// folder, so while it runs a note in the home (`.nutrichat-export-<pid>-<random>.where`) says where its work is:
/// the next start-up follows the note of a process that is gone.
public enum Leftovers {
    /// The hidden name of an import's working copy for this process.
    public static func importCopyName() -> String {
        ".import-\(getpid())-\(UUID().uuidString.prefix(8)).sqlite"
    }

    /// The hidden name of an export's work in progress for this process.
    public static func exportWorkName() -> String {
        "\(exportPrefix)\(getpid())-\(UUID().uuidString.prefix(8))\(exportSuffix)"
    }

    /// Runs `work` on the export work item `working` with a note in `home` saying where it is, removed afterwards.
    /// A home that cannot take the note (read-only) gets none: the next export into the same folder still sweeps it.
    public static func noting<Result>(_ working: URL, in home: URL?, _ work: () throws -> Result) rethrows -> Result {
        guard let home else { return try work() }
        let note = home.appendingPathComponent(String(working.lastPathComponent.dropLast(exportSuffix.count)) + noteSuffix)
        let written = (try? PrivateFiles.write(Data(working.path.utf8), to: note)) != nil
        defer { if written { try? FileManager.default.removeItem(at: note) } }
        return try work()
    }

    private static let exportPrefix = ".nutrichat-export-"
    private static let exportSuffix = ".partial"
    private static let noteSuffix = ".where"

    /// Removes the leftovers of dead processes from `folder`, and the export work their notes there point to;
    /// returns the names removed (with the paths of export work found through notes). Never throws: a read-only or
    /// missing folder simply keeps what it has.
    @discardableResult
    public static func sweep(_ folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") {
            guard let pid = owner(of: name), !isRunning(pid) else { continue }
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix(noteSuffix) { removed += followNote(url, owner: pid) }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(name) }
        }
        return removed.sorted()
    }

    /// Removes the export work a dead process's note points to: only an export work name of that same process,
    /// never any other path the note might hold.
    private static func followNote(_ note: URL, owner pid: pid_t) -> [String] {
        guard let data = try? Data(contentsOf: note), data.count < 4096 else { return [] }
        let working = URL(fileURLWithPath: String(decoding: data, as: UTF8.self))
        let name = working.lastPathComponent
        guard name.hasPrefix("\(exportPrefix)\(pid)-"), name.hasSuffix(exportSuffix), owner(of: name) == pid else { return [] }
        var removed: [String] = []
        for suffix in ["", "-wal", "-shm", "-journal"] where (try? FileManager.default.removeItem(atPath: working.path + suffix)) != nil {
            removed.append(working.path + suffix)
        }
        return removed
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
        for suffix in [exportSuffix, noteSuffix] where base.hasPrefix(exportPrefix) && base.hasSuffix(suffix) {
            let parts = base.dropFirst(exportPrefix.count).dropLast(suffix.count).split(separator: "-")
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
