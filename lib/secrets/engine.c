/* lib/secrets/engine.c - Hyperscan finds candidates in one pass, PCRE2 confirms them */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "secrets/engine.h"
#include "secrets/engine_int.h"
#include <openssl/evp.h>
#include "scan/array.h"
#include "util/digest.h"
#include "util/error.h"

#define ENGINE_MATCHES_MAX 10000     /* per file: a generated file full of keys stops here */
#define ENGINE_CONTEXT_LINES 2
/* Lower, not silence: a provider token in a test file stays above the default threshold. */
#define ENGINE_TEST_PATH_PENALTY 10
#define ENGINE_SECRET_MIN 8
#define ENGINE_SECRET_MAX 8192

typedef struct {
	const scan_secret_rule *rule;
	size_t start, end;
	unsigned confidence;
	double entropy;
	bool generic;
	bool keep;
	bool rejected;           /* a provider format that failed its checks: vetoes generic rules here */
} candidate;

typedef struct {
	uint32_t keyword;
	size_t end;              /* offset just past the occurrence */
} kw_hit;

/* A file quoting "key" 100,000 times does not get 100,000 windows. */
#define ENGINE_KEYWORD_HITS_MAX 8192

/* A hostile pattern or file must not stall a worker: PCRE2 gives up past these. */
#define ENGINE_MATCH_LIMIT 200000
#define ENGINE_DEPTH_LIMIT 10000

struct scan_secret_scratch {
	hs_scratch_t *hs;
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	unsigned char *hit;      /* one byte per rule then per keyword */
	candidate *cands;
	size_t cand_count, cand_cap;
	size_t *line_starts;     /* of the current file, built on first need */
	size_t line_count, line_cap;
	kw_hit *kw_hits;         /* every keyword occurrence in the current file */
	size_t kw_count;
	bool kw_flood;           /* more than ENGINE_KEYWORD_HITS_MAX: windows give way to whole-file runs */
	size_t *windows;         /* [start, end) pairs for the rule being run */
	size_t window_cap;
	size_t nrules;           /* ids below are rules, above keywords */
	const scan_secret_rule *limit_rule; /* the current file's first rule cut short, and why */
	const char *limit_why;
};

static int pcre_compile(pcre2_code **out, const char *pattern, const scan_secret_rule *r, const char *what)
{
	int err;
	PCRE2_SIZE off;
	pcre2_code *c = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);

	if (!c) {
		PCRE2_UCHAR msg[160];
		pcre2_get_error_message(err, msg, sizeof(msg));
		return scan_util__error(SCAN_EINVAL, "%s: rule '%s': %s does not compile at offset %zu: %s", r->origin,
		                        r->id, what, (size_t)off, (const char *)msg);
	}
	pcre2_jit_compile(c, PCRE2_JIT_COMPLETE); /* without JIT it still works, just slower */
	*out = c;
	return 0;
}

static size_t keyword_index(scan_secret_engine *e, const char *kw, int *rc)
{
	for (size_t i = 0; i < e->keyword_count; i++)
		if (!strcmp(e->keywords[i], kw))
			return i;
	if (scan_array_reserve(&e->keywords, &e->keyword_cap, e->keyword_count + 1, sizeof(*e->keywords))) {
		*rc = SCAN_ENOMEM;
		return 0;
	}
	if (!(e->keywords[e->keyword_count] = strdup(kw))) {
		*rc = scan_error__oom();
		return 0;
	}
	return e->keyword_count++;
}

/* Hyperscan reads a literal as a regex: escape everything that is not alphanumeric. */
static char *literal_regex(const char *kw)
{
	size_t n = strlen(kw);
	char *out = malloc(n * 4 + 1), *p = out;

	if (!out)
		return NULL;
	for (const char *s = kw; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) {
			*p++ = (char)c;
		} else {
			static const char hex[] = "0123456789abcdef";
			*p++ = '\\';
			*p++ = 'x';
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		}
	}
	*p = '\0';
	return out;
}

