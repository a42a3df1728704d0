/* lib/secrets/engine_int.h - the compiled engine, shared with its database cache */
#ifndef SCAN_SECRETS_ENGINE_INT_H
#define SCAN_SECRETS_ENGINE_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <hs/hs.h>
#include <pcre2.h>
#include "secrets/engine.h"

typedef struct {
	pcre2_code *code;
	pcre2_code *context;
	bool in_hs;              /* Hyperscan reports it; else it runs on keywords alone */
	size_t *keywords;        /* indexes into the keyword table */
	size_t keyword_count;
} compiled_rule;

struct scan_secret_engine {
	const scan_secret_ruleset *set;
	compiled_rule *rules;
	char **keywords;         /* distinct, lowercase */
	size_t keyword_count, keyword_cap;
	bool *provider_prefix;   /* per keyword: a provider token prefix ("ghp_", "xoxb-", "sg.") */
	hs_database_t *db;       /* rules [0, n) then keywords [n, n + k) */
	size_t hs_rules;
};

/*
 * The compiled Hyperscan database is cached in cache_dir (an absolute
 * path, created private when missing; NULL: no cache), named by key. load
 * sets e->db and each rule's in_hs and returns 0, or -1 when there is no
 * usable cache entry; save writes one atomically and ignores failures.
 */
int scan_secrets__db_cache_load(scan_secret_engine *e, const char *cache_dir, const char *key);
void scan_secrets__db_cache_save(const scan_secret_engine *e, const char *cache_dir, const char *key);

#endif
