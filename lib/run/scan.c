/* lib/run/scan.c - one scan: resolve the source, walk, read once, analyze in parallel */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "analyzers/analyzer.h"
#include "aiasset/inventory.h"
#include "quality/summary.h"
#include "scan/gate.h"
#include "run/history.h"
#include "run/result.h"
#include "analyzers/sink.h"
#include "source/source.h"
#include "scan/array.h"
#include "util/beneath.h"
#include "walk/infra.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "walk/generated.h"
#include "walk/testpath.h"
#include "walk/walk.h"

#define SCAN_JOBS_MAX 256
#define SCAN_HEAD_BYTES 8000     /* what binary detection and shebangs look at */
#define SCAN_PROGRESS_NS 100000000L

typedef scan_active_analyzer active_analyzer;

typedef struct {
	const scan_options *opts;
	const scan_walk_list *files;
	active_analyzer *analyzers;
	size_t analyzer_count;
	bool wants_tree;               /* some analyzer parses files */
	bool has_quality;              /* the quality analyzer runs: only it looks at generated code */
	const scan_secret_engine *secrets; /* for the secrets analyzer and every finding's redaction */
	scan_test_paths *tests;        /* which paths are test code; NULL with --include-tests */
	int root_fd;
	const char *root;              /* real path of root_fd, for links followed inside it */
	uint64_t max_size;
	atomic_size_t next;
	atomic_uint_fast64_t files_done, bytes_done;
	atomic_int stop;
	atomic_int cancelled;          /* stop because the caller asked (scan_options.cancelled) */
	atomic_uint workers_running;
	int pass;                      /* 1; 2: the files analyzers asked for again (deep scans) */
	uint8_t *again;                /* per file: a bit per analyzer that asked for it again */
	atomic_int any_again;
	/* The last worker to finish wakes the progress loop, so a scan ends when its work does. */
	pthread_mutex_t done_lock;
	pthread_cond_t done;
} scan_shared;

typedef struct {
	scan_shared *sh;
	pthread_t thread;
	scan_sink sink;
	void **wstates;
	scan_analyzer_stats *astats;   /* one per analyzer, summed into the result */
	unsigned char *buf;
	size_t bufcap;
	uint64_t scanned, binary, too_large, unreadable, bytes;
	uint64_t by_language[SCAN_LANG__COUNT]; /* files read whole, not binary */
	uint64_t infra;                /* of those, infrastructure code */
	uint64_t parsed, parse_errors, parse_skipped;
	scan_parse_state parse;
	int rc;
	char message[256];
} scan_worker;

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int select_analyzers(active_analyzer **out, size_t *count, const char *list)
{
	size_t n = scan_analyzers__analyzer_count(), k = 0;
	active_analyzer *sel = calloc(n ? n : 1, sizeof(*sel));
	bool all = list && !strcmp(list, "all"), none = list && !strcmp(list, "none");

	if (!sel)
		return scan_error__oom();
	if (list && !all && !none) {
		/* Validate every name before choosing any, so a typo is one clear error. */
		const char *p = list;
		while (*p) {
			const char *comma = strchr(p, ',');
			size_t len = comma ? (size_t)(comma - p) : strlen(p);
			bool known = false;
			for (size_t i = 0; i < n; i++)
				if (strlen(scan_analyzers__analyzer_get(i)->info.name) == len &&
				    !strncmp(scan_analyzers__analyzer_get(i)->info.name, p, len))
					known = true;
			if (!known && len) {
				free(sel);
				return scan_util__error(SCAN_EINVAL, "unknown analyzer '%.*s'", (int)len, p);
			}
			p += len + (comma ? 1 : 0);
		}
	}
	for (size_t i = 0; i < n; i++) {
		const scan_analyzer *a = scan_analyzers__analyzer_get(i);
		bool on = all ? true : none ? false : !list ? a->info.default_enabled : false;
		if (list && !all && !none) {
			size_t len = strlen(a->info.name);
			for (const char *p = list; (p = strstr(p, a->info.name)) != NULL; p += len)
				if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0'))
					on = true;
		}
		if (on)
			sel[k++].a = a;
	}
	*out = sel;
	*count = k;
	return 0;
}

static const char *read_failure(int err)
{
	return err == EACCES || err == EPERM ? "permission denied" : err == ELOOP || err == ENOTDIR ?
	       "a path component was replaced by a symlink or a file after the listing" : "could not be read";
}

/* read_file's "skip it": 1 once recorded, or the error recording it. */
static int read_skipped(scan_worker *w, const char *path, const char *reason)
{
	int rc = scan_analyzers__emit_skip(&w->sink, path, reason);
	return rc ? rc : 1;
}

