/* lib/analyzers/redact.h - the one redaction step every finding passes before it leaves a worker */
#ifndef SCAN_SCAN_REDACT_H
#define SCAN_SCAN_REDACT_H

#include <stddef.h>
#include "scan/buf.h"
#include "secrets/engine.h"
#include "util/slice.h"

/* A value to mask wherever it appears: a capture a rule marks sensitive. */

/* One per worker: a scratch for the shared secrets engine and the current file's secrets. */
typedef struct scan_redactor scan_redactor;

/* e is shared and must outlive the redactor. */
int scan_analyzers__redactor_new(scan_redactor **out, const scan_secret_engine *e);
void scan_analyzers__redactor_free(scan_redactor *r); /* NULL is fine */

/*
 * The file the next findings come from (borrowed until the next call).
 * Its credentials are looked for on the first finding that needs them,
 * at any confidence and whether or not a comment allows them. NULL data:
 * no file (finalize steps), so each finding's own text is searched.
 */
void scan_analyzers__redactor_set_file(scan_redactor *r, const char *path, const unsigned char *data, size_t len);

/*
 * Learn the credentials to mask for one finding: the current file's, or
 * those in texts[0..n) when there is no file, plus the extra values.
 * Then scan_analyzers__redact() each of the finding's strings.
 */
int scan_analyzers__redactor_prepare(scan_redactor *r, const char *const *texts, const size_t *lens, size_t n,
                                     const scan_slice *extra, size_t nextra);

/*
 * s[0..n) with every prepared credential replaced by its masked form,
 * also where s was cut inside one (a fragment at either end), into out
 * (cleared first). Returns 0 or SCAN_ENOMEM; *changed says whether
 * anything was masked.
 */
int scan_analyzers__redact(scan_redactor *r, scan_buf *out, const char *s, size_t n, bool *changed);

#endif
