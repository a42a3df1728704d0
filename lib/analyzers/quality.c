/* lib/analyzers/quality.c - code metrics, and findings for functions too complex, long or wide */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/analyzer.h"
#include "quality/deadcode.h"
#include "quality/dup.h"
#include "quality/dup_keep.h"
#include "quality/quality.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/hash.h"

/*
 * Thresholds, SonarQube's defaults: cognitive complexity 15 (S3776),
 * 100 code lines per function (S138), 7 parameters (S107).
 */
#define COGNITIVE_MAX 15
#define FUNCTION_LINES_MAX 100
#define PARAMS_MAX 7
#define SIGNATURE_MAX 200
/* Dead code is decided from one file's text: sure, but not as sure as a count. */
#define DEAD_CONFIDENCE 90
/* Duplication keeps every token of the scan until the end: 8 bytes each, at most 1 GiB. */
#define DUP_TOKENS_MAX (128u << 20)

/* Go: an unexported function is dead only if no file of its package directory uses it. */
typedef struct {
	char *dir;                    /* "" for the root */
	char *name;
	char *path;                   /* declared in; NULL for a use */
	char *line_text;              /* the declaration's line: the finding's snippet */
	uint32_t line, column;
} go_name;

typedef struct {
	const scan_newcode *newcode;  /* NULL: new code unknown */
	pthread_mutex_t lock;
	go_name *go;                  /* Go declarations and uses, joined in finalize */
	size_t ngo, go_cap;
	dup_keep dup;                 /* the files compared for duplication, at most DUP_TOKENS_MAX tokens */
} quality_state;

static int quality_init(void **state, const scan_analyzer_ctx *ctx)
{
	quality_state *st = calloc(1, sizeof(*st));
	if (!st)
		return scan_error__oom();
	st->newcode = ctx->newcode;
	st->dup.max_tokens = DUP_TOKENS_MAX;
	pthread_mutex_init(&st->lock, NULL);
	*state = st;
	return 0;
}

static void quality_free(void *state)
{
	quality_state *st = state;
	if (!st)
		return;
	scan_quality__dup_keep_dispose(&st->dup);
	for (size_t i = 0; i < st->ngo; i++) {
		free(st->go[i].dir);
		free(st->go[i].name);
		free(st->go[i].path);
		free(st->go[i].line_text);
	}
	free(st->go);
	pthread_mutex_destroy(&st->lock);
	free(st);
}

