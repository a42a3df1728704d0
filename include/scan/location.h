/* include/scan/location.h - where a repository may be, as an importer gives it */
#ifndef SCAN_LOCATION_H
#define SCAN_LOCATION_H

#include "common.h"

#define SCAN_LOCATION_MAX 2048

typedef struct {
	char url[SCAN_LOCATION_MAX]; /* the canonical form: what is stored and cloned */
	char provider[16];           /* github, gitlab, bitbucket, git (another https host) or local */
	bool local;                  /* a path of this machine */
} scan_location;

/* What a server accepts. */
typedef struct {
	bool allow_local;        /* local paths (and file:// URLs) of git repositories */
	/*
	 * Comma-separated host names an https URL may name: "github.com" is
	 * that host, "*.corp.example" any host below corp.example. NULL or
	 * "": any host.
	 */
	const char *git_hosts;
} scan_location_policy;

/*
 * Check a repository location given from outside (an API body): an https
 * URL without credentials, query or fragment, whose host is a DNS name or
 * address (one of policy->git_hosts when given); or, when allow_local, an
 * absolute path (or file:// URL) of a git repository on this machine,
 * with no ".." component. Everything else - other schemes, ext:: and
 * other transport helpers, scp-like addresses, anything starting with
 * '-', control characters - is refused. The canonical URL has a
 * lower-case scheme and host and no trailing '/' or ".git"; a local path
 * is resolved. policy NULL: https to any host, no local paths. 0, or
 * SCAN_EINVAL with the reason as the error message.
 */
SCAN_EXTERN int scan_location_check(scan_location *out, const char *given, const scan_location_policy *policy);

/*
 * Whether a branch name given from outside (an API body, a webhook's
 * payload) is one git would take and no command line would read as an
 * option: 1 to 255 bytes, no control characters, spaces or ~^:?*[\, no
 * "..", "//" or "@{", not starting with '-' or '/', not ending with '/' or
 * '.'.
 */
SCAN_EXTERN bool scan_branch_name_ok(const char *branch);

#endif
