/* lib/sast/engine.c - every rule of a language over one file, in one walk of its tree */
#include <hs/hs.h>
#include <stdlib.h>
#include <string.h>
#include "sast/engine.h"
#include "sast/match.h"
#include "scan/common.h"
#include "util/error.h"
#include "walk/ignore.h"

#define REGEX_MATCHES_MAX 10000
#define QUERY_MATCHES_MAX 10000
#define MV_TEXT_MAX 80

typedef struct {
	const sast_formula *f;
	uint32_t rule;
} leaf_ref;

typedef struct {
	uint32_t nsym;
	uint32_t *start;              /* per symbol: first entry in by_sym (CSR layout) */
	leaf_ref *by_sym;
	leaf_ref *seq;                /* patterns with no root symbol: tried at every node */
	size_t nseq;
	leaf_ref *other;              /* queries, regexes, Dockerfile instructions */
	size_t nother;
	uint32_t *rules;              /* rule indices */
	size_t nrules;
	uint32_t *leaves;             /* every leaf slot of those rules, to reset per file */
	size_t nleaves;
	hs_database_t *db;            /* the atoms of its rules */
	uint32_t *atom_rule;          /* atom id -> rule */
} lang_index;

struct sast_engine {
	const sast_ruleset *rs;
	lang_index lang[SCAN_LANG__COUNT];
	scan_ignore **include, **exclude; /* per rule; NULL: no filter */
};

static int push_ref(leaf_ref **v, size_t *n, const sast_formula *f, uint32_t rule)
{
	leaf_ref *nv = realloc(*v, (*n + 1) * sizeof(*nv));
	if (!nv)
		return scan__error_oom();
	nv[*n].f = f, nv[*n].rule = rule;
	*v = nv, (*n)++;
	return 0;
}

/* Every leaf of f, wherever it sits (filters' leaves too: they are matched in the same walk). */
static int collect_leaves(const sast_formula *f, leaf_ref **v, size_t *n, uint32_t rule)
{
	int rc;
	if (f->kind <= SAST_F_INSTRUCTION)
		return push_ref(v, n, f, rule);
	for (size_t i = 0; i < f->nkids; i++)
		if ((rc = collect_leaves(f->kids[i], v, n, rule)) != 0)
			return rc;
	return 0;
}

static int build_lang(sast_engine *e, scan_lang lang)
{
	lang_index *li = &e->lang[lang];
	const sast_langinfo *info = sast__langinfo(lang);
	leaf_ref *all = NULL;
	size_t nall = 0;
	const char **atoms = NULL;
	unsigned *ids = NULL, *flags = NULL;
	size_t *lens = NULL, natoms = 0;
	int rc = 0;

	for (size_t r = 0; r < e->rs->count; r++) {
		const sast_rule *rule = &e->rs->rules[r];
		uint32_t *nr;
		if (!(rule->langs & (1ull << lang)))
			continue;
		if (!(nr = realloc(li->rules, (li->nrules + 1) * sizeof(*nr))))
			goto oom;
		li->rules = nr;
		li->rules[li->nrules++] = (uint32_t)r;
		if ((rc = collect_leaves(rule->match, &all, &nall, (uint32_t)r)) != 0)
			goto done;
		natoms += rule->natoms;
	}
	if (!li->nrules)
		goto done;
	if (!(li->leaves = calloc(nall ? nall : 1, sizeof(*li->leaves))))
		goto oom;
	for (size_t i = 0; i < nall; i++)
		li->leaves[li->nleaves++] = all[i].f->leaf;
	/* the symbol index, in compressed rows */
	li->nsym = info ? info->nsym : 0;
	if (!(li->start = calloc((size_t)li->nsym + 1, sizeof(*li->start))) ||
	    !(li->by_sym = calloc(nall ? nall : 1, sizeof(*li->by_sym))))
		goto oom;
	for (size_t i = 0; i < nall; i++) {
		const sast_pattern *p = all[i].f->kind == SAST_F_PATTERN ? all[i].f->pat[lang] : NULL;
		TSSymbol s = p ? sast__pattern_root_symbol(p) : 0;
		if (p && s && s < li->nsym)
			li->start[s + 1]++;
	}
	for (uint32_t s = 0; s < li->nsym; s++)
		li->start[s + 1] += li->start[s];
	{
		uint32_t *fill = calloc((size_t)li->nsym + 1, sizeof(*fill));
		if (!fill)
			goto oom;
		for (size_t i = 0; i < nall; i++) {
			const sast_pattern *p = all[i].f->kind == SAST_F_PATTERN ? all[i].f->pat[lang] : NULL;
			TSSymbol s = p ? sast__pattern_root_symbol(p) : 0;
			if (p && s && s < li->nsym)
				li->by_sym[li->start[s] + fill[s]++] = all[i];
			else if (p)
				rc = push_ref(&li->seq, &li->nseq, all[i].f, all[i].rule);
			else
				rc = push_ref(&li->other, &li->nother, all[i].f, all[i].rule);
			if (rc) {
				free(fill);
				goto done;
			}
		}
		free(fill);
	}
	/* the atoms: one literal pass tells which rules can match a file at all */
	if (natoms) {
		hs_compile_error_t *err = NULL;
		size_t k = 0;
		if (!(atoms = calloc(natoms, sizeof(*atoms))) || !(ids = calloc(natoms, sizeof(*ids))) ||
		    !(flags = calloc(natoms, sizeof(*flags))) || !(lens = calloc(natoms, sizeof(*lens))) ||
		    !(li->atom_rule = calloc(natoms, sizeof(*li->atom_rule))))
			goto oom;
		for (size_t i = 0; i < li->nrules; i++) {
			const sast_rule *rule = &e->rs->rules[li->rules[i]];
			for (size_t a = 0; a < rule->natoms; a++, k++) {
				atoms[k] = rule->atoms[a];
				lens[k] = strlen(rule->atoms[a]);
				ids[k] = (unsigned)k;
				flags[k] = HS_FLAG_SINGLEMATCH;
				li->atom_rule[k] = li->rules[i];
			}
		}
		if (hs_compile_lit_multi(atoms, flags, ids, lens, (unsigned)k, HS_MODE_BLOCK, NULL, &li->db, &err) != HS_SUCCESS) {
			rc = scan__error(SCAN_EINVAL, "cannot compile the rule atoms: %s", err ? err->message : "?");
			hs_free_compile_error(err);
			goto done;
		}
	}
	goto done;
oom:
	rc = scan__error_oom();
done:
	free(all);
	free(atoms);
	free(ids);
	free(flags);
	free(lens);
	return rc;
}

