/* lib/analyzers/analyzer.h - what an analyzer is, and how it reports */
#ifndef SCAN_ANALYZERS_ANALYZER_H
#define SCAN_ANALYZERS_ANALYZER_H

#include <stdbool.h>
#include <stdint.h>
#include "scan/finding.h"
#include "scan/metrics.h"
#include "scan/scan.h"
#include "parse/tree.h"
#include "analyzers/redact.h"
#include "secrets/engine.h"
#include "source/newcode.h"
#include "walk/lang.h"

/* One file as every analyzer sees it: read once, shared read-only. */
typedef struct {
	const char *path;           /* relative to the root, '/'-separated */
	const unsigned char *data;  /* the contents; NULL when not read (too large); files of the
	                               tree (not history blobs) have a NUL at data[len] */
	size_t len;
	uint64_t size;              /* on disk */
	scan_lang lang;
	bool is_binary;             /* a NUL byte in the first 8000 bytes */
	bool too_large;             /* over max_file_size: only the head was read */
	const unsigned char *head;  /* first bytes, even when data is NULL */
	size_t head_len;
	scan_parse_state *parse;    /* the worker's: the tree is parsed once, for every analyzer; NULL in history scans */
	bool in_test;               /* test or example code (walk/testpath.h); false with --include-tests */
	bool generated;             /* a generator's marker in its header (walk/generated.h); read only when the quality analyzer runs */
	int pass;                   /* 1; 2 when a deep scan hands the file again to an analyzer that asked (scan_analyzers__again) */
} scan_file;

/* The file's syntax tree, shared by every analyzer; NULL with *reason when it is skipped. */
static inline const TSTree *scan_file_tree(const scan_file *f, const char **reason)
{
	if (!f->parse) {
		*reason = "not parsed in history scans";
		return NULL;
	}
	return scan_parse__parse(f->parse, f->lang, (const char *)f->data, f->len, reason);
}

/*
 * A notebook's code cells as one Python text and its tree, shared by every
 * analyzer like the file's own tree (scan_parse__notebook()); NULL with
 * *reason when it cannot be read, NULL alone when it holds no Python code.
 */
static inline const scan_notebook *scan_file_notebook(const scan_file *f, const TSTree **tree, const char **reason)
{
	*tree = NULL;
	if (!f->parse || !f->data) {
		*reason = NULL; /* a history blob (read for secrets only), or a file not read (the scan reports it) */
		return NULL;
	}
	return scan_parse__notebook(f->parse, (const char *)f->data, f->len, tree, reason);
}

/* The files an analyzer wants handed to it. */
#define SCAN_WANT_TEXT     0x1u
#define SCAN_WANT_BINARY   0x2u
#define SCAN_WANT_TOO_LARGE 0x4u  /* metadata and head of files over the size cap */
#define SCAN_WANT_HISTORY  0x8u   /* text blobs from git history (deep scans) */
#define SCAN_WANT_TREE     0x10u  /* parses files: too-large ones count as skipped for it */

/* What an analyzer fills in to report one finding; strings are copied. */
typedef struct {
	const char *rule_id;
	const char *title;
	const char *description;
	const char *remediation;
	const char *cwe_id;         /* NULL when none fits */
	scan_severity severity;
	scan_category category;
	unsigned confidence;        /* 0-100 */
	double cvss_score;          /* negative: not applicable */
	uint32_t line, end_line, column;
	const char *snippet;        /* need not be NUL-terminated */
	size_t snippet_len;
	const char *secret_hash;    /* secrets only: SHA-256 hex of the secret; never the secret */
	const char *verified;       /* secrets with --verify: "live", "dead", "unknown" */
	const scan_finding_sca *sca; /* sca only; copied */
	const scan_slice *sensitive; /* captures the rule marks sensitive: masked like credentials */
	size_t nsensitive;
	uint32_t end_column;        /* 1-based byte column just past the match on end_line; 0 unknown */
	const char *fix;            /* code/IaC rules: the rendered fix template, replacing the match; masked too */
	const scan_flow_step *dataflow; /* taint rules: source to sink; codes NUL-terminated, masked here */
	size_t ndataflow;
	const char *const *aliases; /* rules whose matches this finding stands for: a marker naming one silences it */
	size_t naliases;
	const char *ai_rule;        /* category ai: "AI011"; static or rule storage, not copied */
	const char *owasp;          /* category ai: "LLM05"; same */
	uint32_t marker_line;       /* where a suppression marker is looked for in the sink's file (and the line
	                               above) when that is not line: a notebook's joined code; 0: line */
} scan_finding_draft;

