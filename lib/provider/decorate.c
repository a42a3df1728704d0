/* lib/provider/decorate.c - a pull request's scan result posted back: a check run or status, a comment or note */
#include <stdio.h>
#include <string.h>
#include "provider/provider_int.h"
#include "scan/json.h"
#include "scan/provider.h"
#include "util/error.h"
#include "util/http.h"
#include "util/quote.h"

#define ANSWER_MAX ((size_t)1 << 20)
#define STATUS_CONTEXT "rampart"
#define CHECK_NAME "Rampart"

typedef struct {
	const scan_decoration *d;
	char root[2048];
	bool http;
	char auth[SCAN_PROVIDER_TOKEN_MAX + 32];
	const char *headers[5];
} poster;

/* A repository name that is a path of safe segments: owner/name (GitHub: exactly two), group/sub/project. */
static bool full_name_ok(const char *s, scan_provider p)
{
	int segments = 0;
	size_t n = 0;

	if (!s || !*s || strlen(s) > 255)
		return false;
	for (const char *c = s;; c++) {
		if (*c == '/' || !*c) {
			if (!n || (n == 1 && c[-1] == '.') || (n == 2 && c[-1] == '.' && c[-2] == '.'))
				return false;
			segments++;
			n = 0;
			if (!*c)
				break;
			continue;
		}
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' ||
		      *c == '_' || *c == '-'))
			return false;
		n++;
	}
	return p == SCAN_PROVIDER_GITLAB ? segments >= 2 : segments == 2;
}

static bool sha_ok(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n < 7 || n > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')))
			return false;
	return true;
}

/* POST body (JSON) to root + path; *status is the answer's. */
static int post(int *status, poster *p, const char *path, const scan_buf *body)
{
	char url[4096];
	scan_buf answer = SCAN_BUF_INIT;
	scan_http_request hr;
	int rc;

	if ((size_t)snprintf(url, sizeof(url), "%s%s", p->root, path) >= sizeof(url))
		return scan_util__error(SCAN_EINVAL, "the provider URL is too long");
	memset(&hr, 0, sizeof(hr));
	hr.method = "POST";
	hr.url = url;
	hr.headers = p->headers;
	hr.body = body->ptr;
	hr.body_len = body->size;
	hr.max_response = ANSWER_MAX;
	hr.timeout_ms = p->d->timeout_ms > 0 ? p->d->timeout_ms : 20000;
	hr.allow_http = p->http;
	rc = scan_util__http(status, &answer, &hr);
	scan_buf_dispose(&answer);
	if (!rc && (*status == 401))
		rc = scan_util__error(SCAN_EINVAL, "%s refused the repository's token (HTTP %d)",
		                      scan_provider__title(p->d->provider), *status);
	return rc;
}

static int64_t new_total(const scan_decoration *d)
{
	return d->new_counts[0] + d->new_counts[1] + d->new_counts[2] + d->new_counts[3];
}

/* One line a person reads first: the verdict and what is new. */
static void headline(scan_buf *b, const scan_decoration *d)
{
	static const char *const names[] = { "critical", "high", "medium", "low" };
	bool first = true;

	if (!strcmp(d->gate_status, "passed"))
		scan_buf_puts(b, "Quality gate passed");
	else if (!strcmp(d->gate_status, "failed"))
		scan_buf_puts(b, "Quality gate failed");
	else
		scan_buf_puts(b, "No quality gate configured");
	scan_buf_printf(b, ": %lld new finding%s", (long long)new_total(d), new_total(d) == 1 ? "" : "s");
	for (int i = 0; i < 4; i++) {
		if (!d->new_counts[i])
			continue;
		scan_buf_printf(b, "%s%lld %s", first ? " (" : ", ", (long long)d->new_counts[i], names[i]);
		first = false;
	}
	if (!first)
		scan_buf_putc(b, ')');
}

/* The comment or summary in Markdown: the headline, then a table of the new findings, their text escaped. */
static void markdown(scan_buf *b, const scan_decoration *d)
{
	size_t n = d->nfindings < SCAN_DECORATION_FINDINGS_MAX ? d->nfindings : SCAN_DECORATION_FINDINGS_MAX;

	scan_buf_puts(b, "**Rampart** - ");
	headline(b, d);
	scan_buf_printf(b, ".\n\nScan %lld: %lld finding%s in all.", (long long)d->scan_id, (long long)d->issues,
	                d->issues == 1 ? "" : "s");
	if (d->details_url) {
		scan_buf_puts(b, " Details: ");
		scan_util__md_text(b, d->details_url);
	}
	scan_buf_puts(b, "\n");
	if (!n)
		return;
	scan_buf_puts(b, "\n| Severity | Rule | Location | Finding |\n|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const scan_decoration_finding *f = &d->findings[i];
		scan_buf_puts(b, "| ");
		scan_util__md_text(b, f->severity);
		scan_buf_puts(b, " | ");
		scan_util__md_text(b, f->rule_id);
		scan_buf_puts(b, " | ");
		scan_util__md_text(b, f->path);
		scan_buf_printf(b, ":%u | ", f->line);
		scan_util__md_text(b, f->title);
		scan_buf_puts(b, " |\n");
	}
	if (d->nfindings > n)
		scan_buf_printf(b, "\n%zu more new findings are not listed.\n", d->nfindings - n);
}