/* Reads f whole (or its head when too large) into w->buf. 1: skip it (recorded), <0: an error. */
static int read_file(scan_worker *w, const scan_walk_entry *e, scan_file *f)
{
	scan_shared *sh = w->sh;
	struct stat st;
	size_t want, len = 0;
	int fd;

	/* Every component checked, not only the last: a directory swapped for a link since the walk leads nowhere. */
	if ((fd = scan_util__open_beneath(sh->root_fd, e->path, O_RDONLY | O_NONBLOCK | O_NOCTTY,
	                                  e->via_link ? sh->root : NULL)) < 0) {
		w->unreadable++;
		return read_skipped(w, e->path, read_failure(errno));
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		w->unreadable++;
		return read_skipped(w, e->path, "no longer a regular file");
	}
	f->size = (uint64_t)st.st_size;
	f->too_large = f->size > sh->max_size;
	want = f->too_large ? SCAN_HEAD_BYTES : (size_t)f->size;
	if (scan_array_reserve(&w->buf, &w->bufcap, want + 1, 1)) {
		close(fd);
		return SCAN_ENOMEM;
	}
	while (len < want) {
		ssize_t n = read(fd, w->buf + len, want - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;
			close(fd);
			w->unreadable++;
			return read_skipped(w, e->path, read_failure(err));
		}
		if (n == 0)
			break; /* shrank while we read: analyze what is there */
		len += (size_t)n;
	}
	close(fd);
	w->buf[len] = '\0';
	f->path = e->path;
	f->head = w->buf;
	f->head_len = len < SCAN_HEAD_BYTES ? len : SCAN_HEAD_BYTES;
	f->is_binary = memchr(w->buf, '\0', f->head_len) != NULL;
	f->data = f->too_large ? NULL : w->buf;
	f->len = f->too_large ? 0 : len;
	f->lang = scan_lang__detect(e->path, f->head, f->head_len);
	w->bytes += len;
	return 0;
}

static bool wants_file(const scan_analyzer *a, const scan_file *f)
{
	if (f->too_large)
		return a->wants & SCAN_WANT_TOO_LARGE;
	return a->wants & (f->is_binary ? SCAN_WANT_BINARY : SCAN_WANT_TEXT);
}

/* Count the file for the parse statistics, and drop its tree. */
static int account_parse(scan_worker *w, const scan_file *f)
{
	const char *reason = w->parse.skip_reason;
	int rc = 0;

	if (f->too_large && !f->is_binary)
		rc = scan_analyzers__emit_skip(&w->sink, f->path, "larger than the maximum file size (--max-file-size): only its first "
		                 "8000 bytes were read");
	else if (w->parse.tried && reason)
		rc = scan_analyzers__emit_skip(&w->sink, f->path, reason);
	if (w->parse.tried && !reason) {
		w->parsed++;
		w->parse_errors += w->parse.has_error;
	} else if ((w->parse.tried && reason) ||
	           (f->too_large && w->sh->wants_tree && scan_parse__supported(f->lang))) {
		w->parse_skipped++;
	}
	scan_parse__reset(&w->parse);
	return rc;
}

static bool is_cancelled(const scan_options *o)
{
	return o->cancelled && o->cancelled(o->cancel_payload);
}

static int cancelled_error(void)
{
	return scan_util__error(SCAN_ECANCELED, "scan cancelled");
}

static void *worker_main(void *arg)
{
	scan_worker *w = arg;
	scan_shared *sh = w->sh;
	int rc = 0;

	for (size_t i = 0; i < sh->analyzer_count; i++) {
		const scan_analyzer *a = sh->analyzers[i].a;
		if (a->worker_init && (rc = a->worker_init(&w->wstates[i], sh->analyzers[i].state)) != 0)
			goto done;
	}
	while (!atomic_load(&sh->stop)) {
		size_t idx = atomic_fetch_add(&sh->next, 1);
		scan_file f;

		if (idx >= sh->files->count)
			break;
		if (sh->pass == 2 && !sh->again[idx])
			continue;
		if (is_cancelled(sh->opts)) {
			atomic_store(&sh->cancelled, 1);
			atomic_store(&sh->stop, 1);
			break;
		}
		int skip;

		memset(&f, 0, sizeof(f));
		if ((skip = read_file(w, &sh->files->entries[idx], &f)) < 0) {
			rc = skip;
			goto done;
		}
		if (!skip) {
			if (sh->pass == 1) {
				if (f.is_binary)
					w->binary++;
				if (f.too_large)
					w->too_large++;
				else
					w->scanned++;
				if (!f.is_binary && !f.too_large && (unsigned)f.lang < SCAN_LANG__COUNT) {
					w->by_language[f.lang]++;
					w->infra += scan_walk__is_infra(f.path, f.lang, f.head, f.head_len);
				}
			}
			f.pass = sh->pass;
			f.parse = &w->parse;
			f.in_test = scan_walk__is_test_path(sh->tests, f.path);
			f.generated = sh->has_quality && !f.is_binary && scan_walk__is_generated(f.head, f.head_len);
			scan_sink__set_file(&w->sink, &f);
			for (size_t i = 0; i < sh->analyzer_count; i++) {
				const scan_analyzer *a = sh->analyzers[i].a;
				double t0;
				if (!wants_file(a, &f) || (sh->pass == 2 && !(sh->again[idx] & (1u << i))))
					continue;
				w->sink.current_tool = a->info.name;
				w->sink.current_found = &w->astats[i].findings;
				w->sink.again = false;
				t0 = now_seconds();
				rc = a->file(sh->analyzers[i].state, w->wstates[i], &f, &w->sink);
				w->astats[i].cpu_seconds += now_seconds() - t0;
				w->astats[i].files += sh->pass == 1;
				/* each file is one worker's: its byte is written by that worker only */
				if (w->sink.again && sh->pass == 1 && sh->again && i < 8) {
					sh->again[idx] |= (uint8_t)(1u << i);
					atomic_store(&sh->any_again, 1);
				}
				/* One analyzer failing on one hostile file must not sink the scan. */
				if (rc == SCAN_ENOMEM)
					goto done;
				rc = 0;
			}
			scan_sink__set_file(&w->sink, NULL);
			if (sh->pass == 2)
				scan_parse__reset(&w->parse); /* counted, and its skips reported, in the first pass */
			else if ((rc = account_parse(w, &f)) != 0)
				goto done;
		}
		if (sh->pass == 2)
			continue;
		atomic_fetch_add(&sh->files_done, 1);
		atomic_fetch_add(&sh->bytes_done, skip ? 0 : f.len ? f.len : f.head_len);
	}
done:
	if (rc) {
		w->rc = rc;
		snprintf(w->message, sizeof(w->message), "%s", scan_error_last()->message);
		atomic_store(&sh->stop, 1);
	}
	for (size_t i = 0; i < sh->analyzer_count; i++)
		if (w->wstates[i] && sh->analyzers[i].a->worker_free)
			sh->analyzers[i].a->worker_free(w->wstates[i]);
	scan_parse__dispose(&w->parse);
	if (atomic_fetch_sub(&sh->workers_running, 1) == 1) {
		pthread_mutex_lock(&sh->done_lock);
		pthread_cond_signal(&sh->done);
		pthread_mutex_unlock(&sh->done_lock);
	}
	return NULL;
}

