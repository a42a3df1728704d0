/* lib/source/location.c - what a repository location given from outside may be */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "scan/location.h"
#include "util/error.h"

static bool is_host_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

/* Path characters of a repository URL: RFC 3986 unreserved, sub-delims and percent-encoding, plus '/', ':', '@'. */
static bool is_path_char(char c)
{
	return is_host_char(c) || c == '_' || c == '~' || c == '/' || c == '%' || c == ':' || c == '@' || c == '!' ||
	       c == '$' || c == '&' || c == '\'' || c == '(' || c == ')' || c == '*' || c == '+' || c == ',' ||
	       c == ';' || c == '=';
}

static const struct {
	const char *host, *provider;
} known_hosts[] = {
	{ "github.com", "github" },
	{ "gitlab.com", "gitlab" },
	{ "bitbucket.org", "bitbucket" },
};

/* A segment of "." or ".." anywhere in a path, with '/' as separator. */
static bool has_dot_segment(const char *p, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t j = i;
		while (j < len && p[j] != '/')
			j++;
		if ((j - i == 1 && p[i] == '.') || (j - i == 2 && p[i] == '.' && p[i + 1] == '.'))
			return true;
		i = j + 1;
	}
	return false;
}

/* host[0..len) against one entry of the list: the host itself, or "*.domain" for any host below domain. */
static bool host_matches(const char *host, size_t len, const char *e, size_t elen)
{
	if (elen > 2 && e[0] == '*' && e[1] == '.')
		return len > elen - 1 && !strncasecmp(host + len - (elen - 1), e + 1, elen - 1);
	return len == elen && !strncasecmp(host, e, len);
}

static bool host_allowed(const char *host, size_t len, const char *list)
{
	if (!list || !*list)
		return true;
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");
		const char *e = p;
		size_t elen = n;
		while (elen && (*e == ' ' || *e == '\t'))
			e++, elen--;
		while (elen && (e[elen - 1] == ' ' || e[elen - 1] == '\t'))
			elen--;
		if (elen && host_matches(host, len, e, elen))
			return true;
		p += n + (p[n] == ',');
	}
	return false;
}

static int check_https(scan_location *out, const char *s, const char *git_hosts)
{
	const char *host = s + 8, *hend, *path, *pend;
	size_t hlen, plen, n;

	hend = host + strcspn(host, "/");
	if (memchr(host, '@', (size_t)(hend - host)))
		return scan_util__error(SCAN_EINVAL, "credentials in the URL are refused; give the provider token in"
		                        " the trigger request's header");
	for (hend = host; *hend && *hend != '/'; hend++) {
		if (!is_host_char(*hend) && *hend != ':')
			return scan_util__error(SCAN_EINVAL, "the URL's host has a character a host name cannot have");
	}
	hlen = (size_t)(hend - host);
	if (!hlen || *host == '-' || *host == '.' || *host == ':')
		return scan_util__error(SCAN_EINVAL, "the URL has no valid host");
	/* The list names hosts, not ports: a server that allows a host allows it on any port. */
	if (!host_allowed(host, strcspn(host, ":/"), git_hosts))
		return scan_util__error(SCAN_EINVAL, "the URL's host is not among the git hosts this server allows");
	/* An optional port: digits after the one ':'. */
	{
		const char *colon = memchr(host, ':', hlen);
		if (colon) {
			size_t digits = (size_t)(hend - colon - 1);
			if (!digits || digits > 5 || memchr(colon + 1, ':', digits) || strspn(colon + 1, "0123456789") < digits)
				return scan_util__error(SCAN_EINVAL, "the URL's port is not a number");
		}
	}
	path = hend;
	pend = path + strlen(path);
	for (const char *p = path; p < pend; p++) {
		if (*p == '?' || *p == '#')
			return scan_util__error(SCAN_EINVAL, "a repository URL takes no query or fragment");
		if (!is_path_char(*p))
			return scan_util__error(SCAN_EINVAL, "the URL's path has a character a repository path cannot have");
	}
	/* The canonical form: no trailing '/' or ".git"; the same repository is then one URL. */
	while (pend > path && pend[-1] == '/')
		pend--;
	if (pend - path >= 4 && !strncasecmp(pend - 4, ".git", 4))
		pend -= 4;
	while (pend > path && pend[-1] == '/')
		pend--;
	plen = (size_t)(pend - path);
	if (plen < 2)
		return scan_util__error(SCAN_EINVAL, "the URL names no repository on its host");
	if (has_dot_segment(path + 1, plen - 1))
		return scan_util__error(SCAN_EINVAL, "the URL's path has a '.' or '..' segment");
	n = (size_t)snprintf(out->url, sizeof(out->url), "https://%.*s%.*s", (int)hlen, host, (int)plen, path);
	if (n >= sizeof(out->url))
		return scan_util__error(SCAN_EINVAL, "the URL is longer than %d characters", SCAN_LOCATION_MAX - 1);
	for (size_t i = 8; i < 8 + hlen; i++)
		if (out->url[i] >= 'A' && out->url[i] <= 'Z')
			out->url[i] = (char)(out->url[i] - 'A' + 'a');
	snprintf(out->provider, sizeof(out->provider), "git");
	for (size_t i = 0; i < sizeof(known_hosts) / sizeof(known_hosts[0]); i++)
		if (strlen(known_hosts[i].host) == hlen && !strncmp(out->url + 8, known_hosts[i].host, hlen))
			snprintf(out->provider, sizeof(out->provider), "%s", known_hosts[i].provider);
	return 0;
}

