/* lib/source/source.c - turn a scan target into a local tree and its git facts */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "scan/buf.h"
#include "util/error.h"
#include "internal.h"
#include "rmtree.h"
#include "source.h"

#define SOURCE_DEFAULT_BRANCH "main"
#define SOURCE_OS_REASON_MAX 128

/* The pieces of a git URL, pointing into the string they came from. */
typedef struct {
	bool scp;              /* user@host:path */
	bool file;             /* file:// */
	const char *userinfo;  /* "user[:password]", without the '@'; NULL if none */
	size_t userinfo_len;
	const char *host;      /* without port or IPv6 brackets */
	size_t host_len;
	const char *path;      /* what follows the authority (or the scp ':'), up to '?' or '#' */
	size_t path_len;
} source_url;

static const char *const source_url_schemes[] = { "https", "http", "ssh", "git", "file" };

static void source_url_host(source_url *u, const char *p, const char *end)
{
	const char *close;

	if (p < end && *p == '[' && (close = memchr(p, ']', (size_t)(end - p))) != NULL) {
		u->host = p + 1;
		u->host_len = (size_t)(close - p - 1);
		return;
	}
	u->host = p;
	u->host_len = strcspn(p, ":");
	if (u->host_len > (size_t)(end - p))
		u->host_len = (size_t)(end - p);
}

static bool source_url_parse_scheme(source_url *u, const char *s)
{
	const char *rest = NULL, *end, *at = NULL;

	for (size_t i = 0; i < sizeof(source_url_schemes) / sizeof(source_url_schemes[0]); i++) {
		size_t n = strlen(source_url_schemes[i]);

		if (strncasecmp(s, source_url_schemes[i], n) == 0 && strncmp(s + n, "://", 3) == 0) {
			rest = s + n + 3;
			break;
		}
	}
	if (!rest || !*rest)
		return false;
	u->file = strncasecmp(s, "file:", 5) == 0;
	end = rest + strcspn(rest, "/?#");
	/* The last '@': a password with an unencoded '@' must not leak its tail. */
	for (const char *p = rest; p < end; p++)
		if (*p == '@')
			at = p;
	if (at) {
		u->userinfo = rest;
		u->userinfo_len = (size_t)(at - rest);
		rest = at + 1;
	}
	source_url_host(u, rest, end);
	u->path = end;
	u->path_len = strcspn(end, "?#");
	return true;
}

/* git's rule: scp-like when a ':' comes before any '/'; we also want the user@. */
static bool source_url_parse_scp(source_url *u, const char *s)
{
	const char *at = strchr(s, '@'), *host, *colon;

	if (!at || at == s)
		return false;
	host = at + 1;
	if (*host == '[') {
		const char *close = strchr(host, ']');

		if (!close || close[1] != ':')
			return false;
		colon = close + 1;
	} else if ((colon = strchr(host, ':')) == NULL) {
		return false;
	}
	if (memchr(s, '/', (size_t)(colon - s)) != NULL || colon[1] == '\0')
		return false;
	u->scp = true;
	u->userinfo = s;
	u->userinfo_len = (size_t)(at - s);
	source_url_host(u, host, colon);
	if (u->host_len == 0)
		return false;
	u->path = colon + 1;
	u->path_len = strlen(u->path);
	return true;
}

static bool source_url_parse(source_url *u, const char *s)
{
	memset(u, 0, sizeof(*u));
	return source_url_parse_scheme(u, s) || source_url_parse_scp(u, s);
}

bool scan_source__is_url(const char *target)
{
	source_url u;

	return target && source_url_parse(&u, target);
}

char *scan_source__redact_url(const char *url)
{
	scan_buf out;
	source_url u;
	const char *from, *end;

	if (!source_url_parse(&u, url))
		return strdup(url);
	/*
	 * The query and fragment of a scheme URL go too: a token rides there as
	 * often as in the user info (?access_token=, ?private_token=, a signed
	 * URL's signature), under any name, and a git remote needs neither.
	 */
	end = u.scp ? url + strlen(url) : u.path + u.path_len;
	if (!u.userinfo && !*end)
		return strdup(url);
	scan_buf_init(&out, 0);
	from = url;
	if (u.userinfo) {
		scan_buf_put(&out, url, (size_t)(u.userinfo - url));
		from = u.userinfo + u.userinfo_len + 1; /* past the '@' */
	}
	scan_buf_put(&out, from, (size_t)(end - from));
	return scan_buf_detach(&out);
}

