#ifndef NUTRI_SQLITE_OPTIONS_H
#define NUTRI_SQLITE_OPTIONS_H

/// Closing `connection` (a `sqlite3 *`) leaves its WAL log as it is, without checkpointing it into the database
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). sqlite3_db_config is variadic, which Swift cannot call. Returns SQLite's
/// result code.
int nutri_sqlite_skip_checkpoint_on_close(void *connection);

/// Turns off SQLite's memory statistics (SQLITE_CONFIG_MEMSTATUS) for the whole process: with them on, every
/// allocation and free of every connection takes one process-wide mutex, which the server's many connections, each on
/// a thread of its own, contend for. Must run before SQLite is first used (sqlite3_config is variadic, which Swift
/// cannot call). Returns SQLite's result code (SQLITE_MISUSE once SQLite has started).
int nutri_sqlite_skip_memory_statistics(void);

/// Tunes glibc's allocator for the server (see ServerMemory.swift): blocks up to `mmap_threshold` bytes from the heap,
/// a heap trimmed only past `trim_threshold` bytes of free top, grown by `top_pad`. mallopt's header is not part of
/// Swift's Glibc module. Returns 1 when every setting was taken (0 elsewhere than glibc).
int nutri_keep_freed_memory(int mmap_threshold, int trim_threshold, int top_pad);

#endif
