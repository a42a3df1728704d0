/* cmd/format_sarif.c - SARIF 2.1.0, as GitHub code scanning and SARIF viewers read it */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "cli.h"
#include "scan/map.h"

#define SARIF_SCHEMA_URI "https://json.schemastore.org/sarif-2.1.0.json"
#define RAMPART_HOME_URI "https://github.com/rampart-scanner/rampart"
/* Versioned so a change of fingerprint recipe can live beside the old one. */
#define FINGERPRINT_KEY "rampartFingerprint/v1"
#define SRCROOT "%SRCROOT%"

/*
 * The document is written compactly: nobody reads SARIF raw, and GitHub
 * caps uploads by size. It goes through the one JSON writer (scan/json.h),
 * which escapes every string, ours included, so no byte of a scanned file
 * can break the document.
 */

/* SARIF requires an id on every rule and result. */
static const char *rule_id_of(const scan_finding *f)
{
	return f->rule_id && *f->rule_id ? f->rule_id : "unknown";
}

/* ---- distinct rules, in order of first appearance ---- */

typedef struct {
	scan_map ids;    /* rule id -> its position */
	size_t *rep;     /* per rule position, the finding that describes the rule */
	size_t count;
} rule_table;

/*
 * GitHub keeps one level and one security-severity per rule, so the rule
 * speaks for its worst finding rather than for whichever sorts first.
 */
static bool more_severe(const scan_finding *a, const scan_finding *b)
{
	if (a->severity != b->severity)
		return a->severity > b->severity;
	return a->cvss_score > b->cvss_score;
}

static int rules_build(rule_table *t, const scan_finding_list *l, size_t n)
{
	if (!(t->rep = malloc((n ? n : 1) * sizeof(*t->rep))))
		return SCAN_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		size_t pos;
		int rc = scan_map_put(&t->ids, rule_id_of(f), NULL, t->count, &pos);
		if (rc < 0)
			return rc;
		if (rc == 0)
			t->rep[t->count++] = i;
		else if (more_severe(f, scan_finding_list_get(l, t->rep[pos])))
			t->rep[pos] = i;
	}
	return 0;
}

/* The position of a rule the table holds. */
static size_t rule_pos(const rule_table *t, const char *id)
{
	size_t pos = 0;

	scan_map_get(&t->ids, id, NULL, &pos);
	return pos;
}

static void rules_dispose(rule_table *t)
{
	scan_map_dispose(&t->ids);
	free(t->rep);
}

/* ---- mappings GitHub understands ---- */

static const char *level_of(scan_severity s)
{
	switch (s) {
	case SCAN_SEV_CRITICAL:
	case SCAN_SEV_HIGH: return "error";
	case SCAN_SEV_MEDIUM: return "warning";
	default: return "note";
	}
}

static const char *problem_severity_of(scan_severity s)
{
	switch (s) {
	case SCAN_SEV_CRITICAL:
	case SCAN_SEV_HIGH: return "error";
	case SCAN_SEV_MEDIUM: return "warning";
	default: return "recommendation";
	}
}

/*
 * GitHub buckets security-severity as >= 9.0 critical, 7.0-8.9 high,
 * 4.0-6.9 medium, below that low; the fixed values sit inside each bucket.
 */
static void put_security_severity(scan_buf *tmp, const scan_finding *f)
{
	static const char *const fixed[] = { "3.0", "5.5", "8.0", "9.5" };

	scan_buf_clear(tmp);
	if (f->cvss_score >= 0 && isfinite(f->cvss_score))
		scan_buf_printf(tmp, "%.1f", f->cvss_score > 10.0 ? 10.0 : f->cvss_score);
	else
		scan_buf_puts(tmp, fixed[(unsigned)f->severity <= SCAN_SEV_CRITICAL ? f->severity : 0]);
}

static const char *precision_of(unsigned confidence)
{
	if (confidence >= 90)
		return "very-high";
	if (confidence >= 80)
		return "high";
	if (confidence >= 60)
		return "medium";
	return "low";
}

