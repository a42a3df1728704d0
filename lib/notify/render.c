/* lib/notify/render.c - an event's JSON document as the body a channel takes: as is, a Slack message, a Teams card */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include "scan/json.h"
#include "scan/notify.h"
#include "util/error.h"
#include "util/quote.h"

/* The facts a chat message shows, read once from the document. */
typedef struct {
	char title[256];
	const char *facts[8][2];     /* label, value */
	char fact_text[8][256];
	size_t nfacts;
	char lines[10][256];         /* one per vulnerability listed */
	size_t nlines;
	const char *detail;          /* the error, or a test's message */
	const char *link;            /* the scan in Rampart; NULL without a public URL */
} message;

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double num(const cJSON *o, const char *key, double dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

/* One label and value; the value is copied, so a number's text can be made here. */
static void fact(message *m, const char *label, const char *value)
{
	if (m->nfacts == sizeof(m->facts) / sizeof(m->facts[0]))
		return;
	snprintf(m->fact_text[m->nfacts], sizeof(m->fact_text[0]), "%s", value ? value : "-");
	m->facts[m->nfacts][0] = label;
	m->facts[m->nfacts][1] = m->fact_text[m->nfacts];
	m->nfacts++;
}

static void fact_number(message *m, const char *label, long long n)
{
	char text[32];

	snprintf(text, sizeof(text), "%lld", n);
	fact(m, label, text);
}

static int read_message(message *m, const cJSON *doc)
{
	const char *type = str(doc, "type");
	const cJSON *repo = cJSON_GetObjectItemCaseSensitive(doc, "repository");
	const cJSON *scan = cJSON_GetObjectItemCaseSensitive(doc, "scan");
	const cJSON *vulns = cJSON_GetObjectItemCaseSensitive(doc, "vulnerabilities");
	const cJSON *sched = cJSON_GetObjectItemCaseSensitive(doc, "schedule");
	const char *name = str(repo, "name"), *branch = str(repo, "branch");
	long long scan_id = (long long)num(scan, "id", 0), pr = (long long)num(scan, "pr_number", 0);

	memset(m, 0, sizeof(*m));
	if (!type)
		return scan_util__error(SCAN_EPARSE, "a notification document without a type");
	if (!strcmp(type, "test")) {
		snprintf(m->title, sizeof(m->title), "Rampart test notification");
		m->detail = str(doc, "message");
		return 0;
	}
	if (!strcmp(type, "critical_vulnerability"))
		snprintf(m->title, sizeof(m->title), "%lld new critical vulnerabilit%s in %s",
		         (long long)num(vulns, "new_critical", 0), num(vulns, "new_critical", 0) == 1 ? "y" : "ies",
		         name ? name : "a repository");
	else if (!strcmp(type, "gate_failed"))
		snprintf(m->title, sizeof(m->title), "Quality gate failed on %s", name ? name : "a repository");
	else if (!strcmp(type, "scan_failed"))
		snprintf(m->title, sizeof(m->title), "Scan failed on %s", name ? name : "a repository");
	else if (!strcmp(type, "schedule_failed"))
		snprintf(m->title, sizeof(m->title), "Scheduled scan failed on %s", name ? name : "a repository");
	else
		return scan_util__error(SCAN_EPARSE, "a notification document of an unknown type");
	fact(m, "Repository", name);
	fact(m, "Branch", branch);
	if (pr)
		fact_number(m, "Pull request", pr);
	if (scan_id)
		fact_number(m, "Scan", scan_id);
	if (str(scan, "commit_sha"))
		fact(m, "Commit", str(scan, "commit_sha"));
	if (!strcmp(type, "gate_failed"))
		fact_number(m, "New issues", (long long)num(scan, "new_issues", 0));
	if (sched && str(sched, "cron_expression"))
		fact(m, "Schedule", str(sched, "cron_expression"));
	m->detail = str(doc, "error");
	m->link = str(scan, "url");
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(vulns, "items"), *v;
	cJSON_ArrayForEach(v, items) {
		const char *id = str(v, "cve_id") ? str(v, "cve_id") : str(v, "id");
		const char *fixed = str(v, "fixed_version");
		if (m->nlines == sizeof(m->lines) / sizeof(m->lines[0]))
			break;
		snprintf(m->lines[m->nlines++], sizeof(m->lines[0]), "%s in %s %s%s%s%s", id ? id : "?",
		         str(v, "package_name") ? str(v, "package_name") : "?",
		         str(v, "installed_version") ? str(v, "installed_version") : "",
		         fixed ? ", fixed in " : ", no fix yet", fixed ? fixed : "",
		         cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "kev_listed")) ? ", known exploited" : "");
	}
	return 0;
}

