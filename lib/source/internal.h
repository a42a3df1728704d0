/* lib/source/internal.h - shared between the files of lib/source */
#ifndef SCAN_SOURCE_INTERNAL_H
#define SCAN_SOURCE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "source/source.h"

struct git_object;
struct git_repository;
struct git_tree;

/* newcode.c */

/* The default branch's tip: the local branch, else origin's copy of it. 1: neither exists; *against names which. */
int scan_source__lookup_default(struct git_object **out, char **against, struct git_repository *repo,
                                const char *name);
/* root relative to the repository's work tree ("" or "sub/dir/"); NULL and *why when it is not inside. */
int scan_source__root_prefix(char **out, const char **why, struct git_repository *repo, const char *root);

/* The work tree holding a scanned root, and its merge base with another commit. */
typedef struct {
	struct git_repository *repo;
	struct git_tree *tree;        /* the merge base's */
	char base[41];                /* its id */
	char *against;                /* what it is the merge base with: "main", "origin/main", a ref */
	char *prefix;                 /* root relative to the work tree: "" or "sub/dir/" */
} scan_merge_base;

/*
 * The merge base of HEAD and ref (NULL: default_branch, local or origin's).
 * 0 with m filled; 0 with *why set (and m empty) when there is none to
 * compare with: not a work tree, the other side not in the clone (shallow),
 * no shared history. Otherwise SCAN_EGIT or SCAN_ENOMEM.
 */
int scan_source__merge_base(scan_merge_base *m, const char **why, const char *root, const char *default_branch,
                            const char *ref);
void scan_source__merge_base_dispose(scan_merge_base *m);

/*
 * git.c: a fresh private (0700) directory under base (NULL: /tmp) named
 * after template ("x-XXXXXX"); *out absolute, real, the caller's.
 */
int scan_source__mkdtemp(char **out, const char *base, const char *template);

/* s[0..len) as a decimal number > 0 with nothing around it; 0 if it is not one. */
int64_t scan_source__parse_pr_number(const char *s, size_t len);

/* git.c */

struct git_repository;
struct git_credential;

/* What a work tree says about itself. Strings are malloc'd; optional ones NULL. */
typedef struct {
	struct git_repository *repo;
	char *workdir;        /* real path of the work tree, without a trailing '/' */
	char *branch;         /* checked-out branch (maybe unborn); NULL when detached */
	char *commit;         /* 40 hex of HEAD; NULL on an unborn branch */
	char *origin_url;     /* as configured, so it may hold credentials: redact before showing; or NULL */
	char *default_branch; /* origin's HEAD, else an existing main, else master; or NULL */
	bool detached;
} scan_source_git;

/*
 * Read the work tree containing dir (searching upwards). Returns 0 with
 * *found false for a directory in no work tree or in a bare repository, 0
 * with *found true and *out filled (dispose it), SCAN_EGIT or SCAN_ENOMEM.
 */
int scan_source__git_inspect(scan_source_git *out, bool *found, const char *dir);
void scan_source__git_dispose(scan_source_git *g);

/* libgit2 initialised once per process; SCAN_EGIT when it cannot be. */
int scan_source__git_ready(void);

/* Whether refs/heads/<name> exists. */
bool scan_source__git_has_branch(const scan_source_git *g, const char *name);

/*
 * Clone url (a git URL or a local repository path) into a new private
 * directory under opts->tmp_dir, checking out branch (NULL: the remote's
 * HEAD), with https credentials from opts->git_token alone.
 * On success *tmpdir_out is that directory's real path, the caller's to
 * remove and free. A remote past SCAN_SOURCE_CLONE_REFS_MAX is cloned one
 * branch deep; *refs_left_out counts the branches and tags left out (0
 * otherwise). Returns 0, SCAN_EGIT, SCAN_EINVAL (no such branch on
 * the remote), SCAN_EIO or SCAN_ENOMEM; on failure nothing is left behind.
 */
int scan_source__git_clone(char **tmpdir_out, const char *url, const char *branch,
                           const scan_source_options *opts, uint64_t *refs_left_out);

/* Why a credential callback gave up; the clone's message says so instead of libgit2's. */
typedef enum {
	SCAN_SOURCE_AUTH_OK = 0,
	SCAN_SOURCE_AUTH_FAILED,      /* the credentials were refused too often */
	SCAN_SOURCE_AUTH_NO_TOKEN,    /* https asked for credentials and there is no token */
	SCAN_SOURCE_AUTH_PLAIN_HTTP,  /* a token is never sent without TLS */
	SCAN_SOURCE_AUTH_UNSUPPORTED, /* the server offers no method we can answer */
} scan_source_auth_refusal;

/* The payload of the credential callback, one per clone. */
typedef struct {
	const char *token, *hint; /* the https token (NULL: none), and where one goes */
	unsigned attempts;
	scan_source_auth_refusal refusal;
} scan_source_auth;

/* The libgit2 credential callback; not static so tests can drive it without a server. */
int scan_source__git_credentials(struct git_credential **out, const char *url,
                                 const char *username_from_url, unsigned int allowed_types,
                                 void *payload);

/* source.c */

/*
 * strerror(err) lowercased into buf, for messages in the house style
 * ("cannot open 'x': permission denied"). Returns buf.
 */
const char *scan_source__strerror(int err, char *buf, size_t size);

#endif
