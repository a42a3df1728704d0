/* lib/sast/rule_load.c - read code rule packs (YAML) into a rule set, compiling every pattern */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sast/pattern_int.h"
#include "sast/sast.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "util/yamltree.h"

#define FIXTURES_MAX 64
#define LIST_MAX 64
#define TAINT_LIST_MAX 1024 /* formulas of one taint list, its models expanded */

typedef struct {
	sast_ruleset *set;
	const char *origin;
	sast_rule *rule;          /* being loaded */
	const scan_yaml_node *models; /* the file's models: mapping, or NULL */
} loader;

static int bad(const loader *ld, const scan_yaml_node *at, const char *fmt, ...) SCAN_PRINTF(3, 4);

static int bad(const loader *ld, const scan_yaml_node *at, const char *fmt, ...)
{
	char reason[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(SCAN_EINVAL, "%s:%u: %s", ld->origin, at ? at->line : 1, reason);
}

static const char *scalar(const scan_yaml_node *n)
{
	return n && n->kind == SCAN_YAML_SCALAR && strlen(n->value) == n->len ? n->value : NULL;
}

/* A key whose value is true or false; what names it in the error. */
static int boolean(const loader *ld, const scan_yaml_node *v, const char *what, bool *out)
{
	if (!scalar(v) || (strcmp(v->value, "true") && strcmp(v->value, "false")))
		return bad(ld, v, "%s is true or false", what);
	*out = !strcmp(v->value, "true");
	return 0;
}

static const struct {
	const char *name;
	uint64_t mask;
} lang_names[] = {
	{ "python", 1ull << SCAN_LANG_PYTHON },
	{ "javascript", (1ull << SCAN_LANG_JAVASCRIPT) | (1ull << SCAN_LANG_TYPESCRIPT) | (1ull << SCAN_LANG_TSX) },
	{ "typescript", (1ull << SCAN_LANG_TYPESCRIPT) | (1ull << SCAN_LANG_TSX) },
	{ "tsx", 1ull << SCAN_LANG_TSX },
	{ "jsx", (1ull << SCAN_LANG_JAVASCRIPT) | (1ull << SCAN_LANG_TSX) },  /* JSX parses in these two */
	{ "java", 1ull << SCAN_LANG_JAVA },
	{ "go", 1ull << SCAN_LANG_GO },
	{ "c", 1ull << SCAN_LANG_C },
	{ "cpp", 1ull << SCAN_LANG_CPP },
	{ "csharp", 1ull << SCAN_LANG_CSHARP },
	{ "ruby", 1ull << SCAN_LANG_RUBY },
	{ "php", 1ull << SCAN_LANG_PHP },
	{ "kotlin", 1ull << SCAN_LANG_KOTLIN },
	{ "rust", 1ull << SCAN_LANG_RUST },
	{ "bash", 1ull << SCAN_LANG_BASH },
	{ "hcl", 1ull << SCAN_LANG_HCL },
	{ "terraform", 1ull << SCAN_LANG_HCL },
	{ "yaml", 1ull << SCAN_LANG_YAML },
	{ "json", 1ull << SCAN_LANG_JSON },
	{ "dockerfile", 1ull << SCAN_LANG_DOCKERFILE },
};

int scan_sast__lang_from_name(const char *name, uint64_t *mask)
{
	for (size_t i = 0; i < sizeof(lang_names) / sizeof(lang_names[0]); i++)
		if (!strcmp(name, lang_names[i].name)) {
			*mask = lang_names[i].mask;
			return 0;
		}
	return SCAN_EINVAL;
}

static const char *copy(loader *ld, const char *s)
{
	return s ? scan_arena__strdup(&ld->set->arena, s) : NULL;
}

static int get_string(loader *ld, const scan_yaml_node *map, const char *key, bool required, const char **out)
{
	const scan_yaml_node *n = scan_util__yaml_get(map, key);
	*out = NULL;
	if (!n)
		return required ? bad(ld, map, "rule has no '%s'", key) : 0;
	if (!scalar(n) || !*n->value)
		return bad(ld, n, "'%s' must be a non-empty string", key);
	return (*out = copy(ld, n->value)) ? 0 : scan_error__oom();
}

static int get_list(loader *ld, const scan_yaml_node *n, const char *key, const char ***out, size_t *count)
{
	const char **items;
	*out = NULL, *count = 0;
	if (!n)
		return 0;
	if (scalar(n)) { /* one entry may be written without brackets */
		if (!(items = scan_arena__alloc(&ld->set->arena, sizeof(*items))) || !(items[0] = copy(ld, n->value)))
			return scan_error__oom();
		*out = items, *count = 1;
		return 0;
	}
	if (n->kind != SCAN_YAML_SEQUENCE || n->len > LIST_MAX)
		return bad(ld, n, "'%s' must be a list of at most %d strings", key, LIST_MAX);
	if (!(items = scan_arena__calloc(&ld->set->arena, (n->len ? n->len : 1) * sizeof(*items))))
		return scan_error__oom();
	for (size_t i = 0; i < n->len; i++) {
		if (!scalar(n->items[i]) || !*n->items[i]->value)
			return bad(ld, n->items[i], "'%s' entries must be non-empty strings", key);
		if (!(items[i] = copy(ld, n->items[i]->value)))
			return scan_error__oom();
	}
	*out = items, *count = n->len;
	return 0;
}

static int compile_regex(loader *ld, const scan_yaml_node *at, const char *src, pcre2_code **out)
{
	int err;
	PCRE2_SIZE off;
	*out = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &off, NULL);
	if (!*out) {
		PCRE2_UCHAR msg[160];
		pcre2_get_error_message(err, msg, sizeof(msg));
		return bad(ld, at, "bad regex at offset %zu: %s", (size_t)off, (const char *)msg);
	}
	pcre2_jit_compile(*out, PCRE2_JIT_COMPLETE); /* without JIT it still works, just slower */
	return 0;
}

#define REGEX_FACTORS_MAX 64

/* The literals of a where: regex (w->alts), one of which every text it matches holds. */
static int regex_factors(loader *ld, const char *re, sast_where *w)
{
	const char *v[REGEX_FACTORS_MAX];
	size_t n;
	int rc = scan_sast__regex_factors(&ld->set->arena, re, v, REGEX_FACTORS_MAX, &n);
	if (rc || !n)
		return rc;
	if (!(w->alts = scan_arena__alloc(&ld->set->arena, n * sizeof(*w->alts))))
		return scan_error__oom();
	memcpy(w->alts, v, n * sizeof(*v));
	w->nalts = n;
	return 0;
}

