/* lib/sast/compile.c - compile one leaf (pattern or query) for one language */
#include <stdio.h>
#include <string.h>
#include "sast/pattern_int.h"
#include "sast/sast.h"
#include "scan/common.h"

int scan_sast__mv_lookup(const sast_rule *r, const char *name, size_t len)
{
	for (unsigned i = 0; i < r->nmv; i++)
		if (strlen(r->mv_names[i]) == len + 1 && !memcmp(r->mv_names[i] + 1, name, len))
			return (int)i;
	return -1;
}

/*
 * `(kind) @X` or `[(a) (b) ...] @X`: the symbols named, or NULL when the query
 * is anything more (fields, children, anchors, several captures) or names a
 * supertype, which never appears in a tree and needs the query engine.
 */
static TSSymbol *kind_set(scan_arena *arena, const TSLanguage *ts, const char *q)
{
	TSSymbol syms[16];
	size_t n = 0;
	bool alt = false;
	const char *p = q;
	TSSymbol *out;

#define SKIP_WS() while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++
	SKIP_WS();
	if (*p == '[')
		alt = true, p++;
	for (;;) {
		const char *name;
		SKIP_WS();
		if (*p != '(')
			break;
		name = ++p;
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')
			p++;
		if (*p != ')' || p == name || (p - name == 1 && *name == '_') || n == sizeof(syms) / sizeof(*syms))
			return NULL;
		syms[n] = ts_language_symbol_for_name(ts, name, (uint32_t)(p - name), true);
		if (!syms[n] || syms[n] == (TSSymbol)-1 || ts_language_symbol_type(ts, syms[n]) != TSSymbolTypeRegular)
			return NULL;
		n++, p++;
		if (!alt)
			break;
	}
	if (!n || (alt && *p++ != ']'))
		return NULL;
	SKIP_WS();
	if (*p++ != '@')
		return NULL;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')
		p++;
	SKIP_WS();
#undef SKIP_WS
	if (*p || !(out = scan_arena__alloc(arena, (n + 1) * sizeof(*out))))
		return NULL;
	memcpy(out, syms, n * sizeof(*out));
	out[n] = 0;
	return out;
}

/*
 * `(kind ...)` as the only pattern: the symbol of kind, or 0 when the query
 * starts otherwise (an alternation, a wildcard, a field, a supertype...).
 */
static TSSymbol root_kind(const TSLanguage *ts, const TSQuery *q, const char *src)
{
	const char *p = src, *name;
	TSSymbol s;

	if (ts_query_pattern_count(q) != 1 || !ts_query_is_pattern_rooted(q, 0))
		return 0;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p != '(')
		return 0;
	name = ++p;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')
		p++;
	if (p == name || (p - name == 1 && *name == '_') || !(*p == ' ' || *p == '\t' || *p == '\n' || *p == ')'))
		return 0;
	s = ts_language_symbol_for_name(ts, name, (uint32_t)(p - name), true);
	if (!s || s == (TSSymbol)-1 || ts_language_symbol_type(ts, s) != TSSymbolTypeRegular)
		return 0;
	return s;
}

static int compile_query(sast_ruleset *set, sast_rule *r, sast_formula *f, scan_lang l, char *err, size_t errlen)
{
	const sast_langinfo *li = scan_sast__langinfo(l);
	uint32_t off, ncap;
	TSQueryError qe;
	TSQuery *q;
	int16_t *map;

	if (!li) {
		snprintf(err, errlen, "queries need a grammar, and %s has none", scan_lang__name(l));
		return SCAN_EINVAL;
	}
	if (!(q = ts_query_new(li->ts, f->src, (uint32_t)strlen(f->src), &off, &qe))) {
		snprintf(err, errlen, "the query does not compile (error %d at offset %u)", (int)qe, off);
		return SCAN_EINVAL;
	}
	for (uint32_t p = 0; p < ts_query_pattern_count(q); p++) {
		uint32_t steps;
		ts_query_predicates_for_pattern(q, p, &steps);
		if (steps) {
			snprintf(err, errlen, "query predicates (#eq?, #match?) are not evaluated: capture @X and "
			         "constrain $X with where:");
			ts_query_delete(q);
			return SCAN_EINVAL;
		}
	}
	ncap = ts_query_capture_count(q);
	if (!(map = scan_arena__alloc(&set->arena, (ncap ? ncap : 1) * sizeof(*map)))) {
		ts_query_delete(q);
		return SCAN_ENOMEM;
	}
	for (uint32_t i = 0; i < ncap; i++) {
		uint32_t len;
		const char *name = ts_query_capture_name_for_id(q, i, &len);
		/* @match is the reported range; upper-case captures bind metavariables (registered at load) */
		map[i] = len == 5 && !memcmp(name, "match", 5) ? -2 : (int16_t)scan_sast__mv_lookup(r, name, len);
	}
	f->query_mv[l] = map;
	f->query[l] = q;
	if (ncap == 1)
		f->query_kinds[l] = kind_set(&set->arena, li->ts, f->src);
	if (!f->query_kinds[l])
		f->query_root[l] = root_kind(li->ts, q, f->src);
	return 0;
}

int scan_sast__leaf_compile(sast_ruleset *set, sast_rule *r, sast_formula *f, scan_lang l, char *err, size_t errlen)
{
	*err = '\0';
	if (f->kind == SAST_F_QUERY)
		return f->query[l] ? 0 : compile_query(set, r, f, l, err, errlen);
	if (f->kind == SAST_F_PATTERN && !f->pat[l]) {
		return scan_pattern__compile(&f->pat[l], l, f->src, r, err, errlen);
	}
	return 0;
}
