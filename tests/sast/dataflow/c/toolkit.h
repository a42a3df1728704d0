/* Shared declarations of the small ops toolkit: a CGI status page, a file server,
 * a setuid admin tool and a query daemon, all built from the same helpers. */
#ifndef TOOLKIT_H
#define TOOLKIT_H

#include <stddef.h>
#include <sqlite3.h>

/* cgi_env.c */
const char *cgi_query(void);
const char *cgi_default_page(void);

/* strutil.c */
char *str_trim_dup(const char *s);
char *str_default_host(void);
int is_allowed_tool(const char *tool);
int is_safe_path(const char *path);
int is_safe_filename(const char *name);
int is_valid_username(const char *name);

/* db_helpers.c */
int db_exec_sql(sqlite3 *db, const char *sql);
int db_count_rows(sqlite3 *db, const char *table);

#endif