static bool is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* "hygiene/merge-conflict-marker" -> "HygieneMergeConflictMarker": SARIF wants an identifier-like name. */
static void put_rule_name(scan_buf *tmp, const char *id)
{
	bool word_start = true;

	scan_buf_clear(tmp);
	for (const unsigned char *p = (const unsigned char *)id; *p; p++) {
		if (!is_alnum(*p)) {
			word_start = true;
			continue;
		}
		scan_buf_putc(tmp, (char)(word_start && *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p));
		word_start = false;
	}
}

/* The digits of "CWE-798", or NULL when cwe is not of that form. */
static const char *cwe_number(const char *cwe)
{
	size_t n;

	if (!cwe || strncasecmp(cwe, "CWE-", 4))
		return NULL;
	n = strspn(cwe + 4, "0123456789");
	return n && n <= 10 && !cwe[4 + n] ? cwe + 4 : NULL;
}

/* RFC 3986: everything but unreserved characters and '/' is percent-encoded, byte by byte. */
static void put_uri_path(scan_buf *tmp, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (is_alnum(*p) || *p == '-' || *p == '.' || *p == '_' || *p == '~' || *p == '/') {
			scan_buf_putc(tmp, (char)*p);
		} else {
			char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };
			scan_buf_put(tmp, e, sizeof(e));
		}
	}
}

static bool is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * versionControlProvenance.repositoryUri must be an absolute URI; a remote
 * like "git@host:o/r.git" is not one, so such a repository goes unnamed
 * rather than making the document invalid.
 */
