import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A person's data is theirs alone: folders NutriChat creates are 0700, the journal, its WAL files and every
/// export 0600. SQLite gives a database's `-wal` and `-shm` files the database file's own permissions, so creating
/// the journal file 0600 before SQLite opens it covers them too.
public enum PrivateFiles {
    /// Owner read, write and search.
    public static let folderMode: mode_t = 0o700
    /// Owner read and write.
    public static let fileMode: mode_t = 0o600

    /// Creates `url` (and missing parents) as 0700 folders; an existing folder is left as it is.
    public static func createFolder(_ url: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: Int(folderMode)])
    }

    /// Creates an empty database file 0600 when there is none, and narrows an existing one (and its WAL files) to
    /// 0600 when it is the owner's; SQLite then opens the empty file as a new database.
    public static func prepareDatabaseFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        for suffix in ["", "-wal", "-shm"] { restrict(path + suffix) }
    }

    /// Sets a file to 0600 (or a folder to 0700), quietly: a file owned by someone else keeps its mode.
    public static func restrict(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == geteuid() else { return }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        let wanted = isFolder ? folderMode : fileMode
        if info.st_mode & 0o777 != wanted { _ = chmod(path, wanted) }
    }

    /// Writes `data` to a new file created 0600 (never through a wider mode first).
    public static func write(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw StoreError.invalidValue("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        _ = fchmod(descriptor, fileMode)
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.invalidValue("cannot write \(url.path): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}
