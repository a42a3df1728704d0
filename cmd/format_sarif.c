/* cmd/format_sarif.c - SARIF 2.1.0, as GitHub code scanning and SARIF viewers read it */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "cli.h"

#define SARIF_SCHEMA_URI "https://json.schemastore.org/sarif-2.1.0.json"
#define RAMPART_HOME_URI "https://github.com/rampart-scanner/rampart"
/* Versioned so a change of fingerprint recipe can live beside the old one. */
#define FINGERPRINT_KEY "rampartFingerprint/v1"
#define SRCROOT "%SRCROOT%"

/*
 * The document is written compactly: nobody reads SARIF raw, and GitHub
 * caps uploads by size. Every string, ours included, goes through
 * cli_json_string so no byte of a scanned file can break the document.
 */

/* SARIF requires an id on every rule and result. */
static const char *rule_id_of(const scan_finding *f)
{
	return f->rule_id && *f->rule_id ? f->rule_id : "unknown";
}

/* ---- distinct rules, in order of first appearance ---- */

typedef struct {
	size_t *slots;   /* open addressing: rule position + 1; 0 is empty */
	size_t mask;
	size_t *rep;     /* per rule position, the finding that describes the rule */
	size_t count;
} rule_table;

static size_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)(h ^ (h >> 32));
}

static size_t *rule_slot(const rule_table *t, const scan_finding_list *l, const char *id)
{
	size_t i = hash_str(id) & t->mask;

	while (t->slots[i] &&
	       strcmp(rule_id_of(scan_finding_list_get(l, t->rep[t->slots[i] - 1])), id))
		i = (i + 1) & t->mask;
	return &t->slots[i];
}

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
	size_t cap = 16;

	/* Half full at most, so probes stay short; n is bounded by memory already spent. */
	while (cap / 2 < n)
		cap *= 2;
	t->slots = calloc(cap, sizeof(*t->slots));
	t->rep = malloc((n ? n : 1) * sizeof(*t->rep));
	if (!t->slots || !t->rep)
		return SCAN_ENOMEM;
	t->mask = cap - 1;
	for (size_t i = 0; i < n; i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		size_t *slot = rule_slot(t, l, rule_id_of(f));
		if (!*slot) {
			t->rep[t->count++] = i;
			*slot = t->count;
		} else if (more_severe(f, scan_finding_list_get(l, t->rep[*slot - 1]))) {
			t->rep[*slot - 1] = i;
		}
	}
	return 0;
}

