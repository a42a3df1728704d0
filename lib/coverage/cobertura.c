/* lib/coverage/cobertura.c - Cobertura XML, as gcovr --xml and coverage.py write it */
#include <string.h>
#include "coverage/coverage_int.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * <coverage><sources><source>/abs/root</source></sources>
 *   <packages><package><classes><class filename="src/a.c">
 *     <methods><method><lines><line number="3" hits="1"/>...   (repeats the class's lines)
 *     <lines><line number="3" hits="1" branch="false"/>...
 * Only a class's own <lines> count: a method's lines are the same lines again.
 * Several classes may name one file (inner classes); they merge by path.
 */

enum { C_OTHER, C_ROOT, C_SOURCES, C_SOURCE, C_CLASS, C_LINES };

typedef struct {
	scan_coverage__builder *b;
	unsigned char kind[SCAN_COV_XML_DEPTH_MAX + 1]; /* by depth; kind[0] is above the root */
	bool in_class;   /* lines go to the last file added, so classes must not nest */
	scan_buf source;
} cobertura;

static int on_start(scan_coverage__xml *x, const char *name, const char **attrs)
{
	cobertura *c = x->ctx;
	unsigned char parent = c->kind[x->depth - 1], kind = C_OTHER;
	uint64_t number, hits;
	const char *file;
	int rc;

	if (x->depth == 1) {
		if (strcmp(name, "coverage"))
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "root element is <%s>, expected <coverage>", name);
		kind = C_ROOT;
	} else if (parent == C_ROOT && !strcmp(name, "sources")) {
		kind = C_SOURCES;
	} else if (parent == C_SOURCES && !strcmp(name, "source")) {
		kind = C_SOURCE;
		scan_buf_clear(&c->source);
	} else if (!strcmp(name, "class")) {
		if (c->in_class)
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "<class> inside a <class>");
		if (!(file = scan_coverage__xml_attr(attrs, "filename")))
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "<class> has no filename attribute");
		if ((rc = scan_coverage__add_file(c->b, file, strlen(file), scan_coverage__xml_line(x))) != 0)
			return rc;
		kind = C_CLASS;
		c->in_class = true;
	} else if (parent == C_CLASS && !strcmp(name, "lines")) {
		kind = C_LINES;
	} else if (parent == C_LINES && !strcmp(name, "line")) {
		if ((rc = scan_coverage__xml_uint(x, "line", attrs, "number", &number, NULL)) != 0 ||
		    (rc = scan_coverage__xml_uint(x, "line", attrs, "hits", &hits, NULL)) != 0)
			return rc;
		if ((rc = scan_coverage__add_line(c->b, number, hits, scan_coverage__xml_line(x))) != 0)
			return rc;
	}
	c->kind[x->depth] = kind;
	return 0;
}

static int on_text(scan_coverage__xml *x, const char *s, size_t len)
{
	cobertura *c = x->ctx;

	if (c->kind[x->depth] != C_SOURCE)
		return 0;
	if (scan_buf_put(&c->source, s, len) == SCAN_ENOMEM)
		return scan_error__oom();
	if (scan_buf_failed(&c->source))
		return scan_coverage__xml_fail(x, SCAN_ELIMIT, "<source> longer than %d bytes", SCAN_COV_PATH_MAX);
	return 0;
}

static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

static int on_end(scan_coverage__xml *x, const char *name)
{
	cobertura *c = x->ctx;
	const char *s = c->source.ptr;
	size_t len = c->source.size;

	(void)name;
	if (c->kind[x->depth] == C_CLASS)
		c->in_class = false;
	if (c->kind[x->depth] != C_SOURCE)
		return 0;
	/* Pretty-printed reports put the path on a line of its own. */
	while (len && is_space(*s)) {
		s++;
		len--;
	}
	while (len && is_space(s[len - 1]))
		len--;
	return scan_coverage__add_source(c->b, s, len, scan_coverage__xml_line(x));
}

static const scan_coverage__xml_handlers handlers = { on_start, on_end, on_text };

int scan_coverage__parse_cobertura(scan_coverage__builder *b, const char *data, size_t len)
{
	cobertura c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.b = b;
	scan_buf_init(&c.source, SCAN_COV_PATH_MAX);
	rc = scan_coverage__xml_parse(b->what, data, len, &handlers, &c);
	scan_buf_dispose(&c.source);
	return rc;
}
