/* lib/util/userdir.c - where a user's data and cache live, by the XDG base directory rules */
#include "scan/buf.h"
#include "scan/userdir.h"
#include "util/error.h"

int scan_user_dir_path(scan_buf *out, scan_user_dir which, const char *sub, scan_getvar_fn getvar, void *ctx)
{
	const char *xdg = getvar(which == SCAN_DIR_DATA ? "XDG_DATA_HOME" : "XDG_CACHE_HOME", ctx);
	const char *home = getvar("HOME", ctx);

	/* The specification ignores a relative XDG directory; so do we, and a relative HOME is no home. */
	if (xdg && *xdg == '/')
		scan_buf_printf(out, "%s/rampart", xdg);
	else if (home && *home == '/')
		scan_buf_printf(out, "%s/%s/rampart", home, which == SCAN_DIR_DATA ? ".local/share" : ".cache");
	else
		return scan_util__error(SCAN_ENOTFOUND, "no %s directory: neither %s nor HOME names an absolute path",
		                        which == SCAN_DIR_DATA ? "data" : "cache",
		                        which == SCAN_DIR_DATA ? "XDG_DATA_HOME" : "XDG_CACHE_HOME");
	if (sub && *sub)
		scan_buf_printf(out, "/%s", sub);
	if (scan_buf_failed(out))
		return scan_buf_failed(out) == SCAN_ENOMEM ? scan_error__oom()
		                                           : scan_util__error(SCAN_ELIMIT, "the directory's path is too long");
	return 0;
}