static void rules_dispose(rule_table *t)
{
	free(t->slots);
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

static void put_time(scan_buf *b, const char *key, time_t t)
{
	struct tm tm;
	char s[64];

	if (!t || !gmtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return;
	scan_buf_printf(b, ",\"%s\":", key);
	scan_json_quote(b, s);
}

/* ---- the document ---- */

static void write_rule(scan_buf *b, scan_buf *tmp, const scan_finding *f)
{
	const char *id = rule_id_of(f), *cwe = cwe_number(f->cwe_id);
	const char *sep = "";

	scan_buf_puts(b, "{\"id\":");
	scan_json_quote(b, id);
	put_rule_name(tmp, id);
	if (tmp->size) {
		scan_buf_puts(b, ",\"name\":");
		scan_json_quote(b, tmp->ptr);
	}
	scan_buf_puts(b, ",\"shortDescription\":{\"text\":");
	scan_json_quote(b, f->title ? f->title : id);
	scan_buf_putc(b, '}');
	if (f->description) {
		scan_buf_puts(b, ",\"fullDescription\":{\"text\":");
		scan_json_quote(b, f->description);
		scan_buf_putc(b, '}');
	}
	if (f->remediation) {
		scan_buf_puts(b, ",\"help\":{\"text\":");
		scan_json_quote(b, f->remediation);
		scan_buf_clear(tmp);
		scan_buf_printf(tmp, "**Remediation**: %s", f->remediation);
		scan_buf_puts(b, ",\"markdown\":");
		scan_json_quote(b, tmp->ptr);
		scan_buf_putc(b, '}');
	}
	if (f->sca && f->sca->vuln_id) {
		/* The advisory's page: what a reader of a dependency alert wants first. */
		scan_buf_clear(tmp);
		scan_buf_puts(tmp, "https://osv.dev/vulnerability/");
		put_uri_path(tmp, f->sca->vuln_id);
		scan_buf_puts(b, ",\"helpUri\":");
		scan_json_quote(b, tmp->ptr);
	}
	scan_buf_puts(b, ",\"defaultConfiguration\":{\"level\":");
	scan_json_quote(b, level_of(f->severity));
	/* GitHub lists a rule under security alerts only with the "security" tag. */
	scan_buf_puts(b, "},\"properties\":{\"tags\":[");
	if (f->category != SCAN_CAT_QUALITY) {
		scan_json_quote(b, "security");
		sep = ",";
	}
	if (f->category != SCAN_CAT_SECURITY) {
		scan_buf_puts(b, sep);
		scan_json_quote(b, scan_category_name(f->category));
		sep = ",";
	}
	if (cwe) {
		scan_buf_clear(tmp);
		scan_buf_printf(tmp, "external/cwe/cwe-%s", cwe);
		scan_buf_puts(b, sep);
		scan_json_quote(b, tmp->ptr);
	}
	/* GitHub reads security-severity as a string holding a number. */
	put_security_severity(tmp, f);
	scan_buf_puts(b, "],\"security-severity\":");
	scan_json_quote(b, tmp->ptr);
	scan_buf_puts(b, ",\"precision\":");
	scan_json_quote(b, precision_of(f->confidence));
	scan_buf_puts(b, ",\"problem.severity\":");
	scan_json_quote(b, problem_severity_of(f->severity));
	scan_buf_puts(b, "}}");
}

static void write_location(scan_buf *b, scan_buf *tmp, const scan_finding *f)
{
	/* A whole-file finding (line 0) points at line 1: GitHub needs a line to annotate. */
	uint32_t start = f->line_number ? f->line_number : 1;

	scan_buf_clear(tmp);
	put_uri_path(tmp, f->file_path);
	scan_buf_puts(b, ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
	scan_json_quote(b, tmp->ptr);
	scan_buf_puts(b, ",\"uriBaseId\":");
	scan_json_quote(b, SRCROOT);
	scan_buf_printf(b, "},\"region\":{\"startLine\":%lu", (unsigned long)start);
	if (f->end_line >= start)
		scan_buf_printf(b, ",\"endLine\":%lu", (unsigned long)f->end_line);
	if (f->column > 0)
		scan_buf_printf(b, ",\"startColumn\":%lu", (unsigned long)f->column);
	if (f->snippet) {
		scan_buf_puts(b, ",\"snippet\":{\"text\":");
		scan_json_quote(b, f->snippet);
		scan_buf_putc(b, '}');
	}
	scan_buf_puts(b, "}}}]");
}

/* A rule's fix: one replacement of the matched region (line:column to end_line:end_column) by the rendered text. */
static void write_fix(scan_buf *b, scan_buf *tmp, const scan_finding *f)
{
	scan_buf_clear(tmp);
	put_uri_path(tmp, f->file_path);
	scan_buf_puts(b, ",\"fixes\":[{\"description\":{\"text\":");
	scan_json_quote(b, f->remediation ? f->remediation : "Apply the rule's fix");
	scan_buf_puts(b, "},\"artifactChanges\":[{\"artifactLocation\":{\"uri\":");
	scan_json_quote(b, tmp->ptr);
	scan_buf_puts(b, ",\"uriBaseId\":");
	scan_json_quote(b, SRCROOT);
	scan_buf_printf(b, "},\"replacements\":[{\"deletedRegion\":{\"startLine\":%lu,\"startColumn\":%lu,"
	                "\"endLine\":%lu,\"endColumn\":%lu},\"insertedContent\":{\"text\":",
	                (unsigned long)f->line_number, (unsigned long)f->column, (unsigned long)f->end_line,
	                (unsigned long)f->end_column);
	scan_json_quote(b, f->fix);
	scan_buf_puts(b, "}}]}]}]");
}

static void put_opt_string(scan_buf *b, const char *key, const char *value)
{
	if (!value)
		return;
	scan_buf_printf(b, ",\"%s\":", key);
	scan_json_quote(b, value);
}

/* A dependency finding's package and vulnerability, under the JSON report's names. */
static void write_sca_properties(scan_buf *b, const scan_finding *f)
{
	const scan_finding_sca *s = f->sca;

	put_opt_string(b, "vuln_id", s->vuln_id);
	put_opt_string(b, "cve_id", s->cve_id);
	put_opt_string(b, "aliases", s->aliases);
	put_opt_string(b, "ecosystem", s->ecosystem);
	put_opt_string(b, "package_name", s->package_name);
	put_opt_string(b, "installed_version", s->installed_version);
	put_opt_string(b, "fixed_version", s->fixed_version);
	put_opt_string(b, "purl", s->purl);
	if (f->cvss_score >= 0)
		scan_buf_printf(b, ",\"cvss_score\":%.1f", f->cvss_score);
	scan_buf_printf(b, ",\"epss_score\":%.5f,\"epss_percentile\":%.5f,\"kev_listed\":%s,\"is_direct\":%s",
	                s->epss_score, s->epss_percentile, s->kev_listed ? "true" : "false",
	                s->direct ? "true" : "false");
	scan_buf_printf(b, ",\"risk_score\":%.1f", s->risk_score);
	put_opt_string(b, "priority_label", s->priority_label);
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

static void write_result(scan_buf *b, scan_buf *tmp, const cli_doc *doc, const scan_finding *f,
                         size_t rule_index, const char *rule_title)
{
	scan_buf_puts(b, "{\"ruleId\":");
	scan_json_quote(b, rule_id_of(f));
	scan_buf_printf(b, ",\"ruleIndex\":%zu,\"level\":", rule_index);
	scan_json_quote(b, level_of(f->severity));

	put_message(tmp, f, rule_title);
	scan_buf_puts(b, ",\"message\":{\"text\":");
	scan_json_quote(b, tmp->ptr);
	scan_buf_putc(b, '}');

	/* An artifactLocation needs a uri; a finding without a file has no location. */
	if (f->file_path && *f->file_path)
		write_location(b, tmp, f);
	/* Only a match whose region is known exactly can be replaced. */
	if (f->fix && f->file_path && *f->file_path && f->line_number && f->column && f->end_column &&
	    f->end_line >= f->line_number)
		write_fix(b, tmp, f);

	scan_buf_puts(b, ",\"partialFingerprints\":{");
	scan_json_quote(b, FINGERPRINT_KEY);
	scan_buf_putc(b, ':');
	scan_json_quote(b, f->fingerprint);
	scan_buf_putc(b, '}');

	/* A baseline scan compared nothing, so it has no baseline state to report. */
	if (!doc->is_baseline_scan) {
		scan_buf_puts(b, ",\"baselineState\":");
		scan_json_quote(b, f->is_new_in_pr ? "new" : "unchanged");
	}
	if (f->user_marked_fp || f->suppressed)
		scan_buf_puts(b, ",\"suppressions\":[");
	if (f->user_marked_fp) {
		scan_buf_puts(b, "{\"kind\":\"external\",\"status\":\"accepted\"");
		if (f->fp_reason) {
			scan_buf_puts(b, ",\"justification\":");
			scan_json_quote(b, f->fp_reason);
		}
		scan_buf_putc(b, '}');
	}
	if (f->suppressed) {
		/* A comment in the source: its marker, and its reason when it gives one. */
		scan_buf why = SCAN_BUF_INIT;
		scan_buf_puts(&why, f->suppression_kind ? f->suppression_kind : "comment");
		if (f->suppression_reason) {
			scan_buf_puts(&why, ": ");
			scan_buf_puts(&why, f->suppression_reason);
		}
		scan_buf_puts(b, f->user_marked_fp ? ",{" : "{");
		scan_buf_puts(b, "\"kind\":\"inSource\",\"justification\":");
		scan_json_quote(b, scan_buf_failed(&why) ? f->suppression_kind : why.ptr);
		scan_buf_putc(b, '}');
		scan_buf_dispose(&why);
	}
	if (f->user_marked_fp || f->suppressed)
		scan_buf_puts(b, "]");
	scan_buf_printf(b, ",\"properties\":{\"confidence\":%u,\"category\":", f->confidence);
	scan_json_quote(b, scan_category_name(f->category));
	scan_buf_puts(b, ",\"severity\":");
	scan_json_quote(b, scan_severity_name(f->severity));
	scan_buf_puts(b, ",\"fingerprint\":");
	scan_json_quote(b, f->fingerprint);
	scan_buf_printf(b, ",\"is_new_in_pr\":%s", f->is_new_in_pr ? "true" : "false");
	scan_buf_printf(b, ",\"in_test\":%s", f->in_test ? "true" : "false");
	if (f->sca) {
		scan_buf_printf(b, ",\"unrated\":%s", f->sca->unrated ? "true" : "false");
		if (f->sca->rated_by) {
			scan_buf_puts(b, ",\"rated_by\":");
			scan_json_quote(b, f->sca->rated_by);
		}
	}
	if (f->secret_hash) {
		scan_buf_puts(b, ",\"secret_hash\":");
		scan_json_quote(b, f->secret_hash);
	}
	if (f->verified) {
		scan_buf_puts(b, ",\"verified\":");
		scan_json_quote(b, f->verified);
	}
	if (f->commit) {
		scan_buf_puts(b, ",\"commit\":");
		scan_json_quote(b, f->commit);
		scan_buf_printf(b, ",\"in_head\":%s", f->in_head ? "true" : "false");
	}
	if (f->sca)
		write_sca_properties(b, f);
	scan_buf_puts(b, "}}");
}

static void write_run_context(scan_buf *b, scan_buf *tmp, const cli_doc *doc)
{
	/* SARIF wants an absolute file URI ending in '/'; a relative root cannot be one. */
	if (doc->root && doc->root[0] == '/') {
		scan_buf_clear(tmp);
		scan_buf_puts(tmp, "file://");
		put_uri_path(tmp, doc->root);
		if (tmp->size && tmp->ptr[tmp->size - 1] != '/')
			scan_buf_putc(tmp, '/');
		scan_buf_puts(b, ",\"originalUriBaseIds\":{");
		scan_json_quote(b, SRCROOT);
		scan_buf_puts(b, ":{\"uri\":");
		scan_json_quote(b, tmp->ptr);
		scan_buf_puts(b, "}}");
	}
	if (doc->commit && is_absolute_uri(doc->repo_url)) {
		scan_buf_puts(b, ",\"versionControlProvenance\":[{\"repositoryUri\":");
		scan_json_quote(b, doc->repo_url);
		scan_buf_puts(b, ",\"revisionId\":");
		scan_json_quote(b, doc->commit);
		if (doc->branch) {
			scan_buf_puts(b, ",\"branch\":");
			scan_json_quote(b, doc->branch);
		}
		scan_buf_puts(b, "}]");
	}
	scan_buf_puts(b, ",\"invocations\":[{\"executionSuccessful\":true");
	put_time(b, "startTimeUtc", doc->created_at);
	put_time(b, "endTimeUtc", doc->completed_at);
	/* Files not (wholly) analyzed: a code-scanning view must not read their absence as clean. */
	if (doc->nskipped) {
		const scan_skipped_file *sk = doc->skipped;
		scan_buf_puts(b, ",\"toolExecutionNotifications\":[");
		for (size_t i = 0; i < doc->nskipped && !scan_buf_failed(b); i++) {
			scan_buf_puts(b, i ? ",{" : "{");
			scan_buf_puts(b, "\"level\":\"warning\",\"descriptor\":{\"id\":\"file-skipped\"},\"message\":{\"text\":");
			scan_buf_clear(tmp);
			scan_buf_printf(tmp, "%s was not fully analyzed: %s", sk[i].path, sk[i].reason);
			scan_json_quote(b, tmp->ptr);
			scan_buf_clear(tmp);
			put_uri_path(tmp, sk[i].path);
			scan_buf_puts(b, "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
			scan_json_quote(b, tmp->ptr);
			scan_buf_puts(b, ",\"uriBaseId\":");
			scan_json_quote(b, SRCROOT);
			scan_buf_puts(b, "}}}]}");
		}
		scan_buf_putc(b, ']');
	}
	scan_buf_puts(b, "}]");
}

int cli_write_sarif(scan_buf *out, const cli_doc *doc)
{
	const scan_finding_list *l = doc->findings;
	size_t n = scan_finding_list_count(l);
	rule_table rules = { NULL, 0, NULL, 0 };
	scan_buf tmp;
	int rc;

	scan_buf_init(&tmp, out->max);
	if ((rc = rules_build(&rules, l, n)) != 0)
		goto done;

	scan_buf_puts(out, "{\"$schema\":");
	scan_json_quote(out, SARIF_SCHEMA_URI);
	scan_buf_puts(out, ",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"Rampart\"");
	scan_buf_puts(out, ",\"semanticVersion\":");
	scan_json_quote(out, scan_version());
	scan_buf_puts(out, ",\"version\":");
	scan_json_quote(out, scan_version());
	scan_buf_puts(out, ",\"informationUri\":");
	scan_json_quote(out, RAMPART_HOME_URI);
	scan_buf_puts(out, ",\"rules\":[");
	for (size_t r = 0; r < rules.count && !scan_buf_failed(out); r++) {
		if (r)
			scan_buf_putc(out, ',');
		write_rule(out, &tmp, scan_finding_list_get(l, rules.rep[r]));
	}
	scan_buf_puts(out, "]}}");

	/*
	 * No automationDetails: GitHub takes its id as the analysis category and
	 * the upload action keeps an id already present over the workflow's
	 * category, so setting one here would break comparing a pull request
	 * with its base branch.
	 */
	write_run_context(out, &tmp, doc);

	scan_buf_puts(out, ",\"results\":[");
	for (size_t i = 0; i < n && !scan_buf_failed(out) && !scan_buf_failed(&tmp); i++) {
		const scan_finding *f = scan_finding_list_get(l, i);
		size_t r = *rule_slot(&rules, l, rule_id_of(f)) - 1;
		const scan_finding *rep = scan_finding_list_get(l, rules.rep[r]);
		if (i)
			scan_buf_putc(out, ',');
		write_result(out, &tmp, doc, f, r, rep->title ? rep->title : rule_id_of(rep));
	}
	scan_buf_puts(out, "]}]}\n");

	/* A truncated temporary would have written a wrong, though valid, document. */
	rc = scan_buf_failed(out) ? scan_buf_failed(out) : scan_buf_failed(&tmp);
done:
	scan_buf_dispose(&tmp);
	rules_dispose(&rules);
	return rc;
}
