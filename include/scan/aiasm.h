/* include/scan/aiasm.h - the AI assets a scan found: the inventory, how its assets relate, what it could not resolve */
#ifndef SCAN_AIASM_H
#define SCAN_AIASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "scan/common.h"
#include "scan/json.h"

/* The version of the identity scheme: a change re-keys every asset (diffs then ask for a rebaseline). */
#define SCAN_AI_CANONICALIZATION "v1"
/* Evidence kept per asset: the first by file and line; nevidence_total counts them all. */
#define SCAN_AI_EVIDENCE_MAX 10

/* Where an asset was seen. */
typedef struct {
	const char *file_path;      /* relative to the scanned root */
	uint32_t line;              /* 0: the file as a whole */
	const char *signal;         /* "manifest", "import", "call", "config", "env", "file", "artifact" */
	const char *snippet;        /* the line, credentials masked; NULL for a whole file */
} scan_ai_evidence;

typedef struct {
	const char *identity;       /* stable across scans: "model|openai|gpt-4o-2024-08-06" */
	const char *type;           /* provider, model, dataset, agent_framework, agent, mcp_server, mcp_client,
	                               vector_store, prompt, model_artifact, tool, runtime */
	const char *name;           /* as a person reads it: "OpenAI", "gpt-4o-2024-08-06", "prompts/system.md" */
	const char *provider;       /* "openai", "anthropic", "huggingface" ...; NULL when none or unknown */
	const char *version;        /* a package's version, a Hugging Face revision; NULL */
	const char *pinning;        /* models and datasets: "pinned", "floating" or "unknown"; NULL for others */
	const char *pinning_reason; /* why, in words; NULL */
	const char *sha256;         /* model artifacts: of the file's bytes; NULL when not hashed (see hash_skipped) */
	const char *hash_skipped;   /* why an artifact was not hashed; NULL */
	uint64_t size;              /* model artifacts: bytes */
	const char *transport;      /* MCP servers: "stdio", "http", "sse"; NULL */
	const char *package;        /* MCP servers: the package or image a launch fetches; NULL */
	unsigned confidence;        /* 0-100: several kinds of evidence raise it */
	bool declared;              /* named by a manifest or lockfile */
	bool used_in_code;          /* imported, called or configured in the repository's own files */
	const scan_ai_evidence *evidence;
	size_t nevidence, nevidence_total;
} scan_ai_asset;

/* from uses to: "uses" (agent/app -> model), "served_by" (model -> provider), "retrieves_from", "launches", "exposes". */
typedef struct {
	size_t from, to;            /* indexes into assets */
	const char *kind;
} scan_ai_relation;

/* Something the inventory could not settle: a model id read from an undefined variable, a file it could not read. */
typedef struct {
	const char *file_path;
	uint32_t line;
	const char *reason;
} scan_ai_gap;

typedef struct {
	const scan_ai_asset *assets;   /* sorted by identity */
	size_t nassets;
	const scan_ai_relation *relations; /* sorted by (from, kind, to) */
	size_t nrelations;
	const scan_ai_gap *gaps;       /* sorted by file and line */
	size_t ngaps;
	bool manifests_read;           /* the dependency inventory was there to read (the sca analyzer ran) */
} scan_ai_inventory;

typedef struct scan_result scan_result;

/* Borrowed from r; NULL when the ai analyzer did not run. */
SCAN_EXTERN const scan_ai_inventory *scan_result_ai(const scan_result *r);
/* "complete" when nothing is missing; else "partial" (its gaps say why). */
SCAN_EXTERN const char *scan_ai_coverage_status(const scan_ai_inventory *inv);
/* The inventory as the object key (NULL inside an array): assets, relationships, gaps, coverage_status. */
SCAN_EXTERN void scan_ai_inventory_json(scan_json *w, const char *key, const scan_ai_inventory *inv);
/* One asset as that object's assets[] hold it; the store keeps each observation in this form. */
SCAN_EXTERN void scan_ai_asset_json(scan_json *w, const char *key, const scan_ai_asset *a);
/*
 * What changed from inventory a to b (two BOM generations, each with its
 * canonicalization), as members of the object open in w:
 * comparison_status (exact; inferred when either has coverage gaps;
 * requires_rebaseline when the canonicalizations differ, and then nothing
 * else, as identity churn is not change), additions, removals, modified
 * (the fields that changed), evidence_only, relationship_changes, unchanged
 * and a summary.
 */
SCAN_EXTERN void scan_ai_diff_json(scan_json *w, const scan_ai_inventory *a, const char *a_canon,
                                   const scan_ai_inventory *b, const char *b_canon);

#endif