static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > SCAN_JOBS_MAX ? SCAN_JOBS_MAX : (unsigned)n;
}

static void report_progress(const scan_options *o, scan_shared *sh, double t0)
{
	scan_progress p;

	if (!o->progress)
		return;
	p.files_done = atomic_load(&sh->files_done);
	p.files_total = sh->files->count;
	p.bytes_done = atomic_load(&sh->bytes_done);
	p.seconds = now_seconds() - t0;
	o->progress(&p, o->progress_payload);
}

static int cmp_language(const void *a, const void *b)
{
	const scan_run_language *x = a, *y = b;

	if (x->files != y->files)
		return x->files < y->files ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The languages the scan read, most files first (compliance tells web, infrastructure and other code apart). */
static int count_languages(scan_result *r, const uint64_t *by_language)
{
	size_t n = 0;

	if (!(r->languages = calloc(SCAN_LANG__COUNT, sizeof(*r->languages))))
		return scan_error__oom();
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		if (!by_language[l])
			continue;
		r->languages[n].name = scan_lang__name((scan_lang)l);
		r->languages[n++].files = by_language[l];
	}
	qsort(r->languages, n, sizeof(*r->languages), cmp_language);
	r->nlanguages = n;
	return 0;
}

static int run_workers(scan_result *r, scan_shared *sh, unsigned jobs, double t0)
{
	scan_worker *ws = calloc(jobs, sizeof(*ws));
	uint64_t by_language[SCAN_LANG__COUNT] = { 0 };
	unsigned started = 0;
	int rc = 0;

	if (!ws)
		return scan_error__oom();
	atomic_store(&sh->workers_running, jobs);
	for (unsigned i = 0; i < jobs; i++) {
		scan_worker *w = &ws[i];
		w->sh = sh;
		w->sink.min_confidence = sh->opts->min_confidence;
		w->sink.no_suppressions = sh->opts->no_suppressions;
		w->sink.tests = sh->tests;
		w->sink.list = scan_model__finding_list_new();
		w->wstates = calloc(sh->analyzer_count + 1, sizeof(void *));
		w->astats = calloc(sh->analyzer_count + 1, sizeof(*w->astats));
		if (!w->sink.list || !w->wstates || !w->astats) {
			rc = scan_error__oom();
			break;
		}
		if ((rc = scan_sink__redact_init(&w->sink, sh->secrets)) != 0)
			break;
		if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
			rc = scan_util__error(SCAN_EIO, "cannot start a worker thread");
			break;
		}
		started++;
	}
	if (rc) {
		atomic_store(&sh->stop, 1);
		atomic_fetch_sub(&sh->workers_running, jobs - started);
	}
	pthread_mutex_lock(&sh->done_lock);
	while (atomic_load(&sh->workers_running) > 0) {
		struct timespec until;
		pthread_mutex_unlock(&sh->done_lock);
		report_progress(sh->opts, sh, t0);
		if (is_cancelled(sh->opts)) {
			atomic_store(&sh->cancelled, 1);
			atomic_store(&sh->stop, 1);
		}
		pthread_mutex_lock(&sh->done_lock);
		/* Checked again under the lock: the last worker signals holding it, so no wake-up is lost. */
		if (atomic_load(&sh->workers_running) == 0)
			break;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += SCAN_PROGRESS_NS;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&sh->done, &sh->done_lock, &until);
	}
	pthread_mutex_unlock(&sh->done_lock);
	report_progress(sh->opts, sh, t0);
	for (unsigned i = 0; i < started; i++)
		pthread_join(ws[i].thread, NULL);

	for (unsigned i = 0; i < jobs; i++) {
		scan_worker *w = &ws[i];
		if (!rc && w->rc)
			rc = scan_util__error(w->rc, "%s", w->message);
		if (w->sink.list && !rc)
			rc = scan_model__finding_list_absorb(r->findings, w->sink.list);
		r->stats.files_scanned += w->scanned;
		for (int l = 0; l < SCAN_LANG__COUNT; l++)
			by_language[l] += w->by_language[l];
		if (sh->pass == 1)
			r->infra_files += w->infra;
		r->stats.files_binary += w->binary;
		r->stats.files_too_large += w->too_large;
		r->stats.files_unreadable += w->unreadable;
		r->stats.bytes_read += w->bytes;
		r->stats.findings_below_confidence += w->sink.below_confidence;
		r->stats.files_parsed += w->parsed;
		r->stats.files_parse_errors += w->parse_errors;
		r->stats.files_parse_skipped += w->parse_skipped;
		if (!rc)
			rc = scan_run__result_take_skipped(r, &w->sink);
		if (!rc && w->sink.nmetrics) {
			if (scan_array_reserve(&r->metrics, &r->metrics_cap, r->nmetrics + w->sink.nmetrics,
			                        sizeof(*r->metrics)))
				rc = SCAN_ENOMEM;
			else {
				memcpy(r->metrics + r->nmetrics, w->sink.metrics, w->sink.nmetrics * sizeof(*r->metrics));
				r->nmetrics += w->sink.nmetrics;
			}
		}
		free(w->sink.metrics);
		for (size_t k = 0; w->astats && k < sh->analyzer_count; k++) {
			r->astats[k].files += w->astats[k].files;
			r->astats[k].findings += w->astats[k].findings;
			r->astats[k].cpu_seconds += w->astats[k].cpu_seconds;
		}
		scan_finding_list_free(w->sink.list);
		scan_sink__dispose(&w->sink);
		free(w->wstates);
		free(w->astats);
		free(w->buf);
	}
	free(ws);
	if (!rc && sh->pass == 1)
		rc = count_languages(r, by_language);
	return rc;
}