/* Compiles the Hyperscan database; a rule it refuses is left to its keywords. */
static int compile_db(scan_secret_engine *e)
{
	size_t n = e->set->count, total = n + e->keyword_count;
	const char **exprs = calloc(total ? total : 1, sizeof(*exprs));
	unsigned *flags = calloc(total ? total : 1, sizeof(*flags)), *ids = calloc(total ? total : 1, sizeof(*ids));
	char **lits = calloc(e->keyword_count ? e->keyword_count : 1, sizeof(*lits));
	int rc = 0;

	if (!exprs || !flags || !ids || !lits) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t k = 0; k < e->keyword_count; k++)
		if (!(lits[k] = literal_regex(e->keywords[k]))) {
			rc = scan_error__oom();
			goto done;
		}

	for (;;) {
		size_t m = 0;
		hs_compile_error_t *cerr = NULL;

		for (size_t i = 0; i < n; i++) {
			if (!e->rules[i].in_hs)
				continue;
			exprs[m] = e->set->rules[i].pattern;
			flags[m] = HS_FLAG_PREFILTER | HS_FLAG_SINGLEMATCH | HS_FLAG_ALLOWEMPTY;
			ids[m++] = (unsigned)i;
		}
		for (size_t k = 0; k < e->keyword_count; k++) {
			/* every occurrence: keyword-gated rules run in windows around them */
			exprs[m] = lits[k];
			flags[m] = HS_FLAG_CASELESS;
			ids[m++] = (unsigned)(n + k);
		}
		if (!m)
			break;
		if (hs_compile_multi(exprs, flags, ids, (unsigned)m, HS_MODE_BLOCK, NULL, &e->db, &cerr) == HS_SUCCESS)
			break;
		/* A refused rule pattern falls back to PCRE2; a refused keyword is our bug. */
		if (cerr->expression < 0 || ids[cerr->expression] >= n) {
			rc = scan_util__error(SCAN_EINVAL, "cannot compile the secret rules: %s", cerr->message);
			hs_free_compile_error(cerr);
			goto done;
		}
		{
			size_t bad = ids[cerr->expression];
			const scan_secret_rule *r = &e->set->rules[bad];
			hs_free_compile_error(cerr);
			if (!r->keyword_count) {
				rc = scan_util__error(SCAN_EINVAL, "%s: rule '%s': pattern is beyond Hyperscan and the rule "
				                      "has no keywords to run it by", r->origin, r->id);
				goto done;
			}
			e->rules[bad].in_hs = false;
		}
	}
	for (size_t i = 0; i < n; i++)
		e->hs_rules += e->rules[i].in_hs;
done:
	for (size_t k = 0; lits && k < e->keyword_count; k++)
		free(lits[k]);
	free(lits);
	free(exprs);
	free(flags);
	free(ids);
	return rc;
}

/*
 * The key of a compiled database: everything that went into it, and the
 * Hyperscan version and platform it was built for.
 */
static void db_key(char out[65], const scan_secret_engine *e)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	hs_platform_info_t plat;

	EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
	EVP_DigestUpdate(ctx, "rampart-hs-3", 12);
	EVP_DigestUpdate(ctx, hs_version(), strlen(hs_version()));
	if (hs_populate_platform(&plat) == HS_SUCCESS)
		EVP_DigestUpdate(ctx, &plat, sizeof(plat));
	for (size_t i = 0; i < e->set->count; i++) {
		/* Which rules were offered to Hyperscan is part of what was compiled. */
		unsigned char offered = e->rules[i].in_hs;
		EVP_DigestUpdate(ctx, &offered, 1);
		EVP_DigestUpdate(ctx, e->set->rules[i].pattern, strlen(e->set->rules[i].pattern) + 1);
	}
	for (size_t k = 0; k < e->keyword_count; k++)
		EVP_DigestUpdate(ctx, e->keywords[k], strlen(e->keywords[k]) + 1);
	EVP_DigestFinal_ex(ctx, md, &mdlen);
	EVP_MD_CTX_free(ctx);
	scan_util__hex(out, md, 32);
}

