/* lib/analyzers/sink.c - where analyzers' findings land: one sink per worker */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/sink.h"
#include "scan/array.h"
#include "util/error.h"

/* A minified bundle can put megabytes on one line; a snippet is for reading. */
#define SINK_SNIPPET_MAX 2048
/* A quoted line is evidence to read at a glance. */
#define SINK_QUOTE_MAX 200

static const char *copy(scan_finding_list *l, const char *s)
{
	return s ? scan_arena__strdup(&l->arena, s) : NULL;
}

int scan_sink__redact_init(scan_sink *sink, const scan_secret_engine *e)
{
	for (size_t i = 0; i < sizeof(sink->masked) / sizeof(sink->masked[0]); i++)
		scan_buf_init(&sink->masked[i], SCAN_BUF_MAX_DEFAULT);
	return scan_analyzers__redactor_new(&sink->redact, e);
}

int scan_analyzers__emit_skip(scan_sink *sink, const char *path, const char *reason)
{
	scan_skipped_file *e;

	if (scan_array_reserve(&sink->skipped, &sink->skipped_cap, sink->nskipped + 1, sizeof(*sink->skipped)))
		return SCAN_ENOMEM;
	e = &sink->skipped[sink->nskipped];
	e->path = strdup(path);
	e->reason = strdup(reason);
	if (!e->path || !e->reason) {
		free((void *)(uintptr_t)e->path);
		free((void *)(uintptr_t)e->reason);
		return scan_error__oom();
	}
	sink->nskipped++;
	return 0;
}

void scan_sink__set_file(scan_sink *sink, const scan_file *f)
{
	sink->file = f;
	sink->lines.data = NULL, sink->lines.n = 0;
	if (sink->redact)
		scan_analyzers__redactor_set_file(sink->redact, f ? f->path : NULL, f ? f->data : NULL, f ? f->len : 0);
}

void scan_sink__dispose(scan_sink *sink)
{
	for (size_t i = 0; i < sink->nskipped; i++) {
		free((void *)(uintptr_t)sink->skipped[i].path);
		free((void *)(uintptr_t)sink->skipped[i].reason);
	}
	free(sink->skipped);
	sink->skipped = NULL, sink->nskipped = sink->skipped_cap = 0;
	scan_analyzers__redactor_free(sink->redact);
	sink->redact = NULL;
	scan_analyzers__line_index_dispose(&sink->lines);
	for (size_t i = 0; i < sizeof(sink->masked) / sizeof(sink->masked[0]); i++)
		scan_buf_dispose(&sink->masked[i]);
}

/*
 * The one redaction step: every credential the secrets engine knows on the
 * finding's file (or in its text), and every sensitive capture, is masked
 * in each of its texts. A text that changes points into sink->masked.
 */
static int redact(scan_sink *sink, scan_finding_draft *d)
{
	const char **texts[5] = { &d->snippet, &d->title, &d->description, &d->remediation, &d->fix };
	const char *t[5];
	size_t lens[5];
	int rc;

	if (!sink->redact)
		return 0;
	for (int i = 0; i < 5; i++) {
		t[i] = *texts[i];
		lens[i] = !t[i] ? 0 : i == 0 ? d->snippet_len : strlen(t[i]);
	}
	if ((rc = scan_analyzers__redactor_prepare(sink->redact, t, lens, 5, d->sensitive, d->nsensitive)) != 0)
		return rc;
	for (int i = 0; i < 5; i++) {
		bool changed;
		if (!t[i])
			continue;
		if ((rc = scan_analyzers__redact(sink->redact, &sink->masked[i], t[i], lens[i], &changed)) != 0)
			return rc;
		if (!changed)
			continue;
		*texts[i] = sink->masked[i].ptr;
		if (i == 0)
			d->snippet_len = sink->masked[i].size;
	}
	return 0;
}

const char *scan_analyzers__quote(scan_sink *sink, uint32_t line)
{
	const scan_file *f = sink->file;
	const char *data, *s, *e;
	const char *t[1];
	size_t len[1];
	bool changed = false;

	if (!f || !f->data || !line || scan_analyzers__line_index(&sink->lines, (const char *)f->data, f->len) ||
	    line > sink->lines.n)
		return NULL;
	data = (const char *)f->data;
	s = data + sink->lines.starts[line - 1];
	e = line < sink->lines.n ? data + sink->lines.starts[line] : data + f->len;
	while (e > s && (e[-1] == '\n' || e[-1] == '\r'))
		e--;
	if (e - s > SINK_QUOTE_MAX)
		e = s + SINK_QUOTE_MAX;
	t[0] = s, len[0] = (size_t)(e - s);
	if (!sink->redact) {
		scan_buf_clear(&sink->masked[4]);
		return scan_buf_put(&sink->masked[4], s, len[0]) ? NULL : sink->masked[4].ptr;
	}
	if (scan_analyzers__redactor_prepare(sink->redact, t, len, 1, NULL, 0) ||
	    scan_analyzers__redact(sink->redact, &sink->masked[4], s, len[0], &changed))
		return NULL;
	if (!changed) {
		scan_buf_clear(&sink->masked[4]);
		if (scan_buf_put(&sink->masked[4], s, len[0]))
			return NULL;
	}
	return sink->masked[4].ptr;
}

