import Foundation
import NutriChat
import NutriStore
#if canImport(Glibc)
import Glibc
#endif

/// The lock a `nutrichat serve` holds on its database folder for as long as it runs: the journals in the folder are
/// opened lock-free (`ServerJournalOptions`), so a second server on the same folder is refused at its start instead
/// of writing beside the first. An advisory lock (`flock`) on `server.lock` in the folder, which the system releases
/// when the process ends, however it ends; a restarted server takes it again.
enum ServerFolderLock {
    /// The folders this process holds, with the descriptor that holds each (kept open for the process's life).
    private static let held = Held()

    private final class Held: @unchecked Sendable {
        let lock = NSLock()
        var folders: [String: Int32] = [:]
    }

    /// Takes the folder's lock, or throws a one-line message naming the folder when another process holds it.
    static func hold(_ folder: URL) throws {
        try PrivateFiles.createFolder(folder)
        let path = folder.appendingPathComponent("server.lock").path
        try held.lock.withLock {
            guard held.folders[path] == nil else { return }
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw UserFacingError("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw UserFacingError("another nutrichat serve is using \(folder.path) (it holds server.lock); "
                    + "stop it first or give another --database folder")
            }
            held.folders[path] = descriptor
        }
    }
}
