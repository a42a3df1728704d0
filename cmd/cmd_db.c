/* cmd/cmd_db.c - rampart db import|status: the offline vulnerability database */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "scan/vulndb.h"
#include "scan/vulndb_update.h"

/* A feed list names a few dozen URLs; anything near this is not one. */
#define FEEDS_FILE_MAX ((size_t)1 << 20)

static struct {
	const char *db, *format, *feeds, *cache;
	bool force, allow_shrink;
} o;

static const cli_opt db_opts[] = {
	{ "db", 0, OPT_STRING, "FILE", "database file (default: $RAMPART_DB or the XDG data dir)", &o.db, "@file" },
	CLI_OPT_DATABASE_URL,
	{ "format", 'f', OPT_STRING, "FORMAT", "output format: text or json", &o.format, "text|json" },
	{ "feeds", 0, OPT_STRING, "FILE", "update: the feed list to download (default: $RAMPART_FEEDS or OSV, KEV, EPSS)", &o.feeds, "@file" },
	{ "cache", 0, OPT_STRING, "DIR", "update: where downloads are kept and resumed (default: the XDG cache dir)", &o.cache, "@dir" },
	{ "force", 0, OPT_FLAG, NULL, "update: import every feed, even one the database already holds", &o.force, NULL },
	{ "allow-shrink", 0, OPT_FLAG, NULL, "import/update: replace a source even with less than half the records it held", &o.allow_shrink, NULL },
	{ 0 },
};

static const cli_verb db_verbs[] = {
	{ "import", 1, CLI_ARGS_ANY, "one PATH or more", "import OSV records or exports, the KEV catalog or EPSS scores from files" },
	{ "update", 0, 0, NULL, "download the feeds into the cache and import them" },
	{ "status", 0, 0, NULL, "show what the database holds and where it came from" },
	{ 0 },
};

const cli_command cli_db_def = {
	"db", "rampart db import PATH... | rampart db update | rampart db status",
	"Import or download vulnerability data (OSV records or all.zip exports, the CISA KEV catalog, EPSS "
	"scores) into the offline database, or show what it holds.",
	db_opts, cmd_db, db_verbs,
};

static int put_update_json(scan_buf *out, const scan_vulndb_update_report *rep)
{
	scan_json w;

	scan_json_init(&w, out, false);
	scan_json_open(&w, NULL, '{');
	scan_json_uint(&w, "updated", rep->updated);
	scan_json_uint(&w, "not_modified", rep->not_modified);
	scan_json_uint(&w, "failed", rep->failed);
	scan_json_open(&w, "feeds", '[');
	for (size_t i = 0; i < rep->count; i++) {
		const scan_vulndb_update_entry *e = &rep->entries[i];
		scan_json_open(&w, NULL, '{');
		scan_json_str(&w, "name", e->name);
		scan_json_str(&w, "url", e->url);
		scan_json_str(&w, "status", scan_vulndb_update_status_name(e->status));
		scan_json_int(&w, "records", (long long)e->records);
		scan_json_uint(&w, "downloaded_bytes", (unsigned long long)e->downloaded);
		scan_json_bool(&w, "resumed", e->resumed);
		scan_json_str(&w, "message", e->message);
		scan_json_close(&w, '}');
	}
	scan_json_close(&w, ']');
	scan_json_close(&w, '}');
	scan_buf_putc(out, '\n');
	return scan_json_finish(&w);
}