static int cmp_metrics(const void *a, const void *b)
{
	return strcmp(((const scan_file_metrics *)a)->path, ((const scan_file_metrics *)b)->path);
}

static int finalize_analyzers(scan_result *r, scan_shared *sh)
{
	scan_sink sink = { 0 };
	int rc = 0;

	sink.min_confidence = sh->opts->min_confidence;
	sink.tests = sh->tests;
	sink.list = r->findings;
	sink.metrics = r->metrics, sink.nmetrics = r->nmetrics; /* r's: read and amended, not freed */
	sink.inventory = &r->inventory;
	sink.ai = &r->ai;
	if ((rc = scan_sink__redact_init(&sink, sh->secrets)) != 0) {
		scan_sink__dispose(&sink);
		return rc;
	}
	scan_sink__set_file(&sink, NULL);
	for (size_t i = 0; i < sh->analyzer_count; i++) {
		const scan_analyzer *a = sh->analyzers[i].a;
		double t0;
		if (!a->finalize)
			continue;
		sink.current_tool = a->info.name;
		sink.current_found = &r->astats[i].findings;
		t0 = now_seconds();
		rc = a->finalize(sh->analyzers[i].state, &sink);
		r->astats[i].cpu_seconds += now_seconds() - t0;
		if (rc)
			break;
	}
	r->stats.findings_below_confidence += sink.below_confidence;
	if (!rc)
		rc = scan_run__result_take_skipped(r, &sink);
	scan_sink__dispose(&sink);
	return rc;
}

static int fill_repo_info(scan_result *r, const scan_source *src, const scan_options *o)
{
	scan_repo_info *ri = &r->repo;
	scan_arena *a = &r->strings;

	ri->name = scan_arena__strdup(a, src->name);
	ri->url = scan_arena__strdup(a, src->url);
	ri->source = scan_arena__strdup(a, src->source);
	ri->branch = scan_arena__strdup(a, src->branch);
	ri->default_branch = scan_arena__strdup(a, src->default_branch);
	ri->commit = scan_arena__strdup(a, src->commit);
	ri->root = scan_arena__strdup(a, src->root);
	ri->scan_type = scan_arena__strdup(a, o->scan_type ? o->scan_type : "smart");
	ri->is_git = src->is_git;
	ri->pr_number = src->pr_number;
	ri->is_baseline_scan = !src->branch || !src->default_branch ||
	                       !strcmp(src->branch, src->default_branch);
	if (!ri->name || !ri->url || !ri->source || !ri->default_branch || !ri->root || !ri->scan_type ||
	    (src->branch && !ri->branch) || (src->commit && !ri->commit))
		return scan_error__oom();
	return 0;
}

