/* lib/sast/engine.c - every rule of a language over one file, in one walk of its tree */
#define _GNU_SOURCE /* memmem */
#include <hs/hs.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "sast/engine.h"
#include "sast/taint.h"
#include "sast/match.h"
#include "scan/common.h"
#include "scan/array.h"
#include "util/error.h"
#include "walk/ignore.h"

#define REGEX_MATCHES_MAX 10000
#define QUERY_MATCHES_MAX 100000
#define MV_TEXT_MAX 80

typedef struct {
	const sast_formula *f;
	uint32_t rule;
	uint8_t phase;                /* 1: decides whether the rule matches; 2: only filters its results */
	const char *atom;             /* a word every match of the pattern contains; NULL: none */
	size_t atom_len;
	int32_t atom_id;              /* its index in the language's leaf atoms; -1: none */
	/* no atom, but words one of which every match holds (sast_formula.alts):
	   their leaf atom ids, alt_ids[alt_first .. alt_first + nalts) of the language */
	uint32_t alt_first, nalts;
} leaf_ref;

typedef struct {
	TSQuery *q;
	uint32_t ncap;
	uint32_t *pat_ref;            /* query pattern -> refs[] */
	int16_t *mv;                  /* pattern * ncap + capture -> metavariable; -2 @match; -1 none */
	leaf_ref *refs;
	size_t nrefs, refs_cap;
} combined_query;

typedef struct {
	uint32_t nsym;
	uint32_t *start;              /* per symbol: first entry in by_sym (CSR layout) */
	leaf_ref *by_sym;
	leaf_ref *seq;                /* sequences that may start with any statement: tried at every node */
	size_t nseq, seq_cap;
	/*
	 * Sequences whose first statement has a known symbol: tried, after its
	 * children are walked, at a node where a child (or grandchild, through
	 * a wrapper) has that symbol. first_mask[symbol] holds their bits.
	 */
	leaf_ref *seqf;
	size_t nseqf, seqf_cap;
	uint64_t *first_mask;
	/*
	 * by_sym[later[s] .. start[s + 1]): symbol s's second-phase leaves (the
	 * first walk lists the nodes that have some). later_seq: a second-phase
	 * sequence, which needs the walk itself.
	 */
	uint32_t *later;
	bool later_seq;
	leaf_ref *other;              /* queries, regexes, Dockerfile instructions */
	size_t nother, other_cap;
	uint32_t *rules;              /* rule indices */
	size_t nrules, rules_cap;
	uint32_t *leaves;             /* every leaf slot of those rules, to reset per file */
	size_t nleaves;
	uint32_t *phase2_rules;       /* rules with filter leaves */
	size_t nphase2_rules;
	/*
	 * The query leaves of each phase as one tree-sitter query, so a file is
	 * walked once for all of them rather than once per query.
	 */
	combined_query cq[2];
	hs_database_t *db;            /* the atoms of its rules */
	uint32_t *atom_rule;          /* atom id -> rule */
	/*
	 * The leaves' own atoms, found once per file: whether a node holds a
	 * pattern's atom is then a search in a sorted list of offsets, not a
	 * scan of the node's text for every pattern tried there.
	 */
	hs_database_t *leaf_db;
	uint32_t *leaf_atom_len;      /* by leaf atom id */
	size_t nleaf_atoms;
	int32_t *alt_ids;             /* leaf_ref.alt_first indexes this */
	size_t nalt_ids;
} lang_index;

struct sast_engine {
	sast_ruleset *rs;
	lang_index lang[SCAN_LANG__COUNT];
	uint64_t langs;               /* languages some rule is for */
	atomic_bool built[SCAN_LANG__COUNT];
	pthread_mutex_t lock;         /* building a language's index on its first file */
	scan_ignore **include, **exclude; /* per rule; NULL: no filter */
};

/* A sequence's bit in first_mask; two first symbols sharing a bit only cost a useless try. */
static uint64_t first_bit(TSSymbol first)
{
	return 1ull << (first % 64);
}

static int push_ref(leaf_ref **v, size_t *n, size_t *cap, const leaf_ref *r)
{
	if (scan_array_reserve(v, cap, *n + 1, sizeof(**v)))
		return SCAN_ENOMEM;
	(*v)[(*n)++] = *r;
	return 0;
}

/*
 * Every leaf of f. Leaves in positive position (the patterns of all: and
 * any:) are phase 1; the leaves of filters (not, inside, has...) are phase 2,
 * matched in a second walk only for rules whose phase 1 found something -
 * so "inside any function" costs nothing in files where the rule's sink
 * does not occur.
 */
static int collect_leaves(const sast_formula *f, leaf_ref **v, size_t *n, size_t *cap, uint32_t rule, uint8_t phase)
{
	int rc;
	if (f->kind <= SAST_F_INSTRUCTION) {
		leaf_ref r = { f, rule, phase, f->atom, f->atom ? strlen(f->atom) : 0, -1, 0, 0 };
		return push_ref(v, n, cap, &r);
	}
	for (size_t i = 0; i < f->nkids; i++) {
		bool filter = f->kind != SAST_F_ALL && f->kind != SAST_F_ANY;
		if ((rc = collect_leaves(f->kids[i], v, n, cap, rule, filter ? 2 : phase)) != 0)
			return rc;
	}
	return 0;
}

/* A taint rule's propagators: second-phase leaves, like its sources. */
static int collect_props(const sast_rule *rule, leaf_ref **v, size_t *n, size_t *cap, uint32_t r)
{
	int rc = 0;
	for (size_t i = 0; i < rule->ntaint_propagators && !rc; i++)
		rc = collect_leaves(rule->taint_propagators[i], v, n, cap, r, 2);
	return rc;
}

