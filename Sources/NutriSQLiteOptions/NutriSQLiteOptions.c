#include <sqlite3.h>
#include "NutriSQLiteOptions.h"

int nutri_sqlite_skip_checkpoint_on_close(void *connection) {
    int set = 0;
    int code = sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &set);
    if (code == SQLITE_OK && set != 1) return SQLITE_ERROR;
    return code;
}
