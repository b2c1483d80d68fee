#ifndef NUTRI_SQLITE_OPTIONS_H
#define NUTRI_SQLITE_OPTIONS_H

/// Closing `connection` (a `sqlite3 *`) leaves its WAL log as it is, without checkpointing it into the database
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). sqlite3_db_config is variadic, which Swift cannot call. Returns SQLite's
/// result code.
int nutri_sqlite_skip_checkpoint_on_close(void *connection);

#endif