static int db_update(scan_store *st, cli_format format)
{
	scan_vulndb_update_config cfg = SCAN_VULNDB_UPDATE_CONFIG_INIT;
	scan_vulndb_update_report rep;
	scan_vulndb_feed_list feeds = { 0 };
	const char *env = getenv("RAMPART_FEEDS");
	char *text = NULL;
	size_t len;
	int rc = EXIT_OK, lrc;

	memset(&rep, 0, sizeof(rep));
	if (o.feeds && (rc = cli_read_file(&text, &len, o.feeds, FEEDS_FILE_MAX, 0)) != EXIT_OK)
		return rc;
	if (text || (env && *env)) {
		if ((lrc = scan_vulndb_feeds_parse(&feeds, text ? text : env)) != 0) {
			rc = cli_error_lib(lrc);
			goto done;
		}
		cfg.feeds = feeds.feeds;
		cfg.nfeeds = feeds.count;
	}
	if (!(cfg.cache_dir = o.cache ? o.cache : cli_cache_dir("feeds"))) {
		rc = cli_error("no cache directory for the feeds: set XDG_CACHE_HOME or HOME, or pass --cache");
		goto done;
	}
	cfg.force = o.force;
	cfg.allow_shrink = o.allow_shrink;
	lrc = scan_vulndb_update(st, &cfg, &rep);
	if (format == FORMAT_JSON) {
		scan_buf out = SCAN_BUF_INIT;
		int jrc = put_update_json(&out, &rep);
		if (jrc)
			rc = cli_error_lib(jrc);
		else
			fputs(out.ptr, stdout);
		scan_buf_dispose(&out);
	} else {
		/* Feed names come from a feed list, messages from the network: quoted for the terminal. */
		scan_buf name = SCAN_BUF_INIT, msg = SCAN_BUF_INIT;
		for (size_t i = 0; i < rep.count; i++) {
			const scan_vulndb_update_entry *e = &rep.entries[i];
			if (e->status == SCAN_VULNDB_FAILED)
				printf("%-22s failed: %s\n", cli_safe(&name, e->name),
				       cli_safe(&msg, e->message ? e->message : "unknown error"));
			else if (e->status == SCAN_VULNDB_UPDATED)
				printf("%-22s updated: %lld records%s\n", cli_safe(&name, e->name), (long long)e->records,
				       e->resumed ? " (download resumed)" : "");
			else
				printf("%-22s not modified\n", cli_safe(&name, e->name));
		}
		scan_buf_dispose(&name);
		scan_buf_dispose(&msg);
	}
	/* A feed that failed keeps its previous data; the run still fails so CI sees it. */
	fflush(stdout);
	if (lrc)
		rc = cli_error_lib(lrc);
done:
	scan_vulndb_update_report_dispose(&rep);
	scan_vulndb_feed_list_dispose(&feeds);
	free(text);
	return rc;
}

static int db_import(scan_store *st, const cli_strlist *pos, cli_format format)
{
	scan_vulndb_import_options opts = SCAN_VULNDB_IMPORT_OPTIONS_INIT;
	scan_vulndb_import_report total = { 0 };

	opts.allow_shrink = o.allow_shrink;
	for (size_t i = 1; i < pos->count; i++) {
		scan_vulndb_import_report rep;
		int lrc = scan_vulndb_import(st, pos->items[i], &opts, &rep);
		if (lrc)
			return cli_error_lib(lrc);
		if (rep.invalid)
			cli_warn("%s: %zu malformed records left out; the first: %s", pos->items[i], rep.invalid,
			         rep.first_invalid);
		total.sources += rep.sources;
		total.advisories += rep.advisories;
		total.withdrawn += rep.withdrawn;
		total.skipped += rep.skipped;
		total.invalid += rep.invalid;
		total.kev += rep.kev;
		total.epss += rep.epss;
	}
	if (format == FORMAT_JSON) {
		scan_buf out = SCAN_BUF_INIT;
		scan_json w;
		int lrc;
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_uint(&w, "sources", total.sources);
		scan_json_uint(&w, "advisories", total.advisories);
		scan_json_uint(&w, "withdrawn", total.withdrawn);
		scan_json_uint(&w, "invalid", total.invalid);
		scan_json_uint(&w, "skipped", total.skipped);
		scan_json_uint(&w, "kev", total.kev);
		scan_json_uint(&w, "epss", total.epss);
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		if ((lrc = scan_json_finish(&w)) == 0)
			fputs(out.ptr, stdout);
		scan_buf_dispose(&out);
		if (lrc)
			return cli_error_lib(lrc);
	} else {
		printf("imported %zu source%s: %zu advisories (%zu withdrawn, %zu malformed left out), "
		       "%zu KEV entries, %zu EPSS scores\n", total.sources, total.sources == 1 ? "" : "s",
		       total.advisories, total.withdrawn, total.invalid, total.kev, total.epss);
	}
	return EXIT_OK;
}