static int cmp_skipped(const void *a, const void *b)
{
	const scan_skipped_file *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	/* by reason too: the order is the same in every run and as the store returns it */
	return c ? c : strcmp(x->reason, y->reason);
}

/* Two analyzers that could not read a file for the same reason (a notebook's JSON) say it once. Sorted first. */
static void drop_repeated_skips(scan_result *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->stats.skipped_count; i++) {
		scan_skipped_file *e = &r->skipped[i];
		if (n && !cmp_skipped(&r->skipped[n - 1], e)) {
			free((void *)(uintptr_t)e->path);
			free((void *)(uintptr_t)e->reason);
			continue;
		}
		r->skipped[n++] = *e;
	}
	r->stats.skipped_count = n;
}

/* What the walker could not enter or read joins the workers' list. */
static int add_walk_skips(scan_result *r, const scan_walk_list *files)
{
	int rc = 0;

	for (size_t i = 0; i < files->nskips && !rc; i++)
		rc = scan_run__result_skip(r, files->skips[i].path, files->skips[i].reason);
	return rc;
}

int scan_run__result_skip(scan_result *r, const char *path, const char *reason)
{
	scan_sink one;
	int rc;

	memset(&one, 0, sizeof(one));
	if ((rc = scan_analyzers__emit_skip(&one, path, reason)) == 0)
		rc = scan_run__result_take_skipped(r, &one);
	scan_sink__dispose(&one);
	return rc;
}

int scan_run__result_take_skipped(scan_result *r, scan_sink *sink)
{
	if (!sink->nskipped)
		return 0;
	if (scan_array_reserve(&r->skipped, &r->skipped_cap, r->stats.skipped_count + sink->nskipped,
	                        sizeof(*r->skipped)))
		return SCAN_ENOMEM;
	memcpy(r->skipped + r->stats.skipped_count, sink->skipped, sink->nskipped * sizeof(*r->skipped));
	r->stats.skipped_count += sink->nskipped;
	sink->nskipped = 0;
	return 0;
}

static int check_options(const scan_options *o)
{
	int rc;

	if (!o)
		return scan_util__error(SCAN_EINVAL, "no scan options given");
	if ((rc = scan_error__check_version(o, SCAN_OPTIONS_VERSION, "scan_options")) != 0)
		return rc;
	if (!o->target || !*o->target)
		return scan_util__error(SCAN_EINVAL, "no scan target given");
	if (o->min_confidence > 100)
		return scan_util__error(SCAN_EINVAL, "minimum confidence must be 0-100, not %u", o->min_confidence);
	if (o->scan_type && strcmp(o->scan_type, "smart") && strcmp(o->scan_type, "deep"))
		return scan_util__error(SCAN_EINVAL, "scan type must be smart or deep, not '%s'", o->scan_type);
	if (o->jobs > SCAN_JOBS_MAX)
		return scan_util__error(SCAN_EINVAL, "at most %d jobs", SCAN_JOBS_MAX);
	return 0;
}