/* A metavariable named in where:/focus:, which some pattern must bind. */
static int known_mv(loader *ld, const scan_yaml_node *at, const char *name, int *out)
{
	if (*name == '$' && (*out = scan_sast__mv_lookup(ld->rule, name + 1, strlen(name + 1))) >= 0)
		return 0;
	return bad(ld, at, "metavariable '%s' is not bound by any pattern before it", name);
}

static int parse_formula(loader *ld, const scan_yaml_node *n, sast_formula **out, unsigned depth, bool in_all);

static sast_formula *new_formula(loader *ld, sast_fkind kind, unsigned line)
{
	sast_formula *f = scan_arena__calloc(&ld->set->arena, sizeof(*f));
	if (f) {
		f->kind = kind, f->line = line, f->focus_mv = -1;
	}
	return f;
}

static int mv_of_name(loader *ld, const char *name, size_t len, int16_t *out)
{
	*out = -1;
	if (!len || !((name[0] >= 'A' && name[0] <= 'Z') || name[0] == '_'))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((name[i] >= 'A' && name[i] <= 'Z') || name[i] == '_' || (name[i] >= '0' && name[i] <= '9')))
			return 0;
	if ((*out = (int16_t)scan_sast__mv_lookup(ld->rule, name, len)) >= 0)
		return 0;
	if (ld->rule->nmv >= SAST_MV_MAX)
		return SCAN_ELIMIT;
	{
		char *s = scan_arena__alloc(&ld->set->arena, len + 2);
		if (!s)
			return SCAN_ENOMEM;
		s[0] = '$';
		memcpy(s + 1, name, len);
		s[len + 1] = '\0';
		ld->rule->mv_names[ld->rule->nmv] = s;
		*out = (int16_t)ld->rule->nmv++;
	}
	return 0;
}

typedef struct {
	loader *ld;
	int rc;
} mv_reg;

static void register_mv(void *ud, const char *name, size_t len)
{
	mv_reg *m = ud;
	int16_t idx;
	if (!m->rc)
		m->rc = mv_of_name(m->ld, name, len, &idx);
}

/* Compile for every language of the rule, unless the pack is compiled lazily by the engine. */
static int compile_leaf_all(loader *ld, const scan_yaml_node *at, sast_formula *f)
{
	if (ld->set->lazy)
		return 0;
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		char err[256];
		int rc;
		if (!(ld->rule->langs & (1ull << l)))
			continue;
		if ((rc = scan_sast__leaf_compile(ld->set, ld->rule, f, (scan_lang)l, err, sizeof(err))) != 0)
			return rc == SCAN_ENOMEM ? scan_error__oom() : bad(ld, at, "%s: %s", scan_lang__name((scan_lang)l), err);
	}
	return 0;
}

/*
 * The metavariables a leaf names are registered from its text first, so
 * where:, focus: and messages can refer to them whether or not the leaf has
 * been compiled yet.
 */
static int compile_pattern_leaf(loader *ld, const scan_yaml_node *at, sast_formula *f)
{
	mv_reg m = { ld, 0 };
	if (ld->rule->langs & (1ull << SCAN_LANG_DOCKERFILE))
		return bad(ld, at, "Dockerfile rules use 'instruction:' or 'regex:', not code patterns");
	if (strlen(f->src) > SAST_PATTERN_MAX)
		return bad(ld, at, "pattern longer than %d bytes", SAST_PATTERN_MAX);
	scan_pattern__each_mv(f->src, (ld->rule->langs & (1ull << SCAN_LANG_PHP)) != 0, register_mv, &m);
	if (m.rc)
		return m.rc == SCAN_ENOMEM ? scan_error__oom() : bad(ld, at, "more than %d metavariables", SAST_MV_MAX);
	{
		const char *atom;
		size_t n = scan_pattern__atom(f->src, &atom);
		if (n && !(f->atom = scan_arena__strndup(&ld->set->arena, atom, n)))
			return scan_error__oom();
	}
	return compile_leaf_all(ld, at, f);
}

static int compile_query_leaf(loader *ld, const scan_yaml_node *at, sast_formula *f)
{
	for (const char *p = strchr(f->src, '@'); p; p = strchr(p + 1, '@')) {
		size_t n = 0;
		int16_t idx;
		while ((p[1 + n] >= 'A' && p[1 + n] <= 'Z') || p[1 + n] == '_' || (n && p[1 + n] >= '0' && p[1 + n] <= '9'))
			n++;
		if (n && mv_of_name(ld, p + 1, n, &idx) != 0)
			return bad(ld, at, "more than %d metavariables", SAST_MV_MAX);
	}
	for (int l = 1; l < SCAN_LANG__COUNT; l++)
		if ((ld->rule->langs & (1ull << l)) && !scan_sast__langinfo((scan_lang)l))
			return bad(ld, at, "queries need a grammar, and %s has none", scan_lang__name((scan_lang)l));
	return compile_leaf_all(ld, at, f);
}

static int compile_regex_leaf(loader *ld, const scan_yaml_node *at, sast_formula *f)
{
	uint32_t count, size;
	PCRE2_SPTR table;
	int rc;
	if ((rc = compile_regex(ld, at, f->src, &f->re)) != 0)
		return rc;
	for (size_t i = 0; i < sizeof(f->re_group_mv) / sizeof(f->re_group_mv[0]); i++)
		f->re_group_mv[i] = -1;
	pcre2_pattern_info(f->re, PCRE2_INFO_NAMECOUNT, &count);
	pcre2_pattern_info(f->re, PCRE2_INFO_NAMEENTRYSIZE, &size);
	pcre2_pattern_info(f->re, PCRE2_INFO_NAMETABLE, &table);
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *e = table + (size_t)i * size;
		unsigned group = ((unsigned)e[0] << 8) | e[1];
		const char *name = (const char *)e + 2;
		if (group < 32 && (rc = mv_of_name(ld, name, strlen(name), &f->re_group_mv[group])) != 0)
			return rc == SCAN_ENOMEM ? scan_error__oom() : bad(ld, at, "too many metavariables");
	}
	return 0;
}

