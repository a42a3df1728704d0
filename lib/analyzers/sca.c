/* lib/analyzers/sca.c - dependencies: every lockfile's components, matched against the database */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analyzers/analyzer.h"
#include "sca/match.h"
#include "lockfile/lockfile.h"
#include "sca/vex_read.h"
#include "scan/buf.h"
#include "analyzers/sink.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/rulefiles.h"

#define SCA_DESCRIPTION_MAX 4000

typedef struct {
	pthread_mutex_t lock;       /* inventory: lockfiles are few, extraction takes it whole */
	scan_sca_inventory *inv;
	int root_fd;
	scan_vulndb_reader *vulndb;
	/* What VEX documents say (the tree's .rampart/vex/ and the scan's --vex), under lock. */
	scan_arena vex_arena;
	scan_vex_statement *vex;
	size_t nvex, vex_cap;
} sca_state;

/* The tree's own VEX documents live here, as its rules live in .rampart/rules/. */
#define SCA_VEX_DIR ".rampart/vex/"

static bool is_vex_path(const char *path)
{
	size_t n = strlen(path);

	return !strncmp(path, SCA_VEX_DIR, sizeof(SCA_VEX_DIR) - 1) && n > 5 && !strcmp(path + n - 5, ".json");
}

static int add_vex(sca_state *st, const char *label, const char *text, size_t len)
{
	scan_vex_statement *got;
	size_t n;
	int rc = scan_sca__vex_read(label, text, len, &st->vex_arena, &got, &n);

	if (rc)
		return rc;
	if (st->nvex + n > SCAN_VEX_STATEMENTS_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s: more than %u VEX statements in the scan", label,
		                        SCAN_VEX_STATEMENTS_MAX);
	if (scan_array_reserve(&st->vex, &st->vex_cap, st->nvex + n, sizeof(*st->vex)))
		return SCAN_ENOMEM;
	if (n)
		memcpy(st->vex + st->nvex, got, n * sizeof(*got));
	st->nvex += n;
	return 0;
}

/* A VEX file the user named: read whole, bounded like a lockfile. */
static int load_vex_file(sca_state *st, const char *path)
{
	char *text;
	size_t len;
	int rc = scan_util__read_file(&text, &len, path, SCAN_SCA_FILE_MAX);

	if (rc)
		return rc;
	rc = add_vex(st, path, text, len);
	free(text);
	return rc;
}

static void sca_free(void *state);