static bool is_absolute_uri(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s || !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return false;
	while (is_alnum(*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	if (strncmp((const char *)p, "://", 3))
		return false;
	for (p += 3; *p; p++) {
		if (*p == '%') {
			if (!is_hex(p[1]) || !is_hex(p[2]))
				return false;
			p += 2;
		} else if (!is_alnum(*p) && !strchr("-._~:/?#[]@!$&'()*+,;=", *p)) {
			return false;
		}
	}
	return true;
}

/* A description's first sentence, so the alert title stays one line. */
static size_t first_sentence_len(const char *s)
{
	for (size_t i = 0; s[i]; i++) {
		if (s[i] == '\n' || s[i] == '\r')
			return i;
		if (s[i] == '.' && (s[i + 1] == ' ' || s[i + 1] == '\n' || s[i + 1] == '\r' || !s[i + 1]))
			return i + 1;
	}
	return strlen(s);
}

/* An ISO 8601 time, left out (not null) when unknown: SARIF's times are strings when present. */
static void put_time(scan_json *w, const char *key, time_t t)
{
	struct tm tm;
	char s[64];

	if (!t || !gmtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return;
	scan_json_str(w, key, s);
}

/* An artifactLocation under %SRCROOT%: tmp holds the uri already percent-encoded. */
static void write_artifact_location(scan_json *w, const scan_buf *tmp)
{
	scan_json_open(w, "artifactLocation", '{');
	scan_json_str(w, "uri", tmp->ptr);
	scan_json_str(w, "uriBaseId", SRCROOT);
	scan_json_close(w, '}');
}

/* {"text": s}: SARIF's message and multiformatMessageString in their plain form. */
static void write_text(scan_json *w, const char *key, const char *s)
{
	scan_json_open(w, key, '{');
	scan_json_str(w, "text", s);
	scan_json_close(w, '}');
}

/* ---- the document ---- */

static void write_rule(scan_json *w, scan_buf *tmp, const scan_finding *f)
{
	const char *id = rule_id_of(f), *cwe = cwe_number(f->cwe_id);

	scan_json_open(w, NULL, '{');
	scan_json_str(w, "id", id);
	put_rule_name(tmp, id);
	if (tmp->size)
		scan_json_str(w, "name", tmp->ptr);
	write_text(w, "shortDescription", f->title ? f->title : id);
	if (f->description)
		write_text(w, "fullDescription", f->description);
	if (f->remediation) {
		scan_json_open(w, "help", '{');
		scan_json_str(w, "text", f->remediation);
		scan_buf_clear(tmp);
		scan_buf_printf(tmp, "**Remediation**: %s", f->remediation);
		scan_json_str(w, "markdown", tmp->ptr);
		scan_json_close(w, '}');
	}
	if (f->sca && f->sca->vuln_id) {
		/* The advisory's page: what a reader of a dependency alert wants first. */
		scan_buf_clear(tmp);
		scan_buf_puts(tmp, "https://osv.dev/vulnerability/");
		put_uri_path(tmp, f->sca->vuln_id);
		scan_json_str(w, "helpUri", tmp->ptr);
	}
	scan_json_open(w, "defaultConfiguration", '{');
	scan_json_str(w, "level", level_of(f->severity));
	scan_json_close(w, '}');
	scan_json_open(w, "properties", '{');
	/* GitHub lists a rule under security alerts only with the "security" tag. */
	scan_json_open(w, "tags", '[');
	if (f->category != SCAN_CAT_QUALITY)
		scan_json_str(w, NULL, "security");
	if (f->category != SCAN_CAT_SECURITY)
		scan_json_str(w, NULL, scan_category_name(f->category));
	if (cwe) {
		scan_buf_clear(tmp);
		scan_buf_printf(tmp, "external/cwe/cwe-%s", cwe);
		scan_json_str(w, NULL, tmp->ptr);
	}
	scan_json_close(w, ']');
	/* GitHub reads security-severity as a string holding a number. */
	put_security_severity(tmp, f);
	scan_json_str(w, "security-severity", tmp->ptr);
	scan_json_str(w, "precision", precision_of(f->confidence));
	scan_json_str(w, "problem.severity", problem_severity_of(f->severity));
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

static void write_location(scan_json *w, scan_buf *tmp, const scan_finding *f)
{
	/* A whole-file finding (line 0) points at line 1: GitHub needs a line to annotate. */
	uint32_t start = f->line_number ? f->line_number : 1;

	scan_buf_clear(tmp);
	put_uri_path(tmp, f->file_path);
	scan_json_open(w, "locations", '[');
	scan_json_open(w, NULL, '{');
	scan_json_open(w, "physicalLocation", '{');
	write_artifact_location(w, tmp);
	scan_json_open(w, "region", '{');
	scan_json_uint(w, "startLine", start);
	if (f->end_line >= start)
		scan_json_uint(w, "endLine", f->end_line);
	if (f->column > 0)
		scan_json_uint(w, "startColumn", f->column);
	if (f->snippet)
		write_text(w, "snippet", f->snippet);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
}

/* A taint finding's flow: one thread flow, a location per step, source first and sink last. */
static void write_code_flow(scan_json *w, scan_buf *tmp, const scan_finding *f)
{
	scan_json_open(w, "codeFlows", '[');
	scan_json_open(w, NULL, '{');
	scan_json_open(w, "threadFlows", '[');
	scan_json_open(w, NULL, '{');
	scan_json_open(w, "locations", '[');
	for (size_t i = 0; i < f->ndataflow; i++) {
		const scan_flow_step *s = &f->dataflow[i];
		scan_json_open(w, NULL, '{');
		scan_json_open(w, "location", '{');
		scan_json_open(w, "physicalLocation", '{');
		scan_buf_clear(tmp);
		put_uri_path(tmp, s->file_path ? s->file_path : f->file_path);
		write_artifact_location(w, tmp);
		scan_json_open(w, "region", '{');
		scan_json_uint(w, "startLine", s->line ? s->line : 1);
		if (s->column)
			scan_json_uint(w, "startColumn", s->column);
		write_text(w, "snippet", s->code);
		scan_json_close(w, '}');
		scan_json_close(w, '}');
		write_text(w, "message", s->kind);
		scan_json_close(w, '}');
		scan_json_open(w, "kinds", '[');
		scan_json_str(w, NULL, s->kind);
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
}

/* A rule's fix: one replacement of the matched region (line:column to end_line:end_column) by the rendered text. */
static void write_fix(scan_json *w, scan_buf *tmp, const scan_finding *f)
{
	scan_buf_clear(tmp);
	put_uri_path(tmp, f->file_path);
	scan_json_open(w, "fixes", '[');
	scan_json_open(w, NULL, '{');
	write_text(w, "description", f->remediation ? f->remediation : "Apply the rule's fix");
	scan_json_open(w, "artifactChanges", '[');
	scan_json_open(w, NULL, '{');
	write_artifact_location(w, tmp);
	scan_json_open(w, "replacements", '[');
	scan_json_open(w, NULL, '{');
	scan_json_open(w, "deletedRegion", '{');
	scan_json_uint(w, "startLine", f->line_number);
	scan_json_uint(w, "startColumn", f->column);
	scan_json_uint(w, "endLine", f->end_line);
	scan_json_uint(w, "endColumn", f->end_column);
	scan_json_close(w, '}');
	write_text(w, "insertedContent", f->fix);
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
	scan_json_close(w, '}');
	scan_json_close(w, ']');
}

/* A dependency finding's package and vulnerability, under the JSON report's names. */
static void write_sca_properties(scan_json *w, const scan_finding *f)
{
	const scan_finding_sca *s = f->sca;

	scan_json_str_opt(w, "vuln_id", s->vuln_id);
	scan_json_str_opt(w, "cve_id", s->cve_id);
	scan_json_str_opt(w, "aliases", s->aliases);
	scan_json_str_opt(w, "ecosystem", s->ecosystem);
	scan_json_str_opt(w, "package_name", s->package_name);
	scan_json_str_opt(w, "installed_version", s->installed_version);
	scan_json_str_opt(w, "fixed_version", s->fixed_version);
	scan_json_str_opt(w, "purl", s->purl);
	if (f->cvss_score >= 0)
		scan_json_num_fmt(w, "cvss_score", f->cvss_score, -1);
	/* A score the database does not have (negative) is left out, not shown as -1. */
	if (s->epss_score >= 0) {
		scan_json_num_fmt(w, "epss_score", s->epss_score, -5);
		scan_json_num_fmt(w, "epss_percentile", s->epss_percentile, -5);
	}
	scan_json_bool(w, "kev_listed", s->kev_listed);
	scan_json_bool(w, "is_direct", s->direct);
	if (s->risk_score >= 0)
		scan_json_num_fmt(w, "risk_score", s->risk_score, -1);
	scan_json_str_opt(w, "priority_label", s->priority_label);
}

/*
 * A result's message: the first sentence of the finding's description, since
 * viewers show the rule's title (shortDescription) beside it. The title
 * leads only when it says more than the rule's (a per-finding title, such as
 * a duplicated block's line ranges) and the sentence does not already hold it.
 */
static bool holds(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; k <= n && i <= n - k; i++)
		if (!memcmp(s + i, needle, k))
			return true;
	return false;
}

static void put_message(scan_buf *tmp, const scan_finding *f, const char *rule_title)
{
	const char *title = f->title ? f->title : rule_id_of(f);
	size_t n = f->description ? first_sentence_len(f->description) : 0;
	bool own_title = strcmp(title, rule_title) != 0;

	scan_buf_clear(tmp);
	if (!n) {
		scan_buf_puts(tmp, title);
		return;
	}
	if (own_title && !holds(f->description, n, title)) {
		scan_buf_puts(tmp, title);
		scan_buf_puts(tmp, ": ");
	}
	scan_buf_put(tmp, f->description, n);
}

static void write_suppressions(scan_json *w, const scan_finding *f)
{
	if (!f->user_marked_fp && !f->suppressed)
		return;
	scan_json_open(w, "suppressions", '[');
	if (f->user_marked_fp) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "kind", "external");
		scan_json_str(w, "status", "accepted");
		scan_json_str_opt(w, "justification", f->fp_reason);
		scan_json_close(w, '}');
	}
	if (f->suppressed) {
		/* A comment in the source: its marker, and its reason when it gives one. */
		scan_buf why = SCAN_BUF_INIT;
		scan_buf_puts(&why, f->suppression_kind ? f->suppression_kind : "comment");
		if (f->suppression_reason) {
			scan_buf_puts(&why, ": ");
			scan_buf_puts(&why, f->suppression_reason);
		}
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "kind", "inSource");
		scan_json_str(w, "justification", scan_buf_failed(&why) ? f->suppression_kind : why.ptr);
		scan_json_close(w, '}');
		scan_buf_dispose(&why);
	}
	scan_json_close(w, ']');
}

static void write_result(scan_json *w, scan_buf *tmp, const cli_doc *doc, const scan_finding *f,
                         size_t rule_index, const char *rule_title)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "ruleId", rule_id_of(f));
	scan_json_uint(w, "ruleIndex", rule_index);
	scan_json_str(w, "level", level_of(f->severity));

	put_message(tmp, f, rule_title);
	write_text(w, "message", tmp->ptr);

	/* An artifactLocation needs a uri; a finding without a file has no location. */
	if (f->file_path && *f->file_path)
		write_location(w, tmp, f);
	if (f->ndataflow && f->file_path && *f->file_path)
		write_code_flow(w, tmp, f);
	/* Only a match whose region is known exactly can be replaced. */
	if (f->fix && f->file_path && *f->file_path && f->line_number && f->column && f->end_column &&
	    f->end_line >= f->line_number)
		write_fix(w, tmp, f);

	scan_json_open(w, "partialFingerprints", '{');
	scan_json_str(w, FINGERPRINT_KEY, f->fingerprint);
	scan_json_close(w, '}');

	/* A baseline scan compared nothing, so it has no baseline state to report. */
	if (!doc->is_baseline_scan)
		scan_json_str(w, "baselineState", f->is_new_in_pr ? "new" : "unchanged");
	write_suppressions(w, f);
	scan_json_open(w, "properties", '{');
	scan_json_uint(w, "confidence", f->confidence);
	scan_json_str(w, "category", scan_category_name(f->category));
	scan_json_str(w, "severity", scan_severity_name(f->severity));
	scan_json_str(w, "fingerprint", f->fingerprint);
	scan_json_bool(w, "is_new_in_pr", f->is_new_in_pr);
	scan_json_bool(w, "in_test", f->in_test);
	if (f->sca) {
		scan_json_bool(w, "unrated", f->sca->unrated);
		scan_json_str_opt(w, "rated_by", f->sca->rated_by);
	}
	scan_json_str_opt(w, "secret_hash", f->secret_hash);
	scan_json_str_opt(w, "verified", f->verified);
	if (f->commit) {
		scan_json_str(w, "commit", f->commit);
		scan_json_bool(w, "in_head", f->in_head);
	}
	if (f->sca)
		write_sca_properties(w, f);
	scan_json_close(w, '}');
	scan_json_close(w, '}');
}