void sast__engine_free(sast_engine *e)
{
	if (!e)
		return;
	for (int l = 0; l < SCAN_LANG__COUNT; l++) {
		lang_index *li = &e->lang[l];
		free(li->start);
		free(li->by_sym);
		free(li->seq);
		free(li->other);
		free(li->rules);
		free(li->leaves);
		free(li->atom_rule);
		hs_free_database(li->db);
	}
	for (size_t r = 0; e->include && r < e->rs->count; r++) {
		scan_ignore__free(e->include[r]);
		scan_ignore__free(e->exclude[r]);
	}
	free(e->include);
	free(e->exclude);
	free(e);
}

static int globs(scan_ignore **out, const char **list, size_t n)
{
	int rc;
	*out = NULL;
	if (!n)
		return 0;
	if ((rc = scan_ignore__new(out)) != 0)
		return rc;
	for (size_t i = 0; i < n; i++)
		if ((rc = scan_ignore__add_rule(*out, list[i])) != 0)
			return rc;
	return 0;
}

int sast__engine_new(sast_engine **out, const sast_ruleset *rs)
{
	sast_engine *e = calloc(1, sizeof(*e));
	int rc = 0;

	*out = NULL;
	if (!e)
		return scan__error_oom();
	e->rs = rs;
	if (!(e->include = calloc(rs->count + 1, sizeof(*e->include))) ||
	    !(e->exclude = calloc(rs->count + 1, sizeof(*e->exclude)))) {
		sast__engine_free(e);
		return scan__error_oom();
	}
	for (size_t r = 0; r < rs->count && !rc; r++)
		if ((rc = globs(&e->include[r], rs->rules[r].path_include, rs->rules[r].ninclude)) == 0)
			rc = globs(&e->exclude[r], rs->rules[r].path_exclude, rs->rules[r].nexclude);
	for (int l = 1; l < SCAN_LANG__COUNT && !rc; l++)
		rc = build_lang(e, (scan_lang)l);
	if (rc) {
		sast__engine_free(e);
		return rc;
	}
	*out = e;
	return 0;
}

bool sast__engine_wants(const sast_engine *e, scan_lang lang)
{
	return (int)lang > 0 && lang < SCAN_LANG__COUNT && e->lang[lang].nrules > 0;
}

