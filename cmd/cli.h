/* cmd/cli.h - what the rampart subcommands share */
#ifndef RAMPART_CLI_H
#define RAMPART_CLI_H

#include <stdio.h>
#include "scan/aiasm.h"
#include "scan/aiasm_store.h"
#include "scan/buf.h"
#include "scan/file.h"
#include "scan/finding.h"
#include "scan/gate.h"
#include "scan/metrics.h"
#include "scan/quality.h"
#include "scan/scan.h"
#include "scan/json.h"
#include "scan/ops.h"
#include "scan/store.h"
#include "scan/vulndb.h"

/* Exit codes a CI job can rely on. */
enum {
	EXIT_OK = 0,       /* success; gate passed or not configured */
	EXIT_FAILED = 1,   /* gate failed, or a finding at --fail-on or above */
	EXIT_ERROR = 2,    /* bad usage, bad input, runtime failure */
};

/* The one place library codes become exit codes: every library error is 2. */
int cli_exit_for(int rc);
/* Who acts from the CLI, for the audit log: the local user, local@localhost, user agent rampart-cli. */
scan_audit_entry cli_local_actor(void);
/* "rampart: error: <message>" on stderr, one line; returns EXIT_ERROR. */
int cli_error(const char *fmt, ...) SCAN_PRINTF(1, 2);
/* Reports scan_error_last() as cli_error does; returns cli_exit_for(rc). */
int cli_error_lib(int rc);
/* "rampart: warning: <message>" on stderr, one line, quoted as cli_error's. */
void cli_warn(const char *fmt, ...) SCAN_PRINTF(1, 2);

/*
 * The one quoting of untrusted text for a terminal: a file name, snippet,
 * rule id, repository, branch, waiver reason, URL or a message holding one.
 * Control characters (C0, DEL, C1) and bytes that are not UTF-8 become \xNN.
 * cli_error() and cli_warn() quote their whole message with it.
 */
void cli_buf_put_safe(scan_buf *out, const char *s);
void cli_put_safe(FILE *f, const char *s);
/* s quoted into scratch (cleared first), for a printf argument; borrowed from scratch. */
const char *cli_safe(scan_buf *scratch, const char *s);

/*
 * What main returns: rc, unless standard output could not be written (a
 * full disk, /dev/full, a closed pipe's EIO), which is reported once and
 * is EXIT_ERROR. Flushes and closes stdout, so it is the last thing main does.
 */
int cli_finish(int rc);

/* ---- options ---- */
typedef enum {
	OPT_FLAG,      /* bool */
	OPT_STRING,    /* const char * */
	OPT_INT,       /* long long, checked */
	OPT_LIST,      /* repeatable: appended to a cli_strlist */
} cli_opt_type;

typedef struct {
	const char **items;
	size_t count, cap;
} cli_strlist;

typedef struct {
	const char *name;     /* long name without "--" */
	char short_name;      /* 0: none */
	cli_opt_type type;
	const char *arg;      /* placeholder in --help: "FILE"; NULL for flags */
	const char *help;     /* one line */
	void *dest;
	const char *values;   /* completion: "a|b|c" of allowed values, "@file", "@dir" or NULL */
} cli_opt;

/* An action of a command ("waiver add"), and the positional arguments it takes after its name. */
typedef struct {
	const char *name;     /* "add" */
	unsigned min_args, max_args; /* CLI_ARGS_ANY: no upper limit */
	const char *args;     /* what it takes, for the message when the count is wrong: "one WAIVER_ID"; NULL: nothing */
	const char *summary;  /* one line for --help */
} cli_verb;
#define CLI_ARGS_ANY 0xFFFFu

/*
 * A command: its option table and its verbs drive parsing, --help,
 * `rampart help`, dispatch, and the man page and completion drift check
 * (tests/docs/check_docs.sh), from this one description.
 */
typedef struct {
	const char *name;     /* "scan" */
	const char *usage;    /* "rampart scan [options] PATH|URL" */
	const char *summary;  /* one line for `rampart help` */
	const cli_opt *opts;  /* terminated by a zero entry */
	int (*run)(int argc, char **argv);
	const cli_verb *verbs; /* terminated by a zero entry; NULL: the command has none */
} cli_command;

/*
 * The verb pos starts with, its number of arguments checked against the
 * table (reported with a one-line message). optional: a command that also
 * runs without a verb; *out is NULL then when the first word is none.
 */
