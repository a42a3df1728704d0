/* lib/analyzers/sast.c - code and infrastructure rules over every parsed file */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analyzers/analyzer.h"
#include "analyzers/sink.h"
#include "sast/engine.h"
#include "sast/match.h"
#include "sast/taint.h"
#include "scan/buf.h"
#include "util/beneath.h"
#include "util/error.h"

#define REPO_RULES_DIR ".rampart/rules"
#define SNIPPET_LINES_MAX 5
#define SNIPPET_BYTES_MAX 400
#define SAST_FIX_MAX (16u << 10) /* a rendered fix template, bytes */
#define SAST_FLOW_MAX 80         /* steps of a flow: the engine keeps fewer */
#define SAST_FLOW_CODE_MAX 160   /* bytes of one step's code */

typedef struct {
	sast_ruleset rules;
	sast_engine *engine;
	taint_world *world;    /* a deep scan's: taint flows across files */
} sast_state;

typedef struct {
	sast_ctx *ctx;
	scan_buf message;
	scan_buf fix;
	scan_buf flow_code;              /* a flow's steps' code, NUL-separated */
	scan_flow_step flow[SAST_FLOW_MAX];
	char owasp[16];                  /* the finding being emitted: its OWASP LLM entry */
} sast_worker;

typedef struct {
	sast_worker *w;
	const scan_file *f;              /* a notebook's: its code cells joined, under the .ipynb path */
	scan_sink *sink;
	const scan_notebook *nb;         /* lines are the joined code's: the finding names the .ipynb file's */
	int rc;
} emit_ctx;

static void sast_free(void *state)
{
	sast_state *st = state;
	if (!st)
		return;
	scan_sast__engine_free(st->engine);
	scan_taint__world_free(st->world);
	scan_sast__ruleset_dispose(&st->rules);
	free(st);
}

static int sast_init(void **state, const scan_analyzer_ctx *ctx)
{
	sast_state *st = calloc(1, sizeof(*st));
	scan_buf repo = SCAN_BUF_INIT;
	int rc;

	if (!st)
		return scan_error__oom();
	st->rules.lazy = true; /* the built-in packs are tested: compile a language's rules on its first file */
	if (!ctx->no_builtin_rules && (rc = scan_sast__load_builtin(&st->rules)) != 0)
		goto fail;
	st->rules.lazy = false; /* the user's rules are checked now, with file and line */
	if (ctx->rules_dir && (rc = scan_sast__load_dir(&st->rules, ctx->rules_dir)) != 0)
		goto fail;
	/* the scanned repository's own rules; a link there (.rampart or rules) could point anywhere: not followed */
	scan_buf_printf(&repo, "%s/%s", ctx->root, REPO_RULES_DIR);
	if (scan_buf_failed(&repo)) {
		rc = scan_error__oom();
		goto fail;
	}
	if (scan_util__dir_beneath(ctx->root, REPO_RULES_DIR) && (rc = scan_sast__load_dir(&st->rules, repo.ptr)) != 0)
		goto fail;
	if ((rc = scan_sast__engine_new(&st->engine, &st->rules)) != 0 ||
	    (ctx->deep && (rc = scan_taint__world_new(&st->world)) != 0))
		goto fail;
	scan_buf_dispose(&repo);
	*state = st;
	return 0;
fail:
	scan_buf_dispose(&repo);
	sast_free(st);
	return rc;
}

static int sast_worker_init(void **wstate, void *state)
{
	sast_state *st = state;
	sast_worker *w = calloc(1, sizeof(*w));
	int rc;
	if (!w)
		return scan_error__oom();
	scan_buf_init(&w->message, 4096);
	scan_buf_init(&w->fix, SAST_FIX_MAX);
	scan_buf_init(&w->flow_code, SAST_FLOW_MAX * (SAST_FLOW_CODE_MAX + 1));
	if ((rc = scan_sast__ctx_new(&w->ctx, st->engine)) != 0) {
		free(w);
		return rc;
	}
	*wstate = w;
	return 0;
}