int sast__ctx_new(sast_ctx **out, const sast_engine *e)
{
	sast_ctx *c = calloc(1, sizeof(*c));
	*out = NULL;
	if (!c)
		return scan__error_oom();
	c->engine = e;
	c->leaf = calloc(e->rs->nleaves ? e->rs->nleaves : 1, sizeof(*c->leaf));
	c->active = calloc(e->rs->count ? e->rs->count : 1, 1);
	c->md = pcre2_match_data_create(32, NULL);
	c->mctx = pcre2_match_context_create(NULL);
	c->qc = ts_query_cursor_new();
	if (!c->leaf || !c->active || !c->md || !c->mctx || !c->qc) {
		sast__ctx_free(c);
		return scan__error_oom();
	}
	/* A hostile file must not stall a worker on one regex. */
	pcre2_set_match_limit(c->mctx, 1000000);
	pcre2_set_depth_limit(c->mctx, 10000);
	ts_query_cursor_set_match_limit(c->qc, 2048);
	for (int l = 0; l < SCAN_LANG__COUNT; l++)
		if (e->lang[l].db && hs_alloc_scratch(e->lang[l].db, &c->scratch) != HS_SUCCESS) {
			sast__ctx_free(c);
			return scan__error_oom();
		}
	*out = c;
	return 0;
}

void sast__ctx_free(sast_ctx *c)
{
	if (!c)
		return;
	if (c->has_cur)
		ts_tree_cursor_delete(&c->cur);
	for (size_t i = 0; c->leaf && i < c->engine->rs->nleaves; i++)
		free(c->leaf[i].v);
	free(c->leaf);
	free(c->active);
	free(c->stk);
	free(c->used);
	free(c->df.v);
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mctx);
	if (c->qc)
		ts_query_cursor_delete(c->qc);
	hs_free_scratch(c->scratch);
	scan__arena_dispose(&c->arena);
	free(c);
}

typedef struct {
	sast_ctx *c;
	const uint32_t *atom_rule;
} atom_scan;

static int on_atom_hit(unsigned id, unsigned long long from, unsigned long long to, unsigned flags, void *ud)
{
	atom_scan *a = ud;
	(void)from, (void)to, (void)flags;
	a->c->active[a->atom_rule[id]] = 1;
	return 0;
}

/* Which rules of the language can match this file: path filters, then atoms. */
static size_t select_rules(sast_ctx *c, const lang_index *li, const char *path, const char *data, size_t len)
{
	const sast_engine *e = c->engine;
	size_t n = 0;

	for (size_t i = 0; i < li->nrules; i++)
		c->active[li->rules[i]] = e->rs->rules[li->rules[i]].natoms == 0;
	if (li->db && len <= 0xffffffffu) {
		atom_scan a = { c, li->atom_rule };
		hs_scan(li->db, data, (unsigned)len, 0, c->scratch, on_atom_hit, &a);
	}
	for (size_t i = 0; i < li->nrules; i++) {
		uint32_t r = li->rules[i];
		if (c->active[r] && e->include[r] && !scan_ignore__match(e->include[r], path, false))
			c->active[r] = 0;
		if (c->active[r] && e->exclude[r] && scan_ignore__match(e->exclude[r], path, false))
			c->active[r] = 0;
		n += c->active[r];
	}
	return n;
}

static void walk_tree(sast_ctx *c, const lang_index *li, const TSTree *tree)
{
	TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	int rc = 0;

	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		TSSymbol s = ts_node_symbol(n);
		if (s < li->nsym) {
			for (uint32_t i = li->start[s]; i < li->start[s + 1] && !rc; i++) {
				const leaf_ref *r = &li->by_sym[i];
				if (c->active[r->rule]) {
					c->pushed = r->f->pushed, c->npushed = r->f->npushed;
					rc = sast__match_pattern(c, r->f->pat[c->lang_id], n, &c->leaf[r->f->leaf]);
				}
			}
		}
		for (size_t i = 0; i < li->nseq && !rc; i++) {
			const leaf_ref *r = &li->seq[i];
			if (c->active[r->rule] && ts_node_child_count(n) > 0) {
				c->pushed = r->f->pushed, c->npushed = r->f->npushed;
				rc = sast__match_pattern(c, r->f->pat[c->lang_id], n, &c->leaf[r->f->leaf]);
			}
		}
		c->npushed = 0;
		if (rc || c->exhausted || !sast__budget_ok(c))
			break;
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
	}
out:
	if (rc && !c->exhausted) {
		c->exhausted = true;
		c->why = "out of memory";
	}
	ts_tree_cursor_delete(&cur);
}

static void match_lines(sast_ctx *c, sast_match *m)
{
	uint32_t line = 1, col = 1;
	for (uint32_t i = 0; i < m->sb && i < c->len; i++)
		if (c->src[i] == '\n')
			line++, col = 1;
		else
			col++;
	m->line = line, m->column = col;
	for (uint32_t i = m->sb; i + 1 < m->eb && i < c->len; i++)
		if (c->src[i] == '\n')
			line++;
	m->end_line = line;
}