static int combine_queries(sast_engine *e, lang_index *li, scan_lang lang, int phase)
{
	scan_buf src = SCAN_BUF_INIT;
	uint32_t *starts = NULL, off, npat;
	TSQueryError qe;
	int rc = 0;
	combined_query *cq = &li->cq[phase - 1];

	for (size_t i = 0; i < li->nother; i++) {
		const leaf_ref *r = &li->other[i];
		if (r->f->kind != SAST_F_QUERY || r->phase != phase || !r->f->query[lang])
			continue;
		if ((rc = push_ref(&cq->refs, &cq->nrefs, &cq->refs_cap, r)) != 0)
			goto done;
	}
	if (!cq->nrefs)
		goto done;
	if (!(starts = calloc(cq->nrefs, sizeof(*starts)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < cq->nrefs; i++) {
		starts[i] = (uint32_t)src.size;
		scan_buf_printf(&src, "%s\n", cq->refs[i].f->src);
	}
	if (scan_buf_failed(&src)) {
		rc = scan_error__oom();
		goto done;
	}
	if (!(cq->q = ts_query_new(scan_sast__langinfo(lang)->ts, src.ptr, (uint32_t)src.size, &off, &qe)))
		goto done; /* each compiled alone, so this cannot happen; if it does, they run one by one */
	npat = ts_query_pattern_count(cq->q);
	cq->ncap = ts_query_capture_count(cq->q);
	if (!(cq->pat_ref = calloc(npat ? npat : 1, sizeof(*cq->pat_ref))) ||
	    !(cq->mv = calloc((size_t)(npat ? npat : 1) * (cq->ncap ? cq->ncap : 1), sizeof(*cq->mv)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (uint32_t p = 0; p < npat; p++) {
		uint32_t at = ts_query_start_byte_for_pattern(cq->q, p), k = 0;
		const sast_rule *rule;
		while (k + 1 < cq->nrefs && starts[k + 1] <= at)
			k++;
		cq->pat_ref[p] = k;
		rule = &e->rs->rules[cq->refs[k].rule];
		for (uint32_t ci = 0; ci < cq->ncap; ci++) {
			uint32_t len;
			const char *name = ts_query_capture_name_for_id(cq->q, ci, &len);
			cq->mv[(size_t)p * cq->ncap + ci] = len == 5 && !memcmp(name, "match", 5) ? -2 :
			                                    (int16_t)scan_sast__mv_lookup(rule, name, len);
		}
	}
done:
	free(starts);
	scan_buf_dispose(&src);
	return rc;
}

/* Compile the rule's leaves for lang; a leaf that does not compile stays NULL and never matches. */
static void compile_leaves(sast_engine *e, sast_rule *rule, sast_formula *f, scan_lang lang)
{
	char err[256];
	if (f->kind == SAST_F_PATTERN || f->kind == SAST_F_QUERY) {
		scan_sast__leaf_compile(e->rs, rule, f, lang, err, sizeof(err));
		return;
	}
	for (size_t i = 0; i < f->nkids; i++)
		compile_leaves(e, rule, f->kids[i], lang);
}

/*
 * The symbols at which the walk tries leaf r: a pattern's root symbol, a
 * rooted query's root, or the kinds of a query that only names kinds. NULL *out: the leaf is not indexed
 * (a statement sequence, a query proper, a regex...).
 */
static size_t indexed_symbols(const leaf_ref *r, scan_lang lang, TSSymbol *one, const TSSymbol **out)
{
	const sast_langinfo *info = scan_sast__langinfo(lang);
	size_t n = 0;
	*out = NULL;
	if (!info)
		return 0;
	if (r->f->kind == SAST_F_PATTERN && r->f->pat[lang]) {
		*one = scan_pattern__root_symbol(r->f->pat[lang]);
		if (!*one || *one >= info->nsym)
			return 0;
		*out = one;
		return 1;
	}
	if (r->f->kind == SAST_F_QUERY && r->f->query_root[lang] && r->f->query_root[lang] < info->nsym) {
		*one = r->f->query_root[lang];
		*out = one;
		return 1;
	}
	if (r->f->kind != SAST_F_QUERY || !r->f->query_kinds[lang])
		return 0;
	for (const TSSymbol *s = r->f->query_kinds[lang]; *s; s++)
		if (*s >= info->nsym)
			return 0;
	while (r->f->query_kinds[lang][n])
		n++;
	*out = r->f->query_kinds[lang];
	return n;
}

/* Every pattern leaf of a language, wherever the index keeps it. */
static void each_leaf(lang_index *li, void (*fn)(leaf_ref *r, void *ud), void *ud)
{
	for (size_t i = 0; li->start && i < li->start[li->nsym]; i++)
		fn(&li->by_sym[i], ud);
	for (size_t i = 0; i < li->nseq; i++)
		fn(&li->seq[i], ud);
	for (size_t i = 0; i < li->nseqf; i++)
		fn(&li->seqf[i], ud);
}

typedef struct {
	const char **atoms;
	unsigned *lens;
	size_t n, cap;
	int32_t *alt_ids;
	size_t nalt_ids, alt_cap;
	int oom;
} atom_set;

/* The id of atom (len bytes) in a, added if new; -1 when out of memory. */
static int32_t atom_id(atom_set *a, const char *atom, size_t len)
{
	size_t i;
	for (i = 0; i < a->n; i++)
		if (a->lens[i] == len && !memcmp(a->atoms[i], atom, len))
			return (int32_t)i;
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 64;
		const char **na = realloc(a->atoms, cap * sizeof(*na));
		unsigned *nl = realloc(a->lens, cap * sizeof(*nl));
		if (na)
			a->atoms = na;
		if (nl)
			a->lens = nl;
		if (!na || !nl) {
			a->oom = 1;
			return -1;
		}
		a->cap = cap;
	}
	a->atoms[a->n] = atom, a->lens[a->n] = (unsigned)len;
	return (int32_t)a->n++;
}

static void add_atom(leaf_ref *r, void *ud)
{
	atom_set *a = ud;

	if (a->oom)
		return;
	if (r->atom) {
		r->atom_id = atom_id(a, r->atom, r->atom_len);
		return;
	}
	if (!r->f->nalts || r->f->kind != SAST_F_PATTERN)
		return;
	if (scan_array_reserve(&a->alt_ids, &a->alt_cap, a->nalt_ids + r->f->nalts, sizeof(*a->alt_ids))) {
		a->oom = 1;
		return;
	}
	r->alt_first = (uint32_t)a->nalt_ids, r->nalts = (uint32_t)r->f->nalts;
	for (size_t k = 0; k < r->f->nalts && !a->oom; k++)
		a->alt_ids[a->nalt_ids++] = atom_id(a, r->f->alts[k], strlen(r->f->alts[k]));
}

static int index_leaf_atoms(lang_index *li)
{
	atom_set a = { 0 };
	unsigned *ids = NULL, *flags = NULL;
	hs_compile_error_t *err = NULL;
	int rc = 0;

	each_leaf(li, add_atom, &a);
	if (a.oom)
		rc = scan_error__oom();
	else if (a.n && (!(ids = calloc(a.n, sizeof(*ids))) || !(flags = calloc(a.n, sizeof(*flags))) ||
	                 !(li->leaf_atom_len = calloc(a.n, sizeof(*li->leaf_atom_len)))))
		rc = scan_error__oom();
	else if (a.n) {
		size_t *lens = calloc(a.n, sizeof(*lens));
		for (size_t i = 0; lens && i < a.n; i++)
			ids[i] = (unsigned)i, lens[i] = a.lens[i], li->leaf_atom_len[i] = a.lens[i];
		if (!lens)
			rc = scan_error__oom();
		else if (hs_compile_lit_multi(a.atoms, flags, ids, lens, (unsigned)a.n, HS_MODE_BLOCK, NULL, &li->leaf_db,
		                              &err) != HS_SUCCESS) {
			rc = scan_util__error(SCAN_EINVAL, "cannot compile the patterns' atoms: %s", err ? err->message : "?");
			hs_free_compile_error(err);
		} else {
			li->nleaf_atoms = a.n;
		}
		free(lens);
	}
	free(a.atoms);
	free(a.lens);
	if (a.oom || rc)
		free(a.alt_ids);
	else
		li->alt_ids = a.alt_ids, li->nalt_ids = a.nalt_ids;
	free(ids);
	free(flags);
	return rc;
}

static int build_lang(sast_engine *e, scan_lang lang)
{
	TSSymbol one;
	lang_index *li = &e->lang[lang];
	const sast_langinfo *info = scan_sast__langinfo(lang);
	leaf_ref *all = NULL;
	size_t nall = 0, all_cap = 0;
	const char **atoms = NULL;
	unsigned *ids = NULL, *flags = NULL;
	size_t *lens = NULL, natoms = 0;
	int rc = 0;

	for (size_t r = 0; r < e->rs->count; r++) {
		const sast_rule *rule = &e->rs->rules[r];
		if (!(rule->langs & (1ull << lang)))
			continue;
		compile_leaves(e, &e->rs->rules[r], e->rs->rules[r].match, lang);
		if (scan_array_reserve(&li->rules, &li->rules_cap, li->nrules + 1, sizeof(*li->rules))) {
			rc = SCAN_ENOMEM;
			goto done;
		}
		li->rules[li->nrules++] = (uint32_t)r;
		/* a taint rule's sources and sanitizers are looked for only where its sinks are (or in a deep scan) */
		if (rule->taint_sinks ? (rc = collect_leaves(rule->taint_sinks, &all, &nall, &all_cap, (uint32_t)r, 1)) != 0 ||
		                        (rc = collect_leaves(rule->taint_sources, &all, &nall, &all_cap, (uint32_t)r, 2)) != 0 ||
		                        (rule->taint_sanitizers &&
		                         (rc = collect_leaves(rule->taint_sanitizers, &all, &nall, &all_cap, (uint32_t)r, 2)) != 0) ||
		                        (rule->taint_rejects &&
		                         (rc = collect_leaves(rule->taint_rejects, &all, &nall, &all_cap, (uint32_t)r, 2)) != 0) ||
		                        (rc = collect_props(rule, &all, &nall, &all_cap, (uint32_t)r)) != 0
		                      : (rc = collect_leaves(rule->match, &all, &nall, &all_cap, (uint32_t)r, 1)) != 0)
			goto done;
		natoms += rule->natoms;
	}
	if (!li->nrules)
		goto done;
	if (!(li->leaves = calloc(nall ? nall : 1, sizeof(*li->leaves))))
		goto oom;
	if (!(li->phase2_rules = calloc(li->nrules, sizeof(*li->phase2_rules))))
		goto oom;
	for (size_t i = 0; i < nall; i++) {
		li->leaves[li->nleaves++] = all[i].f->leaf;
		if (all[i].phase == 2 && (!li->nphase2_rules ||
		                          li->phase2_rules[li->nphase2_rules - 1] != all[i].rule))
			li->phase2_rules[li->nphase2_rules++] = all[i].rule;
	}
	/* the symbol index, in compressed rows: each row's first-phase leaves, then its second-phase ones */
	li->nsym = info ? info->nsym : 0;
	if (!(li->start = calloc((size_t)li->nsym + 1, sizeof(*li->start))) ||
	    !(li->later = calloc((size_t)li->nsym + 1, sizeof(*li->later))))
		goto oom;
	for (size_t i = 0; i < nall; i++) {
		const TSSymbol *s;
		size_t k = indexed_symbols(&all[i], lang, &one, &s);
		while (k--) {
			li->start[s[k] + 1]++;
			li->later[s[k]] += all[i].phase == 1;
		}
	}
	for (uint32_t s = 0; s < li->nsym; s++)
		li->start[s + 1] += li->start[s];
	if (!(li->by_sym = calloc(li->start[li->nsym] ? li->start[li->nsym] : 1, sizeof(*li->by_sym))))
		goto oom;
	if (!(li->first_mask = calloc((size_t)li->nsym + 1, sizeof(*li->first_mask))))
		goto oom;
	{
		uint32_t *fill = calloc((size_t)li->nsym + 1, sizeof(*fill)), *fill2 = calloc((size_t)li->nsym + 1, sizeof(*fill2));
		TSSymbol first;
		if (!fill || !fill2) {
			free(fill);
			free(fill2);
			goto oom;
		}
		for (uint32_t s = 0; s < li->nsym; s++)
			li->later[s] += li->start[s];
		for (size_t i = 0; i < nall; i++) {
			const TSSymbol *s;
			size_t k = indexed_symbols(&all[i], lang, &one, &s);
			while (k--) {
				uint32_t at = all[i].phase == 1 ? li->start[s[k]] + fill[s[k]]++ : li->later[s[k]] + fill2[s[k]]++;
				li->by_sym[at] = all[i];
			}
			if (s)
				continue;
			if (all[i].f->kind == SAST_F_PATTERN && all[i].f->pat[lang] &&
			    (first = scan_pattern__first_symbol(all[i].f->pat[lang])) != 0 && first < li->nsym) {
				li->first_mask[first] |= first_bit(first);
				rc = push_ref(&li->seqf, &li->nseqf, &li->seqf_cap, &all[i]);
			} else if (all[i].f->kind == SAST_F_PATTERN)
				rc = push_ref(&li->seq, &li->nseq, &li->seq_cap, &all[i]);
			else
				rc = push_ref(&li->other, &li->nother, &li->other_cap, &all[i]);
			if (rc) {
				free(fill);
				free(fill2);
				goto done;
			}
			li->later_seq |= all[i].phase == 2 && all[i].f->kind == SAST_F_PATTERN;
		}
		free(fill);
		free(fill2);
	}
	if ((rc = combine_queries(e, li, lang, 1)) != 0 || (rc = combine_queries(e, li, lang, 2)) != 0)
		goto done;
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
			rc = scan_util__error(SCAN_EINVAL, "cannot compile the rule atoms: %s", err ? err->message : "?");
			hs_free_compile_error(err);
			goto done;
		}
	}
	if ((rc = index_leaf_atoms(li)) != 0)
		goto done;
	goto done;
oom:
	rc = scan_error__oom();
done:
	free(all);
	free(atoms);
	free(ids);
	free(flags);
	free(lens);
	return rc;
}

void scan_sast__engine_free(sast_engine *e)
{
	if (!e)
		return;
	for (int l = 0; l < SCAN_LANG__COUNT; l++) {
		lang_index *li = &e->lang[l];
		free(li->start);
		free(li->by_sym);
		free(li->seq);
		free(li->seqf);
		free(li->first_mask);
		free(li->later);
		free(li->other);
		free(li->rules);
		free(li->leaves);
		free(li->phase2_rules);
		free(li->atom_rule);
		if (li->leaf_db)
			hs_free_database(li->leaf_db);
		free(li->leaf_atom_len);
		free(li->alt_ids);
		for (int p = 0; p < 2; p++) {
			if (li->cq[p].q)
				ts_query_delete(li->cq[p].q);
			free(li->cq[p].pat_ref);
			free(li->cq[p].mv);
			free(li->cq[p].refs);
		}
		hs_free_database(li->db);
	}
	pthread_mutex_destroy(&e->lock);
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

int scan_sast__engine_new(sast_engine **out, sast_ruleset *rs)
{
	sast_engine *e = calloc(1, sizeof(*e));
	int rc = 0;

	*out = NULL;
	if (!e)
		return scan_error__oom();
	e->rs = rs;
	pthread_mutex_init(&e->lock, NULL);
	if (!(e->include = calloc(rs->count + 1, sizeof(*e->include))) ||
	    !(e->exclude = calloc(rs->count + 1, sizeof(*e->exclude)))) {
		scan_sast__engine_free(e);
		return scan_error__oom();
	}
	for (size_t r = 0; r < rs->count && !rc; r++)
		if ((rc = globs(&e->include[r], rs->rules[r].path_include, rs->rules[r].ninclude)) == 0)
			rc = globs(&e->exclude[r], rs->rules[r].path_exclude, rs->rules[r].nexclude);
	for (size_t r = 0; r < rs->count; r++)
		e->langs |= rs->rules[r].langs;
	if (rc) {
		scan_sast__engine_free(e);
		return rc;
	}
	*out = e;
	return 0;
}

bool scan_sast__engine_wants(const sast_engine *e, scan_lang lang)
{
	return (int)lang > 0 && lang < SCAN_LANG__COUNT && (e->langs & (1ull << lang));
}

/* Every leaf of rule r counts its matches against the rule's and the file's budgets. */
static void count_leaves(sast_ctx *c, const sast_formula *f, uint32_t r)
{
	if (!f)
		return;
	if (f->kind <= SAST_F_INSTRUCTION) {
		c->leaf[f->leaf].count = &c->rule_matches[r];
		c->leaf[f->leaf].total = &c->leaf_matches;
	}
	for (size_t i = 0; i < f->nkids; i++)
		count_leaves(c, f->kids[i], r);
}

int scan_sast__ctx_new(sast_ctx **out, sast_engine *e)
{
	sast_ctx *c = calloc(1, sizeof(*c));
	*out = NULL;
	if (!c)
		return scan_error__oom();
	c->engine = e;
	c->engine_rules = e->rs;
	c->rule = SAST_NO_RULE;
	c->leaf = calloc(e->rs->nleaves ? e->rs->nleaves : 1, sizeof(*c->leaf));
	c->active = calloc(e->rs->count ? e->rs->count : 1, 1);
	c->rule_steps = calloc(e->rs->count ? e->rs->count : 1, sizeof(*c->rule_steps));
	c->dropped = calloc(e->rs->count ? e->rs->count : 1, sizeof(*c->dropped));
	c->dropped_why = calloc(e->rs->count ? e->rs->count : 1, sizeof(*c->dropped_why));
	c->kids = calloc(SAST_KIDS_CACHE, sizeof(*c->kids));
	c->md = pcre2_match_data_create(32, NULL);
	c->mctx = pcre2_match_context_create(NULL);
	c->qc = ts_query_cursor_new();
	c->rule_matches = calloc(e->rs->count ? e->rs->count : 1, sizeof(*c->rule_matches));
	for (size_t r = 0; c->leaf && c->rule_matches && r < e->rs->count; r++)
		count_leaves(c, e->rs->rules[r].match, (uint32_t)r);
	if (!c->leaf || !c->active || !c->rule_matches || !c->rule_steps || !c->dropped || !c->dropped_why || !c->kids || !c->md ||
	    !c->mctx || !c->qc) {
		scan_sast__ctx_free(c);
		return scan_error__oom();
	}
	/* A hostile file must not stall a worker on one regex. */
	pcre2_set_match_limit(c->mctx, 1000000);
	pcre2_set_depth_limit(c->mctx, 10000);
	ts_query_cursor_set_match_limit(c->qc, 2048);
	*out = c;
	return 0;
}

void scan_sast__ctx_free(sast_ctx *c)
{
	if (!c)
		return;
	if (c->has_cur)
		ts_tree_cursor_delete(&c->cur);
	for (size_t i = 0; c->leaf && i < c->engine->rs->nleaves; i++)
		free(c->leaf[i].v);
	free(c->leaf);
	free(c->active);
	free(c->rule_steps);
	free(c->rule_matches);
	free(c->dropped);
	free(c->dropped_why);
	free(c->stk);
	free(c->used);
	free(c->kids);
	free(c->seen);
	free(c->later);
	for (size_t i = 0; i < c->shared_cap; i++) {
		free(c->shared[i].v);
		free(c->shared[i].san);
	}
	free(c->shared);
	free(c->df.v);
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mctx);
	if (c->qc)
		ts_query_cursor_delete(c->qc);
	hs_free_scratch(c->scratch);
	for (size_t i = 0; i < c->natom_slots; i++)
		free(c->atom_pos[i]);
	free(c->atom_pos);
	free(c->atom_npos);
	free(c->atom_cappos);
	scan_arena__dispose(&c->arena);
	free(c);
}

typedef struct {
	sast_ctx *c;
	const uint32_t *atom_rule;
} atom_scan;

typedef struct {
	sast_ctx *c;
	const uint32_t *len;
	int oom;
} atom_index;

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

	/* in a deep scan a taint rule reads every file: a helper without a sink still passes data on */
	for (size_t i = 0; i < li->nrules; i++)
		c->active[li->rules[i]] = e->rs->rules[li->rules[i]].natoms == 0 ||
		                          (c->world && e->rs->rules[li->rules[i]].taint_sinks);
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

/* Is this leaf to be tried in this phase, for this file? */
static bool wanted(const sast_ctx *c, const leaf_ref *r, uint8_t phase)
{
	return r->phase == phase && (phase == 1 ? c->active[r->rule] : c->active[r->rule] == 2);
}

/* A query leaf that only names kinds matched at n: its one capture is n. */
static int kind_match(sast_ctx *c, const leaf_ref *r, TSNode n)
{
	int mv = r->f->query_mv[c->lang_id][0];
	TSPoint sp = ts_node_start_point(n), ep = ts_node_end_point(n);
	sast_match m;

	m.bound = 0;
	m.sb = ts_node_start_byte(n), m.eb = ts_node_end_byte(n);
	m.line = sp.row + 1, m.column = sp.column + 1, m.end_line = ep.row + 1;
	if (mv >= 0) {
		memset(&m.b[mv], 0, sizeof(m.b[mv]));
		m.b[mv].sb = m.sb, m.b[mv].eb = m.eb, m.b[mv].node = n;
		m.bound |= 1u << mv;
	}
	return scan_sast__matches_push(&c->leaf[r->f->leaf], &m);
}

/* Does [sb, eb) hold leaf atom id (its offsets in the file, sorted, found once per file)? */
static bool atom_within(const sast_ctx *c, int32_t id, uint32_t len, uint32_t sb, uint32_t eb)
{
	const uint32_t *v = c->atom_pos[id];
	size_t lo = 0, hi = c->atom_npos[id];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v[mid] < sb)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->atom_npos[id] && v[lo] + len <= eb;
}

/* Does [sb, eb) hold one of leaf r's alternative words? (Without the file's atom index: maybe.) */
static bool alt_within(const sast_ctx *c, const lang_index *li, const leaf_ref *r, uint32_t sb, uint32_t eb)
{
	if (!c->atoms_indexed || !li->alt_ids)
		return true;
	for (uint32_t k = 0; k < r->nalts; k++) {
		int32_t id = li->alt_ids[r->alt_first + k];
		if (id < 0 || atom_within(c, id, li->leaf_atom_len[id], sb, eb))
			return true;
	}
	return false;
}

static int try_pattern(sast_ctx *c, const lang_index *li, const leaf_ref *r, TSNode n)
{
	uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);
	if (r->atom && eb - sb < r->atom_len)
		return 0;
	if (r->atom && (c->atoms_indexed && r->atom_id >= 0 ? !atom_within(c, r->atom_id, (uint32_t)r->atom_len, sb, eb)
	                                                     : !memmem(c->src + sb, eb - sb, r->atom, r->atom_len)))
		return 0;
	if (r->nalts && !alt_within(c, li, r, sb, eb))
		return 0;
	c->pushed = r->f->pushed, c->npushed = r->f->npushed;
	return scan_match__pattern(c, r->f->pat[c->lang_id], n, &c->leaf[r->f->leaf]);
}

