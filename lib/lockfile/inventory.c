/* lib/lockfile/inventory.c - the components of a scan, added one lockfile at a time */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lockfile/lockfile.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "scan/map.h"
#include "util/beneath.h"
#include "util/error.h"
#include "util/rulefiles.h"

/*
 * Per document: a hash of component names (lockfiles of 50,000 packages
 * are common, so lookups must not be linear) and the edges waiting for
 * their targets.
 */
struct scan_sca_edge {
	size_t from;               /* component index */
	const char *name;          /* arena copies */
	const char *version;       /* NULL: any version */
};

struct scan_sca_docindex {
	scan_map newest;           /* name (the component's arena copy) -> local index of the newest of that name */
	size_t *chain;             /* local index -> 1 + the next older local index of the same name, 0: none */
	size_t chain_cap;
	struct scan_sca_edge *edges;
	size_t nedges, edges_cap;
};


void scan_inventory__init(scan_sca_inventory *inv)
{
	memset(inv, 0, sizeof(*inv));
}

void scan_inventory__dispose(scan_sca_inventory *inv)
{
	if (!inv)
		return;
	scan_arena__dispose(&inv->arena);
	free(inv->items);
	free(inv->problems);
	memset(inv, 0, sizeof(*inv));
}

typedef struct {
	const char *file;
	size_t index;
} by_file;

static int cmp_by_file(const void *pa, const void *pb)
{
	const by_file *a = pa, *b = pb;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	return c ? c : (a->index > b->index) - (a->index < b->index);
}

static int cmp_problem(const void *pa, const void *pb)
{
	const scan_sca_problem *a = pa, *b = pb;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return strcmp(a->message, b->message);
}

int scan_inventory__sort(scan_sca_inventory *inv)
{
	by_file *order = NULL;
	size_t *rank = NULL;
	scan_component *items = NULL;
	size_t n = inv->count;
	int rc = 0;

	if (inv->nproblems > 1)
		qsort(inv->problems, inv->nproblems, sizeof(*inv->problems), cmp_problem);
	if (n < 2)
		return 0;
	if (!(order = calloc(n, sizeof(*order))) || !(rank = calloc(n, sizeof(*rank))) ||
	    !(items = calloc(n, sizeof(*items)))) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (by_file){ inv->items[i].file, i };
	qsort(order, n, sizeof(*order), cmp_by_file);
	for (size_t k = 0; k < n; k++)
		rank[order[k].index] = k;
	for (size_t i = 0; i < n; i++) {
		scan_component *c = &items[rank[i]];
		*c = inv->items[i];
		if (c->ndeps) {
			size_t *deps = scan_arena__alloc(&inv->arena, c->ndeps * sizeof(*deps));
			if (!deps) {
				rc = scan_error__oom();
				goto done;
			}
			for (size_t d = 0; d < c->ndeps; d++)
				deps[d] = c->deps[d] < n ? rank[c->deps[d]] : c->deps[d];
			c->deps = deps;
		}
	}
	memcpy(inv->items, items, n * sizeof(*items));
done:
	free(order);
	free(rank);
	free(items);
	return rc;
}

int scan_lockfile__doc_begin(scan_sca_doc *d, scan_sca_inventory *inv, const char *file, int root_fd)
{
	memset(d, 0, sizeof(*d));
	d->inv = inv;
	d->first = inv->count;
	d->root_fd = root_fd;
	if (!(d->file = scan_arena__strdup(&inv->arena, file)))
		return scan_error__oom();
	if (!(d->index = calloc(1, sizeof(*d->index))))
		return scan_error__oom();
	return 0;
}

static void index_free(scan_sca_doc *d)
{
	if (!d->index)
		return;
	scan_map_dispose(&d->index->newest);
	free(d->index->chain);
	free(d->index->edges);
	free(d->index);
	d->index = NULL;
}

void scan_lockfile__doc_abort(scan_sca_doc *d)
{
	/* The strings stay in the arena until the scan ends; only the slots go. */
	for (size_t i = d->first; i < d->inv->count; i++)
		d->inv->edges -= d->inv->items[i].ndeps;
	d->inv->count = d->first;
	index_free(d);
}