static const char *annotation_level(const char *severity)
{
	if (!strcmp(severity, "critical") || !strcmp(severity, "high"))
		return "failure";
	return !strcmp(severity, "medium") ? "warning" : "notice";
}

static int github(char *summary, size_t cap, poster *p)
{
	const scan_decoration *d = p->d;
	scan_buf body = SCAN_BUF_INIT, text = SCAN_BUF_INIT, title = SCAN_BUF_INIT;
	scan_json w;
	char path[512];
	size_t n = d->nfindings < SCAN_DECORATION_FINDINGS_MAX ? d->nfindings : SCAN_DECORATION_FINDINGS_MAX;
	const char *conclusion = !strcmp(d->gate_status, "passed") ? "success"
	                       : !strcmp(d->gate_status, "failed") ? "failure" : "neutral";
	int status = 0, rc;

	if (!sha_ok(d->head_sha)) {
		snprintf(summary, cap, "not posted: the pull request's head commit is unknown");
		return 0;
	}
	headline(&title, d);
	markdown(&text, d);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "name", CHECK_NAME);
	scan_json_str(&w, "head_sha", d->head_sha);
	scan_json_str(&w, "status", "completed");
	scan_json_str(&w, "conclusion", conclusion);
	scan_json_open(&w, "output", '{');
	scan_json_str(&w, "title", title.ptr);
	scan_json_str(&w, "summary", text.ptr);
	scan_json_open(&w, "annotations", '[');
	for (size_t i = 0; i < n; i++) {
		const scan_decoration_finding *f = &d->findings[i];
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "path", f->path);
		scan_json_uint(&w, "start_line", f->line ? f->line : 1);
		scan_json_uint(&w, "end_line", f->line ? f->line : 1);
		scan_json_str(&w, "annotation_level", annotation_level(f->severity));
		scan_json_str(&w, "title", f->rule_id);
		scan_json_str(&w, "message", f->title);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/repos/%s/check-runs", d->repo_full_name);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status == 201) {
		snprintf(summary, cap, "GitHub check run posted (%s)", conclusion);
		goto done;
	}
	if (status != 403 && status != 404) {
		rc = scan_util__error(SCAN_EIO, "GitHub answered HTTP %d to the check run", status);
		goto done;
	}
	/* A personal token may not create check runs: a commit status says the same in fewer words. */
	scan_buf_dispose(&body);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "state", !strcmp(conclusion, "failure") ? "failure" : "success");
	scan_json_strn(&w, "description", title.ptr, title.size > 140 ? 140 : title.size);
	scan_json_str(&w, "context", STATUS_CONTEXT);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/repos/%s/statuses/%s", d->repo_full_name, d->head_sha);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status != 201)
		rc = scan_util__error(SCAN_EIO, "GitHub answered HTTP %d to the commit status", status);
	else
		snprintf(summary, cap, "GitHub commit status posted (the token may not create check runs)");
done:
	scan_buf_dispose(&body);
	scan_buf_dispose(&text);
	scan_buf_dispose(&title);
	return rc;
}

/* GitLab names a project by its path, URL-encoded: group%2Fsub%2Fproject. */
static void gitlab_project(char *out, size_t cap, const char *full)
{
	size_t o = 0;

	for (; *full && o + 4 < cap; full++) {
		if (*full == '/') {
			memcpy(out + o, "%2F", 3);
			o += 3;
		} else {
			out[o++] = *full;
		}
	}
	out[o] = '\0';
}

static int gitlab(char *summary, size_t cap, poster *p)
{
	const scan_decoration *d = p->d;
	scan_buf body = SCAN_BUF_INIT, text = SCAN_BUF_INIT, title = SCAN_BUF_INIT;
	scan_json w;
	char project[800], path[1024];
	bool failed = !strcmp(d->gate_status, "failed");
	int status = 0, rc;

	gitlab_project(project, sizeof(project), d->repo_full_name);
	markdown(&text, d);
	headline(&title, d);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "body", text.ptr);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/projects/%s/merge_requests/%lld/notes", project, (long long)d->number);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status != 201) {
		rc = scan_util__error(SCAN_EIO, "GitLab answered HTTP %d to the merge-request note", status);
		goto done;
	}
	snprintf(summary, cap, "GitLab merge-request note posted");
	if (!sha_ok(d->head_sha))
		goto done;
	scan_buf_dispose(&body);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "state", failed ? "failed" : "success");
	scan_json_str(&w, "name", STATUS_CONTEXT);
	scan_json_strn(&w, "description", title.ptr, title.size > 255 ? 255 : title.size);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/projects/%s/statuses/%s", project, d->head_sha);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status != 201)
		rc = scan_util__error(SCAN_EIO, "GitLab answered HTTP %d to the commit status", status);
	else
		snprintf(summary, cap, "GitLab merge-request note and commit status (%s) posted", failed ? "failed" : "success");