static int build_db(scan_secret_engine *e, const char *cache_dir)
{
	char key[65];
	int rc;

	if (!e->set->count && !e->keyword_count)
		return 0;
	/*
	 * Only rules with a distinctive shape go into Hyperscan. Context and
	 * generic rules match bare character runs ("40 base64 characters"),
	 * which cost Hyperscan far more than they filter; their keywords, which
	 * they must have, decide whether they run.
	 */
	for (size_t i = 0; i < e->set->count; i++)
		e->rules[i].in_hs = !e->set->rules[i].context && !e->set->rules[i].generic;
	db_key(key, e);
	if (scan_secrets__db_cache_load(e, cache_dir, key) == 0)
		return 0;
	if ((rc = compile_db(e)) != 0)
		return rc;
	scan_secrets__db_cache_save(e, cache_dir, key); /* best effort: a scan never fails for want of a cache */
	return 0;
}

int scan_secrets__engine_new(scan_secret_engine **out, const scan_secret_ruleset *set, const char *cache_dir)
{
	scan_secret_engine *e = calloc(1, sizeof(*e));
	int rc = 0;

	*out = NULL;
	if (!e || !(e->rules = calloc(set->count ? set->count : 1, sizeof(*e->rules)))) {
		free(e);
		return scan_error__oom();
	}
	e->set = set;
	for (size_t i = 0; i < set->count && !rc; i++) {
		const scan_secret_rule *r = &set->rules[i];
		compiled_rule *c = &e->rules[i];
		if ((rc = pcre_compile(&c->code, r->pattern, r, "pattern")) != 0)
			break;
		if (r->context && (rc = pcre_compile(&c->context, r->context, r, "context")) != 0)
			break;
		{
			uint32_t groups = 0;
			pcre2_pattern_info(c->code, PCRE2_INFO_CAPTURECOUNT, &groups);
			if (r->secret_group > groups) {
				rc = scan_util__error(SCAN_EINVAL, "%s: rule '%s': secret_group %u but the pattern has %u groups",
				                      r->origin, r->id, r->secret_group, groups);
				break;
			}
		}
		if (r->keyword_count && !(c->keywords = calloc(r->keyword_count, sizeof(*c->keywords)))) {
			rc = scan_error__oom();
			break;
		}
		for (size_t k = 0; k < r->keyword_count && !rc; k++)
			c->keywords[k] = keyword_index(e, r->keywords[k], &rc);
		c->keyword_count = r->keyword_count;
	}
	if (!rc && !(e->provider_prefix = calloc(e->keyword_count + 1, sizeof(bool))))
		rc = scan_error__oom();
	for (size_t i = 0; i < set->count && !rc; i++)
		for (size_t k = 0; k < e->rules[i].keyword_count && !set->rules[i].generic; k++) {
			const char *kw = e->keywords[e->rules[i].keywords[k]];
			/* A token prefix ends in a separator: "ghp_", "xoxb-", "sg.", "sk-ant-". */
			size_t n = strlen(kw);
			if (n >= 3 && strchr("_-.", kw[n - 1]))
				e->provider_prefix[e->rules[i].keywords[k]] = true;
		}
	if (!rc)
		rc = build_db(e, cache_dir);
	if (rc) {
		scan_secrets__engine_free(e);
		return rc;
	}
	*out = e;
	return 0;
}

void scan_secrets__engine_free(scan_secret_engine *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->set->count; i++) {
		pcre2_code_free(e->rules[i].code);
		pcre2_code_free(e->rules[i].context);
		free(e->rules[i].keywords);
	}
	for (size_t k = 0; k < e->keyword_count; k++)
		free(e->keywords[k]);
	free(e->keywords);
	free(e->provider_prefix);
	free(e->rules);
	hs_free_database(e->db);
	free(e);
}

size_t scan_secrets__engine_hs_rules(const scan_secret_engine *e)
{
	return e->hs_rules;
}

