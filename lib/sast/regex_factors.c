/*
 * lib/sast/regex_factors.c - the literals a regex's matches must hold, so the
 * engine can look for plain words before it runs a pattern and its regex
 */
#include <stdbool.h>
#include <string.h>
#include "sast/sast.h"
#include "scan/common.h"
#include "util/error.h"

#define REGEX_FACTOR_MIN 3   /* shorter literals are everywhere: no help to the search */

typedef struct {
	scan_arena *arena;
	const char **v;
	size_t n, max;
	int rc;
} factors;

/* The end of the character class opening at p ('['), or NULL. */
static const char *class_end(const char *p, const char *e)
{
	p++;
	if (p < e && *p == '^')
		p++;
	if (p < e && *p == ']')
		p++;
	for (; p < e; p++) {
		if (*p == '\\')
			p++;
		else if (*p == ']')
			return p + 1;
	}
	return NULL;
}

/* Just past the group opening at p ('('), or NULL. */
static const char *group_end(const char *p, const char *e)
{
	int depth = 0;
	while (p < e) {
		if (*p == '\\') {
			p += 2;
		} else if (*p == '[') {
			if (!(p = class_end(p, e)))
				return NULL;
		} else {
			if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0)
				return p + 1;
			p++;
		}
	}
	return NULL;
}

static bool alternation_factors(factors *f, const char *p, const char *e, int depth);

/*
 * One branch of an alternation: its longest literal run outside groups and
 * classes, or else the factors of its first group that must match. false:
 * some text matching the branch holds no literal of REGEX_FACTOR_MIN bytes
 * the analysis can name.
 */
static bool branch_factors(factors *f, const char *p, const char *e, int depth)
{
	char run[128], best[128];
	size_t nrun = 0, nbest = 0;
	const char *group = NULL, *group_e = NULL;

#define END_RUN() do { if (nrun > nbest) memcpy(best, run, nbest = nrun); nrun = 0; } while (0)
	while (p < e) {
		char lit = 0;
		if (*p == '\\') {
			if (p + 1 >= e)
				return false;
			if ((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= '0' && p[1] <= '9'))
				END_RUN(); /* \b, \w, \d, \x41...: not a literal byte of its own */
			else
				lit = p[1];
			p += 2;
		} else if (*p == '[') {
			if (!(p = class_end(p, e)))
				return false;
			END_RUN();
		} else if (*p == '(') {
			const char *ge = group_end(p, e), *inner = p + 1;
			if (!ge)
				return false;
			if (p[1] == '?') {
				if (p[2] == ':')
					inner = p + 3;
				else if (p[2] == '=' || p[2] == '!' || p[2] == '<' || p[2] == 'P' || p[2] == '\'')
					inner = NULL; /* a lookaround (zero width) or a named group: not looked into */
				else
					return false; /* (?i) and other flags: matches more than the text says */
			}
			if (inner && !group && !(ge < e && (*ge == '?' || *ge == '*' || *ge == '{')))
				group = inner, group_e = ge - 1;
			END_RUN();
			p = ge;
		} else if (*p == '?' || *p == '*' || *p == '{') {
			if (nrun)
				nrun--; /* the atom before may be absent */
			END_RUN();
			if (*p == '{')
				while (p < e && *p != '}')
					p++;
			p++;
			if (p < e && (*p == '?' || *p == '+'))
				p++;
		} else if (*p == '+') {
			END_RUN();
			p++;
			if (p < e && (*p == '?' || *p == '+'))
				p++;
		} else if (*p == '.' || *p == '^' || *p == '$' || *p == ')' || *p == '|') {
			END_RUN();
			p++;
		} else {
			lit = *p++;
		}
		if (lit) {
			if (nrun == sizeof(run))
				END_RUN();
			run[nrun++] = lit;
		}
	}
	END_RUN();
#undef END_RUN
	if (nbest >= REGEX_FACTOR_MIN) {
		if (f->n == f->max)
			return false;
		if (!(f->v[f->n++] = scan_arena__strndup(f->arena, best, nbest)))
			f->rc = scan_error__oom();
		return !f->rc;
	}
	return group && depth < 4 && alternation_factors(f, group, group_e, depth + 1);
}

static bool alternation_factors(factors *f, const char *p, const char *e, int depth)
{
	const char *b = p;
	while (p <= e) {
		if (p == e || *p == '|') {
			if (!branch_factors(f, b, p, depth))
				return false;
			b = ++p;
		} else if (*p == '\\') {
			p += 2;
		} else if (*p == '[' || *p == '(') {
			if (!(p = *p == '[' ? class_end(p, e) : group_end(p, e)))
				return false;
		} else {
			p++;
		}
	}
	return true;
}

int scan_sast__regex_factors(scan_arena *arena, const char *re, const char **out, size_t max, size_t *n)
{
	factors f = { arena, out, 0, max, 0 };
	*n = 0;
	if (strstr(re, "\\Q"))
		return 0; /* quoted text: its metacharacters are literals, which the walk above does not know */
	if (alternation_factors(&f, re, re + strlen(re), 0) && !f.rc)
		*n = f.n;
	return f.rc;
}