static int parse_instruction(loader *ld, const scan_yaml_node *n, sast_formula *f)
{
	const char *kw = scalar(scan_util__yaml_get(n, "instruction")), *stage;
	const scan_yaml_node *x;
	if (ld->rule->langs != (1ull << SCAN_LANG_DOCKERFILE))
		return bad(ld, n, "'instruction:' is for rules whose only language is dockerfile");
	if (!kw || !*kw || strlen(kw) >= sizeof(f->instr.keyword))
		return bad(ld, n, "'instruction' must name a Dockerfile instruction");
	for (size_t i = 0; kw[i]; i++)
		f->instr.keyword[i] = (char)(kw[i] >= 'a' && kw[i] <= 'z' ? kw[i] - 32 : kw[i]);
	for (size_t i = 0; i < n->len; i += 2) {
		const char *k = n->items[i]->value;
		if (strcmp(k, "instruction") && strcmp(k, "stage") && strcmp(k, "last") && strcmp(k, "missing"))
			return bad(ld, n->items[i], "unknown key '%s' in an instruction leaf", k);
	}
	if ((stage = scalar(scan_util__yaml_get(n, "stage")))) {
		if (!strcmp(stage, "final"))
			f->instr.final_stage = true;
		else if (strcmp(stage, "any"))
			return bad(ld, n, "'stage' is 'final' or 'any'");
	}
	if ((x = scan_util__yaml_get(n, "last")))
		f->instr.last = scalar(x) && !strcmp(x->value, "true");
	if ((x = scan_util__yaml_get(n, "missing")))
		f->instr.missing = scalar(x) && !strcmp(x->value, "true");
	if (mv_of_name(ld, "ARGS", 4, &f->instr.args_mv) != 0)
		return bad(ld, n, "too many metavariables");
	return 0;
}

static int parse_compare(loader *ld, const scan_yaml_node *n, sast_where *w)
{
	static const struct { const char *op; sast_cmp c; } ops[] = {
		{ "<=", SAST_CMP_LE }, { ">=", SAST_CMP_GE }, { "==", SAST_CMP_EQ }, { "!=", SAST_CMP_NE },
		{ "<", SAST_CMP_LT }, { ">", SAST_CMP_GT } };
	const char *s = scalar(n);
	char *end;
	if (!s)
		return bad(ld, n, "'compare' is an operator and a number, like '< 2048'");
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strncmp(s, ops[i].op, strlen(ops[i].op))) {
			w->cmp = ops[i].c;
			w->cmp_value = strtod(s + strlen(ops[i].op), &end);
			while (*end == ' ')
				end++;
			if (end == s + strlen(ops[i].op) || *end)
				break;
			return 0;
		}
	return bad(ld, n, "'compare' is an operator and a number, like '< 2048'");
}

static int parse_where(loader *ld, const scan_yaml_node *n, sast_formula *f)
{
	if (n->kind != SCAN_YAML_SEQUENCE || !n->len || n->len > LIST_MAX)
		return bad(ld, n, "'where' is a list of constraints");
	if (!(f->where = scan_arena__calloc(&ld->set->arena, n->len * sizeof(*f->where))))
		return scan_error__oom();
	f->nwhere = n->len;
	for (size_t i = 0; i < n->len; i++) {
		const scan_yaml_node *c = n->items[i];
		sast_where *w = &f->where[i];
		const char *mv;
		bool any = false;
		int rc;
		w->constant = -1, w->equals_mv = -1, w->line = c->line;
		if (c->kind != SCAN_YAML_MAPPING || !(mv = scalar(scan_util__yaml_get(c, "metavariable"))))
			return bad(ld, c, "a constraint is a mapping with 'metavariable'");
		if ((rc = known_mv(ld, c, mv, &w->mv)) != 0)
			return rc;
		for (size_t k = 0; k < c->len; k += 2) {
			const char *key = c->items[k]->value;
			const scan_yaml_node *v = c->items[k + 1];
			if (!strcmp(key, "metavariable"))
				continue;
			any = true;
			if (!strcmp(key, "regex") || !strcmp(key, "not-regex") || !strcmp(key, "kind")) {
				pcre2_code **slot = !strcmp(key, "regex") ? &w->regex :
				                    !strcmp(key, "kind") ? &w->kind_regex : &w->not_regex;
				if (!scalar(v))
					return bad(ld, v, "'%s' must be a regex", key);
				if ((rc = compile_regex(ld, v, v->value, slot)) != 0)
					return rc;
				if (slot == &w->regex && (rc = regex_factors(ld, v->value, w)) != 0)
					return rc;
			} else if (!strcmp(key, "constant")) {
				bool constant = false;
				if ((rc = boolean(ld, v, "'constant'", &constant)) != 0)
					return rc;
				w->constant = constant;
			} else if (!strcmp(key, "compare")) {
				if ((rc = parse_compare(ld, v, w)) != 0)
					return rc;
			} else if (!strcmp(key, "equals")) {
				if (!scalar(v) || (rc = known_mv(ld, v, v->value, &w->equals_mv)) != 0)
					return scalar(v) ? rc : bad(ld, v, "'equals' names a metavariable");
			} else {
				return bad(ld, c->items[k], "unknown constraint '%s'", key);
			}
		}
		if (!any)
			return bad(ld, c, "constraint on %s says nothing about it", mv);
	}
	return 0;
}

static const struct {
	const char *key;
	sast_fkind kind;
} operators[] = {
	{ "pattern", SAST_F_PATTERN }, { "query", SAST_F_QUERY }, { "regex", SAST_F_REGEX },
	{ "instruction", SAST_F_INSTRUCTION }, { "all", SAST_F_ALL }, { "any", SAST_F_ANY },
	{ "not", SAST_F_NOT }, { "inside", SAST_F_INSIDE }, { "not-inside", SAST_F_NOT_INSIDE },
	{ "has", SAST_F_HAS }, { "not-has", SAST_F_NOT_HAS }, { "where", SAST_F_WHERE },
	{ "focus", SAST_F_FOCUS },
};

static bool is_positive(sast_fkind k)
{
	return k <= SAST_F_ANY;
}

typedef struct {
	loader *ld;
	int mv;
	bool found;
} binds_mv;

static void note_mv(void *ud, const char *name, size_t len)
{
	binds_mv *b = ud;
	if (!(len == 1 && *name == '_') && scan_sast__mv_lookup(b->ld->rule, name, len) == b->mv)
		b->found = true;
}

/* Does every match of pattern p bind metavariable mv? (A pattern binds each one it names.) */
static bool pattern_binds(loader *ld, const sast_formula *p, int mv)
{
	binds_mv b = { ld, mv, false };
	scan_pattern__each_mv(p->src, (ld->rule->langs & (1ull << SCAN_LANG_PHP)) != 0, note_mv, &b);
	return b.found;
}