/*
 * 1 + the local index of the newest component of the document named
 * name[0..len) (cursor 0), or of the next older one (cursor: the last
 * answer); 0 when there is no more.
 */
static size_t find_name(const scan_sca_doc *d, const char *name, size_t len, size_t *cursor)
{
	const scan_sca_docindex *x = d->index;
	size_t at;

	if (*cursor)
		at = x->chain[*cursor - 1];
	else
		at = scan_map_get_bytes(&x->newest, name, len, NULL, 0, &at) ? at + 1 : 0;
	return *cursor = at;
}

static bool version_eq(const char *v, const char *w, size_t wlen)
{
	if (!v || !w)
		return !v && !w;
	return strlen(v) == wlen && !memcmp(v, w, wlen);
}

static bool clean_text(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

int scan_lockfile__add(scan_sca_doc *d, scan_ecosystem eco, const char *name, size_t name_len,
                       const char *version, size_t version_len, unsigned flags, unsigned line)
{
	scan_sca_inventory *inv = d->inv;
	scan_sca_docindex *x = d->index;
	scan_component *c;
	size_t cursor = 0, local, older = 0;
	int err;

	if (!name_len || name_len > SCAN_SCA_NAME_MAX || !clean_text(name, name_len))
		return scan_lockfile__fail(d, SCAN_EPARSE, line, "invalid package name");
	if (version && (!version_len || version_len > SCAN_SCA_VERSION_MAX || !clean_text(version, version_len)))
		return scan_lockfile__fail(d, SCAN_EPARSE, line, "invalid version of '%.*s'",
		                           (int)(name_len > 200 ? 200 : name_len), name);
	while (find_name(d, name, name_len, &cursor)) {
		c = &inv->items[d->first + cursor - 1];
		if (c->ecosystem == eco && version_eq(c->version, version, version_len)) {
			/* dev or optional only while every declaration is */
			unsigned only = c->flags & flags & (SCAN_DEP_DEV | SCAN_DEP_OPTIONAL);
			if ((flags | c->flags) & SCAN_DEP_DIRECT)
				c->flags = (c->flags | flags | SCAN_DEP_DIRECT) & ~(unsigned)SCAN_DEP_TRANSITIVE;
			else
				c->flags |= flags;
			c->flags = (c->flags & ~(unsigned)(SCAN_DEP_DEV | SCAN_DEP_OPTIONAL)) | only;
			if (!c->line)
				c->line = line;
			return (int)(d->first + cursor - 1);
		}
	}
	if (inv->count >= SCAN_SCA_COMPONENTS_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, line, "more than %d components", SCAN_SCA_COMPONENTS_MAX);
	if (scan_array_reserve(&inv->items, &inv->cap, inv->count + 1, sizeof(*inv->items)))
		return SCAN_ENOMEM;
	local = inv->count - d->first;
	if (scan_array_reserve(&x->chain, &x->chain_cap, local + 1, sizeof(*x->chain)))
		return SCAN_ENOMEM;
	c = &inv->items[inv->count];
	memset(c, 0, sizeof(*c));
	c->ecosystem = eco;
	c->flags = flags;
	c->line = line;
	c->file = d->file;
	if (!(c->name = scan_arena__strndup(&inv->arena, name, name_len)))
		return scan_error__oom();
	if (version && !(c->version = scan_arena__strndup(&inv->arena, version, version_len)))
		return scan_error__oom();
	if ((err = scan_model__purl(&inv->arena, eco, c->name, c->version, &c->purl)) < 0)
		return err;
	inv->count++;
	/* Newest first: the map points at this one, which points at the one it had. */
	if ((err = scan_map_put_bytes(&x->newest, c->name, name_len, NULL, 0, local, &older)) < 0)
		return err;
	x->chain[local] = err ? older + 1 : 0;
	if (err)
		scan_map_set_bytes(&x->newest, c->name, name_len, NULL, 0, local);
	return (int)(inv->count - 1);
}

int scan_lockfile__set_license(scan_sca_doc *d, int idx, const char *license, size_t len)
{
	scan_component *c;

	if (idx < (int)d->first || (size_t)idx >= d->inv->count)
		return scan_util__error(SCAN_EINVAL, "no component %d", idx);
	c = &d->inv->items[idx];
	while (len && (license[len - 1] == ' ' || license[len - 1] == '\t'))
		len--;
	if (!len || c->license)
		return 0;
	if (len > SCAN_SCA_NAME_MAX || !clean_text(license, len))
		return scan_lockfile__fail(d, SCAN_EPARSE, c->line, "invalid license of '%s'", c->name);
	if (!(c->license = scan_arena__strndup(&d->inv->arena, license, len)))
		return scan_error__oom();
	return 0;
}

int scan_lockfile__dep(scan_sca_doc *d, int from, const char *name, size_t name_len,
                       const char *version, size_t version_len)
{
	scan_sca_docindex *x = d->index;
	struct scan_sca_edge *e;

	if (from < (int)d->first || (size_t)from >= d->inv->count)
		return scan_util__error(SCAN_EINVAL, "no component %d", from);
	if (!name_len || name_len > SCAN_SCA_NAME_MAX)
		return scan_lockfile__fail(d, SCAN_EPARSE, d->inv->items[from].line, "invalid dependency name");
	if (d->inv->edges + x->nedges >= SCAN_SCA_EDGES_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "more than %d dependency edges", SCAN_SCA_EDGES_MAX);
	if (scan_array_reserve(&x->edges, &x->edges_cap, x->nedges + 1, sizeof(*x->edges)))
		return SCAN_ENOMEM;
	e = &x->edges[x->nedges];
	e->from = (size_t)from;
	e->version = NULL;
	if (!(e->name = scan_arena__strndup(&d->inv->arena, name, name_len)))
		return scan_error__oom();
	if (version && version_len && !(e->version = scan_arena__strndup(&d->inv->arena, version, version_len)))
		return scan_error__oom();
	x->nedges++;
	return 0;
}

static int cmp_edge_from(const void *a, const void *b)
{
	const struct scan_sca_edge *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

int scan_lockfile__doc_end(scan_sca_doc *d)
{
	scan_sca_docindex *x = d->index;
	scan_sca_inventory *inv = d->inv;
	size_t i = 0;

	/* Group the edges by source; the order of one component's deps is not kept. */
	if (x->nedges)
		qsort(x->edges, x->nedges, sizeof(*x->edges), cmp_edge_from);
	while (i < x->nedges) {
		size_t from = x->edges[i].from, j = i, n = 0;
		size_t *deps;

		while (j < x->nedges && x->edges[j].from == from)
			j++;
		if (!(deps = scan_arena__alloc(&inv->arena, (j - i) * sizeof(size_t))))
			return scan_error__oom();
		for (; i < j; i++) {
			const struct scan_sca_edge *e = &x->edges[i];
			size_t cursor = 0, to = 0, len = strlen(e->name);
			bool dup = false;

			while (find_name(d, e->name, len, &cursor)) {
				const scan_component *c = &inv->items[d->first + cursor - 1];
				if (!e->version || (c->version && !strcmp(c->version, e->version))) {
					to = d->first + cursor;
					break;
				}
			}
			if (!to || to - 1 == from)
				continue;
			for (size_t k = 0; k < n; k++)
				dup |= deps[k] == to - 1;
			if (!dup)
				deps[n++] = to - 1;
		}
		inv->items[from].deps = deps;
		inv->items[from].ndeps = n;
		inv->edges += n;
	}
	index_free(d);
	return 0;
}

int scan_lockfile__fail(const scan_sca_doc *d, int code, unsigned line, const char *fmt, ...)
{
	char reason[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (line)
		return scan_util__error(code, "%s:%u: %s", d->file, line, reason);
	return scan_util__error(code, "%s: %s", d->file, reason);
}

unsigned scan_lockfile__line_at(const char *text, size_t off)
{
	unsigned line = 1;

	for (size_t i = 0; i < off; i++)
		line += text[i] == '\n';
	return line;
}

/*
 * Join the document's directory and relpath lexically into out, refusing
 * an absolute path and any ".." that would climb out of the root.
 */
static int sibling_path(const scan_sca_doc *d, const char *relpath, scan_buf *out)
{
	const char *slash = strrchr(d->file, '/');
	const char *p;

	if (relpath[0] == '/' || !relpath[0])
		return scan_lockfile__fail(d, SCAN_EINVAL, 0, "'%s' is not a relative path", relpath);
	if (slash)
		scan_buf_put(out, d->file, (size_t)(slash - d->file));
	for (p = relpath; *p;) {
		size_t len = strcspn(p, "/");
		if (len == 0 || (len == 1 && p[0] == '.')) {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			size_t up = out->size;
			if (!out->size)
				return scan_lockfile__fail(d, SCAN_EINVAL, 0, "'%s' is outside the scanned tree", relpath);
			while (up && out->ptr[up - 1] != '/')
				up--;
			scan_buf_truncate(out, up ? up - 1 : 0);
		} else {
			if (out->size)
				scan_buf_putc(out, '/');
			scan_buf_put(out, p, len);
		}
		p += len;
		while (*p == '/')
			p++;
	}
	if (scan_buf_failed(out) || !out->size)
		return scan_lockfile__fail(d, SCAN_EINVAL, 0, "'%s' is not a file path", relpath);
	return 0;
}

int scan_lockfile__read_sibling(scan_sca_doc *d, const char *relpath, char **text, size_t *len)
{
	scan_buf path = SCAN_BUF_INIT;
	int fd = -1, err;

	*text = NULL;
	*len = 0;
	if (d->root_fd < 0)
		return scan_util__error(SCAN_ENOTFOUND, "%s: cannot read '%s' without a file system", d->file, relpath);
	if (d->includes >= SCAN_SCA_INCLUDES_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "more than %d included files", SCAN_SCA_INCLUDES_MAX);
	d->includes++;
	scan_buf_init(&path, 4096);
	if ((err = sibling_path(d, relpath, &path)) < 0)
		goto done;
	/* No component a symlink. */
	fd = scan_util__open_beneath(d->root_fd, path.ptr, O_RDONLY | O_NONBLOCK, NULL);
	if (fd < 0) {
		err = scan_util__error(SCAN_ENOTFOUND, "cannot read '%s'", path.ptr);
		goto done;
	}
	/* The one bounded reader; a FIFO or device there is as absent as a missing file. */
	if ((err = scan_util__read_fd(text, len, fd, path.ptr, SCAN_SCA_FILE_MAX)) == SCAN_EINVAL)
		err = scan_util__error(SCAN_ENOTFOUND, "cannot read '%s'", path.ptr);
done:
	if (fd >= 0)
		close(fd);
	scan_buf_dispose(&path);
	return err;
}

bool scan_lockfile__sibling_exists(scan_sca_doc *d, const char *relpath)
{
	scan_buf path = SCAN_BUF_INIT;
	struct stat st;
	bool found = false;
	int fd;

	if (d->root_fd < 0 || sibling_path(d, relpath, &path) < 0) {
		scan_buf_dispose(&path);
		return false;
	}
	if ((fd = scan_util__open_beneath(d->root_fd, path.ptr, O_RDONLY | O_NONBLOCK, NULL)) >= 0) {
		found = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
		close(fd);
	}
	scan_buf_dispose(&path);
	return found;
}

int scan_inventory__problem(scan_sca_inventory *inv, const char *file, unsigned line, const char *message)
{
	scan_sca_problem *p;

	if (scan_array_reserve(&inv->problems, &inv->problems_cap, inv->nproblems + 1, sizeof(*inv->problems)))
		return SCAN_ENOMEM;
	p = &inv->problems[inv->nproblems];
	p->file = scan_arena__strdup(&inv->arena, file);
	p->line = line;
	p->message = scan_arena__strdup(&inv->arena, message);
	if ((file && !p->file) || !p->message)
		return scan_error__oom();
	inv->nproblems++;
	return 0;
}
