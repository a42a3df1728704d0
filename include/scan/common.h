/* include/scan/common.h - export macro, error codes, the last-error message */
#ifndef SCAN_COMMON_H
#define SCAN_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <stdbool.h>

#if defined(SCAN_BUILDING_LIBRARY) && defined(__GNUC__)
# define SCAN_EXTERN __attribute__((visibility("default")))
#else
# define SCAN_EXTERN
#endif

#ifdef __GNUC__
# define SCAN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
# define SCAN_PRINTF(f, a)
#endif

/*
 * Every fallible function returns 0 or one of these. The values are stable:
 * they travel up unchanged and the CLI maps them to exit codes in one place.
 */
enum {
	SCAN_OK = 0,
	SCAN_EINVAL = -1,    /* bad input or usage */
	SCAN_ENOTFOUND = -2, /* a named file, scan, repository or waiver does not exist */
	SCAN_EIO = -3,       /* the operating system refused a read or write */
	SCAN_ENOMEM = -4,
	SCAN_EPARSE = -5,    /* malformed document */
	SCAN_ELIMIT = -6,    /* a size, depth or count limit was hit */
	SCAN_ESTORE = -7,    /* the database refused, is corrupt or is busy */
	SCAN_EGIT = -8,      /* a git operation failed (clone, open, auth) */
	SCAN_EVERSION = -9,  /* data written by a newer Rampart */
	SCAN_ECANCELED = -10,
	SCAN_EEXIST = -11,   /* a record with the same unique name exists (an organization, an email) */
	SCAN_EPLAN = -12,    /* the organization's plan does not include it (a compliance framework) */
	SCAN_ECONFLICT = -13, /* a stale version: the record changed since it was read (optimistic concurrency) */
};

/*
 * Threads. What one handle allows:
 *   scan_store      shared by any number of threads (each gets its own
 *                   connection, opened on its first call; at most 64);
 *                   a transaction never spans calls or threads.
 *   scan_rules, scan_sca_policy
 *                   immutable once built: read from any thread.
 *   scan_result, scan_finding_list and every *_list a call returns
 *                   the caller's alone: read from several threads at once,
 *                   changed and freed by one.
 *   scan_run()      any number at once, each with its own options.
 * Errors are per thread (scan_error_last()).
 */

typedef struct {
	int code;
	const char *message; /* one line, lowercase, no full stop; never NULL */
} scan_error;

/*
 * The last error raised on this thread. Borrowed: valid until the next
 * failing call on the same thread.
 */
SCAN_EXTERN const scan_error *scan_error_last(void);
SCAN_EXTERN void scan_error_clear(void);

/*
 * The library reads no environment variable: a program passes what it
 * wants read as a lookup (the CLI: getenv), or the values themselves in
 * options. getvar answers NULL for an unset variable.
 */
typedef const char *(*scan_getvar_fn)(const char *name, void *ctx);

/*
 * A time as the store and every document write it, "2026-11-28T13:05:00Z"
 * (UTC), or a date "2026-11-28" (midnight UTC): 0 or SCAN_EINVAL.
 */
SCAN_EXTERN int scan_time_parse(time_t *out, const char *s);

/* "0.1.0"; static storage. */
SCAN_EXTERN const char *scan_version(void);

/*
 * Sets up the process-wide state of the libraries libscan uses (libcurl).
 * A program calls it once, before it starts threads; calls after the first
 * do nothing. libscan also does it on first need, so forgetting it is safe
 * for a single-threaded program. 0, or SCAN_EIO.
 */
SCAN_EXTERN int scan_global_init(void);

#endif