/*
 * Constraint w of an enclosing all: to the patterns that can produce its
 * results: its pattern members, and the patterns of its any: and all:
 * members, however deep. A result carries the bindings of the pattern it
 * came from (members that bind the same metavariable bind the same text), so
 * a binding that fails w there fails it here. A pattern without an atom of
 * its own that binds a metavariable w names as literal words takes those
 * words as its atoms: a file or node holding none of them is not tried.
 */
static int push_where(loader *ld, sast_formula *f, const sast_where *w)
{
	if (f->kind == SAST_F_ANY || f->kind == SAST_F_ALL) {
		for (size_t i = 0; i < f->nkids; i++) {
			int rc;
			if (is_positive(f->kids[i]->kind) && (rc = push_where(ld, f->kids[i], w)) != 0)
				return rc;
		}
		return 0;
	}
	if (f->kind == SAST_F_PATTERN) {
		const sast_where **v = scan_arena__alloc(&ld->set->arena, (f->npushed + 1) * sizeof(*v));
		if (!v)
			return scan_error__oom();
		if (f->npushed)
			memcpy(v, f->pushed, f->npushed * sizeof(*v));
		v[f->npushed++] = w;
		f->pushed = v;
		if (!f->atom && w->nalts && (!f->nalts || w->nalts < f->nalts) && pattern_binds(ld, f, w->mv))
			f->alts = w->alts, f->nalts = w->nalts;
	}
	return 0;
}

/*
 * Hand the one-binding constraints of an all: to the patterns under it, so
 * they are checked while matching: with `rm ... $X ...` and a constraint on
 * $X, a first position that fails the constraint makes the matcher try the
 * next one instead of losing the match, and a match that would fail the
 * constraint is never stored.
 */
static int push_down(loader *ld, sast_formula *all)
{
	for (size_t i = 0; i < all->nkids; i++) {
		const sast_formula *w = all->kids[i];
		if (w->kind != SAST_F_WHERE)
			continue;
		for (size_t k = 0; k < w->nwhere; k++) {
			int rc;
			if (w->where[k].equals_mv >= 0)
				continue;
			for (size_t j = 0; j < all->nkids; j++)
				if (is_positive(all->kids[j]->kind) && (rc = push_where(ld, all->kids[j], &w->where[k])) != 0)
					return rc;
		}
	}
	return 0;
}

static int parse_formula(loader *ld, const scan_yaml_node *n, sast_formula **out, unsigned depth, bool in_all)
{
	const scan_yaml_node *v = NULL;
	const char *key = NULL;
	sast_formula *f;
	sast_fkind kind = SAST_F_PATTERN;
	int rc;

	if (depth > SAST_FORMULA_DEPTH_MAX)
		return bad(ld, n, "formula nested more than %d deep", SAST_FORMULA_DEPTH_MAX);
	if (scalar(n)) { /* a bare string is a pattern */
		v = n;
	} else if (n->kind == SCAN_YAML_MAPPING && n->len >= 1) {
		for (size_t i = 0; i < n->len && !key; i += 2)
			for (size_t j = 0; j < sizeof(operators) / sizeof(operators[0]); j++)
				if (!strcmp(n->items[i]->value, operators[j].key)) {
					key = operators[j].key, kind = operators[j].kind, v = n->items[i + 1];
					break;
				}
		if (!key)
			return bad(ld, n, "unknown operator '%s'", n->items[0]->value);
		if (n->len > 2 && kind != SAST_F_INSTRUCTION)
			return bad(ld, n, "'%s' must be alone in its mapping; use all: to combine", key);
	} else {
		return bad(ld, n, "a formula is a pattern string or a mapping with one operator");
	}
	if (!is_positive(kind) && !in_all)
		return bad(ld, n, "'%s' filters results, so it belongs in an all: list", key);
	if (!(f = new_formula(ld, kind, n->line)))
		return scan_error__oom();
	*out = f;
	switch (kind) {
	case SAST_F_PATTERN: case SAST_F_QUERY: case SAST_F_REGEX:
		if (!scalar(v) || !*v->value)
			return bad(ld, v, "'%s' must be a non-empty string", key ? key : "pattern");
		if (!(f->src = copy(ld, v->value)))
			return scan_error__oom();
		f->leaf = ld->set->nleaves++, ld->rule->nleaves++;
		return kind == SAST_F_PATTERN ? compile_pattern_leaf(ld, v, f) :
		       kind == SAST_F_QUERY ? compile_query_leaf(ld, v, f) : compile_regex_leaf(ld, v, f);
	case SAST_F_INSTRUCTION:
		f->leaf = ld->set->nleaves++, ld->rule->nleaves++;
		return parse_instruction(ld, n, f);
	case SAST_F_ALL: case SAST_F_ANY: {
		bool positive = false;
		if (v->kind != SCAN_YAML_SEQUENCE || !v->len || v->len > LIST_MAX)
			return bad(ld, v, "'%s' is a non-empty list of formulas", key);
		if (!(f->kids = scan_arena__calloc(&ld->set->arena, v->len * sizeof(*f->kids))))
			return scan_error__oom();
		f->nkids = v->len;
		/* where: and focus: last, so they can name what any other member binds */
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < v->len; i++) {
				const scan_yaml_node *it = v->items[i];
				bool late = it->kind == SCAN_YAML_MAPPING && it->len >= 1 &&
				            (!strcmp(it->items[0]->value, "where") || !strcmp(it->items[0]->value, "focus"));
				if (late != (pass == 1))
					continue;
				if ((rc = parse_formula(ld, it, &f->kids[i], depth + 1, kind == SAST_F_ALL)) != 0)
					return rc;
				positive |= is_positive(f->kids[i]->kind);
			}
		if (kind == SAST_F_ALL && !positive)
			return bad(ld, v, "all: needs at least one member that matches (a pattern, query, regex, any or all)");
		return kind == SAST_F_ALL ? push_down(ld, f) : 0;
	}
	case SAST_F_NOT: case SAST_F_INSIDE: case SAST_F_NOT_INSIDE: case SAST_F_HAS: case SAST_F_NOT_HAS:
		if (!(f->kids = scan_arena__calloc(&ld->set->arena, sizeof(*f->kids))))
			return scan_error__oom();
		f->nkids = 1;
		return parse_formula(ld, v, &f->kids[0], depth + 1, false);
	case SAST_F_WHERE:
		return parse_where(ld, v, f);
	case SAST_F_FOCUS:
		if (!scalar(v))
			return bad(ld, v, "'focus' names a metavariable");
		return known_mv(ld, v, v->value, &f->focus_mv);
	}
	return 0;
}

