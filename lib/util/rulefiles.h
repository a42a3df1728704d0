/* lib/util/rulefiles.h - bounded reads of a file, and the YAML files of a rules directory in a stable order */
#ifndef SCAN_UTIL_RULEFILES_H
#define SCAN_UTIL_RULEFILES_H

#include <stdbool.h>
#include <stddef.h>

#define SCAN_RULE_FILE_MAX ((size_t)4 << 20)

/*
 * Call fn for every *.yaml and *.yml of dir (and, with recursive, of its
 * subdirectories, at most 8 deep), in path order. Hidden entries are skipped
 * and symbolic links never followed. Stops at the first non-zero return.
 * When dir is a regular file, fn gets that one file.
 */
typedef int (*scan_rule_file_fn)(void *ud, const char *text, size_t len, const char *path);
int scan__rule_files_each(const char *dir, bool recursive, scan_rule_file_fn fn, void *ud);

/* A rule file compiled into the binary by cmake/EmbedRules.cmake. */
typedef struct {
	const char *name;
	const char *text;
	size_t len;
} scan_embedded_rule_file;

/* Call fn for each embedded file, in order; stops at the first non-zero return. */
int scan__rule_files_each_embedded(const scan_embedded_rule_file *files, size_t count, scan_rule_file_fn fn, void *ud);

/*
 * A regular file of at most max bytes, NUL-terminated, opened without
 * following a symbolic link; *out is the caller's (free()).
 */
int scan__read_file(char **out, size_t *len, const char *path, size_t max);
/* scan__read_file() of at most SCAN_RULE_FILE_MAX bytes. */
int scan__read_rule_file(char **out, size_t *len, const char *path);

#endif
