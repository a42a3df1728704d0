/* lib/provider/repos.c - the repositories GitHub, GitLab and Bitbucket list for a token, page by page */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/array.h"
#include "provider/provider_int.h"
#include "scan/provider.h"
#include "util/error.h"
#include "util/http.h"

#define PAGE_SIZE 100

static const struct {
	const char *name, *api, *title;
} providers[] = {
	[SCAN_PROVIDER_GITHUB] = { "github", "https://api.github.com", "GitHub" },
	[SCAN_PROVIDER_GITLAB] = { "gitlab", "https://gitlab.com/api/v4", "GitLab" },
	[SCAN_PROVIDER_BITBUCKET] = { "bitbucket", "https://api.bitbucket.org/2.0", "Bitbucket" },
};
#define NPROVIDERS (sizeof(providers) / sizeof(providers[0]))

const char *scan_provider_name(scan_provider p)
{
	return (unsigned)p < NPROVIDERS ? providers[p].name : "github";
}

int scan_provider_parse(scan_provider *out, const char *name)
{
	for (size_t i = 0; name && i < NPROVIDERS; i++)
		if (!strcmp(name, providers[i].name)) {
			*out = (scan_provider)i;
			return 0;
		}
	return scan_util__error(SCAN_EINVAL, "unknown provider: use github, gitlab or bitbucket");
}

const char *scan_provider_default_api(scan_provider p)
{
	return (unsigned)p < NPROVIDERS ? providers[p].api : providers[0].api;
}

bool scan_provider_token_valid(const char *t)
{
	size_t n = t ? strlen(t) : 0;

	if (!n || n > SCAN_PROVIDER_TOKEN_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)t[i] <= ' ' || (unsigned char)t[i] >= 0x7f)
			return false;
	return true;
}

/* An API root the configuration gave: http(s), no query, no credentials; the trailing '/' dropped. */
const char *scan_provider__title(scan_provider p)
{
	return (unsigned)p < NPROVIDERS ? providers[p].title : "the provider";
}

int scan_provider__api_root(char *out, size_t outlen, scan_provider p, const char *given, bool *http)
{
	size_t n;

	if (!given)
		given = scan_provider_default_api(p);
	n = strlen(given);
	const char *host;

	*http = !strncmp(given, "http://", 7);
	if (!*http && strncmp(given, "https://", 8))
		return scan_util__error(SCAN_EINVAL, "a provider API root is an http or https URL");
	host = given + (*http ? 7 : 8);
	if (strpbrk(given, "?# \t\r\n") || memchr(host, '@', strcspn(host, "/")))
		return scan_util__error(SCAN_EINVAL, "a provider API root takes no query, fragment, space or credentials");
	while (n && given[n - 1] == '/')
		n--;
	if (n >= outlen)
		return scan_util__error(SCAN_EINVAL, "the provider API root is too long");
	memcpy(out, given, n);
	out[n] = '\0';
	return 0;
}

static char *dup_string(const cJSON *o, const char *key)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));

	return s ? strdup(s) : NULL;
}

/* Bitbucket lists clone links by protocol: the https one. */
static char *bitbucket_clone(const cJSON *repo)
{
	const cJSON *links = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(repo, "links"), "clone");
	const cJSON *l;

	cJSON_ArrayForEach(l, links) {
		const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(l, "name"));
		if (name && !strcmp(name, "https"))
			return dup_string(l, "href");
	}
	return NULL;
}

/*
 * Bitbucket's https clone link names the account ("https://user@bitbucket.org/...");
 * the user part is no secret but no part of the repository's address either.
 */
static void drop_user(char *url)
{
	char *host, *slash, *at;

	if (!url || strncmp(url, "https://", 8))
		return;
	host = url + 8;
	slash = host + strcspn(host, "/");
	if ((at = memchr(host, '@', (size_t)(slash - host))) != NULL && !memchr(host, ':', (size_t)(at - host)))
		memmove(host, at + 1, strlen(at + 1) + 1);
}

/* One repository of a page; false when the item is not an object with a name and an https clone URL. */
static bool read_repo(scan_provider_repo *r, scan_provider p, const cJSON *o)
{
	const cJSON *v;

	memset(r, 0, sizeof(*r));
	if (!cJSON_IsObject(o))
		return false;
	r->name = dup_string(o, p == SCAN_PROVIDER_GITLAB ? "path" : "name");
	switch (p) {
	case SCAN_PROVIDER_GITHUB:
		r->full_name = dup_string(o, "full_name");
		r->clone_url = dup_string(o, "clone_url");
		r->default_branch = dup_string(o, "default_branch");
		r->is_private = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "private"));
		break;
	case SCAN_PROVIDER_GITLAB:
		r->full_name = dup_string(o, "path_with_namespace");
		r->clone_url = dup_string(o, "http_url_to_repo");
		r->default_branch = dup_string(o, "default_branch");
		v = cJSON_GetObjectItemCaseSensitive(o, "visibility");
		r->is_private = !cJSON_IsString(v) || strcmp(v->valuestring, "public") != 0;
		break;
	case SCAN_PROVIDER_BITBUCKET:
		r->full_name = dup_string(o, "full_name");
		r->clone_url = bitbucket_clone(o);
		r->default_branch = dup_string(cJSON_GetObjectItemCaseSensitive(o, "mainbranch"), "name");
		r->is_private = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "is_private"));
		break;
	}
	drop_user(r->clone_url);
	return r->name && r->full_name && r->clone_url;
}