static int run_query(sast_ctx *c, const TSQuery *q, const int16_t *mvtab, uint32_t ncap, const uint32_t *pat_ref,
                     const leaf_ref *refs, uint8_t phase, const sast_formula *f, TSNode root);

/* Leaf r, indexed by n's symbol, at n. */
static int try_leaf(sast_ctx *c, const lang_index *li, const leaf_ref *r, TSNode n)
{
	int rc;
	if (r->f->kind != SAST_F_QUERY)
		return try_pattern(c, li, r, n);
	if (r->f->query_kinds[c->lang_id])
		return kind_match(c, r, n);
	/* a rooted query: only matches that start at n itself, so the cursor
	   descends no deeper than the query's own pattern */
	ts_query_cursor_set_max_start_depth(c->qc, 0);
	rc = run_query(c, r->f->query[c->lang_id], r->f->query_mv[c->lang_id], 0, NULL, NULL, r->phase, r->f, n);
	ts_query_cursor_set_max_start_depth(c->qc, UINT32_MAX);
	return rc;
}

/* Node n's children are walked: try the sequences whose first statement showed up under it. */
static int try_sequences(sast_ctx *c, const lang_index *li, TSNode n, uint64_t seen, uint8_t phase)
{
	int rc = 0;
	for (size_t i = 0; i < li->nseqf && !rc; i++)
		if ((first_bit(scan_pattern__first_symbol(li->seqf[i].f->pat[c->lang_id])) & seen) &&
		    wanted(c, &li->seqf[i], phase)) {
			c->rule = li->seqf[i].rule;
			rc = try_pattern(c, li, &li->seqf[i], n);
		}
	c->rule = SAST_NO_RULE;
	return rc;
}