static void age(char *out, size_t n, time_t t)
{
	double days = difftime(time(NULL), t) / 86400.0;

	if (days < 1.0 / 24)
		snprintf(out, n, "just now");
	else if (days < 1)
		snprintf(out, n, "%.0f hours ago", days * 24);
	else
		snprintf(out, n, "%.0f days ago", days);
}

static int db_status(scan_store *st, cli_format format)
{
	scan_vulndb_source_list *l = NULL;
	scan_buf out = SCAN_BUF_INIT;
	int lrc;

	if ((lrc = scan_vulndb_sources(&l, st)) != 0)
		return cli_error_lib(lrc);
	if (format == FORMAT_JSON) {
		scan_json w;
		scan_json_init(&w, &out, false);
		scan_json_open(&w, NULL, '{');
		scan_json_open(&w, "sources", '[');
		for (size_t i = 0; i < scan_vulndb_source_list_count(l); i++) {
			const scan_vulndb_source *s = scan_vulndb_source_list_get(l, i);
			scan_json_open(&w, NULL, '{');
			scan_json_str(&w, "name", s->name);
			scan_json_str(&w, "kind", s->kind);
			scan_json_str(&w, "location", s->location);
			scan_json_int(&w, "records", (long long)s->records);
			scan_json_int(&w, "imported_at", (long long)s->imported_at);
			scan_json_num_fmt(&w, "age_seconds", difftime(time(NULL), s->imported_at), 0);
			scan_json_str(&w, "data_version", s->data_version);
			scan_json_str(&w, "sha256", s->sha256);
			scan_json_close(&w, '}');
		}
		scan_json_close(&w, ']');
		scan_json_close(&w, '}');
		scan_buf_putc(&out, '\n');
		if ((lrc = scan_json_finish(&w)) == 0)
			fputs(out.ptr, stdout);
	} else if (!scan_vulndb_source_list_count(l)) {
		printf("the vulnerability database is empty: run 'rampart db import PATH'\n");
	} else {
		scan_buf name = SCAN_BUF_INIT, kind = SCAN_BUF_INIT, version = SCAN_BUF_INIT;
		printf("%-22s %-5s %10s  %-16s %s\n", "SOURCE", "KIND", "RECORDS", "IMPORTED", "DATA VERSION");
		for (size_t i = 0; i < scan_vulndb_source_list_count(l); i++) {
			const scan_vulndb_source *s = scan_vulndb_source_list_get(l, i);
			char when[64];
			age(when, sizeof(when), s->imported_at);
			/* Names and versions are the imported files' own words. */
			printf("%-22s %-5s %10lld  %-16s %s\n", cli_safe(&name, s->name), cli_safe(&kind, s->kind),
			       (long long)s->records, when, cli_safe(&version, s->data_version ? s->data_version : "-"));
		}
		scan_buf_dispose(&name);
		scan_buf_dispose(&kind);
		scan_buf_dispose(&version);
	}
	scan_buf_dispose(&out);
	scan_vulndb_source_list_free(l);
	return lrc ? cli_error_lib(lrc) : EXIT_OK;
}

int cmd_db(int argc, char **argv)
{
	cli_strlist pos = { 0 };
	scan_store *st = NULL;
	cli_format format;
	bool help;
	const cli_verb *verb;
	int rc;

	memset(&o, 0, sizeof(o));
	if ((rc = cli_parse(&cli_db_def, argc, argv, &pos, &help)) != 0 || help)
		goto done;
	if ((rc = cli_format_parse(&format, o.format)) != 0)
		goto done;
	if (format == FORMAT_SARIF) {
		rc = cli_error("db: --format takes text or json");
		goto done;
	}
	if ((rc = cli_verb_of(&verb, &cli_db_def, &pos, false)) != EXIT_OK ||
	    (rc = cli_open_store(&st, o.db, cli_verb_is(verb, "status"))) != EXIT_OK)
		goto done;
	if (cli_verb_is(verb, "import"))
		rc = db_import(st, &pos, format);
	else if (cli_verb_is(verb, "update"))
		rc = db_update(st, format);
	else
		rc = db_status(st, format);
done:
	scan_store_free(st);
	cli_strlist_dispose(&pos);
	return rc;
}
