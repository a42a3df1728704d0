/* lib/source/source.h - turn a scan target into a local tree and its git facts */
#ifndef SCAN_SOURCE_SOURCE_H
#define SCAN_SOURCE_SOURCE_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/scan.h"

/*
 * A remote that advertises more branches and tags than this is cloned one
 * branch deep (the branch asked for, else the remote's HEAD), without
 * tags: writing hundreds of thousands of refs is most of such a clone's
 * time, and a scan reads one branch. Its history is then that branch's.
 */
#define SCAN_SOURCE_CLONE_REFS_MAX 10000

/*
 * What a scan walks and what it records about where the code came from.
 * All strings are malloc'd and owned by the struct; optional ones are NULL.
 */
typedef struct {
	char *root;            /* absolute, real path of the directory to walk */
	char *name;            /* "owner/repo" from the remote URL, else the directory's basename */
	char *url;             /* remote URL with any user:password@ removed; else the absolute root */
	char *source;          /* "github", "gitlab", "bitbucket", "git" (other remote) or "local" */
	char *branch;          /* checked-out branch, CI's branch, or the --branch given; NULL if unknown */
	char *default_branch;  /* never NULL after a successful open */
	char *commit;          /* 40 hex of HEAD; NULL outside git */
	bool is_git;
	int64_t pr_number;     /* from options or CI variables; 0 none */
	char *tmpdir;          /* a private clone to remove in dispose; NULL otherwise */
	uint64_t refs_not_cloned; /* branches and tags a clone left out: past SCAN_SOURCE_CLONE_REFS_MAX */
} scan_source;

typedef struct {
	const char *target;         /* directory, local git repository, or git URL */
	const char *branch;         /* NULL: detect */
	const char *default_branch; /* NULL: detect */
	const char *git_token;      /* https token; NULL: none */
	const char *git_token_hint; /* where a token goes, for the message asking for one; NULL: "the scan's git token" */
	scan_ci_facts ci;           /* the CI service's branch and request number (scan_ci_facts_read()) */
	const char *tmp_dir;        /* NULL: /tmp */
	int64_t pr_number;          /* 0: CI's, for a local checkout */
} scan_source_options;

/*
 * Resolve target:
 * - a git URL (https://, http://, ssh://, git://, file://, or scp-like
 *   user@host:path) is cloned with libgit2 into a fresh mkdtemp() directory
 *   under opts->tmp_dir (mode 0700), checking out opts->branch when given.
 *   https credentials come only from opts->git_token (sent as user
 *   "x-access-token" with the token as password), ssh ones
 *   from the ssh agent; the credential callback gives up after a few tries
 *   instead of looping.
 * - a directory inside a git work tree (git_repository_open_ext) records
 *   branch, commit and origin URL. With opts->branch naming another local
 *   branch than the checked-out one, that branch is cloned locally into a
 *   temporary directory (the user's work tree is never touched); naming the
 *   checked-out branch, or any name while HEAD is detached, only labels it.
 * - any other directory is a plain tree: is_git false, branch = opts->branch.
 * Branch on a detached HEAD is CI's (opts->ci), and so is pr_number of a
 * local checkout unless opts->pr_number is given. Default branch: opts->default_branch, else origin's
 * HEAD, else "main" or "master" when such a branch exists, else "main".
 *
 * Returns 0, SCAN_ENOTFOUND (no such path), SCAN_EINVAL (not a directory,
 * unknown branch), SCAN_EGIT (clone or open failed: the message names the
 * URL without credentials and libgit2's reason), SCAN_EIO, SCAN_ENOMEM.
 * On failure nothing needs disposing and no temporary directory is left.
 */
int scan_source__open(scan_source *out, const scan_source_options *opts);

/* Frees the strings and removes tmpdir (without following symlinks). */
void scan_source__dispose(scan_source *s);

/* True for the URL forms listed above. */
bool scan_source__is_url(const char *target);

/*
 * Copies url (malloc'd) without what could hold a credential: any
 * "user[:password]@" of the authority, and the query and fragment of a
 * scheme URL ("https://h/r.git?access_token=..." is "https://h/r.git").
 */
char *scan_source__redact_url(const char *url);

#endif
