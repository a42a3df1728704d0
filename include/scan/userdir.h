/* include/scan/userdir.h - where a user's rampart data and cache live */
#ifndef SCAN_USERDIR_H
#define SCAN_USERDIR_H

#include "buf.h"
#include "common.h"

/*
 * A per-user directory of rampart's by the XDG base directory rules: data
 * ($XDG_DATA_HOME/rampart, else ~/.local/share/rampart) or cache
 * ($XDG_CACHE_HOME/rampart, else ~/.cache/rampart), then "/sub" unless sub
 * is NULL or empty; appended to out. A relative XDG variable is ignored;
 * SCAN_ENOTFOUND when HOME is not absolute either. Nothing is created.
 */
typedef enum { SCAN_DIR_DATA, SCAN_DIR_CACHE } scan_user_dir;
SCAN_EXTERN int scan_user_dir_path(scan_buf *out, scan_user_dir which, const char *sub, scan_getvar_fn getvar,
                                   void *ctx);

#endif
