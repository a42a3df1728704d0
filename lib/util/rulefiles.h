/* lib/util/rulefiles.h - bounded reads of a file, and the YAML files of a rules directory in a stable order */
#ifndef SCAN_UTIL_RULEFILES_H
#define SCAN_UTIL_RULEFILES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "scan/file.h"

#define SCAN_RULE_FILE_MAX ((size_t)4 << 20)

/*
 * Call fn for every *.yaml and *.yml of dir (and, with recursive, of its
 * subdirectories, at most 8 deep), in path order. Hidden entries are skipped
 * and symbolic links never followed. Stops at the first non-zero return.
 * When dir is a regular file, fn gets that one file.
 */
typedef int (*scan_rule_file_fn)(void *ud, const char *text, size_t len, const char *path);
int scan_util__rule_files_each(const char *dir, bool recursive, scan_rule_file_fn fn, void *ud);

/* A rule file compiled into the binary by cmake/EmbedRules.cmake. */
typedef struct {
	const char *name;
	const char *text;
	size_t len;
} scan_embedded_rule_file;

/* Call fn for each embedded file, in order; stops at the first non-zero return. */
int scan_util__rule_files_each_embedded(const scan_embedded_rule_file *files, size_t count, scan_rule_file_fn fn, void *ud);

/*
 * The one bounded reader of whole files (scan_file_read() is its public
 * face): path, relative to dirfd (AT_FDCWD: the working directory), opened
 * non-blocking and without a controlling terminal, checked to be a regular
 * file of at most max bytes before reading; SCAN_FILE_NOFOLLOW and
 * SCAN_FILE_OPTIONAL as scan_file_read() has them. Messages name label
 * (NULL: path). *out is the caller's (free()), NUL-terminated.
 */
int scan_util__read_file_at(char **out, size_t *len, int dirfd, const char *path, const char *label, size_t max,
                            unsigned int flags);
/*
 * The reading half of scan_util__read_file_at(), for a file already open (by
 * scan_util__open_beneath(), say; opened O_NONBLOCK so a FIFO did not block):
 * fstat must say a regular file of at most max bytes.
 */
int scan_util__read_fd(char **out, size_t *len, int fd, const char *label, size_t max);
/* "a FIFO", "a directory", "a character device"...: what a file that is not a regular one is. */
const char *scan_util__file_kind(mode_t mode);
/* scan_util__read_file_at() of path, not following a symbolic link. */
int scan_util__read_file(char **out, size_t *len, const char *path, size_t max);
/* scan_util__read_file() of at most SCAN_RULE_FILE_MAX bytes. */
int scan_util__read_rule_file(char **out, size_t *len, const char *path);

#endif
