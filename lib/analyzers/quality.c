/* lib/analyzers/quality.c - code metrics, and findings for functions too complex, long or wide */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/analyzer.h"
#include "quality/quality.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * Thresholds, SonarQube's defaults: cognitive complexity 15 (S3776),
 * 100 code lines per function (S138), 7 parameters (S107).
 */
#define COGNITIVE_MAX 15
#define FUNCTION_LINES_MAX 100
#define PARAMS_MAX 7
#define SIGNATURE_MAX 200

typedef struct {
	scan_arena scratch;          /* one file's metrics, reset per file */
	scan_buf text;
} quality_worker;

static int quality_worker_init(void **wstate, void *state)
{
	quality_worker *w = calloc(1, sizeof(*w));
	(void)state;
	if (!w)
		return scan__error_oom();
	scan_buf_init(&w->text, 1024);
	*wstate = w;
	return 0;
}

static void quality_worker_free(void *wstate)
{
	quality_worker *w = wstate;
	if (!w)
		return;
	scan__arena_dispose(&w->scratch);
	scan_buf_dispose(&w->text);
	free(w);
}

/* The function's first line: its signature, stable while the body changes. */
static void signature(const scan_file *f, uint32_t line, const char **s, size_t *n)
{
	const char *data = (const char *)f->data;
	size_t at = 0, end;
	for (uint32_t l = 1; l < line && at < f->len; at++)
		if (data[at] == '\n')
			l++;
	for (end = at; end < f->len && data[end] != '\n' && end - at < SIGNATURE_MAX; end++)
		;
	*s = data + at, *n = end - at;
}

typedef struct {
	const char *rule_id;
	const char *before, *after;   /* around the figure in the title */
	const char *remediation;
	scan_severity severity;
} quality_rule;

static const quality_rule cognitive_rule = {
	"quality/cognitive-complexity",
	"has a cognitive complexity of", "",
	"Split the function: move nested blocks into well-named helpers, return early instead of nesting, "
	"and replace flag-driven branches with separate functions.",
	SCAN_SEV_MEDIUM,
};

static const quality_rule long_rule = {
	"quality/long-function",
	"has", " lines of code",
	"Split the function into smaller ones that each do one thing.",
	SCAN_SEV_LOW,
};

static const quality_rule params_rule = {
	"quality/too-many-parameters",
	"has", " parameters",
	"Group related parameters into a structure or object, or split the function.",
	SCAN_SEV_LOW,
};

static int report(quality_worker *w, const scan_file *f, scan_sink *sink, const quality_rule *r,
                  const scan_function_metrics *fn, unsigned actual, unsigned max)
{
	scan_finding_draft d;

	scan_buf_clear(&w->text);
	scan_buf_printf(&w->text, "Function '%s' %s %u%s (more than %u)", fn->name, r->before, actual, r->after, max);
	if (scan_buf_failed(&w->text))
		return scan__error_oom();
	memset(&d, 0, sizeof(d));
	d.rule_id = r->rule_id;
	d.title = w->text.ptr;
	d.description = w->text.ptr;
	d.remediation = r->remediation;
	d.severity = r->severity;
	d.category = SCAN_CAT_QUALITY;
	d.confidence = 100;
	d.cvss_score = -1;
	d.line = fn->line, d.end_line = fn->end_line, d.column = 1;
	signature(f, fn->line, &d.snippet, &d.snippet_len);
	return scan__emit(sink, f->path, &d);
}

static int quality_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	quality_worker *w = wstate;
	scan_file_metrics m;
	const TSTree *tree;
	const char *reason = NULL;
	int rc;

	(void)state;
	if (!f->data || !scan__quality_lang(f->lang))
		return 0;
	tree = scan_file_tree(f, &reason);
	if (!tree)
		return 0; /* counted as skipped, with the reason, by the scan */
	scan__arena_dispose(&w->scratch);
	if ((rc = scan__file_metrics(&m, &w->scratch, f->lang, tree, (const char *)f->data, f->len)) != 0)
		return rc;
	for (uint32_t i = 0; i < m.nfunctions && !rc; i++) {
		const scan_function_metrics *fn = &m.functions[i];
		if (fn->cognitive > COGNITIVE_MAX)
			rc = report(w, f, sink, &cognitive_rule, fn, fn->cognitive, COGNITIVE_MAX);
		if (!rc && fn->code_lines > FUNCTION_LINES_MAX)
			rc = report(w, f, sink, &long_rule, fn, fn->code_lines, FUNCTION_LINES_MAX);
		if (!rc && fn->params > PARAMS_MAX)
			rc = report(w, f, sink, &params_rule, fn, fn->params, PARAMS_MAX);
	}
	return rc ? rc : scan__emit_metrics(sink, f->path, &m);
}

const scan_analyzer scan__analyzer_quality = {
	.info = {
		.name = "quality",
		.version = "1.0.0",
		.description = "code metrics (lines, cyclomatic and cognitive complexity, parameters, nesting) "
		               "and findings for functions over the thresholds",
		.default_enabled = true,
	},
	.wants = SCAN_WANT_TEXT | SCAN_WANT_TREE,
	.worker_init = quality_worker_init,
	.file = quality_file,
	.worker_free = quality_worker_free,
};