static int parse_fixtures(loader *ld, const scan_yaml_node *n, sast_rule *r)
{
	if (!n)
		return 0;
	if (n->kind != SCAN_YAML_SEQUENCE || n->len > FIXTURES_MAX)
		return bad(ld, n, "'tests' is a list of at most %d fixtures", FIXTURES_MAX);
	if (!(r->fixtures = scan_arena__calloc(&ld->set->arena, (n->len ? n->len : 1) * sizeof(*r->fixtures))))
		return scan_error__oom();
	for (size_t i = 0; i < n->len; i++) {
		const scan_yaml_node *t = n->items[i], *vul, *safe, *path;
		sast_fixture *fx = &r->fixtures[i];
		if (t->kind != SCAN_YAML_MAPPING)
			return bad(ld, t, "a fixture is a mapping with 'vulnerable' or 'safe'");
		vul = scan_util__yaml_get(t, "vulnerable");
		safe = scan_util__yaml_get(t, "safe");
		path = scan_util__yaml_get(t, "path");
		if (!!vul == !!safe || !scalar(vul ? vul : safe))
			return bad(ld, t, "a fixture has exactly one of 'vulnerable' and 'safe', holding code");
		if (t->len != (path ? 4u : 2u))
			return bad(ld, t, "a fixture has only 'vulnerable' or 'safe', and 'path'");
		if (path && !scalar(path))
			return bad(ld, path, "'path' must be a string");
		fx->vulnerable = vul != NULL;
		fx->code = copy(ld, (vul ? vul : safe)->value);
		fx->path = path ? copy(ld, path->value) : NULL;
		fx->line = t->line;
		if (!fx->code || (path && !fx->path))
			return scan_error__oom();
	}
	r->nfixtures = n->len;
	return 0;
}

/* Literals one of which every match of f must contain; returns false when f has none. */
static bool formula_atoms(const sast_formula *f, const char **atoms, size_t *n, size_t max)
{
	switch (f->kind) {
	case SAST_F_PATTERN:
		if (f->atom && *n < max) {
			atoms[(*n)++] = f->atom;
			return true;
		}
		if (!f->atom && f->nalts && *n + f->nalts <= max) {
			for (size_t i = 0; i < f->nalts; i++)
				atoms[(*n)++] = f->alts[i];
			return true;
		}
		return false;
	case SAST_F_ANY:
		for (size_t i = 0; i < f->nkids; i++)
			if (!formula_atoms(f->kids[i], atoms, n, max))
				return false;
		return f->nkids > 0;
	case SAST_F_ALL:
		/* every match is also inside (or holds) a match of an inside:/has: member,
		   so that member's atoms serve as well as a positive one's */
		for (size_t i = 0; i < f->nkids; i++) {
			const sast_formula *k = f->kids[i];
			size_t save = *n;
			if (is_positive(k->kind) && formula_atoms(k, atoms, n, max))
				return true;
			if ((k->kind == SAST_F_INSIDE || k->kind == SAST_F_HAS) && k->nkids &&
			    formula_atoms(k->kids[0], atoms, n, max))
				return true;
			*n = save;
		}
		return false;
	default:
		return false;
	}
}

static const char *const rule_keys[] = {
	"id", "languages", "severity", "confidence", "category", "cwe", "owasp", "ai_rule", "title", "message",
	"remediation", "references", "paths", "fix", "match", "taint", "sensitive", "tests", NULL };

/*
 * A rule of category ai names the AI attack-surface rule it detects and
 * its OWASP Top 10 for LLM Applications entry (2025 numbering): the AI
 * inventory files its findings by both. Other rules name neither.
 */
static int ai_fields(loader *ld, const scan_yaml_node *node, const sast_rule *rp)
{
	const char *o = rp->owasp, *a = rp->ai_rule;

	if (rp->category != SCAN_CAT_AI)
		return a ? bad(ld, scan_util__yaml_get(node, "ai_rule"), "'ai_rule' belongs to rules of category ai") : 0;
	if (!a || strlen(a) != 5 || strncmp(a, "AI", 2) || strspn(a + 2, "0123456789") != 3 || !strcmp(a + 2, "000"))
		return bad(ld, a ? scan_util__yaml_get(node, "ai_rule") : node, "a rule of category ai has 'ai_rule: AI<3 digits>'");
	if (!o || strlen(o) != 10 || strncmp(o, "LLM", 3) || strcmp(o + 5, ":2025") ||
	    !((o[3] == '0' && o[4] >= '1' && o[4] <= '9') || (o[3] == '1' && o[4] == '0')))
		return bad(ld, o ? scan_util__yaml_get(node, "owasp") : node,
		           "a rule of category ai has 'owasp: LLM01:2025' .. 'LLM10:2025' (the 2025 list)");
	return 0;
}

/* The formulas a model of the file names (models: {NAME: [formula, ...]}), or NULL with the error set. */
static const scan_yaml_node *model_of(loader *ld, const scan_yaml_node *item)
{
	const scan_yaml_node *name = item->kind == SCAN_YAML_MAPPING && item->len == 2 ? scan_util__yaml_get(item, "model") : NULL;
	const scan_yaml_node *m;

	if (!name)
		return NULL;
	if (!scalar(name) || !ld->models || !(m = scan_util__yaml_get(ld->models, name->value))) {
		bad(ld, item, "no model '%s' in this file's models:", scalar(name) ? name->value : "?");
		return item; /* not a formula either: the caller stops on the error */
	}
	if (m->kind != SCAN_YAML_SEQUENCE || !m->len || m->len > LIST_MAX) {
		bad(ld, m, "model '%s' is a non-empty list of formulas", name->value);
		return item;
	}
	return m;
}

/*
 * A list's formulas with each `model: NAME` replaced by the model's (models
 * may name models, a few levels deep): counted into *n when into is NULL,
 * else parsed into into->kids from *n on.
 */
static int flatten(loader *ld, const scan_yaml_node *list, sast_formula *into, size_t *n, unsigned depth)
{
	int rc;

	if (depth > 4)
		return bad(ld, list, "models nest more than 4 deep");
	for (size_t i = 0; i < list->len; i++) {
		const scan_yaml_node *m = model_of(ld, list->items[i]);
		if (m == list->items[i])
			return SCAN_EINVAL;
		if (*n > TAINT_LIST_MAX)
			return bad(ld, list, "a taint list expands to more than %d formulas", TAINT_LIST_MAX);
		if (m) {
			if ((rc = flatten(ld, m, into, n, depth + 1)) != 0)
				return rc;
		} else if (!into) {
			(*n)++;
		} else if ((rc = parse_formula(ld, list->items[i], &into->kids[(*n)++], 1, false)) != 0) {
			return rc;
		}
	}
	return 0;
}

