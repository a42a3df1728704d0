/* lib/util/error.h - raising errors inside libscan */
#ifndef SCAN_UTIL_ERROR_H
#define SCAN_UTIL_ERROR_H

#include "scan/common.h"

/*
 * Record code and a one-line message for scan_error_last() and return code,
 * so a failure site reads `return scan_util__error(SCAN_EIO, "cannot open '%s'", p);`.
 * Raise once, where the failure is understood; callers pass the code up.
 */
int scan_util__error(int code, const char *fmt, ...) SCAN_PRINTF(2, 3);
int scan_error__oom(void);

/*
 * A versioned options struct from the caller: NULL (the defaults) or the
 * version this libscan knows, else SCAN_EINVAL naming the struct, so a
 * program built against other headers fails clearly instead of reading
 * fields that are not there.
 */
#define scan_error__check_version(opts, known, name) \
	((opts) && (opts)->version != (known) \
	     ? scan_util__error(SCAN_EINVAL, "%s version %u: this libscan knows version %u", (name), \
	                        (unsigned)(opts)->version, (unsigned)(known)) \
	     : 0)

#endif
