/* lib/coverage/pathmap.c - map a report's file paths onto the repository's files */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "coverage/coverage_int.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * Reports name files however their tool saw them: absolute build paths from
 * another machine, Windows paths, paths relative to a source root
 * (Cobertura's <source>, JaCoCo's package directories). Each report path
 * and each Cobertura source joined with it is a candidate; the first rule
 * that decides wins:
 *   1. a candidate that is absolute and under root, and is a repository file;
 *   2. a relative candidate that is a repository file (the report path
 *      as written first, then joined with each source);
 *   3. the longest suffix match, counted in whole path components, of any
 *      candidate that rule 1 did not already place under root: the most
 *      trailing components a repository file shares with the candidate.
 *      Sharing only the file name counts when one side is just that name.
 *      The longest match must be one repository file, otherwise the
 *      report file is ambiguous and dropped.
 * Rule 3 is a few binary searches per candidate component: the files
 * sharing the last m components are a range of the files sorted by their
 * reversed component list. No pass is quadratic in files.
 */

typedef struct {
	char *rev;           /* components in reverse order: "c.py/b/a" */
	const char *path;    /* borrowed from the caller's list */
} rev_entry;

typedef struct {
	const char **by_path;   /* sorted, each path once */
	size_t npath;
	rev_entry *by_rev;      /* sorted by rev */
	size_t nrev;
	char *root;             /* normalised; "" for "/"; NULL when none */
} repo_index;

typedef struct {
	scan_buf path;       /* normalised: "/a/b" when absolute, "a/b" otherwise */
	bool valid;          /* false: '..' escapes it or it names nothing */
	bool absolute;
	bool anchored;       /* absolute and under root; rel is the part below */
	const char *rel;     /* into path.ptr: the relative form, or NULL */
} candidate;

/* A source joined with a report path: both at most SCAN_COV_PATH_MAX. */
#define CANDIDATE_MAX (SCAN_COV_PATH_MAX * 2 + 2)

/* --- normalising ---------------------------------------------------------- */

/*
 * '\' becomes '/', a drive letter goes, "." and empty components go, ".."
 * removes the component before it. Returns 1 when ".." climbs above the
 * start or the result is too long, 0 when done, SCAN_ENOMEM.
 */
static int normalise(scan_buf *out, const char *in, bool *absolute)
{
	size_t base;

	scan_buf_clear(out);
	if (isalpha((unsigned char)in[0]) && in[1] == ':')
		in += 2;
	*absolute = in[0] == '/' || in[0] == '\\';
	if (*absolute)
		scan_buf_putc(out, '/');
	base = out->size;
	while (*in) {
		size_t n = strcspn(in, "/\\");

		if (n == 2 && in[0] == '.' && in[1] == '.') {
			char *slash;
			if (out->size == base)
				return 1;
			slash = strrchr(out->ptr + base, '/');
			scan_buf_truncate(out, slash ? (size_t)(slash - out->ptr) : base);
		} else if (n && !(n == 1 && in[0] == '.')) {
			if (out->size > base)
				scan_buf_putc(out, '/');
			scan_buf_put(out, in, n);
		}
		in += n;
		if (*in)
			in++;
	}
	/* Longer than any path a report may hold: not a candidate. */
	return scan_buf_failed(out) == SCAN_ENOMEM ? SCAN_ENOMEM : scan_buf_failed(out) ? 1 : 0;
}

/* Components of path (no leading '/') in reverse order, into out. */
static int reverse_components(scan_buf *out, const char *path)
{
	size_t end = strlen(path);

	scan_buf_clear(out);
	while (end > 0) {
		size_t start = end;
		while (start > 0 && path[start - 1] != '/')
			start--;
		if (out->size)
			scan_buf_putc(out, '/');
		scan_buf_put(out, path + start, end - start);
		end = start ? start - 1 : 0;
	}
	return scan_buf_failed(out) == SCAN_ENOMEM ? SCAN_ENOMEM : 0;
}