static void sast_worker_free(void *wstate)
{
	sast_worker *w = wstate;
	if (!w)
		return;
	scan_sast__ctx_free(w->ctx);
	scan_buf_dispose(&w->message);
	scan_buf_dispose(&w->fix);
	scan_buf_dispose(&w->flow_code);
	free(w);
}

/* The whole lines of the match, at most a few of them. */
static void snippet_of(const scan_file *f, const sast_match *m, const char **s, size_t *n)
{
	const char *data = (const char *)f->data;
	size_t b = m->sb, e = m->sb;
	unsigned lines = 1;
	while (b > 0 && data[b - 1] != '\n')
		b--;
	while (e < f->len && (e < m->eb || data[e] != '\n')) {
		if (data[e] == '\n' && ++lines > SNIPPET_LINES_MAX)
			break;
		e++;
	}
	if (e - b > SNIPPET_BYTES_MAX)
		e = b + SNIPPET_BYTES_MAX;
	*s = data + b, *n = e - b;
}

/* 1-based byte column just past the match on its last line. */
static uint32_t end_column_of(const scan_file *f, const sast_match *m)
{
	const char *data = (const char *)f->data;
	size_t b = m->eb;

	while (b > 0 && data[b - 1] != '\n')
		b--;
	return (uint32_t)(m->eb - b) + 1;
}

/* The text of each metavariable the rule marks sensitive, without the quotes of a string. */
static size_t sensitive_values(const emit_ctx *ec, const sast_rule *r, const sast_match *m,
                               scan_slice *out)
{
	size_t n = 0;

	for (unsigned mv = 0; mv < r->nmv && mv < SAST_MV_MAX; mv++) {
		const char *s;
		size_t len;
		if (!(r->sensitive & m->bound & (1u << mv)))
			continue;
		scan_sast__binding_text(&m->b[mv], (const char *)ec->f->data, &s, &len);
		if (len >= 2 && (s[0] == '"' || s[0] == '\'' || s[0] == '`') && s[len - 1] == s[0])
			s++, len -= 2;
		out[n].s = s, out[n].len = len;
		n++;
	}
	return n;
}

static const char *const step_kinds[] = { "source", "step", "call", "sink" };

/* A taint rule's flow as the finding carries it: each step's first line of code. */
static int flow_of(emit_ctx *ec, const sast_flow *flow, scan_finding_draft *d)
{
	sast_worker *w = ec->w;
	const char *data = (const char *)ec->f->data;
	size_t n = flow->n < SAST_FLOW_MAX ? flow->n : SAST_FLOW_MAX, offsets[SAST_FLOW_MAX];

	scan_buf_clear(&w->flow_code);
	for (size_t i = 0; i < n; i++) {
		const sast_flow_step *s = &flow->v[i];
		const char *code = s->code ? s->code : data + s->sb;
		size_t len = s->code ? strlen(s->code) : s->eb > s->sb ? s->eb - s->sb : 0, cut = 0;
		while (cut < len && cut < SAST_FLOW_CODE_MAX && code[cut] != '\n' && code[cut] != '\r')
			cut++;
		/* on a UTF-8 boundary */
		while (cut > 0 && cut < len && ((unsigned char)code[cut] & 0xC0) == 0x80)
			cut--;
		offsets[i] = w->flow_code.size;
		scan_buf_put(&w->flow_code, code, cut);
		scan_buf_putc(&w->flow_code, '\0');
		w->flow[i].kind = step_kinds[s->kind];
		w->flow[i].line = s->line, w->flow[i].column = s->column, w->flow[i].end_line = s->end_line;
		w->flow[i].file_path = s->path && strcmp(s->path, ec->f->path) ? s->path : NULL;
		if (ec->nb && !w->flow[i].file_path) {
			w->flow[i].line = scan_parse__notebook_file_line(ec->nb, s->line);
			w->flow[i].end_line = scan_parse__notebook_file_line(ec->nb, s->end_line);
			w->flow[i].column = 0;
		}
	}
	if (scan_buf_failed(&w->flow_code))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++)
		w->flow[i].code = w->flow_code.ptr + offsets[i];
	d->dataflow = w->flow;
	d->ndataflow = n;
	return 0;
}

