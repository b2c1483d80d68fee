import NutriSQLiteOptions

/// The C library's allocator, tuned for a long-running server that opens and closes journals all the time.
public enum ServerMemory {
    /// Keeps freed memory in the process instead of handing it back to the kernel at once. By default glibc trims a
    /// heap whose free top passes 128 KiB and serves larger blocks (SQLite's page caches, a journal's buffers)
    /// straight from the kernel, so each journal opened after another was closed faulted its pages in again, zeroed
    /// by the kernel: 7 % of the server's CPU under load (`perf`: clear_page_erms). Memory now stays with the process
    /// up to 256 MiB of free top per heap, and blocks up to 16 MiB come from the heap. Returns whether it was taken.
    @discardableResult
    public static func keepFreedMemory() -> Bool {
        nutri_keep_freed_memory(16 << 20, 256 << 20, 16 << 20) == 1
    }
}