/* A file under .rampart/ of the scanned tree; *text NULL when there is none. A FIFO or device is refused, never waited on. */
static int read_tree_config(char **text, size_t *len, int root_fd, const char *path, size_t max)
{
	int dfd, rc;

	*text = NULL, *len = 0;
	if ((dfd = openat(root_fd, ".rampart", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return 0;
	/* The one bounded reader: a file over the limit is refused whole, not parsed in part. */
	rc = scan_util__read_file_at(text, len, dfd, path + strlen(".rampart/"), path, max,
	                             SCAN_FILE_NOFOLLOW | SCAN_FILE_OPTIONAL);
	close(dfd);
	return rc;
}

/*
 * A file of the repository's .rampart/ that decides how the scan judges the
 * code (the gate file, the test paths). A branch other than the default is
 * judged by the default branch's copy, so a pull request cannot loosen its
 * own judgement; a change it makes to the file is reported as a skipped
 * entry, and takes effect once merged. *text is the copy that applies, or
 * NULL; what is the file's name for people.
 */
static int read_repo_config(char **text, size_t *len, scan_result *r, int root_fd, const scan_source *src,
                            const char *path, size_t max, const char *what)
{
	char *tree = NULL, *base = NULL, note[256];
	size_t tree_len = 0, base_len = 0;
	scan_base_file_state state = SCAN_BASE_FILE_UNKNOWN;
	int rc;

	*text = NULL, *len = 0, note[0] = '\0';
	if ((rc = read_tree_config(&tree, &tree_len, root_fd, path, max)) != 0)
		return rc;
	if (!src->is_git || r->repo.is_baseline_scan) {
		*text = tree, *len = tree_len;
		return 0;
	}
	if ((rc = scan_source__default_branch_file(&base, &base_len, &state, src->root, src->default_branch, path,
	                                           max)) != 0)
		goto done;
	if (state == SCAN_BASE_FILE_FOUND) {
		*text = base, *len = base_len;
		base = NULL;
		if (!tree || tree_len != *len || memcmp(tree, *text, *len))
			snprintf(note, sizeof(note), "changed on this branch: the default branch's %s applies until the "
			         "change is merged", what);
	} else if (tree) {
		if (state == SCAN_BASE_FILE_ABSENT)
			snprintf(note, sizeof(note), "added on this branch: it applies once merged into the default branch");
		else
			snprintf(note, sizeof(note), "not applied: the default branch is not in this clone to read its %s "
			         "from (fetch it)", what);
	}
	if (note[0])
		rc = scan_run__result_skip(r, path, note);
done:
	free(tree);
	free(base);
	if (rc) {
		free(*text);
		*text = NULL, *len = 0;
	}
	return rc;
}

/* The repository's own gate file; a malformed one fails the scan, because a gate silently not applied is worse than a clear error. */
static int read_repo_policy(scan_result *r, int root_fd, const scan_source *src)
{
	char *text = NULL;
	size_t len;
	scan_gate_repo_policy rp;
	scan_buf json = SCAN_BUF_INIT;
	int rc;

	if ((rc = read_repo_config(&text, &len, r, root_fd, src, SCAN_REPO_POLICY_PATH, SCAN_REPO_POLICY_MAX,
	                           "gate file")) != 0 || !text)
		goto done;
	if ((rc = scan_gate_repo_policy_parse_yaml(&rp, text, len, SCAN_REPO_POLICY_PATH)) != 0 ||
	    (rc = scan_gate_repo_policy_write_json(&json, &rp)) != 0)
		goto done;
	if (!(r->repo_policy = scan_buf_detach(&json)))
		rc = scan_error__oom();
done:
	scan_buf_dispose(&json);
	free(text);
	return rc;
}

/*
 * Which paths are test and example code: the conventions, the repository's
 * .rampart/test-paths (the default branch's on a branch: a pull request
 * cannot declare its own findings test code), then --test-path. *out stays
 * NULL with --include-tests.
 */
static int load_test_paths(scan_test_paths **out, scan_result *r, int root_fd, const scan_source *src,
                           const scan_options *o)
{
	scan_test_paths *t = NULL;
	char *text = NULL;
	size_t len;
	int rc;

	*out = NULL;
	if (o->include_tests)
		return 0;
	if ((rc = scan_walk__test_paths_new(&t)) != 0 ||
	    (rc = read_repo_config(&text, &len, r, root_fd, src, SCAN_TEST_PATHS_PATH, SCAN_TEST_PATHS_MAX,
	                           "test paths")) != 0 ||
	    (text && (rc = scan_walk__test_paths_add_text(t, text, len)) != 0))
		goto done;
	for (size_t i = 0; i < o->test_path_count && !rc; i++)
		rc = scan_walk__test_paths_add_rule(t, o->test_paths[i]);
done:
	free(text);
	if (rc)
		scan_walk__test_paths_free(t);
	else
		*out = t;
	return rc;
}

/* Debt, ratings and new-code measures from the findings and metrics. */
static void summarize_quality(scan_result *r)
{
	scan_quality_summary *q = &r->quality;

	scan_quality__summary_init(q);
	q->new_code_known = r->newcode != NULL;
	if (r->newcode)
		memcpy(q->new_code_base, r->newcode->base, sizeof(q->new_code_base));
	for (size_t i = 0; i < r->nmetrics; i++) {
		q->test_files += r->metrics[i].in_test;
		q->generated_files += r->metrics[i].generated && !r->metrics[i].in_test;
		scan_quality__summary_add_file(q, &r->metrics[i]);
	}
	for (size_t i = 0; i < scan_finding_list_count(r->findings); i++) {
		const scan_finding *f = scan_finding_list_get(r->findings, i);
		bool is_new = scan_source__newcode_has(scan_source__newcode_file(r->newcode, f->file_path),
		                                       f->line_number);
		scan_quality__summary_add_finding(q, f, is_new);
	}
	q->files_parsed = r->stats.files_parsed;
	q->files_parse_errors = r->stats.files_parse_errors;
	q->files_skipped = r->stats.files_parse_skipped;
	q->parse_coverage_pct = r->stats.parse_coverage_pct;
	scan_quality_rate(q);
}

int scan_run(scan_result **out, const scan_options *opts)
{
	scan_result *r = NULL;
	scan_source src;
	bool have_src = false;
	scan_source_options sopts = { 0 };
	scan_walk_options wopts = { 0 };
	scan_walk_list files = { 0 };
	scan_analyzer_ctx actx = { 0 };
	scan_shared sh;
	active_analyzer *sel = NULL;
	scan_secret_ruleset secret_rules = { 0 };
	scan_secret_engine *secrets = NULL;
	size_t nsel = 0, inited = 0;
	double t0 = now_seconds(), tw;
	int rc;

	*out = NULL;
	memset(&sh, 0, sizeof(sh));
	sh.root_fd = -1;
	if ((rc = check_options(opts)) != 0)
		return rc;
	if ((rc = select_analyzers(&sel, &nsel, opts->analyzers)) != 0)
		return rc;
	pthread_mutex_init(&sh.done_lock, NULL);
	pthread_cond_init(&sh.done, NULL);
	if (!(r = calloc(1, sizeof(*r))) || !(r->findings = scan_model__finding_list_new()) ||
	    !(r->astats = calloc(nsel ? nsel : 1, sizeof(*r->astats)))) {
		rc = scan_error__oom();
		goto done;
	}
	r->repo.started_at = time(NULL);

	sopts.target = opts->target;
	sopts.branch = opts->branch;
	sopts.default_branch = opts->default_branch;
	sopts.git_token = opts->git_token;
	sopts.git_token_hint = opts->git_token_hint;
	sopts.ci = opts->ci;
	sopts.tmp_dir = opts->tmp_dir;
	sopts.pr_number = opts->pr_number;
	if ((rc = scan_source__open(&src, &sopts)) != 0)
		goto done;
	have_src = true;
	if ((rc = fill_repo_info(r, &src, opts)) != 0)
		goto done;

	for (size_t i = 0; i < nsel; i++)
		r->has_quality |= !strcmp(sel[i].a->info.name, "quality");
	if (r->has_quality && src.is_git &&
	    (rc = scan_source__newcode(&r->newcode, &r->newcode_why, src.root, src.branch, src.default_branch)) != 0)
		goto done;
	if (r->has_quality && !src.is_git)
		r->newcode_why = "not a git work tree";
	actx.newcode = r->newcode;
	actx.min_confidence = opts->min_confidence;
	actx.root = src.root;
	actx.secret_rules_dir = opts->secret_rules_dir;
	/* Built whatever the analyzers: every finding's text is masked with it. */
	if ((rc = scan_secrets__load_builtin(&secret_rules)) != 0 ||
	    (opts->secret_rules_dir && (rc = scan_secrets__load_dir(&secret_rules, opts->secret_rules_dir)) != 0) ||
	    (rc = scan_secrets__engine_new(&secrets, &secret_rules, opts->cache_dir)) != 0)
		goto done;
	actx.secret_engine = sh.secrets = secrets;
	actx.verify = opts->verify;
	actx.rules_dir = opts->rules_dir;
	actx.no_builtin_rules = opts->no_builtin_rules;
	actx.vulndb = opts->vulndb;
	actx.vex_files = opts->vex_files;
	actx.vex_count = opts->vex_count;
	actx.deep = opts->scan_type && !strcmp(opts->scan_type, "deep");
	for (; inited < nsel; inited++) {
		const scan_analyzer *a = sel[inited].a;
		r->astats[inited].name = a->info.name;
		r->astats[inited].version = a->info.version;
		if (a->init && (rc = a->init(&sel[inited].state, &actx)) != 0)
			goto done;
	}

	wopts.root = src.root;
	wopts.follow_symlinks = opts->follow_symlinks;
	wopts.no_default_excludes = opts->no_default_excludes;
	wopts.excludes = opts->excludes;
	wopts.exclude_count = opts->exclude_count;
	wopts.cancelled = opts->cancelled;
	wopts.cancel_payload = opts->cancel_payload;
	tw = now_seconds();
	if ((rc = scan_walk__list(&files, &wopts)) != 0)
		goto done;
	r->stats.walk_seconds = now_seconds() - tw;
	r->stats.files_seen = files.count;
	r->stats.files_ignored = files.ignored;
	r->stats.symlinks_skipped = files.symlinks_skipped;
	r->stats.files_unreadable = files.unreadable + files.special_skipped;

	sh.root = src.root;
	if ((sh.root_fd = open(src.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		rc = scan_util__error(SCAN_EIO, "cannot open '%s': %s", src.root, strerror(errno));
		goto done;
	}
	if ((rc = read_repo_policy(r, sh.root_fd, &src)) != 0 ||
	    (rc = load_test_paths(&sh.tests, r, sh.root_fd, &src, opts)) != 0)
		goto done;
	sh.opts = opts;
	sh.files = &files;
	sh.analyzers = sel;
	sh.analyzer_count = nsel;
	for (size_t i = 0; i < nsel; i++)
		sh.wants_tree |= (sel[i].a->wants & SCAN_WANT_TREE) != 0;
	sh.has_quality = r->has_quality;
	sh.max_size = opts->max_file_size ? opts->max_file_size : SCAN_DEFAULT_MAX_FILE_SIZE;
	r->stats.jobs = opts->jobs ? opts->jobs : default_jobs();
	sh.pass = 1;
	if (actx.deep && files.count && !(sh.again = calloc(files.count, 1))) {
		rc = scan_error__oom();
		goto done;
	}
	if ((rc = run_workers(r, &sh, r->stats.jobs, t0)) != 0)
		goto done;
	/* a deep scan's second pass: the files analyzers asked for again, once all of them were seen */
	if (!atomic_load(&sh.cancelled) && atomic_load(&sh.any_again)) {
		sh.pass = 2;
		atomic_store(&sh.next, 0);
		if ((rc = run_workers(r, &sh, r->stats.jobs, t0)) != 0)
			goto done;
	}
	if (atomic_load(&sh.cancelled) || is_cancelled(opts)) {
		rc = cancelled_error();
		goto done;
	}
	if (opts->history || (opts->scan_type && !strcmp(opts->scan_type, "deep"))) {
		if (!src.is_git) {
			/* Asked for by name, history must be there; a deep scan of a plain tree has none. */
			if (opts->history) {
				rc = scan_util__error(SCAN_EINVAL, "--history needs a git repository, and '%s' is not one",
				                      opts->target);
				goto done;
			}
		} else {
			if (src.refs_not_cloned) {
				char why[256];
				snprintf(why, sizeof(why), "history: the remote has more than %d branches and tags; the clone "
				         "holds one branch, so the history of %llu others was not scanned",
				         SCAN_SOURCE_CLONE_REFS_MAX, (unsigned long long)src.refs_not_cloned);
				if ((rc = scan_run__result_skip(r, SCAN_HISTORY_PATH, why)) != 0)
					goto done;
			}
			if ((rc = scan_history__scan(r, src.root, sel, nsel, opts, r->stats.jobs, sh.max_size,
			                             secrets, sh.tests)) != 0)
				goto done;
		}
	}
	if (is_cancelled(opts)) {
		rc = cancelled_error();
		goto done;
	}
	if (r->metrics) /* sorted first: finalize steps look files up by path */
		qsort(r->metrics, r->nmetrics, sizeof(*r->metrics), cmp_metrics);
	if ((rc = finalize_analyzers(r, &sh)) != 0)
		goto done;
	scan_model__finding_list_sort(r->findings);
	r->stats.analyzers = r->astats;
	r->stats.analyzer_count = nsel;
	if ((rc = add_walk_skips(r, &files)) != 0)
		goto done;
	if (r->skipped) {
		qsort(r->skipped, r->stats.skipped_count, sizeof(*r->skipped), cmp_skipped);
		drop_repeated_skips(r);
	}
	r->stats.skipped = r->skipped;
	r->stats.files_skipped = r->stats.skipped_count;
	r->stats.parse_coverage_pct = r->stats.files_parsed + r->stats.files_parse_skipped ?
		100.0 * (double)r->stats.files_parsed / (double)(r->stats.files_parsed + r->stats.files_parse_skipped) :
		100.0;
	if (r->has_quality)
		summarize_quality(r);
	r->repo.completed_at = time(NULL);
	r->stats.wall_seconds = now_seconds() - t0;

done:
	if (sh.root_fd >= 0)
		close(sh.root_fd);
	scan_walk__dispose(&files);
	for (size_t i = 0; i < inited; i++)
		if (sel[i].a->free && sel[i].state)
			sel[i].a->free(sel[i].state);
	free(sel);
	scan_secrets__engine_free(secrets);
	scan_walk__test_paths_free(sh.tests);
	free(sh.again);
	scan_secrets__ruleset_dispose(&secret_rules);
	pthread_cond_destroy(&sh.done);
	pthread_mutex_destroy(&sh.done_lock);
	if (have_src)
		scan_source__dispose(&src);
	if (rc) {
		scan_result_free(r);
		return rc;
	}
	*out = r;
	return 0;
}

const scan_finding_list *scan_result_findings(const scan_result *r)
{
	return r->findings;
}

const scan_repo_info *scan_result_repo(const scan_result *r)
{
	return &r->repo;
}

const scan_stats *scan_result_stats(const scan_result *r)
{
	return &r->stats;
}

const scan_quality_summary *scan_result_quality(const scan_result *r)
{
	return r->has_quality ? &r->quality : NULL;
}

const scan_ai_inventory *scan_result_ai(const scan_result *r)
{
	return r->ai ? &r->ai->inv : NULL;
}

const scan_file_metrics *scan_result_metrics(const scan_result *r, size_t *n)
{
	*n = r->nmetrics;
	return r->metrics;
}

const scan_component *scan_result_components(const scan_result *r, size_t *n)
{
	*n = r->inventory ? r->inventory->count : 0;
	return r->inventory ? r->inventory->items : NULL;
}

const scan_sca_problem *scan_result_sca_problems(const scan_result *r, size_t *n)
{
	*n = r->inventory ? r->inventory->nproblems : 0;
	return r->inventory ? r->inventory->problems : NULL;
}

void scan_result_free(scan_result *r)
{
	if (!r)
		return;
	if (r->ai) {
		scan_aiasset__builder_dispose(r->ai);
		free(r->ai);
	}
	if (r->inventory) {
		scan_inventory__dispose(r->inventory);
		free(r->inventory);
	}
	scan_finding_list_free(r->findings);
	free(r->astats);
	free(r->languages);
	for (size_t i = 0; i < r->stats.skipped_count; i++) {
		free((void *)(uintptr_t)r->skipped[i].path);
		free((void *)(uintptr_t)r->skipped[i].reason);
	}
	free(r->skipped);
	free(r->metrics);
	scan_source__newcode_free(r->newcode);
	free(r->repo_policy);
	scan_arena__dispose(&r->strings);
	free(r);
}
