/* lib/sast/compile.c - compile one leaf (pattern or query) for one language */
#include <stdio.h>
#include <string.h>
#include "sast/pattern_int.h"
#include "sast/sast.h"
#include "scan/common.h"

int sast__mv_lookup(const sast_rule *r, const char *name, size_t len)
{
	for (unsigned i = 0; i < r->nmv; i++)
		if (strlen(r->mv_names[i]) == len + 1 && !memcmp(r->mv_names[i] + 1, name, len))
			return (int)i;
	return -1;
}

static int compile_query(sast_ruleset *set, sast_rule *r, sast_formula *f, scan_lang l, char *err, size_t errlen)
{
	const sast_langinfo *li = sast__langinfo(l);
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
	if (!(map = scan__arena_alloc(&set->arena, (ncap ? ncap : 1) * sizeof(*map)))) {
		ts_query_delete(q);
		return SCAN_ENOMEM;
	}
	for (uint32_t i = 0; i < ncap; i++) {
		uint32_t len;
		const char *name = ts_query_capture_name_for_id(q, i, &len);
		/* @match is the reported range; upper-case captures bind metavariables (registered at load) */
		map[i] = len == 5 && !memcmp(name, "match", 5) ? -2 : (int16_t)sast__mv_lookup(r, name, len);
	}
	f->query_mv[l] = map;
	f->query[l] = q;
	return 0;
}

int sast__leaf_compile(sast_ruleset *set, sast_rule *r, sast_formula *f, scan_lang l, char *err, size_t errlen)
{
	*err = '\0';
	if (f->kind == SAST_F_QUERY)
		return f->query[l] ? 0 : compile_query(set, r, f, l, err, errlen);
	if (f->kind == SAST_F_PATTERN && !f->pat[l]) {
		return sast__pattern_compile(&f->pat[l], l, f->src, r, err, errlen);
	}
	return 0;
}