/* Files not (wholly) analyzed: a code-scanning view must not read their absence as clean. */
static void write_skipped_notifications(scan_json *w, scan_buf *tmp, const cli_doc *doc)
{
	const scan_skipped_file *sk = doc->skipped;

	scan_json_open(w, "toolExecutionNotifications", '[');
	for (size_t i = 0; i < doc->nskipped && !scan_buf_failed(w->b); i++) {
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "level", "warning");
		scan_json_open(w, "descriptor", '{');
		scan_json_str(w, "id", "file-skipped");
		scan_json_close(w, '}');
		scan_buf_clear(tmp);
		scan_buf_printf(tmp, "%s was not fully analyzed: %s", sk[i].path, sk[i].reason);
		write_text(w, "message", tmp->ptr);
		scan_buf_clear(tmp);
		put_uri_path(tmp, sk[i].path);
		scan_json_open(w, "locations", '[');
		scan_json_open(w, NULL, '{');
		scan_json_open(w, "physicalLocation", '{');
		write_artifact_location(w, tmp);
		scan_json_close(w, '}');
		scan_json_close(w, '}');
		scan_json_close(w, ']');
		scan_json_close(w, '}');
	}
	scan_json_close(w, ']');
}

static void write_run_context(scan_json *w, scan_buf *tmp, const cli_doc *doc)
{
	/* SARIF wants an absolute file URI ending in '/'; a relative root cannot be one. */
	if (doc->root && doc->root[0] == '/') {
		scan_buf_clear(tmp);
		scan_buf_puts(tmp, "file://");
		put_uri_path(tmp, doc->root);
		if (tmp->size && tmp->ptr[tmp->size - 1] != '/')
			scan_buf_putc(tmp, '/');
		scan_json_open(w, "originalUriBaseIds", '{');
		scan_json_open(w, SRCROOT, '{');
		scan_json_str(w, "uri", tmp->ptr);
		scan_json_close(w, '}');
		scan_json_close(w, '}');
	}
	if (doc->commit && is_absolute_uri(doc->repo_url)) {
		scan_json_open(w, "versionControlProvenance", '[');
		scan_json_open(w, NULL, '{');
		scan_json_str(w, "repositoryUri", doc->repo_url);
		scan_json_str(w, "revisionId", doc->commit);
		scan_json_str_opt(w, "branch", doc->branch);
		scan_json_close(w, '}');
		scan_json_close(w, ']');
	}
	scan_json_open(w, "invocations", '[');
	scan_json_open(w, NULL, '{');
	scan_json_bool(w, "executionSuccessful", true);
	put_time(w, "startTimeUtc", doc->created_at);
	put_time(w, "endTimeUtc", doc->completed_at);
	if (doc->nskipped)
		write_skipped_notifications(w, tmp, doc);
	scan_json_close(w, '}');
	scan_json_close(w, ']');
}

