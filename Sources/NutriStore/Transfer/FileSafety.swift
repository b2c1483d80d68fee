import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small file-system steps that make exports durable: flush to disk, then move into place.
enum FileSafety {
    /// Flushes a file or folder to disk (`fsync(2)`), so a rename that follows never exposes half-written data.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw TransferError.io(path: url.path, detail: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw TransferError.io(path: url.path, detail: String(cString: strerror(errno))) }
    }

    /// Renames `source` to `destination` with `rename(2)`, refusing when `destination` appeared meanwhile, and
    /// syncs the folder so the new name survives a crash.
    static func moveIntoPlace(_ source: URL, _ destination: URL) throws {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw TransferError.destinationExists(path: destination.path)
        }
        guard rename(source.path, destination.path) == 0 else {
            throw TransferError.io(path: destination.path, detail: String(cString: strerror(errno)))
        }
        try? sync(destination.deletingLastPathComponent())
    }

    /// Removes a SQLite file and its `-wal`, `-shm` and `-journal` companions, ignoring any that do not exist.
    static func removeDatabaseFiles(_ url: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }
}