static int sca_init(void **state, const scan_analyzer_ctx *ctx)
{
	sca_state *st = calloc(1, sizeof(*st));

	if (!st || !(st->inv = calloc(1, sizeof(*st->inv)))) {
		free(st);
		return scan_error__oom();
	}
	scan_inventory__init(st->inv);
	pthread_mutex_init(&st->lock, NULL);
	st->vulndb = ctx->vulndb;
	/* Lockfiles over the scan's size cap are read again, up to the SCA cap, through the root. */
	st->root_fd = open(ctx->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (size_t i = 0; i < ctx->vex_count; i++) {
		int rc = load_vex_file(st, ctx->vex_files[i]);
		if (rc) {
			sca_free(st); /* a failed init leaves nothing behind: the scan frees only what started */
			return rc;
		}
	}
	*state = st;
	return 0;
}

static void sca_free(void *state)
{
	sca_state *st = state;

	pthread_mutex_destroy(&st->lock);
	if (st->inv) {
		scan_inventory__dispose(st->inv);
		free(st->inv);
	}
	if (st->root_fd >= 0)
		close(st->root_fd);
	free(st->vex);
	scan_arena__dispose(&st->vex_arena);
	free(st);
}

/*
 * scan_lockfile__fail() wrote "<file>:<line>: <reason>" or "<file>: <reason>";
 * the problem keeps file and line apart from the reason.
 */
static int record_problem(scan_sca_inventory *inv, const char *path, const char *msg)
{
	size_t plen = strlen(path);
	unsigned line = 0;

	if (!strncmp(msg, path, plen) && msg[plen] == ':') {
		const char *p = msg + plen + 1;
		while (*p >= '0' && *p <= '9' && line < 100000000u)
			line = line * 10 + (unsigned)(*p++ - '0');
		if (line && *p == ':')
			msg = p + 1;
		else
			msg += plen + 1, line = 0;
		while (*msg == ' ')
			msg++;
	}
	return scan_inventory__problem(inv, path, line, msg);
}

static int sca_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	sca_state *st = state;
	const scan_sca_extractor *x = scan_lockfile__extractor_for(f->path);
	scan_sca_doc d;
	char *big = NULL;
	const char *text = (const char *)f->data;
	size_t len = f->len;
	int rc;

	(void)wstate;
	(void)sink;
	if (is_vex_path(f->path) && !f->is_binary) {
		/* The tree's VEX is its authors' word; one that will not parse is news, like a broken lockfile. */
		pthread_mutex_lock(&st->lock);
		if (!f->data)
			rc = scan_inventory__problem(st->inv, f->path, 0, "VEX document larger than the scan's file "
			                             "size limit (--max-file-size), not read");
		else if ((rc = add_vex(st, f->path, (const char *)f->data, f->len)) == SCAN_EPARSE || rc == SCAN_ELIMIT)
			rc = record_problem(st->inv, f->path, scan_error_last()->message);
		pthread_mutex_unlock(&st->lock);
		return rc;
	}
	/* Not wanting history, sca only sees tree files, whose data is NUL-terminated as extractors need. */
	if (!x || f->is_binary)
		return 0;
	pthread_mutex_lock(&st->lock);
	if ((rc = scan_lockfile__doc_begin(&d, st->inv, f->path, st->root_fd)) != 0)
		goto done;
	if (!f->data) {
		const char *base = strrchr(f->path, '/');
		if ((rc = scan_lockfile__read_sibling(&d, base ? base + 1 : f->path, &big, &len)) != 0)
			goto fail;
		text = big;
	}
	if ((rc = x->extract(&d, text, len)) != 0)
		goto fail;
	rc = scan_lockfile__doc_end(&d);
	goto done;
fail:
	scan_lockfile__doc_abort(&d);
	/* A lockfile that will not parse is the scan's news, not its failure. */
	if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT || rc == SCAN_ENOTFOUND || rc == SCAN_EINVAL)
		rc = record_problem(st->inv, f->path, scan_error_last()->message);
done:
	pthread_mutex_unlock(&st->lock);
	free(big);
	return rc;
}

static void put_trimmed(scan_buf *b, const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len <= max) {
		scan_buf_puts(b, s);
		return;
	}
	while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
		max--;
	scan_buf_put(b, s, max);
	scan_buf_puts(b, "...");
}