/*
 * Where findings go: one sink per worker, so emitting takes no lock. The
 * fingerprint is computed here, once, for every analyzer alike.
 */
typedef struct scan_sink scan_sink;
int scan_analyzers__emit(scan_sink *sink, const char *file_path, const scan_finding_draft *d);
/* A file's metrics; copied, so m may live in the analyzer's scratch memory. */
int scan_analyzers__emit_metrics(scan_sink *sink, const char *file_path, const scan_file_metrics *m);
/*
 * In a deep scan, the file being analyzed is to be handed to this analyzer
 * once more, after every file has been (f->pass 2): what it learnt of the
 * other files then applies to this one.
 */
void scan_analyzers__again(scan_sink *sink);
/*
 * Line `line` (1-based) of the file being analyzed, cut at 200 bytes, with
 * every credential in it masked like a finding's snippet; NULL when there
 * is no such line. Valid until the next call on this sink.
 */
const char *scan_analyzers__quote(scan_sink *sink, uint32_t line);
/* path was not (fully) analyzed, and why: reported in every output; both strings are copied. */
int scan_analyzers__emit_skip(scan_sink *sink, const char *path, const char *reason);
/* In finalize(): the metrics emitted for a file, to amend; NULL when there are none. */
scan_file_metrics *scan_sink__metrics_of(scan_sink *sink, const char *file_path);

typedef struct {
	unsigned min_confidence;
	const char *root;           /* the directory being scanned */
	const char *secret_rules_dir; /* extra secret rules; NULL: the built-in pack only */
	const scan_secret_engine *secret_engine; /* the scan's, over the built-in and extra secret rules */
	bool verify;                /* ask providers whether found credentials are live */
	const char *rules_dir;      /* extra code/IaC rules; NULL: none */
	bool no_builtin_rules;      /* leave out the built-in code/IaC packs */
	const scan_newcode *newcode; /* lines the branch adds; NULL: unknown */
	struct scan_vulndb_reader *vulndb; /* read-only lookups for sca; NULL: no database */
	const char *const *vex_files; /* VEX documents given with the scan (sca) */
	size_t vex_count;
	bool deep;                  /* a deep scan: the slower analyses, across files */
} scan_analyzer_ctx;

/*
 * An analyzer. file() runs on many workers at once, each with its own
 * worker state, so it must only read `state`. finalize() runs once, on one
 * thread, after every file, for analyzers that judge the whole scan.
 */
typedef struct {
	scan_analyzer_info info;    /* name, version, description, default_enabled */
	unsigned wants;
	int (*init)(void **state, const scan_analyzer_ctx *ctx);          /* optional */
	int (*worker_init)(void **wstate, void *state);                   /* optional */
	int (*file)(void *state, void *wstate, const scan_file *f, scan_sink *sink);
	int (*finalize)(void *state, scan_sink *sink);                    /* optional */
	void (*worker_free)(void *wstate);                                /* optional */
	void (*free)(void *state);                                        /* optional */
} scan_analyzer;

/* The registry: every analyzer compiled in, in a stable order. */
size_t scan_analyzers__analyzer_count(void);
const scan_analyzer *scan_analyzers__analyzer_get(size_t i);

extern const scan_analyzer scan_analyzers__analyzer_hygiene;
extern const scan_analyzer scan_analyzers__analyzer_secrets;
extern const scan_analyzer scan_analyzers__analyzer_sast;
extern const scan_analyzer scan_analyzers__analyzer_quality;
extern const scan_analyzer scan_analyzers__analyzer_sca;
extern const scan_analyzer scan_analyzers__analyzer_ai;

#endif