int scan_secrets__scratch_new(scan_secret_scratch **out, const scan_secret_engine *e)
{
	scan_secret_scratch *s = calloc(1, sizeof(*s));

	*out = NULL;
	if (!s)
		return scan_error__oom();
	if ((e->db && hs_alloc_scratch(e->db, &s->hs) != HS_SUCCESS) ||
	    !(s->md = pcre2_match_data_create(100, NULL)) || !(s->mctx = pcre2_match_context_create(NULL)) ||
	    !(s->hit = calloc(e->set->count + e->keyword_count + 1, 1)) ||
	    !(s->kw_hits = malloc(ENGINE_KEYWORD_HITS_MAX * sizeof(*s->kw_hits)))) {
		scan_secrets__scratch_free(s);
		return scan_error__oom();
	}
	s->nrules = e->set->count;
	pcre2_set_match_limit(s->mctx, ENGINE_MATCH_LIMIT);
	pcre2_set_depth_limit(s->mctx, ENGINE_DEPTH_LIMIT);
	*out = s;
	return 0;
}

const char *scan_secrets__scan_limit(const scan_secret_scratch *s, const scan_secret_rule **rule)
{
	*rule = s->limit_rule;
	return s->limit_why;
}

void scan_secrets__scratch_free(scan_secret_scratch *s)
{
	if (!s)
		return;
	hs_free_scratch(s->hs);
	pcre2_match_data_free(s->md);
	pcre2_match_context_free(s->mctx);
	free(s->hit);
	free(s->cands);
	free(s->line_starts);
	free(s->kw_hits);
	free(s->windows);
	free(s);
}

static int on_hs_match(unsigned id, unsigned long long from, unsigned long long to, unsigned flags, void *ctx)
{
	scan_secret_scratch *s = ctx;

	(void)from;
	(void)flags;
	s->hit[id] = 1;
	if (id >= s->nrules) {
		if (s->kw_count < ENGINE_KEYWORD_HITS_MAX) {
			s->kw_hits[s->kw_count].keyword = (uint32_t)(id - s->nrules);
			s->kw_hits[s->kw_count].end = (size_t)to;
			s->kw_count++;
		} else {
			s->kw_flood = true;
		}
	}
	return 0;
}

static int push_line(scan_secret_scratch *s, size_t off)
{
	if (scan_array_reserve(&s->line_starts, &s->line_cap, s->line_count + 1, sizeof(*s->line_starts)))
		return SCAN_ENOMEM;
	s->line_starts[s->line_count++] = off;
	return 0;
}

static int build_lines(scan_secret_scratch *s, const unsigned char *data, size_t len)
{
	const unsigned char *p = data, *end = data + len, *nl;
	int rc;

	s->line_count = 0;
	if ((rc = push_line(s, 0)) != 0)
		return rc;
	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		if ((rc = push_line(s, (size_t)(nl + 1 - data))) != 0)
			return rc;
		p = nl + 1;
	}
	return 0;
}