int cli_verb_of(const cli_verb **out, const cli_command *cmd, const cli_strlist *pos, bool optional);
/* Whether v is the verb named name. */
bool cli_verb_is(const cli_verb *v, const char *name);

/*
 * Parse argv (argv[0] is the subcommand) against cmd's options. Positional
 * arguments land in pos (argv order); "--" ends options. -h/--help prints
 * help and sets *help_shown. A bad option or value is reported and returns
 * EXIT_ERROR.
 */
int cli_parse(const cli_command *cmd, int argc, char **argv, cli_strlist *pos, bool *help_shown);
void cli_print_help(const cli_command *cmd, FILE *out);
void cli_strlist_dispose(cli_strlist *l);

/* ---- output ---- */
/* A report of a scan with 100k findings is about 70 MB of JSON; allow far more. */
#define CLI_REPORT_MAX ((size_t)1 << 31)
#define CLI_REPORT_BUF_INIT { scan_buf__empty, 0, 0, CLI_REPORT_MAX, 0 }
typedef enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF } cli_format;
int cli_format_parse(cli_format *out, const char *name);

/* Whether text output may use colour on this stream: a TTY and NO_COLOR unset. */
bool cli_use_color(FILE *f);

/*
 * One scan as the output formats see it, whether it just ran (stats set)
 * or comes from the store (stats NULL). Borrowed pointers throughout.
 */
typedef struct {
	int64_t scan_id;                   /* 0: not stored (--no-store) */
	const char *repo_name, *repo_url, *source;
	const char *branch, *default_branch, *commit;
	int64_t pr_number;
	const char *scan_type;
	bool is_baseline_scan;
	time_t created_at, completed_at;
	const scan_finding_list *findings;
	const scan_gate_report *gate;      /* NULL: not evaluated */
	const scan_stats *stats;           /* NULL: not shown */
	const scan_file_metrics *metrics;  /* per file, sorted by path; none when the quality analyzer did not run */
	size_t nmetrics;
	const scan_quality_summary *quality; /* NULL: not measured */
	const scan_stats *run;             /* the run's stats even when not shown: analyzer versions */
	const char *quality_json;          /* from the store: the summary as stored; NULL none */
	const char *root;                  /* local root, for SARIF's %SRCROOT%; may be NULL */
	const scan_ai_inventory *ai;       /* the ai analyzer's inventory; NULL when it did not run or from the store */
	const scan_ai_run_record *ai_run;  /* its run as recorded, with the AI policy's verdict; NULL when not stored */
	const scan_sca_problem *sca_problems; /* lockfiles the dependency scan could not read; none from the store */
	size_t nsca_problems;
	bool skipped_known;                /* the run's or the stored list of what the scan could not look at */
	const scan_skipped_file *skipped;
	size_t nskipped;
} cli_doc;

/*
 * The writers append the whole document to out. JSON and SARIF escape
 * every string and replace invalid UTF-8 by U+FFFD so the document is
 * always valid JSON, whatever bytes a scanned file name held.
 */
int cli_write_json(scan_buf *out, const cli_doc *doc);
int cli_write_sarif(scan_buf *out, const cli_doc *doc);
int cli_write_text(FILE *f, const cli_doc *doc, bool color);
/* The gate table of `rampart gate`. */
void cli_write_gate_text(FILE *f, const cli_doc *doc, bool color);
/*
 * One "rampart: warning: <file>:<line>: <message>" line per problem of the
 * dependency scan: news, not failures. whole_scan: also those about the
 * whole scan (file NULL), such as an empty vulnerability database.
 */
void cli_warn_sca_problems(const scan_result *r, bool whole_scan);
/*
 * The first rule id after `after` (in strcmp order; "" to start) with findings
 * a comment suppressed, and how many; NULL past the last. The list is by file,
 * so each call walks it: a report, not a hot path.
 */
const char *cli_next_suppressed_rule(const scan_finding_list *l, const char *after, size_t *count);
/* One warning for the files a scan could not (fully) analyze, naming the first few. */
void cli_warn_skipped(const scan_skipped_file *v, size_t n);
/* For a stored scan's text output: how much it could not look at, and where the list is. */
void cli_print_skipped_note(FILE *out, size_t n);
/*
 * Reads the whole file at path, up to max bytes, into *text (the caller's,
 * NUL-terminated) and *len, through scan_file_read() and its flags
 * (SCAN_FILE_OPTIONAL: an absent file is *text NULL and EXIT_OK;
 * SCAN_FILE_NOFOLLOW for a file of the repository). A FIFO, device or
 * directory is refused, never waited on. Errors are reported and return
 * EXIT_ERROR.
 */
