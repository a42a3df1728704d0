/* A small helper library over SQLite used by the CGI report page and the admin tool. */
#include <stdio.h>
#include <sqlite3.h>

#include "toolkit.h"

static int print_row(void *unused, int ncols, char **vals, char **names)
{
    (void)unused;
    for (int i = 0; i < ncols; i++)
        printf("%s=%s%s", names[i], vals[i] ? vals[i] : "NULL", i + 1 < ncols ? " " : "\n");
    return 0;
}

/* Runs a statement and prints every row it returns. */
int db_exec_sql(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    // expect: CWE-89
    int rc = sqlite3_exec(db, sql, print_row, NULL, &err);
    if (rc != SQLITE_OK) {
        fprintf(stderr, "sqlite: %s\n", err);
        sqlite3_free(err);
    }
    return rc;
}

/* Number of rows of a table; the callers name the table in the source. */
int db_count_rows(sqlite3 *db, const char *table)
{
    char sql[128];
    sqlite3_stmt *st;
    int count = -1;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
    // ok: CWE-89
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        count = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return count;
}