int cli_write_sarif(scan_buf *out, const cli_doc *doc)
{
	const scan_finding_list *l = doc->findings;
	size_t n = scan_finding_list_count(l);
	rule_table rules = { SCAN_MAP_INIT, NULL, 0 };
	scan_json w;
	scan_buf tmp;
	int rc;

	scan_buf_init(&tmp, out->max);
	if ((rc = rules_build(&rules, l, n)) != 0)
		goto done;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "$schema", SARIF_SCHEMA_URI);
	scan_json_str(&w, "version", "2.1.0");
	scan_json_open(&w, "runs", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_open(&w, "tool", '{');
	scan_json_open(&w, "driver", '{');
	scan_json_str(&w, "name", "Rampart");
	scan_json_str(&w, "semanticVersion", scan_version());
	scan_json_str(&w, "version", scan_version());
	scan_json_str(&w, "informationUri", RAMPART_HOME_URI);
	scan_json_open(&w, "rules", '[');
	for (size_t r = 0; r < rules.count && !scan_buf_failed(out); r++)
		write_rule(&w, &tmp, scan_finding_list_get(l, rules.rep[r]));
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_close(&w, '}');

	/*
	 * No automationDetails: GitHub takes its id as the analysis category and
	 * the upload action keeps an id already present over the workflow's
	 * category, so setting one here would break comparing a pull request
	 * with its base branch.
	 */
	write_run_context(&w, &tmp, doc);

	scan_json_open(&w, "results", '[');
	for (size_t i = 0; i < n && !scan_buf_failed(out) && !scan_buf_failed(&tmp); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		size_t r = rule_pos(&rules, rule_id_of(f));
		const scan_finding *rep = scan_finding_list_get(l, rules.rep[r]);
		write_result(&w, &tmp, doc, f, r, rep->title ? rep->title : rule_id_of(rep));
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');

	/* A truncated temporary would have written a wrong, though valid, document. */
	if ((rc = scan_json_finish(&w)) == 0)
		rc = scan_buf_failed(&tmp);
done:
	scan_buf_dispose(&tmp);
	rules_dispose(&rules);
	return rc;
}