static int run_regex(sast_ctx *c, const sast_formula *f, sast_matches *out)
{
	PCRE2_SIZE off = 0;
	int rc = 0;
	for (unsigned k = 0; k < REGEX_MATCHES_MAX && off <= c->len && !rc; k++) {
		PCRE2_SIZE *ov;
		sast_match m;
		int n = pcre2_match(f->re, (PCRE2_SPTR)c->src, c->len, off, 0, c->md, c->mctx);
		if (n == PCRE2_ERROR_MATCHLIMIT || n == PCRE2_ERROR_DEPTHLIMIT) {
			c->exhausted = true;
			c->why = "a rule's regex exceeded its match limit";
			return 0;
		}
		if (n < 0)
			break;
		ov = pcre2_get_ovector_pointer(c->md);
		m.bound = 0;
		m.sb = (uint32_t)ov[0], m.eb = (uint32_t)ov[1];
		for (int g = 1; g < n && g < 32; g++) {
			int mv = f->re_group_mv[g];
			if (mv >= 0 && ov[2 * g] != PCRE2_UNSET) {
				memset(&m.b[mv], 0, sizeof(m.b[mv]));
				m.b[mv].sb = (uint32_t)ov[2 * g], m.b[mv].eb = (uint32_t)ov[2 * g + 1];
				m.bound |= 1u << mv;
			}
		}
		match_lines(c, &m);
		rc = sast__matches_push(out, &m);
		off = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
	}
	return rc;
}

static bool query_progress(TSQueryCursorState *st)
{
	sast_ctx *c = st->payload;
	return !sast__budget_ok(c); /* true cancels */
}

static int run_query(sast_ctx *c, const sast_formula *f, TSNode root, sast_matches *out)
{
	const TSQuery *q = f->query[c->lang_id];
	const int16_t *mvs = f->query_mv[c->lang_id];
	TSQueryCursorOptions opts = { c, query_progress };
	TSQueryMatch qm;
	int rc = 0;
	unsigned k = 0;

	ts_query_cursor_exec_with_options(c->qc, q, root, &opts);
	while (!rc && k++ < QUERY_MATCHES_MAX && ts_query_cursor_next_match(c->qc, &qm)) {
		sast_match m;
		TSNode at = { 0 };
		m.bound = 0;
		for (uint16_t i = 0; i < qm.capture_count; i++) {
			const TSQueryCapture *cap = &qm.captures[i];
			int mv = mvs[cap->index];
			if (mv == -2 || (!at.id && i == 0))
				at = cap->node;
			if (mv >= 0) {
				memset(&m.b[mv], 0, sizeof(m.b[mv]));
				m.b[mv].sb = ts_node_start_byte(cap->node), m.b[mv].eb = ts_node_end_byte(cap->node);
				m.b[mv].node = cap->node;
				m.bound |= 1u << mv;
			}
		}
		if (!at.id)
			continue;
		{
			TSPoint sp = ts_node_start_point(at), ep = ts_node_end_point(at);
			m.sb = ts_node_start_byte(at), m.eb = ts_node_end_byte(at);
			m.line = sp.row + 1, m.column = sp.column + 1, m.end_line = ep.row + 1;
		}
		rc = sast__matches_push(out, &m);
	}
	return rc;
}

static int instr_match(const sast_formula *f, const sast_instr *in, sast_matches *out)
{
	sast_match m;
	m.bound = 0;
	m.sb = in->sb, m.eb = in->eb, m.line = in->line, m.end_line = in->end_line, m.column = 1;
	if (f->instr.args_mv >= 0) {
		sast_binding *b = &m.b[f->instr.args_mv];
		memset(b, 0, sizeof(*b));
		b->sb = in->sb, b->eb = in->eb, b->text = in->args, b->len = (uint32_t)in->args_len;
		m.bound |= 1u << f->instr.args_mv;
	}
	return sast__matches_push(out, &m);
}

static int run_instruction(sast_ctx *c, const sast_formula *f, sast_matches *out)
{
	const sast_dockerfile *df = &c->df;
	const sast_instruction *want = &f->instr;
	int rc = 0;

	for (unsigned st = 0; st < df->stages && !rc; st++) {
		const sast_instr *from = NULL, *last = NULL;
		if (want->final_stage && st + 1 != df->stages)
			continue;
		for (size_t i = 0; i < df->n && !rc; i++) {
			const sast_instr *in = &df->v[i];
			if (in->stage != st)
				continue;
			if (!from && !strcmp(in->keyword, "FROM"))
				from = in;
			if (strcmp(in->keyword, want->keyword))
				continue;
			last = in;
			if (!want->last && !want->missing)
				rc = instr_match(f, in, out);
		}
		if (want->last && last && !rc)
			rc = instr_match(f, last, out);
		if (want->missing && !last && from && !rc)
			rc = instr_match(f, from, out);
	}
	return rc;
}