done:
	scan_buf_dispose(&body);
	scan_buf_dispose(&text);
	scan_buf_dispose(&title);
	return rc;
}

static int bitbucket(char *summary, size_t cap, poster *p)
{
	const scan_decoration *d = p->d;
	scan_buf body = SCAN_BUF_INIT, text = SCAN_BUF_INIT, title = SCAN_BUF_INIT, link = SCAN_BUF_INIT;
	scan_json w;
	char path[1024];
	bool failed = !strcmp(d->gate_status, "failed");
	int status = 0, rc;

	markdown(&text, d);
	headline(&title, d);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "content", '{');
	scan_json_str(&w, "raw", text.ptr);
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/repositories/%s/pullrequests/%lld/comments", d->repo_full_name,
	         (long long)d->number);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status != 201) {
		rc = scan_util__error(SCAN_EIO, "Bitbucket answered HTTP %d to the pull-request comment", status);
		goto done;
	}
	snprintf(summary, cap, "Bitbucket pull-request comment posted");
	if (!sha_ok(d->head_sha))
		goto done;
	/* A build status must link somewhere: the scan's page, else the pull request itself. */
	if (d->details_url)
		scan_buf_puts(&link, d->details_url);
	else
		scan_buf_printf(&link, "https://bitbucket.org/%s/pull-requests/%lld", d->repo_full_name, (long long)d->number);
	scan_buf_dispose(&body);
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "state", failed ? "FAILED" : "SUCCESSFUL");
	scan_json_str(&w, "key", STATUS_CONTEXT);
	scan_json_str(&w, "name", CHECK_NAME);
	scan_json_str(&w, "url", link.ptr);
	scan_json_strn(&w, "description", title.ptr, title.size > 255 ? 255 : title.size);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0)
		goto done;
	snprintf(path, sizeof(path), "/repositories/%s/commit/%s/statuses/build", d->repo_full_name, d->head_sha);
	if ((rc = post(&status, p, path, &body)) != 0)
		goto done;
	if (status != 201 && status != 200)
		rc = scan_util__error(SCAN_EIO, "Bitbucket answered HTTP %d to the build status", status);
	else
		snprintf(summary, cap, "Bitbucket pull-request comment and build status (%s) posted",
		         failed ? "FAILED" : "SUCCESSFUL");
done:
	scan_buf_dispose(&body);
	scan_buf_dispose(&text);
	scan_buf_dispose(&title);
	scan_buf_dispose(&link);
	return rc;
}

int scan_provider_decorate(char *summary, size_t cap, const scan_decoration *d)
{
	poster p;
	int rc;

	memset(&p, 0, sizeof(p));
	p.d = d;
	snprintf(summary, cap, "nothing posted");
	if (!scan_provider_token_valid(d->token))
		return scan_util__error(SCAN_EINVAL, "the repository's provider token is not one a header can carry");
	if (!full_name_ok(d->repo_full_name, d->provider))
		return scan_util__error(SCAN_EINVAL, "the pull request's repository name cannot be put in a URL");
	if (d->number < 1 || !d->gate_status)
		return scan_util__error(SCAN_EINVAL, "no pull request or verdict to post");
	if ((rc = scan_provider__api_root(p.root, sizeof(p.root), d->provider, d->api_url, &p.http)) != 0)
		return rc;
	snprintf(p.auth, sizeof(p.auth), "Authorization: Bearer %s", d->token);
	p.headers[0] = p.auth;
	p.headers[1] = "Content-Type: application/json";
	p.headers[2] = "Accept: application/json";
	if (d->provider == SCAN_PROVIDER_GITHUB) {
		p.headers[2] = "Accept: application/vnd.github+json";
		p.headers[3] = "X-GitHub-Api-Version: 2022-11-28";
	}
	switch (d->provider) {
	case SCAN_PROVIDER_GITHUB:
		rc = github(summary, cap, &p);
		break;
	case SCAN_PROVIDER_GITLAB:
		rc = gitlab(summary, cap, &p);
		break;
	default:
		rc = bitbucket(summary, cap, &p);
	}
	/* The header held the token. */
	explicit_bzero(p.auth, sizeof(p.auth));
	return rc;
}
