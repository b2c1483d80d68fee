import NutriSQLiteOptions

/// The C library's allocator, tuned for a long-running server that opens and closes journals all the time.
public enum ServerMemory {
    /// Keeps freed memory in the process instead of handing it back to the kernel at once. By default glibc trims a
    /// heap whose free top passes 128 KiB and serves larger blocks (SQLite's page caches, a journal's buffers)
    /// straight from the kernel, so each journal opened after another was closed faulted its pages in again, zeroed
    /// by the kernel: 7 % of the server's CPU under load (`perf`: clear_page_erms). Memory now stays with the process
    /// up to 256 MiB of free top per heap, and blocks up to 16 MiB come from the heap. glibc's fast bins are off:
    /// every statement SQLite compiles allocates its parser (a block above the fast sizes), and such an allocation first
    /// merges every freed small block held in the fast bins (`malloc_consolidate`, with `unlink_chunk` 4 % of the
    /// server's CPU under load); small blocks still reuse the per-thread cache. Returns whether it was taken.
    @discardableResult
    public static func keepFreedMemory() -> Bool {
        nutri_keep_freed_memory(16 << 20, 256 << 20, 16 << 20) == 1
    }

    /// Turns off SQLite's memory statistics, which no part of NutriChat reads: with them on, each allocation and free
    /// of every connection takes one process-wide mutex, and the server runs dozens of connections on threads of
    /// their own (`perf` under load: 4–5 % of the server's CPU waking threads queued on a mutex inside SQLite). Must
    /// run before SQLite is first used; returns whether it was taken.
    @discardableResult
    public static func skipSQLiteMemoryStatistics() -> Bool {
        nutri_sqlite_skip_memory_statistics() == 0  // SQLITE_OK
    }
}