const char *scan_source__strerror(int err, char *buf, size_t size)
{
	if (strerror_r(err, buf, size) != 0)
		snprintf(buf, size, "error %d", err);
	/* "No such file" reads as our own words; keep acronyms like "EOF" intact. */
	if (buf[0] >= 'A' && buf[0] <= 'Z' && buf[1] >= 'a' && buf[1] <= 'z')
		buf[0] = (char)(buf[0] - 'A' + 'a');
	return buf;
}

/* The last component of path, without trailing slashes ("/" stays "/"). */
static char *source_basename(const char *path)
{
	size_t len = strlen(path), start;

	while (len > 1 && path[len - 1] == '/')
		len--;
	start = len;
	while (start > 0 && path[start - 1] != '/')
		start--;
	if (start == len)
		return strdup("/");
	return strndup(path + start, len - start);
}

/*
 * "owner/repo" from a hosted URL: the whole path without ".git", so a GitLab
 * subgroup stays "group/sub/repo". file:// URLs and local paths give their
 * basename instead. *out NULL when nothing is left (the caller falls back).
 */
static int source_name_from_remote(char **out, const char *url)
{
	source_url u;
	const char *path = url;
	size_t len = strlen(url);
	bool whole = false;

	*out = NULL;
	if (source_url_parse(&u, url)) {
		path = u.path;
		len = u.path_len;
		whole = !u.file;
	}
	while (len > 0 && path[len - 1] == '/')
		len--;
	if (len >= 4 && strncmp(path + len - 4, ".git", 4) == 0)
		len -= 4;
	while (len > 0 && path[len - 1] == '/')
		len--;
	if (!whole)
		for (size_t i = len; i > 0; i--)
			if (path[i - 1] == '/') {
				path += i;
				len -= i;
				break;
			}
	while (len > 0 && *path == '/') {
		path++;
		len--;
	}
	/* scp paths relative to the home directory ("~/repo") say nothing about an owner. */
	if (whole && len > 1 && path[0] == '~' && path[1] == '/') {
		path += 2;
		len -= 2;
	}
	if (len == 0)
		return 0;
	if ((*out = strndup(path, len)) == NULL)
		return scan_error__oom();
	return 0;
}

static bool source_host_is(const source_url *u, const char *domain)
{
	size_t n = strlen(domain);

	if (u->host_len == n)
		return strncasecmp(u->host, domain, n) == 0;
	/* Subdomains too: ssh.github.com, altssh.gitlab.com. */
	return u->host_len > n && u->host[u->host_len - n - 1] == '.' &&
	       strncasecmp(u->host + u->host_len - n, domain, n) == 0;
}

static const char *source_kind_from_remote(const char *url)
{
	static const struct {
		const char *domain;
		const char *source;
	} hosted[] = {
		{ "github.com", "github" },
		{ "gitlab.com", "gitlab" },
		{ "bitbucket.org", "bitbucket" },
	};
	source_url u;

	if (!source_url_parse(&u, url) || u.file)
		return "git";
	for (size_t i = 0; i < sizeof(hosted) / sizeof(hosted[0]); i++)
		if (source_host_is(&u, hosted[i].domain))
			return hosted[i].source;
	return "git";
}

/* dup s into *out, NULL staying NULL. */
static int source_dup(char **out, const char *s)
{
	*out = NULL;
	if (s && (*out = strdup(s)) == NULL)
		return scan_error__oom();
	return 0;
}

static char *source_steal(char **p)
{
	char *s = *p;

	*p = NULL;
	return s;
}

/*
 * name, url and source from a remote URL as configured (redaction would turn
 * git@host:o/r into host:o/r, which no longer parses), or from dir without one.
 */
static int source_set_origin(scan_source *s, const char *remote, const char *dir, const char *url_fallback)
{
	int rc;

	if (!remote) {
		if ((s->name = source_basename(dir)) == NULL || (s->url = strdup(url_fallback)) == NULL ||
		    (s->source = strdup("local")) == NULL)
			return scan_error__oom();
		return 0;
	}
	if ((rc = source_name_from_remote(&s->name, remote)) != 0)
		return rc;
	/* A URL with no path ("https://host/") still needs a name; the URL is the best one. */
	if ((!s->name && (s->name = scan_source__redact_url(remote)) == NULL) ||
	    (s->url = scan_source__redact_url(remote)) == NULL ||
	    (s->source = strdup(source_kind_from_remote(remote))) == NULL)
		return scan_error__oom();
	return 0;
}