/* 0-based index of the line holding offset. */
static size_t line_of(const scan_secret_scratch *s, size_t off)
{
	size_t lo = 0, hi = s->line_count;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->line_starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static size_t line_end(const unsigned char *data, size_t len, size_t from)
{
	const unsigned char *nl = memchr(data + from, '\n', len - from);
	return nl ? (size_t)(nl - data) : len;
}

static bool line_has_allow(const unsigned char *data, size_t len, size_t ls)
{
	static const char *const markers[] = { "rampart:allow", "pragma: allowlist secret", "gitleaks:allow" };
	size_t le = line_end(data, len, ls);

	for (size_t i = 0; i < sizeof(markers) / sizeof(markers[0]); i++)
		if (memmem(data + ls, le - ls, markers[i], strlen(markers[i])))
			return true;
	return false;
}

static bool context_ok(const compiled_rule *c, scan_secret_scratch *s, const unsigned char *data, size_t len,
                       size_t off)
{
	size_t li = line_of(s, off), from = li >= ENGINE_CONTEXT_LINES ? s->line_starts[li - ENGINE_CONTEXT_LINES] : 0;
	size_t to = line_end(data, len, s->line_starts[li]);

	return pcre2_match(c->context, data + from, to - from, 0, 0, s->md, s->mctx) >= 0;
}

static int add_candidate(scan_secret_scratch *s, const candidate *c)
{
	if (scan_array_reserve(&s->cands, &s->cand_cap, s->cand_count + 1, sizeof(*s->cands)))
		return SCAN_ENOMEM;
	s->cands[s->cand_count++] = *c;
	return 0;
}

/*
 * A value in a provider's namespace ("ghp_...", "xoxb-...") that the
 * provider's own rule did not accept is truncated, fake or mangled: a
 * generic rule must not report it either.
 */
static bool has_provider_prefix(const scan_secret_engine *e, const unsigned char *v, size_t len)
{
	for (size_t k = 0; k < e->keyword_count; k++) {
		size_t n;
		if (!e->provider_prefix[k] || (n = strlen(e->keywords[k])) > len)
			continue;
		if (!strncasecmp((const char *)v, e->keywords[k], n))
			return true;
	}
	return false;
}

/*
 * A generic rule has only a name to go by; the value itself can make the
 * case. Long, high-entropy values that mix letters, digits and symbols are
 * what generated credentials look like; words and identifiers are not.
 */
static unsigned generic_bonus(const unsigned char *v, size_t len, double entropy)
{
	bool upper = false, lower = false, digit = false, other = false;
	unsigned classes;

	for (size_t i = 0; i < len; i++) {
		upper |= v[i] >= 'A' && v[i] <= 'Z';
		lower |= v[i] >= 'a' && v[i] <= 'z';
		digit |= v[i] >= '0' && v[i] <= '9';
		other |= !((v[i] >= 'A' && v[i] <= 'Z') || (v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' && v[i] <= '9'));
	}
	classes = (unsigned)upper + lower + digit + other;
	if (len >= 16 && entropy >= 4.0 && classes >= 3)
		return 15;
	if (len >= 12 && entropy >= 3.5 && classes >= 3)
		return 10;
	return 0;
}

static int run_rule(const scan_secret_engine *e, scan_secret_scratch *s, size_t ri, const scan_secret_input *in,
                    bool test_path, size_t from, size_t to)
{
	const scan_secret_rule *r = &e->set->rules[ri];
	const compiled_rule *c = &e->rules[ri];
	size_t off = from;
	int rc;

	/* The subject ends at `to`, so no match runs past the window. */
	while (off <= to && s->cand_count < ENGINE_MATCHES_MAX) {
		int n = pcre2_match(c->code, in->data, to, off, 0, s->md, s->mctx);
		PCRE2_SIZE *ov;
		size_t ms, me, ss, se;
		candidate cand;

		if (n < 0) {
			if (n != PCRE2_ERROR_NOMATCH && !s->limit_why) /* cut short: said, not taken as "no secret" */
				s->limit_rule = r, s->limit_why = "its pattern exceeded the match limit";
			break;
		}
		ov = pcre2_get_ovector_pointer(s->md);
		ms = ov[0];
		me = ov[1];
		off = me > ms ? me : ms + 1;
		if ((unsigned)n <= r->secret_group || ov[2 * r->secret_group] == PCRE2_UNSET)
			continue;
		ss = ov[2 * r->secret_group];
		se = ov[2 * r->secret_group + 1];
		if (se - ss < ENGINE_SECRET_MIN || se - ss > ENGINE_SECRET_MAX)
			continue;
		if (c->context && !context_ok(c, s, in->data, in->len, ss))
			continue;
		memset(&cand, 0, sizeof(cand));
		cand.rule = r;
		cand.start = ss;
		cand.end = se;
		cand.generic = r->generic;
		cand.entropy = scan_secrets__entropy(in->data + ss, se - ss);
		/*
		 * A string in a provider's exact format that fails its checksum or
		 * is a placeholder is known not to be a secret: keep it as a veto
		 * so a generic rule does not report the same bytes.
		 */
		if ((r->validator && !scan_secrets__validate(r->validator, in->data + ss, se - ss, in->data, in->len,
		                                             &cand.end)) ||
		    scan_secrets__is_placeholder(in->data + ss, se - ss)) {
			if (!r->generic) {
				cand.rejected = true;
				if ((rc = add_candidate(s, &cand)) != 0)
					return rc;
			}
			continue;
		}
		if (cand.entropy < r->min_entropy)
			continue;
		if (r->generic && (scan_secrets__is_lookup_or_hash(in->data + ss, se - ss) ||
		                   has_provider_prefix(e, in->data + ss, se - ss)))
			continue;
		if (!in->redact && line_has_allow(in->data, in->len, s->line_starts[line_of(s, ss)]))
			continue;
		cand.confidence = r->confidence + (r->generic ? generic_bonus(in->data + ss, se - ss, cand.entropy) : 0);
		if (cand.confidence > 100)
			cand.confidence = 100;
		if (test_path)
			cand.confidence = cand.confidence > ENGINE_TEST_PATH_PENALTY ? cand.confidence - ENGINE_TEST_PATH_PENALTY : 0;
		if ((rc = add_candidate(s, &cand)) != 0)
			return rc;
	}
	return 0;
}

/*
 * A context rule's keyword is on the secret's line or up to two lines above
 * it; a generic rule's keyword is part of its match. So the rule need only
 * run from each keyword's line to two lines below it: windows, merged.
 */
static int cmp_window(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

static int run_windows(const scan_secret_engine *e, scan_secret_scratch *s, size_t ri,
                       const scan_secret_input *in, bool test_path)
{
	const compiled_rule *c = &e->rules[ri];
	size_t nw = 0, merged = 0;
	int rc = 0;

	for (size_t h = 0; h < s->kw_count; h++) {
		size_t li, last;
		bool mine = false;
		for (size_t k = 0; k < c->keyword_count && !mine; k++)
			mine = s->kw_hits[h].keyword == c->keywords[k];
		if (!mine)
			continue;
		if (scan_array_reserve(&s->windows, &s->window_cap, 2 * (nw + 1), sizeof(*s->windows)))
			return SCAN_ENOMEM;
		li = line_of(s, s->kw_hits[h].end ? s->kw_hits[h].end - 1 : 0);
		last = li + ENGINE_CONTEXT_LINES < s->line_count ? li + ENGINE_CONTEXT_LINES : s->line_count - 1;
		/*
		 * One byte early: patterns guard a token with "(?:^|[^...])", and
		 * inside the file that guard is the newline before the line.
		 */
		s->windows[2 * nw] = s->line_starts[li] ? s->line_starts[li] - 1 : 0;
		s->windows[2 * nw + 1] = line_end(in->data, in->len, s->line_starts[last]);
		if (s->windows[2 * nw + 1] < in->len)
			s->windows[2 * nw + 1]++; /* the newline, which some patterns end on */
		nw++;
	}
	/* Hyperscan reports keywords by match end, across patterns: sort, then merge overlaps. */
	qsort(s->windows, nw, 2 * sizeof(*s->windows), cmp_window);
	for (size_t w = 0; w < nw; w++) {
		if (merged && s->windows[2 * w] <= s->windows[2 * merged - 1]) {
			if (s->windows[2 * w + 1] > s->windows[2 * merged - 1])
				s->windows[2 * merged - 1] = s->windows[2 * w + 1];
			continue;
		}
		s->windows[2 * merged] = s->windows[2 * w];
		s->windows[2 * merged + 1] = s->windows[2 * w + 1];
		merged++;
	}
	for (size_t w = 0; w < merged && !rc; w++)
		rc = run_rule(e, s, ri, in, test_path, s->windows[2 * w], s->windows[2 * w + 1]);
	return rc;
}

/* Provider rules first, then by position, then the more confident: the order dedupe decides in. */
static int cmp_rank(const void *pa, const void *pb)
{
	const candidate *a = pa, *b = pb;

	if (a->generic != b->generic)
		return a->generic ? 1 : -1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->confidence != b->confidence)
		return a->confidence > b->confidence ? -1 : 1;
	return strcmp(a->rule->id, b->rule->id);
}

static int cmp_position(const void *pa, const void *pb)
{
	const candidate *a = pa, *b = pb;

	if (a->keep != b->keep)
		return a->keep ? -1 : 1;
	return a->start < b->start ? -1 : a->start > b->start;
}

/*
 * One secret, one finding. Provider candidates are taken in position order
 * unless they overlap one already taken; a generic candidate only where no
 * provider candidate lies. Afterwards the kept ones are in file order at the
 * front of the array; returns how many.
 */
static size_t dedupe(candidate *c, size_t n)
{
	size_t provider_end = 0, kept = 0, first_generic = n, gen_end = 0, p = 0;

	if (!n)
		return 0;
	qsort(c, n, sizeof(*c), cmp_rank);
	for (size_t i = 0; i < n && !c[i].generic; i++) {
		if (c[i].rejected)
			continue;
		c[i].keep = !kept || c[i].start >= provider_end;
		if (c[i].keep) {
			provider_end = c[i].end;
			kept++;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (c[i].generic) {
			first_generic = i;
			break;
		}
	/* Kept provider candidates are sorted by start: walk them alongside. */
	for (size_t i = first_generic; i < n; i++) {
		bool clash = false;
		/* Clash with a kept provider finding or a provider veto; both are sorted by start. */
		while (p < first_generic && c[p].end <= c[i].start && c[p].start < c[i].start)
			p++;
		for (size_t q = p; q < first_generic && c[q].start < c[i].end && !clash; q++)
			clash = (c[q].keep || c[q].rejected) && c[i].start < c[q].end;
		if (clash || (gen_end && c[i].start < gen_end))
			continue;
		c[i].keep = true;
		gen_end = c[i].end;
		kept++;
	}
	qsort(c, n, sizeof(*c), cmp_position);
	return kept;
}

int scan_secrets__scan(const scan_secret_engine *e, scan_secret_scratch *s, const scan_secret_input *in,
                       scan_secret_cb cb, void *payload)
{
	size_t n = e->set->count;
	bool any = false, test_path;
	int rc = 0;

	if (!in->len)
		return 0;
	memset(s->hit, 0, n + e->keyword_count);
	s->kw_count = 0;
	s->limit_rule = NULL, s->limit_why = NULL;
	s->kw_flood = false;
	if (e->db && hs_scan(e->db, (const char *)in->data, (unsigned)(in->len > UINT32_MAX ? UINT32_MAX : in->len),
	                     0, s->hs, on_hs_match, s) != HS_SUCCESS)
		return scan_util__error(SCAN_EIO, "secret scan of '%s' failed", in->path);
	for (size_t i = 0; i < n + e->keyword_count && !any; i++)
		any = s->hit[i];
	if (!any)
		return 0;

	s->cand_count = 0;
	if ((rc = build_lines(s, in->data, in->len)) != 0)
		return rc;
	test_path = scan_secrets__is_test_path(in->path);
	for (size_t i = 0; i < n && !rc; i++) {
		const compiled_rule *c = &e->rules[i];
		const scan_secret_rule *r = &e->set->rules[i];
		bool kw = !c->keyword_count;
		for (size_t k = 0; k < c->keyword_count && !kw; k++)
			kw = s->hit[n + c->keywords[k]];
		if (!kw || (c->in_hs && !s->hit[i]))
			continue;
		if ((r->context || r->generic) && !s->kw_flood)
			rc = run_windows(e, s, i, in, test_path);
		else
			rc = run_rule(e, s, i, in, test_path, 0, in->len);
	}
	if (rc)
		return rc;
	if (s->cand_count >= ENGINE_MATCHES_MAX && !s->limit_why)
		s->limit_why = "the file holds more candidate secrets than the engine keeps";
	{
		size_t kept = dedupe(s->cands, s->cand_count);
		for (size_t i = 0; i < kept && !rc; i++) {
			const candidate *c = &s->cands[i];
			size_t li = line_of(s, c->start);
			scan_secret_match m;

			m.rule = c->rule;
			m.start = c->start;
			m.end = c->end;
			m.line_start = s->line_starts[li];
			m.line = (uint32_t)(li + 1);
			m.column = (uint32_t)(c->start - m.line_start + 1);
			m.confidence = c->confidence;
			m.entropy = c->entropy;
			rc = cb(&m, in, payload);
		}
	}
	return rc;
}