/* The leaves indexed by n's symbol s, at n. */
static int try_at(sast_ctx *c, const lang_index *li, TSNode n, TSSymbol s, uint8_t phase)
{
	int rc = 0;
	uint32_t from = phase == 1 ? li->start[s] : li->later[s], to = phase == 1 ? li->later[s] : li->start[s + 1];
	for (uint32_t i = from; i < to && !rc; i++)
		if (wanted(c, &li->by_sym[i], phase)) {
			c->rule = li->by_sym[i].rule;
			rc = try_leaf(c, li, &li->by_sym[i], n);
		}
	c->rule = SAST_NO_RULE;
	return rc;
}

/* A node the second phase may need; without memory for it, the second phase walks again. */
static void keep_for_later(sast_ctx *c, TSNode n)
{
	if (!c->later_whole)
		return;
	if (c->nlater == c->later_cap &&
	    scan_array_reserve(&c->later, &c->later_cap, c->nlater + 1, sizeof(*c->later))) {
		c->later_whole = false;
		return;
	}
	c->later[c->nlater++] = n;
}

/* The second phase over the nodes the first listed, in the same order. */
static int visit_later(sast_ctx *c, const lang_index *li)
{
	int rc = 0;
	for (size_t k = 0; k < c->nlater && !rc; k++) {
		rc = try_at(c, li, c->later[k], ts_node_symbol(c->later[k]), 2);
		c->npushed = 0;
		if (c->exhausted || !scan_sast__budget_ok(c))
			break;
	}
	if (rc && !c->exhausted) {
		c->exhausted = true;
		c->why = "out of memory";
	}
	return 0;
}