static int source_open_url(scan_source *s, const scan_source_options *opts)
{
	scan_source_git g;
	bool found = false;
	int rc;

	if ((rc = scan_source__git_clone(&s->tmpdir, opts->target, opts->branch, opts, &s->refs_not_cloned)) != 0)
		return rc;
	if ((rc = scan_source__git_inspect(&g, &found, s->tmpdir)) != 0)
		return rc;
	if (!found) {
		char *shown = scan_source__redact_url(opts->target);

		rc = shown ? scan_util__error(SCAN_EGIT, "cannot open the clone of '%s'", shown)
		           : scan_error__oom();
		free(shown);
		goto done;
	}
	s->is_git = true;
	s->commit = source_steal(&g.commit);
	/* The clone checked out opts->branch when given, so its HEAD is the answer either way. */
	if (g.branch)
		s->branch = source_steal(&g.branch);
	else if ((rc = source_dup(&s->branch, opts->branch)) != 0)
		goto done;
	s->default_branch = source_steal(&g.default_branch);
	if ((s->root = strdup(s->tmpdir)) == NULL) {
		rc = scan_error__oom();
		goto done;
	}
	rc = source_set_origin(s, opts->target, s->root, NULL);
done:
	scan_source__git_dispose(&g);
	return rc;
}

/*
 * Check out another local branch without touching the user's work tree:
 * clone the repository locally into a private directory and walk the same
 * subdirectory there.
 */
static int source_clone_branch(scan_source *s, const scan_source_git *g, const char *branch,
                               const scan_source_options *opts)
{
	scan_source_git c;
	scan_buf path;
	const char *rel = "";
	size_t wl = strlen(g->workdir), tl;
	char *real = NULL;
	char os[SOURCE_OS_REASON_MAX];
	bool found = false;
	struct stat st;
	int rc;

	memset(&c, 0, sizeof(c));
	scan_buf_init(&path, 0);
	if (strncmp(s->root, g->workdir, wl) == 0 && (s->root[wl] == '/' || s->root[wl] == '\0'))
		rel = s->root + wl;
	if ((rc = scan_source__git_clone(&s->tmpdir, g->workdir, branch, opts, &s->refs_not_cloned)) != 0)
		goto done;
	if ((rc = scan_source__git_inspect(&c, &found, s->tmpdir)) != 0)
		goto done;
	if (!found) {
		rc = scan_util__error(SCAN_EGIT, "cannot open the clone of '%s'", g->workdir);
		goto done;
	}
	scan_buf_puts(&path, s->tmpdir);
	scan_buf_puts(&path, rel);
	if ((rc = scan_buf_failed(&path)) != 0) {
		rc = scan_error__oom();
		goto done;
	}
	if ((real = realpath(path.ptr, NULL)) == NULL) {
		rc = errno == ENOENT || errno == ENOTDIR
		     ? scan_util__error(SCAN_ENOTFOUND, "cannot scan '%s' on branch '%s': no such directory",
		                        *rel ? rel + 1 : ".", branch)
		     : scan_util__error(SCAN_EIO, "cannot resolve '%s': %s", path.ptr,
		                        scan_source__strerror(errno, os, sizeof(os)));
		goto done;
	}
	/* The other branch may have a symbolic link where the user's tree has a directory. */
	tl = strlen(s->tmpdir);
	if (strncmp(real, s->tmpdir, tl) != 0 || (real[tl] != '/' && real[tl] != '\0') ||
	    stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
		rc = scan_util__error(SCAN_EINVAL, "cannot scan '%s' on branch '%s': not a directory",
		                      *rel ? rel + 1 : ".", branch);
		goto done;
	}
	free(s->root);
	s->root = source_steal(&real);
	free(s->commit);
	s->commit = source_steal(&c.commit);
done:
	free(real);
	scan_buf_dispose(&path);
	scan_source__git_dispose(&c);
	return rc;
}

