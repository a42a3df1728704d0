/* lib/secrets/engine.h - one multi-pattern pass per file, then confirm and judge */
#ifndef SCAN_SECRETS_ENGINE_H
#define SCAN_SECRETS_ENGINE_H

#include "secrets/rules.h"

/* Compiled once per scan from a ruleset; read-only afterwards, shared by all workers. */
typedef struct scan_secret_engine scan_secret_engine;
/* One per worker thread: Hyperscan scratch, PCRE2 match data, per-file bitmaps. */
typedef struct scan_secret_scratch scan_secret_scratch;

typedef struct {
	const scan_secret_rule *rule;
	size_t start, end;      /* the secret's bytes in the file */
	size_t line_start;      /* offset of the line holding start */
	uint32_t line, column;  /* 1-based */
	unsigned confidence;    /* after every adjustment */
	double entropy;
} scan_secret_match;

typedef struct {
	const char *path;             /* relative, for test-path judgement and the allowlist */
	const unsigned char *data;
	size_t len;
	bool redact;                  /* for masking: every credential, allow comments ignored */
} scan_secret_input;

/*
 * The set must outlive the engine. Every rule's pattern and context is
 * compiled with PCRE2 (JIT) and, where Hyperscan accepts it (prefilter
 * mode), into one Hyperscan database; a rule Hyperscan refuses runs when
 * its keywords occur. A pattern PCRE2 refuses is SCAN_EINVAL naming the rule.
 */
/* cache_dir: where the compiled database is kept between runs (NULL: compiled each time). */
int scan_secrets__engine_new(scan_secret_engine **out, const scan_secret_ruleset *set, const char *cache_dir);
void scan_secrets__engine_free(scan_secret_engine *e);
size_t scan_secrets__engine_hs_rules(const scan_secret_engine *e); /* how many run in Hyperscan */

int scan_secrets__scratch_new(scan_secret_scratch **out, const scan_secret_engine *e);
void scan_secrets__scratch_free(scan_secret_scratch *s);

/*
 * Find the secrets in one file. Matches are deduplicated (one per secret
 * position, the most specific rule wins), filtered (placeholders, lookups,
 * hashes, allow comments) and handed to cb in file order; a non-zero return
 * from cb stops the scan and is returned.
 */
typedef int (*scan_secret_cb)(const scan_secret_match *m, const scan_secret_input *in, void *payload);
int scan_secrets__scan(const scan_secret_engine *e, scan_secret_scratch *s, const scan_secret_input *in,
                       scan_secret_cb cb, void *payload);

/*
 * After scan_secrets__scan: why the file was not searched whole (a rule's
 * pattern over its match limit, too many candidates), with the rule when one
 * is to blame; NULL when it was.
 */
const char *scan_secrets__scan_limit(const scan_secret_scratch *s, const scan_secret_rule **rule);

/* ---- pieces, exposed for tests ---- */
double scan_secrets__entropy(const unsigned char *s, size_t len);
/* 1 valid, 0 not. data/len/end give validators that look past the match (PEM) the file. */
int scan_secrets__validate(scan_secret_validator v, const unsigned char *secret, size_t slen,
                           const unsigned char *data, size_t len, size_t *secret_end);
bool scan_secrets__is_placeholder(const unsigned char *s, size_t len);
bool scan_secrets__is_lookup_or_hash(const unsigned char *s, size_t len);
bool scan_secrets__is_test_path(const char *path);
/* Writes the masked form (NUL-terminated) into out; returns its length. */
size_t scan_secrets__mask(char *out, size_t outsz, const unsigned char *s, size_t len);

#endif