int cli_read_file(char **text, size_t *len, const char *path, size_t max, unsigned int flags);
/*
 * Writes buf to standard output when path is NULL or "-", checked. Else
 * what is at path decides: none or a regular file is replaced atomically
 * (temp file + rename, keeping an existing file's mode and owner); a
 * character device or FIFO is written through (-o /dev/null stays a
 * device); a symbolic link or anything else is refused.
 */
int cli_emit(const scan_buf *buf, const char *path);
/* Renders doc as JSON, SARIF or plain text (no colour) and emits it to path (NULL: stdout). */
int cli_emit_doc(const cli_doc *doc, cli_format format, const char *path);

/* Subcommands: each takes argv with argv[0] = its name. */
int cmd_scan(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_coverage(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_sbom(int argc, char **argv);
int cmd_policy(int argc, char **argv);
int cmd_vex(int argc, char **argv);
int cmd_findings(int argc, char **argv);
int cmd_baseline(int argc, char **argv);
int cmd_waiver(int argc, char **argv);
int cmd_compliance(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_ai(int argc, char **argv);
int cmd_bomexport(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_version(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_admin(int argc, char **argv);
int cmd_worker(int argc, char **argv);

/* Every command's table, for `rampart help` and the docs drift test. */
/* Every command, in the order `rampart help` lists them (commands.c). */
extern const cli_command *const cli_commands[];

/*
 * --database-url, in every command that has --db: a PostgreSQL database
 * instead of a file. One variable for all of them, as one command runs.
 */
extern const char *cli_database_url;
#define CLI_OPT_DATABASE_URL \
	{ "database-url", 0, OPT_STRING, "URL", "a PostgreSQL database instead of a file (default: $RAMPART_DATABASE_URL)", \
	  &cli_database_url, NULL }

/*
 * The database a command works on: --database-url, else --db (db_path), else
 * $RAMPART_DATABASE_URL, else the default file (cli_default_database());
 * *out is borrowed, *own_dir says the default file's directories are ours
 * to create. Fails with a message when both options are given, the URL is
 * not a PostgreSQL one, or there is no default location.
 */
int cli_store_target(const char **out, bool *own_dir, const char *db_path);

/* env.c: what the CLI takes from the environment (the library reads none of it). */
/* getenv as the library's scan_getvar_fn. */
const char *cli_getvar(const char *name, void *ctx);
/* $RAMPART_DB, else rampart.db in the XDG data directory (*own_dir then). */
int cli_default_database(const char **out, bool *own_dir);
/* sub of the XDG cache directory (static storage); NULL without HOME. */
const char *cli_cache_dir(const char *sub);
/* The git token (from $token_env, NULL: RAMPART_GIT_TOKEN), CI's facts, TMPDIR and the cache, into opts. */
void cli_scan_environment(scan_options *opts, const char *token_env);
/*
 * Opens the store named by --database-url or --db (NULL: default); reports
 * errors itself. read_only: the command only reads, so a write-protected
 * database works.
 */
int cli_open_store(scan_store **out, const char *db_path, bool read_only);
/* The store's vulnerability database for a scan's lookups; *out NULL when st is. */
int cli_open_vulndb(scan_vulndb_reader **out, scan_store *st);

/*
 * The scan a command works on: arg ("12") when given, else the newest scan
 * of repo (an id, name or URL) when given, else the newest scan of all.
 */
int cli_resolve_scan(int64_t *scan_id, scan_store *st, const char *arg, const char *repo);
/* The repository named by repo, or the only one the store has. */
int cli_resolve_repo(int64_t *repo_id, scan_store *st, const char *repo);
/* Parses a positive id ("12") for a command's message; EXIT_ERROR when it is not one. */
int cli_parse_id(int64_t *out, const char *what, const char *s);
/* A stored scan as a document to render: its record, findings (filtered) and skipped files, owned here. */
typedef struct {
	cli_doc doc;
	scan_scan_list *scan;
	scan_finding_list *findings;
	scan_skipped_file *skipped;
	size_t nskipped;
} cli_stored_scan;

/* Loads scan_id of the CLI's organization; EXIT_ERROR with the message printed. flt may be NULL. */
int cli_stored_scan_load(cli_stored_scan *s, scan_store *st, int64_t scan_id, const scan_finding_filter *flt);
void cli_stored_scan_dispose(cli_stored_scan *s);

#endif