static int source_open_local(scan_source *s, const scan_source_options *opts)
{
	scan_source_git g;
	char os[SOURCE_OS_REASON_MAX];
	bool found = false;
	struct stat st;
	int rc;

	memset(&g, 0, sizeof(g));
	if (stat(opts->target, &st) != 0) {
		int err = errno;

		if (err == ENOENT || err == ENOTDIR)
			return scan_util__error(SCAN_ENOTFOUND, "cannot open '%s': %s", opts->target,
			                        scan_source__strerror(err, os, sizeof(os)));
		return scan_util__error(err == ENOMEM ? SCAN_ENOMEM : SCAN_EIO, "cannot open '%s': %s",
		                        opts->target, scan_source__strerror(err, os, sizeof(os)));
	}
	if (!S_ISDIR(st.st_mode))
		return scan_util__error(SCAN_EINVAL, "cannot scan '%s': not a directory", opts->target);
	if ((s->root = realpath(opts->target, NULL)) == NULL)
		return scan_util__error(errno == ENOMEM ? SCAN_ENOMEM : SCAN_EIO, "cannot resolve '%s': %s",
		                        opts->target, scan_source__strerror(errno, os, sizeof(os)));
	if ((rc = scan_source__git_inspect(&g, &found, s->root)) != 0)
		return rc;

	if (!found) {
		rc = source_dup(&s->branch, opts->branch);
		if (rc == 0)
			rc = source_set_origin(s, NULL, s->root, s->root);
		goto done;
	}

	s->is_git = true;
	s->commit = source_steal(&g.commit);
	s->default_branch = source_steal(&g.default_branch);
	/* Without a remote the repository's directory names it, even when a subdirectory is scanned. */
	if ((rc = source_set_origin(s, g.origin_url, g.workdir, s->root)) != 0)
		goto done;

	if (opts->branch && g.branch && !g.detached && strcmp(opts->branch, g.branch) != 0) {
		if (!scan_source__git_has_branch(&g, opts->branch)) {
			rc = scan_util__error(SCAN_EINVAL, "cannot scan branch '%s': no such local branch in '%s'",
			                      opts->branch, g.workdir);
			goto done;
		}
		if ((rc = source_clone_branch(s, &g, opts->branch, opts)) != 0)
			goto done;
		rc = source_dup(&s->branch, opts->branch);
	} else if (opts->branch) {
		/* The checked-out branch, or a detached HEAD: the name is only a label. */
		rc = source_dup(&s->branch, opts->branch);
	} else if (g.detached) {
		/* CI checks out a commit, not a branch; it says which branch in its variables. */
		rc = source_dup(&s->branch, opts->ci.branch);
	} else {
		s->branch = source_steal(&g.branch);
	}
done:
	scan_source__git_dispose(&g);
	return rc;
}

int scan_source__open(scan_source *out, const scan_source_options *opts)
{
	scan_source s;
	bool remote;
	int rc;

	assert(out && opts && opts->target);
	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	if (!*opts->target)
		return scan_util__error(SCAN_EINVAL, "no target to scan");
	if (opts->pr_number < 0)
		return scan_util__error(SCAN_EINVAL, "invalid pull request number '%lld'",
		                        (long long)opts->pr_number);
	if (opts->branch && !*opts->branch)
		return scan_util__error(SCAN_EINVAL, "empty branch name");

	remote = scan_source__is_url(opts->target);
	rc = remote ? source_open_url(&s, opts) : source_open_local(&s, opts);
	if (rc != 0)
		goto done;

	if (opts->default_branch && *opts->default_branch) {
		free(s.default_branch);
		s.default_branch = NULL;
		rc = source_dup(&s.default_branch, opts->default_branch);
	} else if (!s.default_branch) {
		rc = source_dup(&s.default_branch, SOURCE_DEFAULT_BRANCH);
	}
	if (rc != 0)
		goto done;

	/*
	 * CI's request number describes the pipeline's own checkout, not some
	 * other repository it happens to scan by URL.
	 */
	s.pr_number = opts->pr_number ? opts->pr_number : remote ? 0 : opts->ci.pr_number;
done:
	if (rc != 0) {
		scan_source__dispose(&s);
		return rc;
	}
	*out = s;
	return 0;
}

void scan_source__dispose(scan_source *s)
{
	if (!s)
		return;
	/* Best effort: the scan's result matters more than a leftover directory. */
	if (s->tmpdir)
		scan_source__rmtree(s->tmpdir);
	free(s->root);
	free(s->name);
	free(s->url);
	free(s->source);
	free(s->branch);
	free(s->default_branch);
	free(s->commit);
	free(s->tmpdir);
	memset(s, 0, sizeof(*s));
}