static void walk_tree(sast_ctx *c, const lang_index *li, const TSTree *tree, uint8_t phase)
{
	TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	size_t d = 0; /* depth of the cursor; c->seen[k]: first statements met under the node at depth k */
	int rc = 0;

	if (!c->seen_cap && !(c->seen = calloc(c->seen_cap = 64, sizeof(*c->seen))))
		c->seen_cap = 0, rc = SCAN_ENOMEM;
	if (c->seen)
		c->seen[0] = 0;
	while (!rc) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		TSSymbol s = ts_node_symbol(n);
		if (s < li->nsym) {
			rc = try_at(c, li, n, s, phase);
			if (phase == 1 && li->later[s] < li->start[s + 1])
				keep_for_later(c, n);
			if (li->first_mask && li->first_mask[s] && d > 0) {
				c->seen[d - 1] |= li->first_mask[s];
				if (d > 1)
					c->seen[d - 2] |= li->first_mask[s]; /* through a wrapper statement */
			}
		}
		for (size_t i = 0; i < li->nseq && !rc; i++)
			if (wanted(c, &li->seq[i], phase) && ts_node_child_count(n) > 0) {
				c->rule = li->seq[i].rule;
				rc = try_pattern(c, li, &li->seq[i], n);
			}
		c->rule = SAST_NO_RULE;
		c->npushed = 0;
		if (rc || c->exhausted || !scan_sast__budget_ok(c))
			break;
		if (ts_tree_cursor_goto_first_child(&cur)) {
			d++;
			if (scan_array_reserve(&c->seen, &c->seen_cap, d + 1, sizeof(*c->seen))) {
				rc = SCAN_ENOMEM;
				break;
			}
			c->seen[d] = 0;
			continue;
		}
		while (!rc && !ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			d--;
			if (c->seen[d])
				rc = try_sequences(c, li, ts_tree_cursor_current_node(&cur), c->seen[d], phase);
			c->npushed = 0;
		}
		c->seen[d] = 0;
	}
out:
	if (rc && !c->exhausted) {
		c->exhausted = true;
		c->why = "out of memory";
	}
	ts_tree_cursor_delete(&cur);
}