/* --- the repository index ------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_rev(const void *a, const void *b)
{
	return strcmp(((const rev_entry *)a)->rev, ((const rev_entry *)b)->rev);
}

static void index_dispose(repo_index *ix)
{
	for (size_t i = 0; i < ix->nrev; i++)
		free(ix->by_rev[i].rev);
	free(ix->by_rev);
	free(ix->by_path);
	free(ix->root);
	memset(ix, 0, sizeof(*ix));
}

static int index_build(repo_index *ix, const char *const *files, size_t nfiles, const char *root)
{
	scan_buf tmp = SCAN_BUF_INIT;
	bool absolute;
	int rc = 0;

	memset(ix, 0, sizeof(ix[0]));
	if (nfiles) {
		ix->by_path = malloc(nfiles * sizeof(*ix->by_path));
		ix->by_rev = malloc(nfiles * sizeof(*ix->by_rev));
		if (!ix->by_path || !ix->by_rev) {
			rc = scan_error__oom();
			goto done;
		}
	}
	for (size_t i = 0; i < nfiles; i++)
		if (files[i] && files[i][0])
			ix->by_path[ix->npath++] = files[i];
	if (ix->npath > 1)
		qsort(ix->by_path, ix->npath, sizeof(*ix->by_path), cmp_str);
	{
		size_t out = 0;
		for (size_t i = 0; i < ix->npath; i++)
			if (!out || strcmp(ix->by_path[out - 1], ix->by_path[i]))
				ix->by_path[out++] = ix->by_path[i];
		ix->npath = out;
	}
	for (size_t i = 0; i < ix->npath; i++) {
		if ((rc = reverse_components(&tmp, ix->by_path[i])) != 0) {
			rc = scan_error__oom();
			goto done;
		}
		ix->by_rev[ix->nrev].path = ix->by_path[i];
		if (!(ix->by_rev[ix->nrev].rev = scan_buf_detach(&tmp))) {
			rc = scan_error__oom();
			goto done;
		}
		ix->nrev++;
	}
	if (ix->nrev > 1)
		qsort(ix->by_rev, ix->nrev, sizeof(*ix->by_rev), cmp_rev);
	if (root) {
		if (normalise(&tmp, root, &absolute) == SCAN_ENOMEM) {
			rc = scan_error__oom();
			goto done;
		}
		/* "/" is stored as "" so "under root" is always "<root>/<rest>". */
		if (!(ix->root = scan_buf_detach(&tmp))) {
			rc = scan_error__oom();
			goto done;
		}
		if (!strcmp(ix->root, "/"))
			ix->root[0] = '\0';
	}
done:
	scan_buf_dispose(&tmp);
	if (rc)
		index_dispose(ix);
	return rc;
}

static const char *find_path(const repo_index *ix, const char *path)
{
	const char **hit = ix->npath ? bsearch(&path, ix->by_path, ix->npath, sizeof(*ix->by_path), cmp_str) : NULL;
	return hit ? *hit : NULL;
}