/*
 * A taint rule's list of formulas (sources:, sinks:, sanitizers:) as one
 * any:. An item `model: NAME` stands for the formulas of the file's model
 * NAME: a language's web sources, written once for all its rules.
 */
static int parse_taint_list(loader *ld, const scan_yaml_node *taint, const char *key, bool required,
                            sast_formula **out)
{
	const scan_yaml_node *v = scan_util__yaml_get(taint, key);
	sast_formula *f;
	size_t n = 0, k = 0;
	int rc;

	*out = NULL;
	if (!v) {
		if (required)
			return bad(ld, taint, "taint: needs '%s'", key);
		return 0;
	}
	if (v->kind != SCAN_YAML_SEQUENCE || !v->len || v->len > LIST_MAX)
		return bad(ld, v, "'%s' is a non-empty list of formulas", key);
	if ((rc = flatten(ld, v, NULL, &n, 0)) != 0)
		return rc;
	if (!(f = new_formula(ld, SAST_F_ANY, v->line)) ||
	    !(f->kids = scan_arena__calloc(&ld->set->arena, n * sizeof(*f->kids))))
		return scan_error__oom();
	f->nkids = n;
	*out = f;
	return flatten(ld, v, f, &k, 0);
}

#define TAINT_PROPAGATORS_MAX 256

/* The propagator items of list, models expanded (a few levels deep), into v[*n]. */
static int propagator_items(loader *ld, const scan_yaml_node *list, const scan_yaml_node **v, size_t *n,
                            unsigned depth)
{
	if (depth > 4)
		return bad(ld, list, "models nest more than 4 deep");
	for (size_t i = 0; i < list->len; i++) {
		const scan_yaml_node *m = model_of(ld, list->items[i]);
		int rc;
		if (m == list->items[i])
			return SCAN_EINVAL;
		if (m) {
			if ((rc = propagator_items(ld, m, v, n, depth + 1)) != 0)
				return rc;
		} else if (*n == TAINT_PROPAGATORS_MAX) {
			return bad(ld, list, "more than %d propagators", TAINT_PROPAGATORS_MAX);
		} else {
			v[(*n)++] = list->items[i];
		}
	}
	return 0;
}

/*
 * propagators: [{from: $A, to: $B, <one formula>}, ...] (or `model: NAME`
 * items naming lists of them): where the formula matches, the data of what
 * $A binds flows into the variable $B binds - a call that fills one of its
 * arguments from another (parse_str, json.Unmarshal, dict.update) rather than
 * returning it. The formulas are any's kids (the rule's match holds any),
 * so they compile and free like the rule's other formulas.
 */
static int parse_propagators(loader *ld, const scan_yaml_node *v, sast_rule *rp, sast_formula *any)
{
	const scan_yaml_node *items[TAINT_PROPAGATORS_MAX];
	size_t n = 0;
	int rc;

	if (v->kind != SCAN_YAML_SEQUENCE || !v->len || v->len > LIST_MAX)
		return bad(ld, v, "'propagators' is a non-empty list of {from, to, formula}");
	if ((rc = propagator_items(ld, v, items, &n, 0)) != 0)
		return rc;
	if (!(any->kids = rp->taint_propagators = scan_arena__calloc(&ld->set->arena, n * sizeof(*rp->taint_propagators))) ||
	    !(rp->taint_from = scan_arena__calloc(&ld->set->arena, n * sizeof(*rp->taint_from))) ||
	    !(rp->taint_to = scan_arena__calloc(&ld->set->arena, n * sizeof(*rp->taint_to))) ||
	    !(rp->taint_replaces = scan_arena__calloc(&ld->set->arena, n * sizeof(*rp->taint_replaces))))
		return scan_error__oom();
	for (size_t i = 0; i < n; i++) {
		const scan_yaml_node *it = items[i], *from, *to, *replaces;
		scan_yaml_node *formula, **kv;
		size_t k = 0;
		int mv = -1;
		if (it->kind != SCAN_YAML_MAPPING || !scalar(from = scan_util__yaml_get(it, "from")) ||
		    !scalar(to = scan_util__yaml_get(it, "to")))
			return bad(ld, it, "a propagator is a mapping of 'from', 'to' and one formula");
		replaces = scan_util__yaml_get(it, "replaces");
		if (replaces && (rc = boolean(ld, replaces, "a propagator's 'replaces'", &rp->taint_replaces[i])) != 0)
			return rc;
		if (it->len != (replaces ? 8u : 6u))
			return bad(ld, it, "a propagator is a mapping of 'from', 'to', optionally 'replaces', and one formula");
		/* the item without from, to and replaces is the formula */
		if (!(formula = scan_arena__calloc(&ld->set->arena, sizeof(*formula))) ||
		    !(kv = scan_arena__calloc(&ld->set->arena, 2 * sizeof(*kv))))
			return scan_error__oom();
		for (size_t j = 0; j < it->len; j += 2)
			if (strcmp(it->items[j]->value, "from") && strcmp(it->items[j]->value, "to") &&
			    strcmp(it->items[j]->value, "replaces") && k < 2)
				kv[k++] = it->items[j], kv[k++] = it->items[j + 1];
		*formula = *it;
		formula->items = kv, formula->len = k;
		if ((rc = parse_formula(ld, formula, &rp->taint_propagators[i], 1, false)) != 0)
			return rc;
		any->nkids = rp->ntaint_propagators = i + 1;
		if ((rc = known_mv(ld, from, from->value, &mv)) != 0)
			return rc;
		rp->taint_from[i] = (int16_t)mv;
		if ((rc = known_mv(ld, to, to->value, &mv)) != 0)
			return rc;
		rp->taint_to[i] = (int16_t)mv;
	}
	return 0;
}

/*
 * taint: {sources, sinks, sanitizers}. The rule's match is any of them, so
 * the engine matches their leaves like any rule's; the taint engine
 * (taint.c) then follows the data between them.
 */