static int emit_vuln(scan_sink *sink, const scan_sca_inventory *inv, const scan_sca_vuln *v)
{
	const scan_component *c = &inv->items[v->component];
	scan_buf rule = SCAN_BUF_INIT, title = SCAN_BUF_INIT, desc = SCAN_BUF_INIT, fix = SCAN_BUF_INIT,
	         snippet = SCAN_BUF_INIT;
	scan_finding_sca info = {
		v->vuln_id, v->cve_id, v->aliases, scan_ecosystem_name(c->ecosystem), c->name, c->version,
		v->fixed_version, c->purl, v->epss, v->epss_percentile, v->kev,
		(c->flags & SCAN_DEP_DIRECT) != 0, v->priority, v->priority_label, v->published, v->cvss_vector,
		!v->severity_known, v->rated_by,
	};
	int rc;

	scan_buf_printf(&rule, "sca/%s", v->vuln_id);
	scan_buf_printf(&title, "%s %s: ", c->name, c->version);
	put_trimmed(&title, v->summary ? v->summary : v->vuln_id, 200);
	if (v->summary)
		put_trimmed(&desc, v->summary, 500);
	if (v->details) {
		if (desc.size)
			scan_buf_puts(&desc, "\n\n");
		put_trimmed(&desc, v->details, SCA_DESCRIPTION_MAX);
	}
	if (v->references) {
		scan_buf_puts(&desc, "\n\nReferences:\n");
		put_trimmed(&desc, v->references, 2000);
	}
	if (v->fixed_version)
		scan_buf_printf(&fix, "Upgrade %s to %s or later%s.", c->name, v->fixed_version,
		                c->flags & SCAN_DEP_TRANSITIVE ? " (it comes in transitively: upgrade or override the "
		                                                 "package that pulls it in)" : "");
	else
		scan_buf_printf(&fix, "No fixed version of %s is published: replace the package, or mitigate "
		                "and record the decision as a triage state.", c->name);
	/* Keyed by package, not version: a bump that leaves it vulnerable is the same finding. */
	scan_buf_printf(&snippet, "%s/%s", scan_ecosystem_name(c->ecosystem), c->name);
	if (scan_buf_failed(&rule) || scan_buf_failed(&title) || scan_buf_failed(&desc) ||
	    scan_buf_failed(&fix) || scan_buf_failed(&snippet)) {
		rc = scan_error__oom();
	} else {
		scan_finding_draft d = {
			.rule_id = rule.ptr,
			.title = title.ptr,
			.description = desc.size ? desc.ptr : NULL,
			.remediation = fix.ptr,
			.cwe_id = v->cwe_id,
			.severity = v->severity,
			.category = SCAN_CAT_SCA,
			.confidence = 100,
			.cvss_score = v->cvss_score,
			.line = c->line,
			.snippet = snippet.ptr,
			.snippet_len = snippet.size,
			.sca = &info,
		};
		rc = scan_analyzers__emit(sink, c->file, &d);
	}
	scan_buf_dispose(&rule);
	scan_buf_dispose(&title);
	scan_buf_dispose(&desc);
	scan_buf_dispose(&fix);
	scan_buf_dispose(&snippet);
	return rc;
}

static bool vex_says_not_affected(const sca_state *st, const scan_sca_vuln *v)
{
	const scan_component *c = &st->inv->items[v->component];
	char ids[1024];

	if (!st->nvex)
		return false;
	/* The CVE is an alias too: VEX documents name vulnerabilities by whichever id they know. */
	snprintf(ids, sizeof(ids), "%s%s%s", v->aliases ? v->aliases : "", v->aliases && v->cve_id ? "," : "",
	         v->cve_id ? v->cve_id : "");
	return scan_sca__vex_suppresses(st->vex, st->nvex, v->vuln_id, ids, c->purl);
}

static int sca_finalize(void *state, scan_sink *sink)
{
	sca_state *st = state;
	scan_sca_matches m;
	int rc = 0;

	if ((rc = scan_inventory__sort(st->inv)) != 0)
		return rc;
	if (st->vulndb && st->inv->count && !st->vulndb->ops->advisory_count(st->vulndb))
		rc = scan_inventory__problem(st->inv, NULL, 0,
		                             "the vulnerability database is empty, so no dependency was checked: "
		                             "run 'rampart db import'");
	else if (st->vulndb && st->inv->count) {
		size_t suppressed = 0;
		st->inv->checked = true;
		if ((rc = scan_sca__match(&m, st->inv, st->vulndb)) != 0)
			return rc;
		for (size_t i = 0; i < m.count && !rc; i++) {
			if (vex_says_not_affected(st, &m.items[i])) {
				suppressed++;
				continue;
			}
			rc = emit_vuln(sink, st->inv, &m.items[i]);
		}
		scan_sca__matches_dispose(&m);
		/* Said once, so a reader of the report knows why a known vulnerability is absent. */
		if (!rc && suppressed) {
			char msg[128];
			snprintf(msg, sizeof(msg), "%zu vulnerabilit%s left out: a VEX document says not_affected",
			         suppressed, suppressed == 1 ? "y" : "ies");
			rc = scan_inventory__problem(st->inv, NULL, 0, msg);
		}
	}
	if (!rc && sink->inventory) {
		*sink->inventory = st->inv;
		st->inv = NULL;
	}
	return rc;
}

const scan_analyzer scan_analyzers__analyzer_sca = {
	.info = { "sca", "0.1.0", "dependencies from lockfiles, matched against the offline vulnerability database", true },
	.wants = SCAN_WANT_TEXT | SCAN_WANT_TOO_LARGE,
	.init = sca_init,
	.file = sca_file,
	.finalize = sca_finalize,
	.free = sca_free,
};
