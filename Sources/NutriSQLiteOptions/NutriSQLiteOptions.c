#include <sqlite3.h>
#include <stdlib.h>  /* defines __GLIBC__ on glibc (through <features.h>), which the test below needs */
#include "NutriSQLiteOptions.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int nutri_sqlite_skip_checkpoint_on_close(void *connection) {
    int set = 0;
    int code = sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &set);
    if (code == SQLITE_OK && set != 1) return SQLITE_ERROR;
    return code;
}

int nutri_sqlite_skip_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int nutri_keep_freed_memory(int mmap_threshold, int trim_threshold, int top_pad) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold)
        && mallopt(M_TOP_PAD, top_pad) && mallopt(M_MXFAST, 0);
#else
    (void)mmap_threshold; (void)trim_threshold; (void)top_pad;
    return 0;
#endif
}
