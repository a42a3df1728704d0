/* lib/secrets/rules.h - secret rules: loading and checking the YAML packs */
#ifndef SCAN_SECRETS_RULES_H
#define SCAN_SECRETS_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/finding.h"
#include "util/arena.h"
#include "util/rulefiles.h"

#define SCAN_SECRET_RULES_MAX 4096
#define SCAN_SECRET_EXAMPLES_MAX 64

typedef enum {
	SECRET_VALIDATOR_NONE = 0,
	SECRET_VALIDATOR_CRC32_BASE62,
	SECRET_VALIDATOR_JWT,
	SECRET_VALIDATOR_PEM_PRIVATE_KEY,
	SECRET_VALIDATOR_AWS_KEY_ID,
	SECRET_VALIDATOR_BASE64,
} scan_secret_validator;

typedef struct {
	const char *id;            /* "github-pat-classic"; findings say "secrets/<id>" */
	const char *rule_id;       /* "secrets/<id>" */
	const char *name;
	const char *provider;
	const char *pattern;
	const char *context;       /* NULL: none */
	const char *remediation;
	const char *cwe;
	const char **keywords;     /* lowercase */
	size_t keyword_count;
	const char **references;
	size_t reference_count;
	const char **positives, **negatives;
	size_t positive_count, negative_count;
	unsigned secret_group;
	double min_entropy;
	scan_secret_validator validator;
	scan_severity severity;
	unsigned confidence;
	bool generic;
	const char *origin;        /* "file.yaml:12", for messages */
	/* Live verification (--verify): one request to the provider; {secret} is substituted. */
	const char *verify_url;    /* NULL: the rule cannot verify */
	const char *verify_method; /* "GET" or "POST" */
	const char **verify_headers;
	size_t verify_header_count;
	const char *verify_body;
	int verify_live[8], verify_dead[8];
	size_t verify_live_count, verify_dead_count;
} scan_secret_rule;

typedef struct {
	scan_secret_rule *rules;
	size_t count, cap;
	scan_arena arena;
} scan_secret_ruleset;

/*
 * Add the rules of one YAML document. Every problem is SCAN_EINVAL or
 * SCAN_EPARSE with "origin:line: reason"; a duplicate id across files is an
 * error too. On error the set keeps the rules it had.
 */
int scan_secrets__load_text(scan_secret_ruleset *set, const char *text, size_t len, const char *origin);
/* Every *.yaml and *.yml directly in dir, in name order. */
int scan_secrets__load_dir(scan_secret_ruleset *set, const char *dir);
/* The pack compiled into the binary. */
int scan_secrets__load_builtin(scan_secret_ruleset *set);
void scan_secrets__ruleset_dispose(scan_secret_ruleset *set);

/* The built-in pack, generated from rules/secrets at build time. */
extern const scan_embedded_rule_file scan_secrets__builtin[];
extern const size_t scan_secrets__builtin_count;

#endif