static int run_regex(sast_ctx *c, const sast_formula *f, sast_matches *out)
{
	PCRE2_SIZE off = 0;
	int rc = 0;
	for (unsigned k = 0; k < REGEX_MATCHES_MAX && off <= c->len && !rc; k++) {
		PCRE2_SIZE *ov;
		sast_match m;
		int n = pcre2_match(f->re, (PCRE2_SPTR)c->src, c->len, off, 0, c->md, c->mctx);
		if (n < 0 && n != PCRE2_ERROR_NOMATCH) { /* a match, depth, heap or JIT stack limit */
			if (c->rule != SAST_NO_RULE)
				scan_sast__drop_rule(c, c->rule, "its regex exceeded the match limit");
			else
				c->exhausted = true, c->why = "a rule's regex exceeded its match limit";
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
		scan_sast__set_lines(c, &m);
		rc = scan_sast__matches_push(out, &m);
		off = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
	}
	return rc;
}

static bool query_progress(TSQueryCursorState *st)
{
	sast_ctx *c = st->payload;
	return !scan_sast__budget_ok(c); /* true cancels */
}

/*
 * Run q over the tree. With a combined query (refs set), each query pattern
 * belongs to one leaf; otherwise every match is leaf f's.
 */
static int run_query(sast_ctx *c, const TSQuery *q, const int16_t *mvtab, uint32_t ncap, const uint32_t *pat_ref,
                     const leaf_ref *refs, uint8_t phase, const sast_formula *f, TSNode root)
{
	TSQueryCursorOptions opts = { c, query_progress };
	TSQueryMatch qm;
	int rc = 0;
	unsigned k = 0;

	ts_query_cursor_exec_with_options(c->qc, q, root, &opts);
	while (!rc && k++ < QUERY_MATCHES_MAX && ts_query_cursor_next_match(c->qc, &qm)) {
		const int16_t *mvs = mvtab;
		sast_matches *out;
		sast_match m;
		TSNode at = { 0 };
		if (refs) {
			const leaf_ref *r = &refs[pat_ref[qm.pattern_index]];
			if (!wanted(c, r, phase))
				continue;
			if (c->rule_matches[r->rule] > c->rule_matches_max) {
				scan_sast__drop_rule(c, r->rule, "exceeded its memory budget for matches");
				continue;
			}
			out = &c->leaf[r->f->leaf];
			mvs = mvtab + (size_t)qm.pattern_index * ncap;
		} else {
			out = &c->leaf[f->leaf];
		}
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
		rc = scan_sast__matches_push(out, &m);
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
	return scan_sast__matches_push(out, &m);
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

/* Did any phase-1 leaf of rule r match? */
static bool found_in(const sast_ctx *c, const sast_formula *f)
{
	if (f->kind <= SAST_F_INSTRUCTION)
		return c->leaf[f->leaf].n > 0;
	if (f->kind != SAST_F_ALL && f->kind != SAST_F_ANY)
		return false;
	for (size_t i = 0; i < f->nkids; i++)
		if (found_in(c, f->kids[i]))
			return true;
	return false;
}

/* Are rule r's filters (a taint rule's sources and sanitizers) worth matching in this file? */
static bool rule_found(const sast_ctx *c, const sast_rule *r)
{
	if (r->taint_sinks)
		return c->world || found_in(c, r->taint_sinks);
	return found_in(c, r->match);
}

static int run_leaves(sast_ctx *c, const lang_index *li, scan_lang lang, const TSTree *tree, uint8_t phase)
{
	int rc = 0;
	if (tree && c->li && phase == 2 && c->later_whole && !li->later_seq)
		rc = visit_later(c, li);
	else if (tree && c->li && (li->nsym || li->nseq || li->nseqf))
		walk_tree(c, li, tree, phase);
	if (tree && li->cq[phase - 1].q) {
		bool any = false;
		for (size_t i = 0; i < li->cq[phase - 1].nrefs && !any; i++)
			any = wanted(c, &li->cq[phase - 1].refs[i], phase);
		if (any)
			rc = run_query(c, li->cq[phase - 1].q, li->cq[phase - 1].mv, li->cq[phase - 1].ncap,
			               li->cq[phase - 1].pat_ref, li->cq[phase - 1].refs, phase, NULL, ts_tree_root_node(tree));
	}
	for (size_t i = 0; i < li->nother && !rc && !c->exhausted; i++) {
		const leaf_ref *r = &li->other[i];
		sast_matches *out = &c->leaf[r->f->leaf];
		if (!wanted(c, r, phase))
			continue;
		c->rule = r->rule;
		if (r->f->kind == SAST_F_REGEX)
			rc = run_regex(c, r->f, out);
		else if (r->f->kind == SAST_F_QUERY && tree && !li->cq[phase - 1].q && r->f->query[lang])
			rc = run_query(c, r->f->query[lang], r->f->query_mv[lang], 0, NULL, NULL, phase, r->f,
			               ts_tree_root_node(tree));
		else if (r->f->kind == SAST_F_INSTRUCTION && lang == SCAN_LANG_DOCKERFILE)
			rc = run_instruction(c, r->f, out);
		c->rule = SAST_NO_RULE;
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

/* The first file of a language compiles that language's rules, once per scan. */
static int ensure_lang(sast_ctx *c, scan_lang lang)
{
	const lang_index *li;
	int rc = 0;
	if (!atomic_load(&c->engine->built[lang])) {
		sast_engine *me = c->engine;
		pthread_mutex_lock(&me->lock);
		if (!atomic_load(&me->built[lang]) && (rc = build_lang(me, lang)) == 0)
			atomic_store(&me->built[lang], true);
		pthread_mutex_unlock(&me->lock);
		if (rc)
			return rc;
	}
	li = &c->engine->lang[lang];
	if ((li->db || li->leaf_db) && !c->scratch_for[lang]) {
		if ((li->db && hs_alloc_scratch(li->db, &c->scratch) != HS_SUCCESS) ||
		    (li->leaf_db && hs_alloc_scratch(li->leaf_db, &c->scratch) != HS_SUCCESS))
			return scan_error__oom();
		c->scratch_for[lang] = true;
	}
	return 0;
}

bool scan_sast__file_may_match(sast_ctx *c, scan_lang lang, const char *path, const char *data, size_t len)
{
	if (!scan_sast__engine_wants(c->engine, lang))
		return false;
	/* when in doubt say yes: scan_sast__scan_file reports the error (or the size) itself */
	if (len > 0xffffffffu || ensure_lang(c, lang) != 0)
		return true;
	return select_rules(c, &c->engine->lang[lang], path, data, len) > 0;
}

/* A pattern rule's matches in a file, held until the taint rules have run; merged[k]: match k is a flow's. */
typedef struct {
	const sast_rule *rule;
	sast_matches m;
	uint8_t *merged;
} held_matches;

typedef struct {
	sast_emit_fn emit;
	void *ud;
	held_matches *held;
	size_t nheld, capheld;
	/* the taint rules' reported sink lines, by rule: each rule reports a sink line once */
	struct {
		const sast_rule *rule;
		uint32_t line;
	} *v;
	size_t n, cap;
	bool keep;                 /* rules test: every rule's matches are reported */
} flow_seen;

static int hold(flow_seen *fs, const sast_rule *r, sast_matches *res)
{
	uint8_t *merged = calloc(res->n, 1);

	if (!merged || (fs->nheld == fs->capheld && scan_array_reserve(&fs->held, &fs->capheld, fs->nheld + 1,
	                                                                sizeof(*fs->held)))) {
		free(merged);
		free(res->v);
		return scan_error__oom();
	}
	fs->held[fs->nheld].rule = r;
	fs->held[fs->nheld].m = *res;
	fs->held[fs->nheld++].merged = merged;
	return 0;
}

static bool on_lines(const sast_flow *flow, const sast_match *m)
{
	for (size_t i = 0; flow && i < flow->n; i++)
		if (!flow->v[i].path && flow->v[i].line >= m->line && flow->v[i].line <= m->end_line)
			return true;
	return false;
}

/*
 * A taint rule's flow: reported once per rule and sink line; the pattern
 * matches of its CWE on its lines become its aliases, and are not reported
 * on their own. (The rules test keeps them: each rule answers for its own
 * fixtures.)
 */
static int emit_flow(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	flow_seen *fs = ud;
	const char *aliases[SAST_FLOW_ALIASES];
	sast_flow with = *flow;
	size_t naliases = 0;

	for (size_t i = 0; i < fs->n; i++)
		if (fs->v[i].rule == r && fs->v[i].line == m->line)
			return 0;
	if (fs->n == fs->cap && scan_array_reserve(&fs->v, &fs->cap, fs->n + 1, sizeof(*fs->v)))
		return scan_error__oom();
	fs->v[fs->n].rule = r, fs->v[fs->n++].line = m->line;
	for (size_t h = 0; h < fs->nheld && r->cwe; h++) {
		const held_matches *hm = &fs->held[h];
		bool used = false;
		if (!hm->rule->cwe || strcmp(hm->rule->cwe, r->cwe) || hm->rule->category != r->category)
			continue;
		for (size_t k = 0; k < hm->m.n; k++)
			if (!hm->merged[k] && on_lines(flow, &hm->m.v[k]) && !fs->keep) {
				hm->merged[k] = 1;
				used = true;
			}
		if (used && naliases < SAST_FLOW_ALIASES)
			aliases[naliases++] = hm->rule->rule_id;
	}
	with.aliases = aliases, with.naliases = naliases;
	return fs->emit(fs->ud, r, m, &with);
}

static int on_leaf_atom(unsigned id, unsigned long long from, unsigned long long to, unsigned flags, void *ud)
{
	atom_index *ai = ud;
	sast_ctx *c = ai->c;
	uint32_t start = (uint32_t)(to - ai->len[id]);

	(void)from, (void)flags;
	if (c->atom_npos[id] == c->atom_cappos[id]) {
		size_t cap = c->atom_cappos[id] ? c->atom_cappos[id] * 2 : 16;
		uint32_t *nv = realloc(c->atom_pos[id], cap * sizeof(*nv));
		if (!nv) {
			ai->oom = 1;
			return 1; /* stop: the file falls back to searching the text */
		}
		c->atom_pos[id] = nv, c->atom_cappos[id] = cap;
	}
	c->atom_pos[id][c->atom_npos[id]++] = start;
	return 0;
}

/* The offsets of every leaf atom in the file, in order (one literal pass). */
static int index_file_atoms(sast_ctx *c, const lang_index *li, const char *data, size_t len)
{
	atom_index ai = { c, li->leaf_atom_len, 0 };

	c->atoms_indexed = false;
	if (!li->leaf_db || !li->nleaf_atoms || len > 0xffffffffu)
		return 0;
	if (c->natom_slots < li->nleaf_atoms) {
		uint32_t **p = realloc(c->atom_pos, li->nleaf_atoms * sizeof(*p));
		size_t *n = p ? realloc(c->atom_npos, li->nleaf_atoms * sizeof(*n)) : NULL;
		size_t *k = n ? realloc(c->atom_cappos, li->nleaf_atoms * sizeof(*k)) : NULL;
		if (p)
			c->atom_pos = p;
		if (n)
			c->atom_npos = n;
		if (!p || !n || !k)
			return scan_error__oom();
		c->atom_cappos = k;
		for (size_t i = c->natom_slots; i < li->nleaf_atoms; i++)
			c->atom_pos[i] = NULL, c->atom_cappos[i] = 0;
		c->natom_slots = li->nleaf_atoms;
	}
	for (size_t i = 0; i < li->nleaf_atoms; i++)
		c->atom_npos[i] = 0;
	hs_scan(li->leaf_db, data, (unsigned)len, 0, c->scratch, on_leaf_atom, &ai);
	c->atoms_indexed = !ai.oom;
	return 0;
}

static int cmp_prop(const void *a, const void *b)
{
	const taint_prop *x = a, *y = b;
	return x->sb != y->sb ? (x->sb < y->sb ? -1 : 1) : (x->eb < y->eb ? -1 : x->eb > y->eb);
}

/* The matches of rule r's propagators, sorted by where they are. */
static int eval_props(sast_ctx *c, const sast_rule *r, taint_props *out)
{
	size_t cap = 0;
	int rc = 0;
	out->v = NULL, out->n = 0;
	for (size_t i = 0; i < r->ntaint_propagators && !rc; i++) {
		sast_matches m = { 0 };
		int from = r->taint_from[i], to = r->taint_to[i];
		if ((rc = scan_sast__eval(c, r, r->taint_propagators[i], &m, 0)) != 0)
			break;
		for (size_t k = 0; k < m.n && !rc; k++) {
			const sast_match *x = &m.v[k];
			if (!(x->bound & (1u << from)) || !(x->bound & (1u << to)) || ts_node_is_null(x->b[to].node))
				continue;
			if (out->n == cap && (rc = scan_array_reserve(&out->v, &cap, out->n + 1, sizeof(*out->v))) != 0)
				break;
			out->v[out->n].sb = x->sb, out->v[out->n].eb = x->eb;
			out->v[out->n].from_sb = x->b[from].sb, out->v[out->n].from_eb = x->b[from].eb;
			out->v[out->n].replaces = r->taint_replaces[i];
			out->v[out->n++].to = x->b[to].node;
		}
		free(m.v);
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_prop);
	return rc ? scan_error__oom() : 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/*
 * The summaries of the file's functions for a rule with no source and no
 * sink here and these sanitizer and propagator matches: *known when an
 * earlier rule with the same matches worked them out; else a new entry for
 * this rule's run to fill. NULL: out of memory (the rule runs without
 * sharing).
 */
static taint_summaries *shared_summaries(sast_ctx *c, const sast_matches *san, const sast_matches *rej,
                                         const taint_props *props, bool *known)
{
	size_t nkey = san->n + 4 * props->n + 1 + rej->n;
	taint_summaries *e;
	*known = false;
	if (c->nshared == c->shared_cap) {
		size_t cap = c->shared_cap ? c->shared_cap * 2 : 4;
		taint_summaries *nv = realloc(c->shared, cap * sizeof(*nv));
		if (!nv)
			return NULL;
		memset(nv + c->shared_cap, 0, (cap - c->shared_cap) * sizeof(*nv));
		c->shared = nv, c->shared_cap = cap;
	}
	e = &c->shared[c->nshared];
	if (nkey && scan_array_reserve(&e->san, &e->san_cap, nkey, sizeof(*e->san)))
		return NULL;
	for (size_t i = 0; i < san->n; i++)
		e->san[i] = (uint64_t)san->v[i].sb << 32 | san->v[i].eb;
	if (san->n > 1)
		qsort(e->san, san->n, sizeof(*e->san), cmp_u64);
	/* the propagators' matches, in their order (sorted by range) */
	for (size_t i = 0, k = san->n; i < props->n; i++) {
		e->san[k++] = (uint64_t)props->v[i].sb << 32 | props->v[i].eb;
		e->san[k++] = (uint64_t)props->v[i].from_sb << 32 | props->v[i].from_eb;
		e->san[k++] = (uint64_t)ts_node_start_byte(props->v[i].to) << 32 | ts_node_end_byte(props->v[i].to);
		e->san[k++] = props->v[i].replaces;
	}
	/* then the rejecting checks', after a separator no range can equal */
	e->san[san->n + 4 * props->n] = UINT64_MAX;
	for (size_t i = 0; i < rej->n; i++)
		e->san[san->n + 4 * props->n + 1 + i] = (uint64_t)rej->v[i].sb << 32 | rej->v[i].eb;
	e->nsan = nkey;
	for (size_t k = 0; k < c->nshared; k++)
		if (c->shared[k].nsan == e->nsan && (!e->nsan || !memcmp(c->shared[k].san, e->san, e->nsan * sizeof(*e->san)))) {
			*known = true;
			return &c->shared[k];
		}
	e->n = 0;
	c->nshared++;
	return e;
}

/* A taint rule: its sources, sinks and sanitizers matched, then the data followed between them (taint.c). */
static int run_taint(sast_ctx *c, const sast_rule *r, const TSTree *tree, sast_emit_fn emit, void *ud)
{
	sast_matches src = { 0 }, sinks = { 0 }, san = { 0 }, rej = { 0 };
	taint_props props = { NULL, 0 };
	taint_scope scope = { c->world, c->pass == 2 ? 2 : 1, c->path, false, NULL };
	int rc;

	if (c->world && c->pass == 2 && !scan_taint__world_held(c->world, c->path, r->rule_id))
		return 0;
	if ((rc = scan_sast__eval(c, r, r->taint_sinks, &sinks, 0)) == 0 && (sinks.n || c->world) &&
	    (rc = scan_sast__eval(c, r, r->taint_sources, &src, 0)) == 0 && (src.n || c->world) &&
	    (!r->taint_sanitizers || (rc = scan_sast__eval(c, r, r->taint_sanitizers, &san, 0)) == 0) &&
	    (!r->taint_rejects || (rc = scan_sast__eval(c, r, r->taint_rejects, &rej, 0)) == 0) &&
	    (rc = eval_props(c, r, &props)) == 0 && c->active[c->rule]) {
		static const sast_matches no_sinks = { 0 };
		bool known = false, ahead = c->world && c->pass == 1 && !src.n;
		/*
		 * A deep scan's first pass, no source here: what the functions do
		 * does not depend on the sinks, and rules with the same sanitizer
		 * and propagator matches share it. Flows into this file's sinks
		 * need data from elsewhere, known only once every file has been
		 * seen: a file with sinks waits for the second pass.
		 */
		taint_summaries *shared = ahead ? shared_summaries(c, &san, &rej, &props, &known) : NULL;
		if (c->world && c->pass == 2 && !src.n && !scan_taint__may_flow_in(c, r, tree, c->world)) {
			; /* nothing comes in from other files: no flow to follow */
		} else if (known) {
			for (size_t i = 0; i < shared->n; i++)
				scan_taint__world_define(c->world, r->rule_id, shared->v[i].name, shared->v[i].len,
				                         shared->v[i].ret_params, shared->v[i].recv_params, NULL);
		} else {
			scope.record = shared;
			rc = scan_taint__run(c, r, tree, &src, ahead ? &no_sinks : &sinks, &san, &rej, &props, &scope, emit, ud);
			if (shared && rc)
				c->nshared--; /* not whole: not to be shared */
		}
		if (ahead && sinks.n && !rc) {
			scan_taint__world_hold(c->world, c->path, r->rule_id);
			scope.again = true;
		}
	}
	c->again |= scope.again;
	free(props.v);
	free(src.v);
	free(sinks.v);
	free(san.v);
	free(rej.v);
	return rc;
}

int scan_sast__scan_file(sast_ctx *c, scan_lang lang, const char *path, const char *data, size_t len,
                         const TSTree *tree, sast_emit_fn emit, void *ud, const char **skip_reason)
{
	const sast_engine *e = c->engine;
	const lang_index *li;
	int rc = 0;

	*skip_reason = NULL;
	if (!scan_sast__engine_wants(e, lang))
		return 0;
	if ((rc = ensure_lang(c, lang)) != 0)
		return rc;
	li = &e->lang[lang];
	if (len > 0xffffffffu) {
		*skip_reason = "larger than 4 GiB";
		return SCAN_ELIMIT;
	}
	if (!select_rules(c, li, path, data, len))
		return 0;
	c->src = data, c->len = len, c->lang_id = lang;
	c->li = scan_sast__langinfo(lang);
	c->steps = 0, c->exhausted = false, c->why = NULL, c->top = 0, c->used_top = 0;
	c->rule = SAST_NO_RULE, c->ndropped = 0;
	c->pool_steps[0] = c->pool_steps[1] = 0;
	memset(c->rule_steps, 0, e->rs->count * sizeof(*c->rule_steps));
	c->rule_steps_max = SAST_RULE_STEPS_BASE + (uint64_t)(len / 1024) * SAST_RULE_STEPS_PER_KB;
	c->pool_steps_max = SAST_POOL_STEPS_BASE + (uint64_t)(len / 1024) * SAST_POOL_STEPS_PER_KB;
	c->steps_max = 3 * c->pool_steps_max; /* both pools and the walk they share */
	c->leaf_matches = 0;
	memset(c->rule_matches, 0, e->rs->count * sizeof(*c->rule_matches));
	{
		uint64_t mem = SAST_MATCH_MEM_BASE + (uint64_t)len * SAST_MATCH_MEM_PER_BYTE;
		c->leaf_matches_max = (mem < SAST_MATCH_MEM_MAX ? mem : SAST_MATCH_MEM_MAX) / sizeof(sast_match);
		c->rule_matches_max = c->leaf_matches_max / SAST_MATCH_MEM_RULE_SHARE;
	}
	c->gen++; /* node ids of the last file's tree may be reused by this one's */
	c->again = false;
	for (size_t i = 0; i < li->nleaves; i++) {
		sast_matches *l = &c->leaf[li->leaves[i]];
		l->n = 0;
		if (l->cap > SAST_LEAF_KEEP) { /* one huge file must not pin its peak for the rest of the scan */
			free(l->v);
			l->v = NULL, l->cap = 0;
		}
	}
	if (!c->has_cur && tree) {
		c->cur = ts_tree_cursor_new(ts_tree_root_node(tree));
		c->has_cur = true;
	}
	if (lang == SCAN_LANG_DOCKERFILE) {
		scan_arena__dispose(&c->arena);
		c->df.n = 0, c->df.stages = 0;
		if ((rc = scan_dockerfile__parse(&c->df, &c->arena, data, len)) != 0)
			return rc;
	}
	if ((rc = index_file_atoms(c, li, data, len)) != 0)
		return rc;
	c->nlater = 0, c->later_whole = true;
	c->nshared = 0;
	if (c->later_cap > SAST_LEAF_KEEP) { /* one huge file must not pin its peak for the rest of the scan */
		free(c->later);
		c->later = NULL, c->later_cap = 0;
	}
	rc = run_leaves(c, li, lang, tree, 1);
	/* phase 2: the filters of rules that found something */
	if (!rc && !c->exhausted) {
		bool any = false;
		for (size_t i = 0; i < li->nphase2_rules; i++) {
			uint32_t r = li->phase2_rules[i];
			if (c->active[r] && rule_found(c, &e->rs->rules[r]))
				c->active[r] = 2, any = true;
		}
		if (any)
			rc = run_leaves(c, li, lang, tree, 2);
	}
	if (rc)
		return rc;
	if (c->exhausted) {
		*skip_reason = c->why;
		return SCAN_ELIMIT;
	}
	/*
	 * A pattern rule's match of the same CWE on a line of a taint rule's
	 * flow is the same flaw: reported once, as the flow, which carries the
	 * pattern rule's id as an alias (a suppression naming it still holds).
	 * So the pattern rules' matches wait until the taint rules have run.
	 */
	{
		flow_seen seen = { emit, ud, NULL, 0, 0, NULL, 0, 0, c->keep_duplicates };
		for (size_t i = 0; i < li->nrules && !rc; i++) {
			const sast_rule *r = &e->rs->rules[li->rules[i]];
			sast_matches res = { 0 };
			/* a deep scan's second pass: only the taint rules, the rest reported in the first */
			if (!c->active[li->rules[i]] || r->taint_sinks || c->pass == 2)
				continue;
			c->rule = li->rules[i];
			rc = scan_sast__eval(c, r, r->match, &res, 0);
			c->rule = SAST_NO_RULE;
			if (!c->active[li->rules[i]]) { /* dropped while its filters ran: its matches are not whole */
				free(res.v);
				continue;
			}
			if (!rc && res.n > 1)
				qsort(res.v, res.n, sizeof(*res.v), cmp_match);
			if (!rc && res.n)
				rc = hold(&seen, r, &res);
			else
				free(res.v);
		}
		for (size_t i = 0; i < li->nrules && !rc; i++) {
			const sast_rule *r = &e->rs->rules[li->rules[i]];
			if (!c->active[li->rules[i]] || !r->taint_sinks)
				continue;
			c->rule = li->rules[i];
			rc = run_taint(c, r, tree, emit_flow, &seen);
			c->rule = SAST_NO_RULE;
		}
		for (size_t h = 0; h < seen.nheld && !rc; h++) {
			const held_matches *hm = &seen.held[h];
			for (size_t k = 0; k < hm->m.n && !rc; k++)
				if ((k == 0 || cmp_match(&hm->m.v[k], &hm->m.v[k - 1])) && !hm->merged[k])
					rc = emit(ud, hm->rule, &hm->m.v[k], NULL);
		}
		for (size_t h = 0; h < seen.nheld; h++) {
			free(seen.held[h].m.v);
			free(seen.held[h].merged);
		}
		free(seen.held);
		free(seen.v);
	}
	return rc;
}

bool scan_sast__ctx_dropped(const sast_ctx *c, size_t i, const sast_rule **rule, const char **why)
{
	if (i >= c->ndropped)
		return false;
	*rule = &c->engine_rules->rules[c->dropped[i]];
	*why = c->dropped_why[i];
	return true;
}

static void render(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src,
                   bool whole)
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
			scan_sast__binding_text(&m->b[mv], src, &s, &n);
			if (whole)
				k = n;
			while (k < n && k < MV_TEXT_MAX && s[k] != '\n' && s[k] != '\r')
				k++;
			scan_buf_put(out, s, k);
			if (k < n)
				scan_buf_puts(out, "...");
		}
		p += best;
	}
}

void scan_sast__render(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src)
{
	render(out, tmpl, r, m, src, false);
}

void scan_sast__render_fix(scan_buf *out, const char *tmpl, const sast_rule *r, const sast_match *m, const char *src)
{
	render(out, tmpl, r, m, src, true);
}
