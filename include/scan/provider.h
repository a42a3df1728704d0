/* include/scan/provider.h - the repositories a Git hosting provider's REST API lists for a token */
#ifndef SCAN_PROVIDER_H
#define SCAN_PROVIDER_H

#include <stdint.h>
#include "common.h"

typedef enum {
	SCAN_PROVIDER_GITHUB = 0,
	SCAN_PROVIDER_GITLAB,
	SCAN_PROVIDER_BITBUCKET,
} scan_provider;

/* "github", "gitlab", "bitbucket"; parse: 0 or SCAN_EINVAL. */
SCAN_EXTERN const char *scan_provider_name(scan_provider p);
SCAN_EXTERN int scan_provider_parse(scan_provider *out, const char *name);
/* The hosted service's API root: https://api.github.com, https://gitlab.com/api/v4, https://api.bitbucket.org/2.0. */
SCAN_EXTERN const char *scan_provider_default_api(scan_provider p);

/* Pages of 100 asked at most: an account with more is listed in part, and says so. */
#define SCAN_PROVIDER_PAGES_MAX 10
#define SCAN_PROVIDER_PAGE_BYTES (8u << 20)
#define SCAN_PROVIDER_TOKEN_MAX 512

/* A token fit for a header line: 1 to SCAN_PROVIDER_TOKEN_MAX printable characters without spaces. */
SCAN_EXTERN bool scan_provider_token_valid(const char *token);

typedef struct {
	scan_provider provider;
	const char *api_url;   /* NULL: the hosted service's; a self-hosted GitLab or GitHub Enterprise API root */
	const char *token;     /* the caller's, sent as a bearer token; never stored, logged or put in a message */
	long timeout_ms;       /* per page; 0: 20 s */
} scan_provider_request;

typedef struct {
	char *name;            /* the repository's name */
	char *full_name;       /* owner/name, group/subgroup/name, workspace/name */
	char *clone_url;       /* the https clone URL as the provider gives it */
	char *default_branch;  /* NULL when the provider does not say */
	bool is_private;
} scan_provider_repo;

/*
 * The repositories the token's account is a member of, in the provider's
 * order, at most SCAN_PROVIDER_PAGES_MAX pages (*truncated when there
 * were more). An API root on http:// is allowed (a provider on this
 * machine, a test); no redirect is followed. *out is the caller's: free
 * it with scan_provider_repos_free(). 0; SCAN_EINVAL when the token is
 * malformed or the provider refuses it (401, 403); SCAN_EIO when the
 * provider cannot be reached or answers another error; SCAN_EPARSE for
 * an answer that is not the API's; SCAN_ELIMIT for a page over
 * SCAN_PROVIDER_PAGE_BYTES.
 */
SCAN_EXTERN int scan_provider_repos(scan_provider_repo **out, size_t *n, bool *truncated,
                                    const scan_provider_request *req);
SCAN_EXTERN void scan_provider_repos_free(scan_provider_repo *v, size_t n);

/* ---- pull-request decoration: a scan's result posted back to the pull request ---- */

/* A finding shown on the pull request: new in it, worst first. */
typedef struct {
	const char *path;
	unsigned line;               /* 0: the whole file */
	const char *severity;        /* critical, high, medium, low */
	const char *rule_id;
	const char *title;
} scan_decoration_finding;

/* At most this many findings are listed in a comment, and annotated on a check run. */
#define SCAN_DECORATION_FINDINGS_MAX 50

typedef struct {
	scan_provider provider;
	const char *api_url;         /* NULL: the hosted service's; GitHub Enterprise, self-hosted GitLab or Bitbucket */
	const char *token;           /* the repository's, sent as a bearer token; never in a message */
	const char *repo_full_name;  /* owner/name, group/subgroup/project, workspace/slug */
	int64_t number;              /* the pull request's (GitLab: the merge request's iid) */
	const char *head_sha;        /* the commit scanned; NULL or "": no status is set */
	const char *gate_status;     /* passed, failed, not_configured */
	int64_t scan_id;
	int64_t issues;              /* the scan's findings */
	int64_t new_counts[4];       /* new in the pull request: critical, high, medium, low */
	const scan_decoration_finding *findings; /* the new ones, worst first */
	size_t nfindings;
	const char *details_url;     /* where a person sees the scan; NULL: none */
	long timeout_ms;             /* per request; 0: 20 s */
} scan_decoration;

/*
 * Post the result: GitHub, a check run with a summary and an annotation
 * per finding (a commit status when the token may not create check runs);
 * GitLab, a merge-request note and a commit status; Bitbucket, a
 * pull-request comment and a build status. Text from the scanned code is
 * escaped for Markdown. summary (cap bytes) says what was posted. 0;
 * SCAN_EINVAL for a repository name, commit or token that cannot be put in
 * a URL or header, or a token the provider refuses; SCAN_EIO when the
 * provider cannot be reached or answers another error.
 */
SCAN_EXTERN int scan_provider_decorate(char *summary, size_t cap, const scan_decoration *d);

#endif