/* Keep the file's tokens for finalize(); takes t. */
static int keep_tokens(quality_state *st, const char *path, dup_token *t, uint32_t n)
{
	int rc;

	if (n < DUP_MIN_TOKENS) {
		free(t);
		return 0;
	}
	pthread_mutex_lock(&st->lock);
	rc = scan_quality__dup_keep_add(&st->dup, path, t, n);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

typedef struct {
	scan_arena scratch;          /* one file's metrics, reset per file */
	scan_buf text;
} quality_worker;

static int quality_worker_init(void **wstate, void *state)
{
	quality_worker *w = calloc(1, sizeof(*w));
	(void)state;
	if (!w)
		return scan_error__oom();
	scan_buf_init(&w->text, 1024);
	*wstate = w;
	return 0;
}

static void quality_worker_free(void *wstate)
{
	quality_worker *w = wstate;
	if (!w)
		return;
	scan_arena__dispose(&w->scratch);
	scan_buf_dispose(&w->text);
	free(w);
}

/* The source line holding byte `at`, at most SIGNATURE_MAX bytes. */
static void line_at(const char *data, size_t len, uint32_t at, const char **s, size_t *n)
{
	size_t b = at < len ? at : len, e;
	while (b > 0 && data[b - 1] != '\n')
		b--;
	for (e = b; e < len && data[e] != '\n' && e - b < SIGNATURE_MAX; e++)
		;
	*s = data + b, *n = e - b;
}

/* The function's first line: its signature, stable while the body changes. */
static void signature(const scan_file *f, uint32_t line, const char **s, size_t *n)
{
	const char *data = (const char *)f->data;
	size_t at = 0;
	for (uint32_t l = 1; l < line && at < f->len; at++)
		if (data[at] == '\n')
			l++;
	line_at(data, f->len, (uint32_t)at, s, n);
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

/* A quality finding's fixed parts; title doubles as the description. */
static void quality_draft(scan_finding_draft *d, const char *rule_id, const char *title, const char *remediation,
                          scan_severity severity, unsigned confidence)
{
	memset(d, 0, sizeof(*d));
	d->rule_id = rule_id;
	d->title = title;
	d->description = title;
	d->remediation = remediation;
	d->severity = severity;
	d->category = SCAN_CAT_QUALITY;
	d->confidence = confidence;
	d->cvss_score = -1;
}

static int report(quality_worker *w, const scan_file *f, scan_sink *sink, const quality_rule *r,
                  const scan_function_metrics *fn, unsigned actual, unsigned max)
{
	scan_finding_draft d;

	scan_buf_clear(&w->text);
	scan_buf_printf(&w->text, "Function '%s' %s %u%s (more than %u)", fn->name, r->before, actual, r->after, max);
	if (scan_buf_failed(&w->text))
		return scan_error__oom();
	quality_draft(&d, r->rule_id, w->text.ptr, r->remediation, r->severity, 100);
	d.line = fn->line, d.end_line = fn->end_line, d.column = 1;
	signature(f, fn->line, &d.snippet, &d.snippet_len);
	return scan_analyzers__emit(sink, f->path, &d);
}

static const struct {
	const char *rule_id, *what, *remediation;
	scan_severity severity;
} dead_rules[] = {
	[DEAD_UNUSED_IMPORT] = { "quality/unused-import", "Unused import",
		"Remove the import.", SCAN_SEV_LOW },
	[DEAD_UNUSED_PRIVATE_FUNCTION] = { "quality/unused-private-function", "Unused private function",
		"Remove the function, or use it.", SCAN_SEV_LOW },
	[DEAD_UNUSED_LOCAL] = { "quality/unused-local-variable", "Unused local variable",
		"Remove the variable, or the assignment; keep the call if it has side effects.", SCAN_SEV_LOW },
	[DEAD_UNUSED_PARAMETER] = { "quality/unused-parameter", "Unused parameter",
		"Remove the parameter and update the callers.", SCAN_SEV_LOW },
	[DEAD_UNREACHABLE] = { "quality/unreachable-code", "Unreachable code",
		"Remove the statements that can never run, or fix the jump before them.", SCAN_SEV_MEDIUM },
};

typedef struct {
	quality_worker *w;
	const scan_file *f;
	scan_sink *sink;
} dead_ctx;

static int emit_dead(void *ud, const dead_item *it)
{
	dead_ctx *dc = ud;
	scan_finding_draft d;

	if ((unsigned)it->kind >= sizeof(dead_rules) / sizeof(dead_rules[0]))
		return 0;
	scan_buf_clear(&dc->w->text);
	if (it->name)
		scan_buf_printf(&dc->w->text, "%s '%.*s'", dead_rules[it->kind].what, (int)(it->name_len > 120 ? 120 : it->name_len),
		                it->name);
	else
		scan_buf_puts(&dc->w->text, dead_rules[it->kind].what);
	if (scan_buf_failed(&dc->w->text))
		return scan_error__oom();
	quality_draft(&d, dead_rules[it->kind].rule_id, dc->w->text.ptr, dead_rules[it->kind].remediation,
	              dead_rules[it->kind].severity, DEAD_CONFIDENCE);
	d.line = it->line, d.end_line = it->end_line, d.column = it->column;
	line_at((const char *)dc->f->data, dc->f->len, it->sb, &d.snippet, &d.snippet_len);
	return scan_analyzers__emit(dc->sink, dc->f->path, &d);
}

static int push_go(quality_state *st, const char *path, const char *name, size_t name_len, bool decl,
                   const dead_item *it, const scan_file *f)
{
	const char *slash = strrchr(path, '/');
	go_name g;
	int rc = 0;

	memset(&g, 0, sizeof(g));
	g.dir = strndup(path, slash ? (size_t)(slash - path) : 0);
	g.name = strndup(name, name_len);
	if (decl) {
		const char *s;
		size_t n;
		line_at((const char *)f->data, f->len, it->sb, &s, &n);
		g.path = strdup(path);
		g.line_text = strndup(s, n);
		g.line = it->line, g.column = it->column;
	}
	if (!g.dir || !g.name || (decl && (!g.path || !g.line_text)))
		rc = scan_error__oom();
	pthread_mutex_lock(&st->lock);
	if (!rc && scan_array_reserve(&st->go, &st->go_cap, st->ngo + 1, sizeof(*st->go)))
		rc = SCAN_ENOMEM;
	if (!rc)
		st->go[st->ngo++] = g;
	pthread_mutex_unlock(&st->lock);
	if (rc) {
		free(g.dir), free(g.name), free(g.path), free(g.line_text);
	}
	return rc;
}

typedef struct {
	quality_state *st;
	const scan_file *f;
} go_ctx;

static int on_go_decl(void *ud, const dead_item *it)
{
	go_ctx *g = ud;
	return it->name ? push_go(g->st, g->f->path, it->name, it->name_len, true, it, g->f) : 0;
}

typedef struct {
	const char *name;
	size_t len;
} name_ref;

typedef struct {
	name_ref *v;
	size_t n, cap;
} name_refs;

/* A file's uses, kept once per name before they join the scan's. */
static int on_go_ref(void *ud, const char *name, size_t len)
{
	name_refs *r = ud;
	if (scan_array_reserve(&r->v, &r->cap, r->n + 1, sizeof(*r->v)))
		return SCAN_ENOMEM;
	r->v[r->n].name = name, r->v[r->n].len = len;
	r->n++;
	return 0;
}

static int cmp_ref(const void *a, const void *b)
{
	const name_ref *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Dead code of one file; Go's unexported functions wait for finalize. */
static int dead_code(quality_state *st, quality_worker *w, const scan_file *f, const TSTree *tree, scan_sink *sink)
{
	dead_ctx dc = { w, f, sink };
	go_ctx gc = { st, f };
	int rc;

	name_refs refs = { 0 };
	/*
	 * A tree with syntax errors (a conflict marker, code this grammar does
	 * not know) can make live code look dead: report nothing from it. Its
	 * uses of Go names still count, which can only keep a report back.
	 */
	bool broken = ts_node_has_error(ts_tree_root_node(tree));

	if (!broken && (rc = scan_quality__dead_code(f->lang, tree, (const char *)f->data, f->len, f->path, emit_dead, &dc)) != 0)
		return rc;
	if (f->lang != SCAN_LANG_GO)
		return 0;
	if ((!broken && (rc = scan_quality__dead_code_go_decls(tree, (const char *)f->data, f->len, f->path, on_go_decl, &gc)) != 0) ||
	    (rc = scan_quality__dead_code_go_refs(tree, (const char *)f->data, f->len, on_go_ref, &refs)) != 0)
		goto done;
	if (refs.n)
		qsort(refs.v, refs.n, sizeof(*refs.v), cmp_ref);
	for (size_t i = 0; i < refs.n && !rc; i++)
		if (!i || cmp_ref(&refs.v[i - 1], &refs.v[i]))
			rc = push_go(st, f->path, refs.v[i].name, refs.v[i].len, false, NULL, f);
done:
	free(refs.v);
	return rc;
}

static int cmp_go(const void *a, const void *b)
{
	const go_name *x = a, *y = b;
	int c = strcmp(x->dir, y->dir);
	if (!c)
		c = strcmp(x->name, y->name);
	if (!c)
		c = (x->path != NULL) - (y->path != NULL); /* uses before declarations */
	return c;
}

/* Go declarations no file of their directory uses. */
static int report_go_dead(quality_state *st, scan_sink *sink)
{
	int rc = 0;

	qsort(st->go, st->ngo, sizeof(*st->go), cmp_go);
	for (size_t i = 0, j; i < st->ngo && !rc; i = j) {
		const char *dir = st->go[i].dir;
		bool used = false;
		/* "" sorts first in its directory: the mark of an assembly file; testdata is not built */
		if (!*st->go[i].name || !strncmp(dir, "testdata", 8) || strstr(dir, "/testdata")) {
			for (j = i; j < st->ngo && !strcmp(st->go[j].dir, dir); j++)
				;
			continue;
		}
		for (j = i; j < st->ngo && !strcmp(st->go[j].dir, st->go[i].dir) && !strcmp(st->go[j].name, st->go[i].name); j++)
			used |= st->go[j].path == NULL;
		for (size_t k = i; k < j && !used && !rc; k++) {
			const go_name *g = &st->go[k];
			scan_finding_draft d;
			char title[256];
			snprintf(title, sizeof(title), "Unused private function '%.120s'", g->name);
			quality_draft(&d, dead_rules[DEAD_UNUSED_PRIVATE_FUNCTION].rule_id, title,
			              dead_rules[DEAD_UNUSED_PRIVATE_FUNCTION].remediation,
			              dead_rules[DEAD_UNUSED_PRIVATE_FUNCTION].severity, DEAD_CONFIDENCE);
			d.line = d.end_line = g->line, d.column = g->column;
			d.snippet = g->line_text, d.snippet_len = strlen(g->line_text);
			rc = scan_analyzers__emit(sink, g->path, &d);
		}
	}
	return rc;
}

/* The file's non-blank new lines, and the most complex function that has one. */
static void measure_new_code(scan_file_metrics *m, const scan_file *f, const scan_newcode_file *nf)
{
	const char *data = (const char *)f->data;
	uint32_t line = 1;
	bool blank = true;

	for (size_t i = 0; i <= f->len; i++) {
		if (i == f->len || data[i] == '\n') {
			if (!blank && scan_source__newcode_has(nf, line))
				m->new_lines++;
			line++, blank = true;
		} else if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r' && data[i] != '\f') {
			blank = false;
		}
	}
	for (uint32_t i = 0; i < m->nfunctions; i++) {
		const scan_function_metrics *fn = &m->functions[i];
		bool touched = false;
		for (size_t k = 0; k < nf->n && !touched; k++)
			touched = nf->r[k].start <= fn->end_line && nf->r[k].start + nf->r[k].count > fn->line;
		if (touched && (int32_t)fn->cognitive > m->new_cognitive_max)
			m->new_cognitive_max = (int32_t)fn->cognitive;
	}
}

static int quality_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	quality_state *qs = state;
	const scan_newcode_file *nf;
	quality_worker *w = wstate;
	scan_file_metrics m;
	const TSTree *tree;
	const char *reason = NULL;
	size_t plen;
	int rc;

	/* Go assembly can call any function of its package: its directory's functions are never reported. */
	if ((plen = strlen(f->path)) > 2 && !strcmp(f->path + plen - 2, ".s") &&
	    (rc = push_go(qs, f->path, "", 0, false, NULL, f)) != 0)
		return rc;
	if (!f->data || !scan_quality__lang(f->lang))
		return 0;
	tree = scan_file_tree(f, &reason);
	if (!tree)
		return 0; /* counted as skipped, with the reason, by the scan */
	scan_arena__dispose(&w->scratch);
	if ((rc = scan_quality__file_metrics(&m, &w->scratch, f->lang, tree, (const char *)f->data, f->len)) != 0)
		return rc;
	m.new_cognitive_max = -1;
	m.in_test = f->in_test;
	m.generated = f->generated;
	if ((nf = scan_source__newcode_file(qs->newcode, f->path)) != NULL)
		measure_new_code(&m, f, nf);
	/* Nobody maintains generated code by hand: measured, never judged (the sink drops dead code there too). */
	for (uint32_t i = 0; i < m.nfunctions && !rc && !f->generated; i++) {
		const scan_function_metrics *fn = &m.functions[i];
		if (fn->cognitive > COGNITIVE_MAX)
			rc = report(w, f, sink, &cognitive_rule, fn, fn->cognitive, COGNITIVE_MAX);
		if (!rc && fn->code_lines > FUNCTION_LINES_MAX)
			rc = report(w, f, sink, &long_rule, fn, fn->code_lines, FUNCTION_LINES_MAX);
		if (!rc && fn->params > PARAMS_MAX)
			rc = report(w, f, sink, &params_rule, fn, fn->params, PARAMS_MAX);
	}
	if (!rc)
		rc = dead_code(state, w, f, tree, sink);
	if (!rc)
		rc = scan_analyzers__emit_metrics(sink, f->path, &m);
	/* Test code repeats its set-up on purpose, generators their templates: neither is compared for duplication. */
	if (!rc && !f->in_test && !f->generated) {
		dup_token *t;
		uint32_t n;
		if ((rc = scan_dup__tokens(&t, &n, f->lang, tree, (const char *)f->data, f->len)) == 0)
			rc = keep_tokens(state, f->path, t, n);
	}
	return rc;
}

/* One hash for the block's normalised tokens: the finding's snippet, stable while the copy is. */
static uint64_t block_hash(const dup_file *f, uint32_t start, uint32_t len)
{
	uint64_t h = SCAN_HASH_SEED;
	for (uint32_t i = 0; i < len; i++)
		h = (h ^ scan_dup__key(f->t[start + i].hash)) * 1099511628211ull; /* a whole key per step, as fingerprints were made */
	return h;
}

/*
 * The lines where a token of the block starts: code lines, never a blank or
 * comment-only line inside the block, so duplicated lines are a share of the
 * code lines and new duplicated lines a share of the new lines (never above
 * 100%, as counting every line of a block's span made them).
 */
static void mark_lines(uint8_t *dup, uint32_t nlines, const dup_file *f, uint32_t start, uint32_t len)
{
	for (uint32_t k = start; k < start + len; k++)
		if (f->t[k].line < nlines)
			dup[f->t[k].line] = 1;
}

static int report_clone(scan_sink *sink, const dup_file *files, const dup_clone *c)
{
	const dup_file *a = &files[c->a], *b = &files[c->b];
	uint32_t bl = b->t[c->b_start].line, be = b->t[c->b_start + c->len - 1].line;
	uint32_t al = a->t[c->a_start].line, ae = a->t[c->a_start + c->len - 1].line;
	char title[512], snippet[64];
	scan_finding_draft d;

	if (c->a == c->b)
		snprintf(title, sizeof(title), "Lines %u-%u duplicate lines %u-%u of this file (%u tokens)",
		         bl, be, al, ae, c->len);
	else
		snprintf(title, sizeof(title), "Lines %u-%u duplicate lines %u-%u of %s (%u tokens)",
		         bl, be, al, ae, a->path, c->len);
	snprintf(snippet, sizeof(snippet), "duplicated block %016llx",
	         (unsigned long long)block_hash(b, c->b_start, c->len));
	quality_draft(&d, "quality/duplicated-block", title,
	              "Move the shared code into one function, class or module and call it from both places.",
	              SCAN_SEV_LOW, 100);
	d.line = bl, d.end_line = be, d.column = 1;
	d.snippet = snippet, d.snippet_len = strlen(snippet);
	return scan_analyzers__emit(sink, b->path, &d);
}

/* Each clone once under both of its files, so a file's clones are one slice. */
typedef struct {
	uint32_t file, start, len;
} clone_side;

static int cmp_side(const void *a, const void *b)
{
	const clone_side *x = a, *y = b;
	return x->file != y->file ? (x->file < y->file ? -1 : 1) : 0;
}

/* Duplicated lines and blocks of each file, overall and on its new lines. */
static int count_duplicated_lines(const quality_state *st, scan_sink *sink, const dup_clone *clones, size_t nclones)
{
	clone_side *side = malloc(2 * nclones * sizeof(*side));
	uint8_t *dup = NULL;
	size_t dup_cap = 0;
	int rc = 0;

	if (!side)
		return scan_error__oom();
	for (size_t i = 0; i < nclones; i++) {
		side[2 * i] = (clone_side){ clones[i].a, clones[i].a_start, clones[i].len };
		side[2 * i + 1] = (clone_side){ clones[i].b, clones[i].b_start, clones[i].len };
	}
	qsort(side, 2 * nclones, sizeof(*side), cmp_side);
	for (size_t i = 0, j; i < 2 * nclones && !rc; i = j) {
		const dup_file *df = &st->dup.files[side[i].file];
		scan_file_metrics *m = scan_sink__metrics_of(sink, df->path);
		const scan_newcode_file *nf = scan_source__newcode_file(st->newcode, df->path);
		uint32_t nlines = df->t[df->n - 1].line + 1;
		for (j = i; j < 2 * nclones && side[j].file == side[i].file; j++)
			;
		if (!m)
			continue;
		if (scan_array_reserve(&dup, &dup_cap, nlines, sizeof(*dup))) {
			rc = SCAN_ENOMEM;
			break;
		}
		memset(dup, 0, nlines);
		for (size_t k = i; k < j; k++)
			mark_lines(dup, nlines, df, side[k].start, side[k].len);
		for (uint32_t l = 0; l < nlines; l++) {
			m->duplicated_lines += dup[l];
			if (dup[l] && nf && scan_source__newcode_has(nf, l))
				m->new_duplicated_lines++;
		}
		m->duplicated_blocks = (uint32_t)(j - i);
	}
	free(dup);
	free(side);
	return rc;
}

/* Clones across the whole scan: findings, and duplicated lines in each file's metrics. */
static int quality_finalize(void *state, scan_sink *sink)
{
	quality_state *st = state;
	dup_clone *clones = NULL;
	size_t nclones = 0;
	int rc;

	if (st->ngo && (rc = report_go_dead(st, sink)) != 0)
		return rc;
	for (size_t i = 0; i < st->dup.nleft; i++) {
		scan_file_metrics *m = scan_sink__metrics_of(sink, st->dup.left_out[i]);
		if (m)
			m->duplication_skipped = true;
	}
	if (!st->dup.n)
		return 0;
	scan_quality__dup_keep_sort(&st->dup); /* the earlier path is the original */
	if ((rc = scan_dup__find(st->dup.files, st->dup.n, &clones, &nclones)) != 0)
		return rc;
	for (size_t i = 0; i < nclones && !rc; i++)
		rc = report_clone(sink, st->dup.files, &clones[i]);
	if (!rc && nclones)
		rc = count_duplicated_lines(st, sink, clones, nclones);
	free(clones);
	return rc;
}

const scan_analyzer scan_analyzers__analyzer_quality = {
	.info = {
		.name = "quality",
		.version = "1.0.0",
		.description = "code metrics (lines, cyclomatic and cognitive complexity, parameters, nesting) "
		               "and findings for functions over the thresholds",
		.default_enabled = true,
	},
	.wants = SCAN_WANT_TEXT | SCAN_WANT_TREE,
	.init = quality_init,
	.worker_init = quality_worker_init,
	.file = quality_file,
	.finalize = quality_finalize,
	.worker_free = quality_worker_free,
	.free = quality_free,
};