/* Slack: plain_text everywhere, so a package or branch name never becomes a link or a mention. */
static void slack(scan_json *w, const message *m)
{
	scan_buf text = { 0 };

	scan_buf_init(&text, 4000);
	scan_buf_puts(&text, m->title);
	for (size_t i = 0; i < m->nfacts; i++)
		scan_buf_printf(&text, "\n%s: %s", m->facts[i][0], m->facts[i][1]);
	for (size_t i = 0; i < m->nlines; i++)
		scan_buf_printf(&text, "\n- %s", m->lines[i]);
	if (m->detail)
		scan_buf_printf(&text, "\n%.1000s", m->detail);
	/* The notification's text is the fallback; the escaping of &, < and > keeps it inert too. */
	scan_json_open(w, NULL, '{');
	{
		scan_buf esc = { 0 };
		scan_buf_init(&esc, 8000);
		for (const char *p = text.ptr ? text.ptr : ""; *p; p++) {
			if (*p == '&')
				scan_buf_puts(&esc, "&amp;");
			else if (*p == '<')
				scan_buf_puts(&esc, "&lt;");
			else if (*p == '>')
				scan_buf_puts(&esc, "&gt;");
			else
				scan_buf_putc(&esc, *p);
		}
		scan_json_str(w, "text", esc.ptr ? esc.ptr : "");
		scan_buf_dispose(&esc);
	}
	scan_json_open(w, "blocks", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "type", "header");
	scan_json_open(w, "text", '{');
	scan_json_str(w, "type", "plain_text");
	scan_json_strn(w, "text", m->title, strlen(m->title) > 150 ? 150 : strlen(m->title));
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	if (m->nfacts) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "section");
		scan_json_open(w, "fields", '[');
		for (size_t i = 0; i < m->nfacts; i++) {
			char f[300];
			snprintf(f, sizeof(f), "%s: %s", m->facts[i][0], m->facts[i][1]);
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "type", "plain_text");
			scan_json_str(w, "text", f);
			scan_json_bool(w, "emoji", false);
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	if (m->nlines || m->detail) {
		scan_buf body = { 0 };
		scan_buf_init(&body, 2900);
		for (size_t i = 0; i < m->nlines; i++)
			scan_buf_printf(&body, "%s- %s", i ? "\n" : "", m->lines[i]);
		if (m->detail)
			scan_buf_printf(&body, "%s%.1000s", m->nlines ? "\n" : "", m->detail);
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "section");
		scan_json_open(w, "text", '{');
		scan_json_str(w, "type", "plain_text");
		scan_json_str(w, "text", body.ptr ? body.ptr : "");
		scan_json_bool(w, "emoji", false);
		scan_json_close(w, '}');
		scan_json_close(w, '}');
		scan_buf_dispose(&body);
	}
	if (m->link) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "actions");
		scan_json_open(w, "elements", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "button");
		scan_json_open(w, "text", '{');
		scan_json_str(w, "type", "plain_text");
		scan_json_str(w, "text", "Open the scan");
		scan_json_close(w, '}');
		scan_json_str(w, "url", m->link);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	scan_buf_dispose(&text);
}

/* A TextBlock's text is Markdown to Teams: every outside piece escaped. */
static void teams_text(scan_json *w, const char *key, const char *s)
{
	scan_buf b = { 0 };

	scan_buf_init(&b, 4000);
	scan_util__md_text(&b, s);
	scan_json_str(w, key, b.ptr ? b.ptr : "");
	scan_buf_dispose(&b);
}

static void teams_block(scan_json *w, const char *s, bool title)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "type", "TextBlock");
	teams_text(w, "text", s);
	scan_json_bool(w, "wrap", true);
	if (title) {
		scan_json_str(w, "size", "Medium");
		scan_json_str(w, "weight", "Bolder");
	}
	scan_json_close(w, '}');
}

static void teams(scan_json *w, const message *m)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "type", "message");
	scan_json_open(w, "attachments", '[');
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "contentType", "application/vnd.microsoft.card.adaptive");
	scan_json_null(w, "contentUrl");
	scan_json_open(w, "content", '{');
	scan_json_str(w, "$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
	scan_json_str(w, "type", "AdaptiveCard");
	scan_json_str(w, "version", "1.4");
	scan_json_open(w, "body", '[');
	teams_block(w, m->title, true);
	if (m->nfacts) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "FactSet");
		scan_json_open(w, "facts", '[');
		for (size_t i = 0; i < m->nfacts; i++) {
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "title", m->facts[i][0]);
			teams_text(w, "value", m->facts[i][1]);
			scan_json_close(w, '}');
		}
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	for (size_t i = 0; i < m->nlines; i++)
		teams_block(w, m->lines[i], false);
	if (m->detail) {
		char d[1024];
		snprintf(d, sizeof(d), "%s", m->detail);
		teams_block(w, d, false);
	}
	scan_json_close(w, ']');
	if (m->link) {
		scan_json_open(w, "actions", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "type", "Action.OpenUrl");
		scan_json_str(w, "title", "Open the scan");
		scan_json_str(w, "url", m->link);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
	}
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_close(w, '}');
}

int scan_notify_render(scan_buf *out, scan_channel c, const char *event_json)
{
	cJSON *doc;
	message m;
	scan_json w;
	int rc;

	if (c == SCAN_CHANNEL_GENERIC)
		return scan_buf_puts(out, event_json) ? scan_error__oom() : 0;
	if (!(doc = cJSON_ParseWithLength(event_json, strlen(event_json))) || !cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		return scan_util__error(SCAN_EPARSE, "a notification document that is not JSON");
	}
	if ((rc = read_message(&m, doc)) == 0) {
		scan_json_init(&w, out, false);
		if (c == SCAN_CHANNEL_SLACK)
			slack(&w, &m);
		else
			teams(&w, &m);
		rc = scan_json_finish(&w);
	}
	cJSON_Delete(doc);
	return rc;
}