void scan_analyzers__again(scan_sink *sink)
{
	sink->again = true;
}

/* A flow's steps, each one's code masked like the finding's texts (redact() prepared the file). */
static int copy_flow(scan_sink *sink, scan_finding *f, const scan_finding_draft *d)
{
	scan_flow_step *v = scan_arena__alloc(&sink->list->arena, d->ndataflow * sizeof(*v));
	int rc;

	if (!v)
		return scan_error__oom();
	for (size_t i = 0; i < d->ndataflow; i++) {
		const char *code = d->dataflow[i].code ? d->dataflow[i].code : "";
		bool changed = false;
		v[i] = d->dataflow[i];
		if (sink->redact &&
		    (rc = scan_analyzers__redact(sink->redact, &sink->masked[0], code, strlen(code), &changed)) != 0)
			return rc;
		if (!(v[i].code = copy(sink->list, changed ? sink->masked[0].ptr : code)) ||
		    (d->dataflow[i].file_path && !(v[i].file_path = copy(sink->list, d->dataflow[i].file_path))))
			return scan_error__oom();
	}
	f->dataflow = v;
	f->ndataflow = d->ndataflow;
	return 0;
}

/*
 * The one suppression step: a marker in a comment on the finding's line or
 * the line above (docs/rules.md "Inline suppression") marks it suppressed;
 * it is kept, not dropped. Secrets have their own allow comment and list.
 */
static int suppress(scan_sink *sink, scan_finding *f, uint32_t marker_line)
{
	const scan_file *file = sink->file;
	const TSTree *tree = NULL;
	scan_suppression s;
	int rc;

	if (!marker_line)
		marker_line = f->line_number;
	if (sink->no_suppressions || !file || !file->data || f->category == SCAN_CAT_SECRET || marker_line == 0 ||
	    strcmp(file->path, f->file_path) != 0)
		return 0;
	/* The tree, when an analyzer has parsed this file: it tells comments from strings. */
	if (file->parse && file->parse->tree && file->parse->lang == file->lang)
		tree = file->parse->tree;
	if ((rc = scan_suppress__check(&s, &sink->lines, (const char *)file->data, file->len, file->lang, tree,
	                               marker_line, f->rule_id, f->cwe_id)) != 0)
		return rc;
	/* a marker naming a rule whose match this finding stands for (a taint flow's aliases) */
	for (size_t i = 0; !s.kind && i < sink->naliases; i++)
		if ((rc = scan_suppress__check(&s, &sink->lines, (const char *)file->data, file->len, file->lang, tree,
		                               marker_line, sink->aliases[i], f->cwe_id)) != 0)
			return rc;
	if (!s.kind)
		return 0;
	f->suppressed = true;
	f->suppression_kind = s.kind;
	if (!s.reason)
		return 0;
	/* The reason is the file's text: it is masked like the finding's (redact() prepared the file). */
	if (sink->redact) {
		bool changed;
		if ((rc = scan_analyzers__redact(sink->redact, &sink->masked[0], s.reason, s.reason_len, &changed)) != 0)
			return rc;
		if (changed)
			s.reason = sink->masked[0].ptr, s.reason_len = sink->masked[0].size;
	}
	if (!(f->suppression_reason = scan_arena__strndup(&sink->list->arena, s.reason, s.reason_len)))
		return scan_error__oom();
	return 0;
}

/*
 * A finding in test or example code is kept and marked; a code or IaC one
 * is one step less severe there, as a test exercises the pattern on purpose.
 * Secrets and dependencies keep theirs.
 */
static void mark_test_code(const scan_sink *sink, scan_finding *f)
{
	const scan_file *file = sink->file;

	f->in_test = file && !strcmp(file->path, f->file_path) ? file->in_test
	                                                        : scan_walk__is_test_path(sink->tests, f->file_path);
	if (f->in_test && (f->category == SCAN_CAT_SECURITY || f->category == SCAN_CAT_IAC) &&
	    f->severity > SCAN_SEV_LOW)
		f->severity--;
}

/*
 * Generated code is measured but not judged: a quality finding there (dead
 * code, from a file or from a package in finalize) is dropped, as its
 * generator, not a person, wrote it.
 */
static bool in_generated_code(scan_sink *sink, const scan_finding_draft *d, const char *path)
{
	const scan_file_metrics *m;

	if (d->category != SCAN_CAT_QUALITY)
		return false;
	if (sink->file)
		return !strcmp(sink->file->path, path) && sink->file->generated;
	return (m = scan_sink__metrics_of(sink, path)) != NULL && m->generated;
}

