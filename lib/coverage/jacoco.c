/* lib/coverage/jacoco.c - JaCoCo XML reports */
#include <string.h>
#include "coverage/coverage_int.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * <report name="x"><sessioninfo/>
 *   <package name="com/acme"><class .../>
 *     <sourcefile name="Calc.java"><line nr="5" mi="0" ci="3" mb="0" cb="0"/>...
 * Packages may sit in <group>s. JaCoCo lists only lines that hold bytecode,
 * so each is coverable; it is covered when one of its instructions ran
 * (ci > 0), and hits is ci, the covered instruction count, as JaCoCo keeps
 * no execution counts.
 */

enum { J_OTHER, J_ROOT, J_PACKAGE, J_SOURCEFILE };

typedef struct {
	scan_coverage__builder *b;
	unsigned char kind[SCAN_COV_XML_DEPTH_MAX + 1];
	scan_buf path;   /* package name + '/' of the package being read */
} jacoco;

static int on_start(scan_coverage__xml *x, const char *name, const char **attrs)
{
	jacoco *j = x->ctx;
	unsigned char parent = j->kind[x->depth - 1], kind = J_OTHER;
	uint64_t nr, mi, ci;
	const char *v;
	int rc;

	if (x->depth == 1) {
		if (strcmp(name, "report"))
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "root element is <%s>, expected <report>", name);
		kind = J_ROOT;
	} else if (!strcmp(name, "package")) {
		v = scan_coverage__xml_attr(attrs, "name");
		scan_buf_clear(&j->path);
		/* The default package has the empty name; its files sit at the source root. */
		if (v && *v) {
			scan_buf_puts(&j->path, v);
			scan_buf_putc(&j->path, '/');
		}
		if (scan_buf_failed(&j->path) == SCAN_ENOMEM)
			return scan_error__oom();
		kind = J_PACKAGE;
	} else if (parent == J_PACKAGE && !strcmp(name, "sourcefile")) {
		size_t keep = j->path.size;
		if (!(v = scan_coverage__xml_attr(attrs, "name")) || !*v)
			return scan_coverage__xml_fail(x, SCAN_EPARSE, "<sourcefile> has no name attribute");
		scan_buf_puts(&j->path, v);
		if ((rc = scan_buf_failed(&j->path)) != 0)
			return rc == SCAN_ENOMEM ? scan_error__oom()
			                         : scan_coverage__xml_fail(x, SCAN_ELIMIT, "file path longer than %d bytes",
			                                                   SCAN_COV_PATH_MAX);
		rc = scan_coverage__add_file(j->b, j->path.ptr, j->path.size, scan_coverage__xml_line(x));
		scan_buf_truncate(&j->path, keep);
		if (rc)
			return rc;
		kind = J_SOURCEFILE;
	} else if (parent == J_SOURCEFILE && !strcmp(name, "line")) {
		if ((rc = scan_coverage__xml_uint(x, "line", attrs, "nr", &nr, NULL)) != 0 ||
		    (rc = scan_coverage__xml_uint(x, "line", attrs, "mi", &mi, NULL)) != 0 ||
		    (rc = scan_coverage__xml_uint(x, "line", attrs, "ci", &ci, NULL)) != 0)
			return rc;
		if ((mi || ci) && (rc = scan_coverage__add_line(j->b, nr, ci, scan_coverage__xml_line(x))) != 0)
			return rc;
	}
	j->kind[x->depth] = kind;
	return 0;
}

static const scan_coverage__xml_handlers handlers = { on_start, NULL, NULL };

int scan_coverage__parse_jacoco(scan_coverage__builder *b, const char *data, size_t len)
{
	jacoco j;
	int rc;

	memset(&j, 0, sizeof(j));
	j.b = b;
	scan_buf_init(&j.path, SCAN_COV_PATH_MAX);
	rc = scan_coverage__xml_parse(b->what, data, len, &handlers, &j);
	scan_buf_dispose(&j.path);
	return rc;
}