static int parse_taint(loader *ld, const scan_yaml_node *taint, sast_rule *rp)
{
	static const char *const keys[] = { "sources", "sinks", "sanitizers", "rejects", "propagators", "numbers-carry",
		                            NULL };
	const scan_yaml_node *carry = scan_util__yaml_get(taint, "numbers-carry");
	sast_formula *all;
	int rc;

	if (taint->kind != SCAN_YAML_MAPPING)
		return bad(ld, taint, "'taint' is a mapping with sources, sinks and sanitizers");
	for (size_t i = 0; i < taint->len; i += 2) {
		bool ok = false;
		for (const char *const *k = keys; *k && !ok; k++)
			ok = !strcmp(*k, taint->items[i]->value);
		if (!ok)
			return bad(ld, taint->items[i], "unknown taint key '%s'", taint->items[i]->value);
	}
	if (carry) {
		if (carry->kind != SCAN_YAML_SCALAR || (strcmp(carry->value, "true") && strcmp(carry->value, "false")))
			return bad(ld, carry, "'numbers-carry' is true or false");
		rp->taint_numbers_carry = !strcmp(carry->value, "true");
	}
	/* attached before its members are parsed: a rule that fails to load frees what they compiled */
	if (!(all = new_formula(ld, SAST_F_ANY, taint->line)) ||
	    !(all->kids = scan_arena__calloc(&ld->set->arena, 5 * sizeof(*all->kids))))
		return scan_error__oom();
	rp->match = all;
	if ((rc = parse_taint_list(ld, taint, "sources", true, &all->kids[0])) != 0)
		return rc;
	all->nkids = 1;
	if ((rc = parse_taint_list(ld, taint, "sinks", true, &all->kids[1])) != 0)
		return rc;
	all->nkids = 2;
	if ((rc = parse_taint_list(ld, taint, "sanitizers", false, &all->kids[2])) != 0)
		return rc;
	if (all->kids[2])
		all->nkids = 3;
	rp->taint_sources = all->kids[0], rp->taint_sinks = all->kids[1], rp->taint_sanitizers = all->kids[2];
	if ((rc = parse_taint_list(ld, taint, "rejects", false, &all->kids[all->nkids])) != 0)
		return rc;
	if ((rp->taint_rejects = all->kids[all->nkids]) != NULL)
		all->nkids++;
	if (!scan_util__yaml_get(taint, "propagators"))
		return 0;
	if (!(all->kids[all->nkids] = new_formula(ld, SAST_F_ANY, taint->line)))
		return scan_error__oom();
	return parse_propagators(ld, scan_util__yaml_get(taint, "propagators"), rp, all->kids[all->nkids++]);
}

static void free_formula(sast_formula *f);

static int load_rule_into(loader *ld, const scan_yaml_node *node, sast_rule *rp)
{
	const scan_yaml_node *x;
	const char *s, **langs;
	size_t nlangs;
	int rc;

	if (node->kind != SCAN_YAML_MAPPING)
		return bad(ld, node, "a rule is a mapping");
	for (size_t i = 0; i < node->len; i += 2) {
		bool ok = false;
		for (const char *const *k = rule_keys; *k && !ok; k++)
			ok = !strcmp(*k, node->items[i]->value);
		if (!ok)
			return bad(ld, node->items[i], "unknown rule key '%s'", node->items[i]->value);
	}
	ld->rule = rp;
	rp->custom = !ld->set->lazy;
	if ((rc = get_string(ld, node, "id", true, &rp->id)) != 0)
		return rc;
	for (s = rp->id; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || strchr("._-", *s)))
			return bad(ld, node, "rule id '%s' may hold only a-z, 0-9, '.', '_' and '-'", rp->id);
	for (size_t i = 0; i < ld->set->count; i++)
		if (!strcmp(ld->set->rules[i].id, rp->id))
			return bad(ld, node, "rule id '%s' is already defined at %s", rp->id, ld->set->rules[i].origin);
	if ((rc = get_list(ld, scan_util__yaml_get(node, "languages"), "languages", &langs, &nlangs)) != 0)
		return rc;
	if (!nlangs)
		return bad(ld, node, "rule has no 'languages'");
	for (size_t i = 0; i < nlangs; i++) {
		uint64_t m;
		if (scan_sast__lang_from_name(langs[i], &m) != 0)
			return bad(ld, scan_util__yaml_get(node, "languages"), "unknown language '%s'", langs[i]);
		rp->langs |= m;
	}
	if ((rp->langs & (1ull << SCAN_LANG_DOCKERFILE)) && rp->langs != (1ull << SCAN_LANG_DOCKERFILE))
		return bad(ld, node, "a dockerfile rule cannot share its patterns with other languages");
	if ((rc = get_string(ld, node, "severity", true, &s)) != 0)
		return rc;
	if (scan_severity_parse(&rp->severity, s) != 0)
		return bad(ld, scan_util__yaml_get(node, "severity"), "unknown severity '%s'", s);
	rp->confidence = 80;
	if ((x = scan_util__yaml_get(node, "confidence"))) {
		char *end;
		long v = scalar(x) ? strtol(x->value, &end, 10) : -1;
		if (!scalar(x) || *end || v < 0 || v > 100)
			return bad(ld, x, "'confidence' is a number from 0 to 100");
		rp->confidence = (unsigned)v;
	}
	rp->category = SCAN_CAT_SECURITY;
	if ((rc = get_string(ld, node, "category", false, &s)) != 0)
		return rc;
	if (s && (scan_category_parse(&rp->category, s) != 0 ||
	          (rp->category != SCAN_CAT_SECURITY && rp->category != SCAN_CAT_IAC && rp->category != SCAN_CAT_AI)))
		return bad(ld, scan_util__yaml_get(node, "category"), "category is 'security', 'iac' or 'ai'");
	if ((rc = get_string(ld, node, "cwe", false, &rp->cwe)) != 0 ||
	    (rc = get_string(ld, node, "owasp", false, &rp->owasp)) != 0 ||
	    (rc = get_string(ld, node, "ai_rule", false, &rp->ai_rule)) != 0 ||
	    (rc = get_string(ld, node, "message", true, &rp->message)) != 0 ||
	    (rc = get_string(ld, node, "title", false, &rp->title)) != 0 ||
	    (rc = get_string(ld, node, "remediation", false, &rp->remediation)) != 0 ||
	    (rc = get_string(ld, node, "fix", false, &rp->fix)) != 0)
		return rc;
	if (rp->cwe && (strncmp(rp->cwe, "CWE-", 4) || !rp->cwe[4] || strspn(rp->cwe + 4, "0123456789") != strlen(rp->cwe + 4)))
		return bad(ld, scan_util__yaml_get(node, "cwe"), "'cwe' is written CWE-<number>");
	if ((rc = ai_fields(ld, node, rp)) != 0)
		return rc;
	if ((rc = get_list(ld, scan_util__yaml_get(node, "references"), "references", &rp->references, &rp->nreferences)) != 0)
		return rc;
	if ((x = scan_util__yaml_get(node, "paths"))) {
		if (x->kind != SCAN_YAML_MAPPING)
			return bad(ld, x, "'paths' is a mapping with 'include' and/or 'exclude'");
		if ((rc = get_list(ld, scan_util__yaml_get(x, "include"), "include", &rp->path_include, &rp->ninclude)) != 0 ||
		    (rc = get_list(ld, scan_util__yaml_get(x, "exclude"), "exclude", &rp->path_exclude, &rp->nexclude)) != 0)
			return rc;
	}
	if ((x = scan_util__yaml_get(node, "taint"))) {
		if (scan_util__yaml_get(node, "match"))
			return bad(ld, node, "a rule has 'match' or 'taint', not both");
		if ((rc = parse_taint(ld, x, rp)) != 0)
			return rc;
	} else if (!(x = scan_util__yaml_get(node, "match"))) {
		return bad(ld, node, "rule has no 'match' (or 'taint')");
	} else if ((rc = parse_formula(ld, x, &rp->match, 0, false)) != 0) {
		return rc;
	}
	if ((x = scan_util__yaml_get(node, "sensitive"))) {
		const char **names;
		size_t nnames;
		if ((rc = get_list(ld, x, "sensitive", &names, &nnames)) != 0)
			return rc;
		for (size_t i = 0; i < nnames; i++) {
			int mv = -1;
			if ((rc = known_mv(ld, x, names[i], &mv)) != 0)
				return rc;
			rp->sensitive |= 1u << mv;
		}
	}
	if ((rc = parse_fixtures(ld, scan_util__yaml_get(node, "tests"), rp)) != 0)
		return rc;
	{
		const char *atoms[32];
		size_t n = 0;
		/* a taint rule needs a sink in the file */
		if (formula_atoms(rp->taint_sinks ? rp->taint_sinks : rp->match, atoms, &n, 32) && n) {
			if (!(rp->atoms = scan_arena__alloc(&ld->set->arena, n * sizeof(*rp->atoms))))
				return scan_error__oom();
			memcpy(rp->atoms, atoms, n * sizeof(*atoms));
			rp->natoms = n;
		}
	}
	{
		scan_buf b = SCAN_BUF_INIT;
		scan_buf_printf(&b, "%s/%s", rp->category == SCAN_CAT_IAC ? "iac" : "sast", rp->id);
		rp->rule_id = scan_buf_failed(&b) ? NULL : copy(ld, b.ptr);
		scan_buf_dispose(&b);
		scan_buf_printf(&b, "%s:%u", ld->origin, node->line);
		rp->origin = scan_buf_failed(&b) ? NULL : copy(ld, b.ptr);
		scan_buf_dispose(&b);
		rp->pack = copy(ld, ld->origin);
		if (!rp->rule_id || !rp->origin || !rp->pack)
			return scan_error__oom();
	}
	if (!rp->title)
		rp->title = rp->message;
	if (ld->set->count >= SAST_RULES_MAX)
		return bad(ld, node, "more than %d rules", SAST_RULES_MAX);
	if (scan_array_reserve(&ld->set->rules, &ld->set->cap, ld->set->count + 1, sizeof(*ld->set->rules)))
		return SCAN_ENOMEM;
	ld->set->rules[ld->set->count++] = *rp;
	memset(rp, 0, sizeof(*rp)); /* the set owns it now */
	return 0;
}