int scan_analyzers__emit(scan_sink *sink, const char *file_path, const scan_finding_draft *draft)
{
	scan_finding_draft masked = *draft, *d = &masked;
	scan_finding *f;
	size_t slen;
	char *snippet;
	int rc;

	if (sink->current_found)
		(*sink->current_found)++;
	if (d->confidence < sink->min_confidence) {
		sink->below_confidence++;
		return 0;
	}
	if (in_generated_code(sink, d, file_path))
		return 0;
	if ((rc = redact(sink, d)) != 0)
		return rc;
	slen = d->snippet ? d->snippet_len : 0;
	if (slen > SINK_SNIPPET_MAX) {
		slen = SINK_SNIPPET_MAX;
		/* Cut on a UTF-8 boundary so the snippet stays valid text. */
		while (slen > 0 && ((unsigned char)d->snippet[slen] & 0xC0) == 0x80)
			slen--;
	}
	while (slen > 0 && (d->snippet[slen - 1] == '\n' || d->snippet[slen - 1] == '\r'))
		slen--;
	if (!(f = scan_model__finding_list_push(sink->list)))
		return scan_error__oom();
	snippet = scan_arena__strndup(&sink->list->arena, d->snippet ? d->snippet : "", slen);
	f->rule_id = copy(sink->list, d->rule_id);
	f->title = copy(sink->list, d->title);
	f->tool = sink->current_tool;
	f->category = d->category;
	f->file_path = copy(sink->list, file_path);
	f->line_number = d->line;
	f->end_line = d->end_line ? d->end_line : d->line;
	f->column = d->column;
	f->description = copy(sink->list, d->description);
	f->remediation = copy(sink->list, d->remediation);
	f->fix = copy(sink->list, d->fix);
	f->end_column = d->end_column;
	f->cwe_id = copy(sink->list, d->cwe_id);
	f->severity = d->severity;
	f->cvss_score = d->cvss_score;
	f->confidence = d->confidence > 100 ? 100 : d->confidence;
	f->snippet = snippet;
	f->secret_hash = copy(sink->list, d->secret_hash);
	f->verified = d->verified; /* static storage: "live", "dead" or "unknown" */
	f->commit = sink->commit;
	f->commit_time = sink->commit_time;
	f->in_head = sink->commit == NULL;
	f->sca = d->sca ? scan_model__finding_sca_copy(&sink->list->arena, d->sca) : NULL;
	f->ai_rule = copy(sink->list, d->ai_rule);
	f->owasp = copy(sink->list, d->owasp);
	if ((d->sca && !f->sca) || !snippet || !f->rule_id || !f->file_path || (d->title && !f->title) ||
	    (d->description && !f->description) || (d->remediation && !f->remediation) ||
	    (d->cwe_id && !f->cwe_id) || (d->secret_hash && !f->secret_hash) || (d->fix && !f->fix)) {
		sink->list->count--;
		return scan_error__oom();
	}
	if (d->ndataflow && (rc = copy_flow(sink, f, d)) != 0) {
		sink->list->count--;
		return rc;
	}
	scan_fingerprint(f->fingerprint, f->file_path, f->rule_id, f->snippet);
	mark_test_code(sink, f);
	sink->aliases = d->aliases, sink->naliases = d->naliases;
	rc = suppress(sink, f, d->marker_line);
	sink->aliases = NULL, sink->naliases = 0;
	return rc;
}

int scan_analyzers__emit_metrics(scan_sink *sink, const char *file_path, const scan_file_metrics *m)
{
	scan_arena *a = &sink->list->arena;
	scan_file_metrics *out;
	scan_function_metrics *fn = NULL;

	if (scan_array_reserve(&sink->metrics, &sink->metrics_cap, sink->nmetrics + 1, sizeof(*sink->metrics)))
		return SCAN_ENOMEM;
	if (m->nfunctions && !(fn = scan_arena__alloc(a, m->nfunctions * sizeof(*fn))))
		return scan_error__oom();
	for (uint32_t i = 0; i < m->nfunctions; i++) {
		fn[i] = m->functions[i];
		if (!(fn[i].name = scan_arena__strdup(a, m->functions[i].name)))
			return scan_error__oom();
	}
	out = &sink->metrics[sink->nmetrics];
	*out = *m;
	out->functions = fn;
	if (!(out->path = scan_arena__strdup(a, file_path)))
		return scan_error__oom();
	sink->nmetrics++;
	return 0;
}

static int cmp_path(const void *key, const void *m)
{
	return strcmp(key, ((const scan_file_metrics *)m)->path);
}

scan_file_metrics *scan_sink__metrics_of(scan_sink *sink, const char *file_path)
{
	return sink->nmetrics ? bsearch(file_path, sink->metrics, sink->nmetrics, sizeof(*sink->metrics), cmp_path) : NULL;
}
