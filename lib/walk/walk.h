/* lib/walk/walk.h - list the files of a tree that a scan reads */
#ifndef SCAN_WALK_WALK_H
#define SCAN_WALK_WALK_H

#include <stdbool.h>
#include <stdint.h>
#include "util/arena.h"

/* Bounds on what a hostile tree can make the walker do. */
#define SCAN_WALK_DEPTH_MAX 256
#define SCAN_WALK_PATH_MAX 4096
#define SCAN_WALK_IGNORE_FILE_MAX ((size_t)1 << 20)

typedef struct {
	const char *root;                /* absolute, real path */
	bool follow_symlinks;
	bool no_default_excludes;
	const char *const *excludes;     /* --exclude globs, gitignore syntax; they always win */
	size_t exclude_count;
	bool (*cancelled)(void *payload); /* asked every few hundred entries: true stops with SCAN_ECANCELED */
	void *cancel_payload;
} scan_walk_options;

typedef struct {
	const char *path;  /* relative to the root, '/'-separated; arena-owned */
	bool via_link;     /* reached through a followed symlink: open it without O_NOFOLLOW */
} scan_walk_entry;

/* What the walker could not look at: a directory or a special file, and why. */
typedef struct {
	const char *path;  /* relative to the root; arena-owned */
	const char *reason; /* static */
} scan_walk_skip;

typedef struct {
	scan_walk_entry *entries;
	size_t count, cap;
	scan_arena arena;
	uint64_t ignored;          /* files and directories left out by ignore rules */
	uint64_t symlinks_skipped;
	uint64_t special_skipped;  /* fifos, sockets, devices */
	uint64_t unreadable;       /* directories that could not be opened, too deep or too long */
	scan_walk_skip *skips;     /* each unreadable and special entry, with its reason */
	size_t nskips, skips_cap;
} scan_walk_list;

/*
 * List every regular file under o->root that no ignore rule excludes: .git is
 * never entered; --exclude globs, then the default excludes, .gitignore and
 * .rampartignore files (and .git/info/exclude) decide the rest. Symlinks are
 * skipped unless follow_symlinks, and then followed only when their real
 * target is inside the root, each directory once (no cycles). On success the
 * list is the caller's: scan_walk__dispose(). Returns 0, SCAN_ENOTFOUND,
 * SCAN_EIO (the root cannot be opened), SCAN_ECANCELED or SCAN_ENOMEM.
 */
int scan_walk__list(scan_walk_list *out, const scan_walk_options *o);
void scan_walk__dispose(scan_walk_list *l);

/* The default exclude rules, gitignore syntax, NULL-terminated. */
extern const char *const scan_walk__default_excludes[];

#endif
