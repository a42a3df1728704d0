/* lib/util/beneath.h - open a path below a directory without resolving out of it */
#ifndef SCAN_UTIL_BENEATH_H
#define SCAN_UTIL_BENEATH_H

#include <stdbool.h>

/* Bounds of the component walk: symlinks followed in one path, directories held open. */
#define SCAN_BENEATH_SYMLINKS_MAX 40
#define SCAN_BENEATH_DEPTH_MAX 512
#define SCAN_BENEATH_PATH_MAX 8192

/*
 * Open relpath ('/'-separated, relative) below the directory root_fd, like
 * openat(root_fd, relpath, flags), except that no component of the path -
 * not only the last - may lead outside that directory. With link_root NULL
 * no component may be a symlink (ELOOP). With link_root the absolute real
 * path of root_fd's directory, symlinks are followed while they stay below
 * it: relative ones, and absolute ones naming a path under link_root; a
 * link out of the tree, or ".." above it, fails with EXDEV. Magic links
 * (/proc) are never followed. O_CREAT is not supported.
 *
 * openat2(RESOLVE_BENEATH) does it where the kernel has it; elsewhere (and
 * for absolute links inside the tree) each component is opened in turn
 * with O_NOFOLLOW. Returns the new descriptor (O_CLOEXEC), or -1 with
 * errno set.
 */
int scan_util__open_beneath(int root_fd, const char *relpath, int flags, const char *link_root);

/*
 * Whether relpath under the directory root is a directory reached without
 * any symbolic link, for readers that take a path (rule directories). The
 * path can still change after the answer: prefer scan_util__open_beneath().
 */
bool scan_util__dir_beneath(const char *root, const char *relpath);

/* The component walk alone, without openat2: for tests of the fallback. */
int scan_util__open_beneath_walk(int root_fd, const char *relpath, int flags, const char *link_root);

#endif