static void repo_dispose(scan_provider_repo *r)
{
	free(r->name);
	free(r->full_name);
	free(r->clone_url);
	free(r->default_branch);
}

void scan_provider_repos_free(scan_provider_repo *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		repo_dispose(&v[i]);
	free(v);
}

static int page_url(char *out, size_t outlen, scan_provider p, const char *root, int page)
{
	static const char *const paths[] = {
		[SCAN_PROVIDER_GITHUB] = "/user/repos?sort=full_name",
		[SCAN_PROVIDER_GITLAB] = "/projects?membership=true&simple=true&order_by=path&sort=asc",
		[SCAN_PROVIDER_BITBUCKET] = "/repositories?role=member&sort=full_name",
	};
	const char *size = p == SCAN_PROVIDER_BITBUCKET ? "pagelen" : "per_page";

	if ((size_t)snprintf(out, outlen, "%s%s&%s=%d&page=%d", root, paths[p], size, PAGE_SIZE, page) >= outlen)
		return scan_util__error(SCAN_EINVAL, "the provider API root is too long");
	return 0;
}

/* One page: its items appended to *v; *more when the provider has another. */
static int fetch_page(scan_provider_repo **v, size_t *n, size_t *cap, bool *more, const scan_provider_request *req,
                      const char *root, bool http, int page)
{
	const char *title = providers[req->provider].title;
	char url[2300], auth[SCAN_PROVIDER_TOKEN_MAX + 32];
	const char *headers[5] = { auth, "Accept: application/json", NULL, NULL, NULL };
	scan_http_request hr;
	scan_buf body = SCAN_BUF_INIT;
	const cJSON *items, *o;
	cJSON *doc = NULL;
	size_t got = 0;
	int status, rc;

	*more = false;
	if ((rc = page_url(url, sizeof(url), req->provider, root, page)) != 0)
		return rc;
	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", req->token);
	if (req->provider == SCAN_PROVIDER_GITHUB) {
		headers[1] = "Accept: application/vnd.github+json";
		headers[2] = "X-GitHub-Api-Version: 2022-11-28";
	}
	memset(&hr, 0, sizeof(hr));
	hr.method = "GET";
	hr.url = url;
	hr.headers = headers;
	hr.max_response = SCAN_PROVIDER_PAGE_BYTES;
	hr.timeout_ms = req->timeout_ms > 0 ? req->timeout_ms : 20000;
	hr.allow_http = http;
	rc = scan_util__http(&status, &body, &hr);
	/* The header held the token: it goes before anything else can look at this stack. */
	explicit_bzero(auth, sizeof(auth));
	if (rc)
		goto done;
	if (status == 401 || status == 403) {
		rc = scan_util__error(SCAN_EINVAL, "%s refused the token (HTTP %d)", title, status);
		goto done;
	}
	if (status != 200) {
		rc = scan_util__error(SCAN_EIO, "%s answered HTTP %d", title, status);
		goto done;
	}
	if (!(doc = cJSON_ParseWithLength(body.ptr ? body.ptr : "", body.size))) {
		rc = scan_util__error(SCAN_EPARSE, "%s's answer is not JSON", title);
		goto done;
	}
	items = req->provider == SCAN_PROVIDER_BITBUCKET ? cJSON_GetObjectItemCaseSensitive(doc, "values") : doc;
	if (!cJSON_IsArray(items)) {
		rc = scan_util__error(SCAN_EPARSE, "%s's answer is not a list of repositories", title);
		goto done;
	}
	cJSON_ArrayForEach(o, items) {
		scan_provider_repo *r;
		got++;
		if (!(r = scan_array_push(v, n, cap, sizeof(**v)))) {
			rc = scan_error__oom();
			goto done;
		}
		if (!read_repo(r, req->provider, o)) {
			repo_dispose(r);
			(*n)--;
			rc = scan_util__error(SCAN_EPARSE, "%s listed a repository without a name or an https clone URL", title);
			goto done;
		}
	}
	*more = req->provider == SCAN_PROVIDER_BITBUCKET ? cJSON_IsString(cJSON_GetObjectItemCaseSensitive(doc, "next"))
	                                                 : got == PAGE_SIZE;
done:
	cJSON_Delete(doc);
	scan_buf_dispose(&body);
	return rc;
}

int scan_provider_repos(scan_provider_repo **out, size_t *n, bool *truncated, const scan_provider_request *req)
{
	scan_provider_repo *v = NULL;
	size_t count = 0, cap = 0;
	char root[2048];
	bool http = false, more = true;
	int rc = 0;

	*out = NULL, *n = 0, *truncated = false;
	if ((unsigned)req->provider >= NPROVIDERS)
		return scan_util__error(SCAN_EINVAL, "unknown provider");
	if (!scan_provider_token_valid(req->token))
		return scan_util__error(SCAN_EINVAL, "the provider token must be 1 to %d printable characters without spaces",
		                        SCAN_PROVIDER_TOKEN_MAX);
	if ((rc = scan_provider__api_root(root, sizeof(root), req->provider, req->api_url, &http)) != 0)
		return rc;
	for (int page = 1; more && page <= SCAN_PROVIDER_PAGES_MAX; page++)
		if ((rc = fetch_page(&v, &count, &cap, &more, req, root, http, page)) != 0) {
			scan_provider_repos_free(v, count);
			return rc;
		}
	*out = v, *n = count, *truncated = more;
	return 0;
}