static int emit_one(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	emit_ctx *ec = ud;
	scan_finding_draft d;
	scan_slice sensitive[SAST_MV_MAX];

	memset(&d, 0, sizeof(d));
	scan_buf_clear(&ec->w->message);
	scan_sast__render(&ec->w->message, r->message, r, m, (const char *)ec->f->data);
	if (scan_buf_failed(&ec->w->message))
		return scan_error__oom();
	d.rule_id = r->rule_id;
	d.title = r->title == r->message ? ec->w->message.ptr : r->title;
	d.description = ec->w->message.ptr;
	d.remediation = r->remediation;
	d.cwe_id = r->cwe;
	d.severity = r->severity;
	d.category = r->category;
	if (r->ai_rule && r->owasp) {
		/* "LLM05:2025": the entry, without the list's year, like the ai analyzer's findings */
		size_t n = strcspn(r->owasp, ":");
		if (n < sizeof(ec->w->owasp)) {
			memcpy(ec->w->owasp, r->owasp, n);
			ec->w->owasp[n] = '\0';
			d.ai_rule = r->ai_rule;
			d.owasp = ec->w->owasp;
		}
	}
	d.confidence = r->confidence;
	d.cvss_score = -1;
	d.line = m->line, d.end_line = m->end_line, d.column = m->column;
	d.end_column = end_column_of(ec->f, m);
	if (ec->nb) {
		/* the .ipynb file's lines; a column of the joined code is none of the file's, and a fix would not apply */
		d.line = scan_parse__notebook_file_line(ec->nb, m->line);
		d.end_line = scan_parse__notebook_file_line(ec->nb, m->end_line);
		if (d.end_line < d.line)
			d.end_line = d.line;
		d.column = d.end_column = 0;
		d.marker_line = m->line;
	}
	if (r->fix && !ec->nb) {
		/* A fix longer than SAST_FIX_MAX is left out rather than cut into wrong code. */
		scan_buf_clear(&ec->w->fix);
		scan_sast__render_fix(&ec->w->fix, r->fix, r, m, (const char *)ec->f->data);
		if (!scan_buf_failed(&ec->w->fix))
			d.fix = ec->w->fix.ptr;
		else if (scan_buf_failed(&ec->w->fix) == SCAN_ENOMEM)
			return scan_error__oom();
	}
	snippet_of(ec->f, m, &d.snippet, &d.snippet_len);
	d.sensitive = sensitive;
	d.nsensitive = r->sensitive ? sensitive_values(ec, r, m, sensitive) : 0;
	if (flow && flow->n) {
		int rc = flow_of(ec, flow, &d);
		if (rc)
			return rc;
		d.aliases = flow->aliases, d.naliases = flow->naliases;
	}
	return scan_analyzers__emit(ec->sink, ec->f->path, &d);
}

/* Rules dropped for the file over their budget: the rest ran, and the file says what is missing. */
static int report_dropped(sast_worker *w, const scan_file *f, scan_sink *sink)
{
	const sast_rule *r;
	const char *why;
	int rc = 0;

	for (size_t i = 0; !rc && scan_sast__ctx_dropped(w->ctx, i, &r, &why); i++) {
		scan_buf_clear(&w->message);
		scan_buf_printf(&w->message, "rule %s %s and was dropped for this file; the other rules ran",
		                r->rule_id, why);
		rc = scan_buf_failed(&w->message) ? scan_error__oom() : scan_analyzers__emit_skip(sink, f->path, w->message.ptr);
	}
	return rc;
}

