/* lib/lockfile/pep508.h - Python requirements (PEP 508), read by every Python lockfile extractor */
#ifndef SCAN_LOCKFILE_PEP508_H
#define SCAN_LOCKFILE_PEP508_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Names are kept as each file writes them; the purl normalises them
 * (PEP 503), and so does every comparison of names between two files
 * (a pyproject.toml's "Django" is a poetry.lock's "django").
 */
typedef struct {
	const char *name;
	size_t name_len;
	const char *version;        /* the pinned version, or NULL */
	size_t version_len;
	unsigned flags;             /* SCAN_DEP_UNPINNED, _URL, _GIT, _LOCAL */
} pyreq;

bool scan_lockfile__py_is_ws(char c);
const char *scan_lockfile__py_skip_ws(const char *p, const char *end);
size_t scan_lockfile__py_trim_len(const char *s, size_t len);
bool scan_lockfile__py_has_prefix(const char *s, size_t len, const char *prefix);
bool scan_lockfile__py_is_name(const char *s, size_t len);
bool scan_lockfile__py_is_version(const char *s, size_t len, bool wildcard);
void scan_lockfile__py_classify_url(const char *u, size_t n, pyreq *r, bool *skip);
const char *scan_pep508__parse(const char *s, size_t len, pyreq *r);

#endif