/* The first entry whose rev is >= key. */
static size_t rev_lower_bound(const repo_index *ix, const char *key)
{
	size_t lo = 0, hi = ix->nrev;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(ix->by_rev[mid].rev, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* --- matching ------------------------------------------------------------- */

typedef struct {
	size_t score;        /* components matched; 0: nothing yet */
	const char *path;    /* the match, or NULL when ambiguous at score */
} best_match;

static void offer(best_match *best, size_t score, const char *path)
{
	if (score > best->score) {
		best->score = score;
		best->path = path;
	} else if (score == best->score && best->path != path) {
		best->path = NULL;
	}
}

/*
 * Rule 3 for one relative form p (no leading '/'). The files sharing p's
 * last m components are those whose reversed path is p's reversed first m
 * components, alone or followed by '/': one exact lookup and one range of
 * the sorted reversed paths. Trying m from all of p downwards, the first m
 * with any file is the longest match.
 */
static int suffix_match(const repo_index *ix, const char *p, scan_buf *key, best_match *best)
{
	size_t ncomp = 1, len;

	for (const char *s = p; *s; s++)
		ncomp += *s == '/';
	if (reverse_components(key, p))
		return scan_error__oom();
	len = key->size;
	for (size_t m = ncomp; m > 0; m--) {
		size_t lo, hi, count;
		const char *exact = NULL, *only;

		scan_buf_truncate(key, len);
		lo = rev_lower_bound(ix, key->ptr);
		if (lo < ix->nrev && !strcmp(ix->by_rev[lo].rev, key->ptr))
			exact = ix->by_rev[lo].path;
		if (scan_buf_putc(key, '/'))
			return scan_error__oom();
		lo = rev_lower_bound(ix, key->ptr);
		key->ptr[key->size - 1] = '0'; /* the character after '/': the end of the prefix range */
		hi = rev_lower_bound(ix, key->ptr);
		/*
		 * Sharing only the file name is a match when one path is nothing
		 * more (a bare "a.c", or a repository file "a.c"), not when both
		 * have directories that differ: "/usr/include/stdio.h" is not
		 * "compat/stdio.h".
		 */
		if (m == 1 && ncomp > 1)
			hi = lo;
		count = (exact != NULL) + (hi - lo);
		if (count) {
			only = exact ? exact : ix->by_rev[lo].path;
			offer(best, m, count == 1 ? only : NULL);
			return 0;
		}
		/* Drop the last reversed component: p's first. */
		while (len > 0 && key->ptr[len - 1] != '/')
			len--;
		if (len)
			len--;
	}
	return 0;
}

static int fill_candidate(candidate *c, const repo_index *ix, const char *path)
{
	int rc = normalise(&c->path, path, &c->absolute);
	size_t rl;

	if (rc < 0)
		return scan_error__oom();
	c->valid = rc == 0 && c->path.size > (c->absolute ? 1u : 0u);
	c->anchored = false;
	c->rel = NULL;
	if (!c->valid)
		return 0;
	if (!c->absolute) {
		c->rel = c->path.ptr;
		return 0;
	}
	rl = ix->root ? strlen(ix->root) : 0;
	if (ix->root && !strncmp(c->path.ptr, ix->root, rl) && c->path.ptr[rl] == '/' && c->path.ptr[rl + 1]) {
		c->anchored = true;
		c->rel = c->path.ptr + rl + 1;
	}
	return 0;
}

/*
 * The repository path of report file `name`, or NULL. cands has room for
 * 1 + nsources; key is scratch.
 */
static int map_one(const char **out, const repo_index *ix, const char *name, char *const *sources,
                   size_t nsources, candidate *cands, scan_buf *key)
{
	size_t n = 0;
	best_match best = { 0, NULL };
	int rc;

	*out = NULL;
	if ((rc = fill_candidate(&cands[n++], ix, name)) != 0)
		return rc;
	/* An absolute report path says where the file is; a source adds nothing to it. */
	if (cands[0].valid && !cands[0].absolute) {
		for (size_t i = 0; i < nsources; i++) {
			scan_buf *joined = key;
			scan_buf_clear(joined);
			scan_buf_puts(joined, sources[i]);
			scan_buf_putc(joined, '/');
			scan_buf_puts(joined, name);
			if (scan_buf_failed(joined) == SCAN_ENOMEM)
				return scan_error__oom();
			if ((rc = fill_candidate(&cands[n++], ix, joined->ptr)) != 0)
				return rc;
		}
	}
	for (size_t i = 0; i < n && !*out; i++)
		if (cands[i].anchored)
			*out = find_path(ix, cands[i].rel);
	for (size_t i = 0; i < n && !*out; i++)
		if (cands[i].valid && !cands[i].absolute)
			*out = find_path(ix, cands[i].rel);
	if (*out)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!cands[i].valid || cands[i].anchored)
			continue;
		rc = suffix_match(ix, cands[i].absolute ? cands[i].path.ptr + 1 : cands[i].path.ptr, key, &best);
		if (rc)
			return rc;
	}
	*out = best.path;
	return 0;
}

/* --- rebuilding the report ------------------------------------------------ */

typedef struct {
	const char *repo;    /* the mapped path, borrowed from the index */
	size_t file;         /* index into the report's files */
} mapped;

