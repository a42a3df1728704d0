/* report.cgi: job reports out of the SQLite job database. Run by the web server as a
 * CGI program: QUERY_STRING and the HTTP_* variables are what the client sent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "toolkit.h"

static int print_row(void *unused, int ncols, char **vals, char **names)
{
    (void)unused;
    (void)names;
    for (int i = 0; i < ncols; i++)
        printf("<td>%s</td>", vals[i] ? vals[i] : "");
    puts("");
    return 0;
}

static int jobs_by_owner(sqlite3 *db)
{
    char sql[512];
    const char *owner = getenv("QUERY_STRING");
    if (owner == NULL)
        return -1;
    snprintf(sql, sizeof sql, "SELECT id, title FROM jobs WHERE owner = '%s'", owner);
    // expect: CWE-89
    return sqlite3_exec(db, sql, print_row, NULL, NULL);
}

static int jobs_by_owner_quoted(sqlite3 *db)
{
    const char *owner = getenv("QUERY_STRING");
    if (owner == NULL)
        return -1;
    char *sql = sqlite3_mprintf("SELECT id, title FROM jobs WHERE owner = %Q", owner);
    // ok: CWE-89
    int rc = sqlite3_exec(db, sql, print_row, NULL, NULL);
    sqlite3_free(sql);
    return rc;
}

/* Cross-file: the statement is built here and run by db_exec_sql (db_helpers.c). */
static int failed_jobs_for(sqlite3 *db)
{
    char sql[512] = "SELECT id, title FROM jobs WHERE state = 'failed' AND queue = '";
    const char *queue = getenv("HTTP_X_QUEUE");
    if (queue == NULL)
        return -1;
    strcat(sql, queue);
    strcat(sql, "'");
    return db_exec_sql(db, sql);
}

static int job_totals(sqlite3 *db)
{
    printf("<p>jobs: %d, users: %d</p>\n", db_count_rows(db, "jobs"), db_count_rows(db, "users"));
    return 0;
}

static const char *sort_column(const char *requested)
{
    return requested;
}

static const char *default_sort_column(const char *requested)
{
    (void)requested;
    return "created_at";
}

static int jobs_sorted(sqlite3 *db)
{
    char sql[256];
    sqlite3_stmt *st;
    const char *order = getenv("HTTP_X_SORT");
    if (order == NULL)
        return -1;
    snprintf(sql, sizeof sql, "SELECT id, title FROM jobs ORDER BY %s", sort_column(order));
    // expect: CWE-89
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("<li>%s</li>\n", (const char *)sqlite3_column_text(st, 1));
    return sqlite3_finalize(st);
}

static int jobs_sorted_by_default(sqlite3 *db)
{
    char sql[256];
    sqlite3_stmt *st;
    const char *order = getenv("HTTP_X_SORT");
    if (order == NULL)
        return -1;
    snprintf(sql, sizeof sql, "SELECT id, title FROM jobs ORDER BY %s", default_sort_column(order));
    // ok: CWE-89
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("<li>%s</li>\n", (const char *)sqlite3_column_text(st, 1));
    return sqlite3_finalize(st);
}

int main(void)
{
    sqlite3 *db;
    if (sqlite3_open("/var/lib/jobs/jobs.db", &db) != SQLITE_OK)
        return 1;
    printf("Content-Type: text/html\r\n\r\n<table>\n");
    jobs_by_owner(db);
    jobs_by_owner_quoted(db);
    failed_jobs_for(db);
    job_totals(db);
    jobs_sorted(db);
    jobs_sorted_by_default(db);
    puts("</table>");
    sqlite3_close(db);
    return 0;
}