static int cmp_match(const void *a, const void *b)
{
	const sast_match *x = a, *y = b;
	if (x->sb != y->sb)
		return x->sb < y->sb ? -1 : 1;
	if (x->eb != y->eb)
		return x->eb < y->eb ? -1 : 1;
	return 0;
}

int sast__scan_file(sast_ctx *c, scan_lang lang, const char *path, const char *data, size_t len,
                    const TSTree *tree, sast_emit_fn emit, void *ud, const char **skip_reason)
{
	const sast_engine *e = c->engine;
	const lang_index *li;
	int rc = 0;

	*skip_reason = NULL;
	if (!sast__engine_wants(e, lang))
		return 0;
	li = &e->lang[lang];
	if (len > 0xffffffffu) {
		*skip_reason = "larger than 4 GiB";
		return SCAN_ELIMIT;
	}
	if (!select_rules(c, li, path, data, len))
		return 0;
	c->src = data, c->len = len, c->lang_id = lang;
	c->li = sast__langinfo(lang);
	c->steps = 0, c->exhausted = false, c->why = NULL, c->top = 0, c->used_top = 0;
	clock_gettime(CLOCK_MONOTONIC, &c->deadline);
	c->deadline.tv_sec += SAST_FILE_MS_MAX / 1000;
	for (size_t i = 0; i < li->nleaves; i++)
		c->leaf[li->leaves[i]].n = 0;
	if (!c->has_cur && tree) {
		c->cur = ts_tree_cursor_new(ts_tree_root_node(tree));
		c->has_cur = true;
	}
	if (lang == SCAN_LANG_DOCKERFILE) {
		scan__arena_dispose(&c->arena);
		c->df.n = 0, c->df.stages = 0;
		if ((rc = sast__dockerfile_parse(&c->df, &c->arena, data, len)) != 0)
			return rc;
	}
	if (tree && c->li && (li->nsym || li->nseq))
		walk_tree(c, li, tree);
	for (size_t i = 0; i < li->nother && !rc && !c->exhausted; i++) {
		const leaf_ref *r = &li->other[i];
		sast_matches *out = &c->leaf[r->f->leaf];
		if (!c->active[r->rule])
			continue;
		if (r->f->kind == SAST_F_REGEX)
			rc = run_regex(c, r->f, out);
		else if (r->f->kind == SAST_F_QUERY && tree)
			rc = run_query(c, r->f, ts_tree_root_node(tree), out);
		else if (r->f->kind == SAST_F_INSTRUCTION && lang == SCAN_LANG_DOCKERFILE)
			rc = run_instruction(c, r->f, out);
	}
	if (rc)
		return rc;
	if (c->exhausted) {
		*skip_reason = c->why;
		return SCAN_ELIMIT;
	}
	for (size_t i = 0; i < li->nrules && !rc; i++) {
		const sast_rule *r = &e->rs->rules[li->rules[i]];
		sast_matches res = { 0 };
		if (!c->active[li->rules[i]])
			continue;
		rc = sast__eval(c, r, r->match, &res, 0);
		if (!rc && res.n > 1)
			qsort(res.v, res.n, sizeof(*res.v), cmp_match);
		for (size_t k = 0; k < res.n && !rc; k++)
			if (k == 0 || cmp_match(&res.v[k], &res.v[k - 1]))
				rc = emit(ud, r, &res.v[k]);
		free(res.v);
	}
	return rc;
}

void sast__render(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src)
{
	for (const char *p = tmpl; *p;) {
		size_t best = 0;
		int mv = -1;
		if (*p == '$')
			for (unsigned i = 0; i < r->nmv; i++) {
				size_t n = strlen(r->mv_names[i]);
				if (n > best && !strncmp(p, r->mv_names[i], n) && (m->bound & (1u << i)))
					best = n, mv = (int)i;
			}
		if (mv < 0) {
			scan_buf_putc(out, *p++);
			continue;
		}
		{
			const char *s;
			size_t n, k = 0;
			sast__binding_text(&m->b[mv], src, &s, &n);
			while (k < n && k < MV_TEXT_MAX && s[k] != '\n' && s[k] != '\r')
				k++;
			scan_buf_put(out, s, k);
			if (k < n)
				scan_buf_puts(out, "...");
		}
		p += best;
	}
}