static int cmp_mapped(const void *a, const void *b)
{
	const mapped *x = a, *y = b;
	int c = strcmp(x->repo, y->repo);
	return c ? c : (x->file > y->file) - (x->file < y->file);
}

static void files_dispose(scan_cov_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++)
		scan_coverage__file_dispose(&files[i]);
	free(files);
}

/* Build the merged files of m[0..n) into *out, all or nothing. */
static int merge_groups(scan_cov_file **out, size_t *nout, const scan_cov_report *r, const mapped *m, size_t n)
{
	scan_cov_file *files = n ? calloc(n, sizeof(*files)) : NULL;
	size_t nf = 0;
	int rc = 0;

	if (n && !files)
		return scan_error__oom();
	for (size_t i = 0; i < n;) {
		size_t j = i, total = 0, at = 0;
		scan_cov_file *f = &files[nf++];

		while (j < n && !strcmp(m[j].repo, m[i].repo))
			total += r->files[m[j++].file].nlines;
		if (!(f->path = malloc(strlen(m[i].repo) + 1)) ||
		    (total && !(f->lines = malloc(total * sizeof(*f->lines))))) {
			rc = scan_error__oom();
			goto done;
		}
		memcpy(f->path, m[i].repo, strlen(m[i].repo) + 1);
		for (size_t k = i; k < j && at < total; k++) {
			const scan_cov_file *src = &r->files[m[k].file];
			size_t take = src->nlines < total - at ? src->nlines : total - at;
			if (take)
				memcpy(f->lines + at, src->lines, take * sizeof(*f->lines));
			at += take;
		}
		f->nlines = total;
		scan_coverage__file_normalise(f);
		i = j;
	}
	*out = files;
	*nout = nf;
	files = NULL;
done:
	if (files)
		files_dispose(files, nf);
	return rc;
}

int scan_coverage_map_paths(scan_cov_report *r, const char *const *repo_files, size_t nfiles, const char *root)
{
	repo_index ix;
	candidate *cands = NULL;
	mapped *m = NULL;
	scan_cov_file *files = NULL;
	scan_buf key = SCAN_BUF_INIT;
	size_t ncands, nm = 0, nout = 0;
	int rc;

	assert(r && (repo_files || !nfiles));
	if ((rc = index_build(&ix, repo_files, nfiles, root)) != 0)
		return rc;
	ncands = 1 + r->nsources;
	if ((cands = calloc(ncands, sizeof(*cands))) != NULL)
		for (size_t i = 0; i < ncands; i++)
			scan_buf_init(&cands[i].path, CANDIDATE_MAX);
	scan_buf_init(&key, CANDIDATE_MAX + 2);
	m = r->nfiles ? malloc(r->nfiles * sizeof(*m)) : NULL;
	if (!cands || (r->nfiles && !m)) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < r->nfiles; i++) {
		const char *hit;
		if ((rc = map_one(&hit, &ix, r->files[i].path, r->sources, r->nsources, cands, &key)) != 0)
			goto done;
		if (hit) {
			m[nm].repo = hit;
			m[nm++].file = i;
		}
	}
	if (nm > 1)
		qsort(m, nm, sizeof(*m), cmp_mapped);
	if ((rc = merge_groups(&files, &nout, r, m, nm)) != 0)
		goto done;
	/* Committed: nothing below can fail. */
	for (size_t i = 0; i < r->nfiles; i++)
		scan_coverage__file_dispose(&r->files[i]);
	free(r->files);
	r->unmapped += r->nfiles - nm;
	r->files = files;
	r->nfiles = nout;
	/* The paths are repository paths now: the sources no longer apply to them. */
	for (size_t i = 0; i < r->nsources; i++)
		free(r->sources[i]);
	free(r->sources);
	r->sources = NULL;
	r->nsources = 0;
done:
	if (cands)
		for (size_t i = 0; i < ncands; i++)
			scan_buf_dispose(&cands[i].path);
	free(cands);
	free(m);
	scan_buf_dispose(&key);
	index_dispose(&ix);
	return rc;
}