static int load_rule(loader *ld, const scan_yaml_node *node)
{
	sast_rule r = { 0 };
	int rc = load_rule_into(ld, node, &r);
	if (rc)
		free_formula(r.match);
	return rc;
}

static void free_formula(sast_formula *f)
{
	if (!f)
		return;
	for (int l = 0; l < SCAN_LANG__COUNT; l++) {
		scan_pattern__free(f->pat[l]);
		if (f->query[l])
			ts_query_delete(f->query[l]);
	}
	pcre2_code_free(f->re);
	for (size_t i = 0; i < f->nwhere; i++) {
		pcre2_code_free(f->where[i].regex);
		pcre2_code_free(f->where[i].not_regex);
		pcre2_code_free(f->where[i].kind_regex);
	}
	for (size_t i = 0; i < f->nkids; i++)
		free_formula(f->kids[i]);
}

int scan_sast__load_text(sast_ruleset *set, const char *text, size_t len, const char *origin)
{
	scan_yaml_doc doc;
	const scan_yaml_node *rules;
	loader ld = { 0 };
	size_t before = set->count;
	int rc;

	ld.set = set, ld.origin = origin;
	if ((rc = scan_util__yaml_parse(&doc, text, len, origin)) != 0) {
		scan_util__yaml_dispose(&doc);
		return rc;
	}
	if (doc.root && doc.root->kind == SCAN_YAML_MAPPING && (ld.models = scan_util__yaml_get(doc.root, "models")) &&
	    ld.models->kind != SCAN_YAML_MAPPING) {
		rc = bad(&ld, ld.models, "'models' maps a name to a list of formulas");
		scan_util__yaml_dispose(&doc);
		return rc;
	}
	if (!doc.root || doc.root->kind != SCAN_YAML_MAPPING || !(rules = scan_util__yaml_get(doc.root, "rules")) ||
	    rules->kind != SCAN_YAML_SEQUENCE) {
		rc = bad(&ld, doc.root, "a rule file is a mapping with a 'rules' list");
	} else {
		for (size_t i = 0; i < rules->len && !rc; i++)
			rc = load_rule(&ld, rules->items[i]);
	}
	if (rc) /* keep the set as it was: drop what this file added */
		while (set->count > before)
			free_formula(set->rules[--set->count].match);
	scan_util__yaml_dispose(&doc);
	return rc;
}

static int load_one(void *ud, const char *text, size_t len, const char *path)
{
	return scan_sast__load_text(ud, text, len, path);
}

int scan_sast__load_dir(sast_ruleset *set, const char *dir)
{
	return scan_util__rule_files_each(dir, true, load_one, set);
}

int scan_sast__load_builtin(sast_ruleset *set)
{
	return scan_util__rule_files_each_embedded(scan_sast__builtin, scan_sast__builtin_count, load_one, set);
}

void scan_sast__ruleset_dispose(sast_ruleset *set)
{
	for (size_t i = 0; i < set->count; i++)
		free_formula(set->rules[i].match);
	free(set->rules);
	scan_arena__dispose(&set->arena);
	memset(set, 0, sizeof(*set));
}