/*
 * A Jupyter notebook: its Python code cells, joined and parsed once for
 * every analyzer (scan_file_notebook()), matched like a Python file and
 * reported at the .ipynb file's lines.
 * Taint stays within the notebook (a deep scan's world holds files by their
 * own text). Notebooks of other kernels are not matched.
 */
static int notebook_file(sast_state *st, sast_worker *w, const scan_file *f, scan_sink *sink)
{
	const TSTree *tree;
	const char *reason = NULL;
	const scan_notebook *nb;
	scan_file code;
	emit_ctx ec;
	int rc;

	if (f->pass == 2 || !scan_sast__engine_wants(st->engine, SCAN_LANG_PYTHON))
		return 0;
	if (!(nb = scan_file_notebook(f, &tree, &reason)))
		return reason ? scan_analyzers__emit_skip(sink, f->path, reason) : 0;
	if (!scan_sast__file_may_match(w->ctx, SCAN_LANG_PYTHON, f->path, nb->code.ptr, nb->code.size))
		return 0;
	code = *f;
	code.data = (const unsigned char *)nb->code.ptr;
	code.len = nb->code.size;
	code.lang = SCAN_LANG_PYTHON;
	code.parse = NULL;
	ec = (emit_ctx){ w, &code, sink, nb, 0 };
	w->ctx->world = NULL, w->ctx->pass = 1, w->ctx->path = f->path;
	/* the code is what snippets quote and markers sit in: the sink masks and reads it, then the file again */
	scan_sink__set_file(sink, &code);
	rc = scan_sast__scan_file(w->ctx, SCAN_LANG_PYTHON, f->path, nb->code.ptr, nb->code.size, tree, emit_one, &ec,
	                          &reason);
	scan_sink__set_file(sink, f);
	if (rc == SCAN_ELIMIT && reason)
		rc = scan_analyzers__emit_skip(sink, f->path, reason);
	else if (!rc)
		rc = report_dropped(w, f, sink);
	return rc;
}

static int sast_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	sast_state *st = state;
	sast_worker *w = wstate;
	emit_ctx ec = { w, f, sink, NULL, 0 };
	const TSTree *tree;
	const char *reason = NULL;
	int rc;

	if (f->data && !f->is_binary && scan_parse__is_notebook(f->path))
		return notebook_file(st, w, f, sink);
	if (!scan_sast__engine_wants(st->engine, f->lang) || !f->data)
		return 0;
	/* no rule can match: do not parse (the quality analyzer parses on its own demand) */
	if (!scan_sast__file_may_match(w->ctx, f->lang, f->path, (const char *)f->data, f->len))
		return 0;
	tree = scan_file_tree(f, &reason);
	if (reason)
		return 0; /* counted as skipped, with the reason, by the scan */
	if (!tree && f->lang != SCAN_LANG_DOCKERFILE)
		return 0;
	w->ctx->world = st->world, w->ctx->pass = f->pass, w->ctx->path = f->path;
	rc = scan_sast__scan_file(w->ctx, f->lang, f->path, (const char *)f->data, f->len, tree, emit_one, &ec, &reason);
	if (!rc && w->ctx->again)
		scan_analyzers__again(sink);
	if (rc == SCAN_ELIMIT && reason && f->parse) {
		scan_parse__skip(f->parse, reason);
		return 0;
	}
	if (!rc)
		rc = report_dropped(w, f, sink);
	return rc;
}

const scan_analyzer scan_analyzers__analyzer_sast = {
	.info = {
		.name = "sast",
		.version = "1.0.0",
		.description = "code and infrastructure rules: code-like patterns matched on syntax trees "
		               "for 13 languages, Terraform, Kubernetes, GitHub Actions, Compose and Dockerfiles",
		.default_enabled = true,
	},
	.wants = SCAN_WANT_TEXT | SCAN_WANT_TREE,
	.init = sast_init,
	.worker_init = sast_worker_init,
	.file = sast_file,
	.worker_free = sast_worker_free,
	.free = sast_free,
};