static bool is_dir(const char *dir, const char *name)
{
	char p[PATH_MAX];
	struct stat sb;

	return (size_t)snprintf(p, sizeof(p), "%s/%s", dir, name) < sizeof(p) && stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int check_local(scan_location *out, const char *path)
{
	char *real;
	struct stat sb;

	if (path[0] != '/')
		return scan_util__error(SCAN_EINVAL, "a local repository is given by its absolute path");
	if (has_dot_segment(path + 1, strlen(path + 1)))
		return scan_util__error(SCAN_EINVAL, "the path has a '.' or '..' component");
	if (!(real = realpath(path, NULL)) || stat(real, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		free(real);
		return scan_util__error(SCAN_EINVAL, "no directory at that path");
	}
	/* A work tree (.git, a directory or a worktree's file) or a bare repository (objects and refs). */
	{
		char dotgit[PATH_MAX];
		bool git = (size_t)snprintf(dotgit, sizeof(dotgit), "%s/.git", real) < sizeof(dotgit) &&
		           stat(dotgit, &sb) == 0;
		if (!git && !(is_dir(real, "objects") && is_dir(real, "refs"))) {
			free(real);
			return scan_util__error(SCAN_EINVAL, "the directory is not a git repository");
		}
	}
	if ((size_t)snprintf(out->url, sizeof(out->url), "%s", real) >= sizeof(out->url)) {
		free(real);
		return scan_util__error(SCAN_EINVAL, "the path is longer than %d characters", SCAN_LOCATION_MAX - 1);
	}
	free(real);
	snprintf(out->provider, sizeof(out->provider), "local");
	out->local = true;
	return 0;
}

int scan_location_check(scan_location *out, const char *given, const scan_location_policy *policy)
{
	bool allow_local = policy && policy->allow_local;
	size_t len;

	memset(out, 0, sizeof(*out));
	if (!given || !(len = strlen(given)))
		return scan_util__error(SCAN_EINVAL, "no repository location");
	if (len >= SCAN_LOCATION_MAX)
		return scan_util__error(SCAN_EINVAL, "the location is longer than %d characters", SCAN_LOCATION_MAX - 1);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)given[i] <= ' ' || given[i] == 0x7f || given[i] == '\\')
			return scan_util__error(SCAN_EINVAL, "the location has a space, a control character or a backslash");
	/* git reads a leading '-' as an option (--upload-pack=...): nothing may start so. */
	if (given[0] == '-')
		return scan_util__error(SCAN_EINVAL, "a location cannot start with '-'");
	if (!strncasecmp(given, "https://", 8))
		return check_https(out, given, policy ? policy->git_hosts : NULL);
	if (!strncasecmp(given, "file://", 7)) {
		if (!allow_local)
			return scan_util__error(SCAN_EINVAL, "file:// URLs are not allowed by this server");
		return check_local(out, given + 7);
	}
	/* ext::, fd::, ssh://, git://, http://, user@host:path: every other transport is refused. */
	if (strstr(given, "::") || strstr(given, "://") || (given[0] != '/' && strchr(given, ':')))
		return scan_util__error(SCAN_EINVAL, "only https URLs%s are accepted",
		                        allow_local ? " and absolute paths of local repositories" : "");
	if (!allow_local)
		return scan_util__error(SCAN_EINVAL, "local paths are not allowed by this server; give an https URL");
	return check_local(out, given);
}

bool scan_branch_name_ok(const char *b)
{
	size_t n = b ? strlen(b) : 0;

	if (!n || n > 255 || b[0] == '-' || b[0] == '/' || b[n - 1] == '/' || b[n - 1] == '.' || strstr(b, "..") ||
	    strstr(b, "@{") || strstr(b, "//"))
		return false;
	for (const char *p = b; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || strchr("~^:?*[\\", *p))
			return false;
	return true;
}
