/* lib/coverage/clover.c - Clover XML (OpenClover, istanbul, PHPUnit) */
#include <string.h>
#include "coverage/coverage_int.h"
#include "util/error.h"

/*
 * <coverage generated="..." clover="4.4.1"><project timestamp="...">
 *   <package name="x"><file name="a.js" path="/abs/src/a.js">
 *     <class .../><line num="3" count="2" type="stmt"/>
 *     <line num="4" type="cond" truecount="1" falsecount="0"/>
 *     <line num="2" type="method" name="f" count="1"/>
 * Files sit under <project>, directly or in <package>s; <testproject> holds
 * the tests' own coverage and is skipped. The path is the path attribute
 * when there is one (OpenClover, istanbul), else name (PHPUnit puts the
 * full path there).
 *
 * Statement and condition lines count; a method line marks a signature whose
 * body's statements already count. A condition line ran when the condition
 * was evaluated at all, so its hits are the larger of count and
 * truecount + falsecount: istanbul writes count, OpenClover only the two.
 */

enum { K_OTHER, K_ROOT, K_PROJECT, K_FILE };

typedef struct {
	scan_coverage__builder *b;
	unsigned char kind[SCAN_COV_XML_DEPTH_MAX + 1];
	bool in_project;
	size_t file_depth;   /* of the open <file>; 0 outside one */
} clover;

static int add_line(scan_coverage__xml *x, clover *c, const char **attrs)
{
	const char *type = scan_coverage__xml_attr(attrs, "type");
	uint64_t num, count, t, f, sum;
	bool has_count, has_t, has_f;
	int rc;

	/* Old Clover writers leave type out of statement lines. */
	if (type && strcmp(type, "stmt") && strcmp(type, "cond"))
		return 0;
	if ((rc = scan_coverage__xml_uint(x, "line", attrs, "num", &num, NULL)) != 0 ||
	    (rc = scan_coverage__xml_uint(x, "line", attrs, "count", &count, &has_count)) != 0 ||
	    (rc = scan_coverage__xml_uint(x, "line", attrs, "truecount", &t, &has_t)) != 0 ||
	    (rc = scan_coverage__xml_uint(x, "line", attrs, "falsecount", &f, &has_f)) != 0)
		return rc;
	if (type && !strcmp(type, "cond")) {
		if (!has_count && !has_t && !has_f)
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "<line type=\"cond\"> has no count, truecount or falsecount");
		sum = t > UINT64_MAX - f ? UINT64_MAX : t + f;
		if (sum > count)
			count = sum;
	} else if (!has_count) {
		return scan_coverage__xml_fail(x, SCAN_EPARSE, "<line> has no count attribute");
	}
	return scan_coverage__add_line(c->b, num, count, scan_coverage__xml_line(x));
}

static int on_start(scan_coverage__xml *x, const char *name, const char **attrs)
{
	clover *c = x->ctx;
	unsigned char kind = K_OTHER;
	const char *path;
	int rc;

	if (x->depth == 1) {
		if (strcmp(name, "coverage"))
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "root element is <%s>, expected <coverage>", name);
		kind = K_ROOT;
	} else if (x->depth == 2 && !strcmp(name, "project")) {
		kind = K_PROJECT;
		c->in_project = true;
	} else if (c->in_project && !c->file_depth && !strcmp(name, "file")) {
		path = scan_coverage__xml_attr(attrs, "path");
		if (!path || !*path)
			path = scan_coverage__xml_attr(attrs, "name");
		if (!path || !*path)
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "<file> has neither a path nor a name attribute");
		if ((rc = scan_coverage__add_file(c->b, path, strlen(path), scan_coverage__xml_line(x))) != 0)
			return rc;
		kind = K_FILE;
		c->file_depth = x->depth;
	} else if (c->file_depth && !strcmp(name, "line")) {
		if ((rc = add_line(x, c, attrs)) != 0)
			return rc;
	}
	c->kind[x->depth] = kind;
	return 0;
}

static int on_end(scan_coverage__xml *x, const char *name)
{
	clover *c = x->ctx;

	(void)name;
	if (c->kind[x->depth] == K_PROJECT)
		c->in_project = false;
	else if (c->kind[x->depth] == K_FILE)
		c->file_depth = 0;
	return 0;
}

static const scan_coverage__xml_handlers handlers = { on_start, on_end, NULL };

int scan_coverage__parse_clover(scan_coverage__builder *b, const char *data, size_t len)
{
	clover c;

	memset(&c, 0, sizeof(c));
	c.b = b;
	return scan_coverage__xml_parse(b->what, data, len, &handlers, &c);
}
