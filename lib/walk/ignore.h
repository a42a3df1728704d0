/* lib/walk/ignore.h - gitignore-syntax matching for the walker */
#ifndef SCAN_WALK_IGNORE_H
#define SCAN_WALK_IGNORE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A stack of ignore rules in gitignore syntax (the rules of `git help
 * gitignore`): blank lines and '#' comments, '\' escapes, trailing spaces
 * trimmed unless escaped, '!' negation, a trailing '/' matching directories
 * only, a pattern with a '/' at the start or middle anchored to the directory
 * of the file it came from, '*', '?', '[...]' classes (with '!' or '^'
 * negation and ranges) that never match '/', and '**' as a whole path
 * segment ("**" + "/x", "a/" + "**", "a/" + "**" + "/b").
 *
 * The walker descends depth-first: on entering a directory it records
 * scan_ignore__depth(), adds that directory's .gitignore and .rampartignore
 * with base = the directory's path relative to the root ("" for the root),
 * and on leaving pops back to the recorded depth. The last matching rule
 * wins, so rules of deeper directories, added later, override the root's.
 *
 * Matching is bounded: a pattern is at most SCAN_IGNORE_PATTERN_MAX bytes,
 * a stack at most SCAN_IGNORE_RULES_MAX rules, and the matcher never
 * backtracks exponentially.
 */
#define SCAN_IGNORE_PATTERN_MAX 4096
#define SCAN_IGNORE_RULES_MAX 100000

typedef struct scan_ignore scan_ignore;

int scan_ignore__new(scan_ignore **out);
void scan_ignore__free(scan_ignore *ig);

/*
 * Add every rule of a gitignore-syntax text. base is the directory the
 * text's anchored patterns are relative to ("" for the root, else
 * "dir/sub" without a trailing '/'). Returns 0, SCAN_ENOMEM or SCAN_ELIMIT;
 * lines that are not valid patterns (an unterminated class, too long) are
 * skipped, as git skips them.
 */
int scan_ignore__add_text(scan_ignore *ig, const char *base, const char *text, size_t len);
/* One rule, e.g. from --exclude, relative to the root. */
int scan_ignore__add_rule(scan_ignore *ig, const char *pattern);

size_t scan_ignore__depth(const scan_ignore *ig);
void scan_ignore__pop(scan_ignore *ig, size_t depth);

/* path: relative to the root, '/'-separated, no leading or trailing '/'. */
bool scan_ignore__match(const scan_ignore *ig, const char *path, bool is_dir);
/* The last matching rule's verdict: 1 it matches, 0 a '!' rule re-includes it, -1 no rule matches. */
int scan_ignore__decide(const scan_ignore *ig, const char *path, bool is_dir);

/*
 * Match one glob against a whole string with the rules above ('*' and '?'
 * do not cross '/' when pathname is true). Exposed for --exclude, tests
 * and the fuzz target.
 */
bool scan_glob__match(const char *pattern, size_t plen, const char *text, size_t tlen, bool pathname);

#endif
