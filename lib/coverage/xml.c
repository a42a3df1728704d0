/* lib/coverage/xml.c - one safe expat wrapper for Cobertura, JaCoCo and Clover */
#include <expat.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "coverage/coverage_int.h"
#include "util/error.h"
#include "util/xmlguard.h"

/*
 * A report comes from a CI job we don't control, so the XML may be hostile:
 * the parser is guarded (util/xmlguard.h), with JaCoCo's DOCTYPE (an
 * external id only) allowed because nothing is fetched for it. The whole
 * input goes to expat in one call, so even a huge token is scanned once
 * (expat rescans a token split across calls).
 */

static int xml_fail_v(scan_coverage__xml *x, int code, const char *fmt, va_list ap) SCAN_PRINTF(3, 0);

static int xml_fail_v(scan_coverage__xml *x, int code, const char *fmt, va_list ap)
{
	char reason[256];

	vsnprintf(reason, sizeof(reason), fmt, ap);
	return scan_util__error(code, "%s coverage: line %lu: %s", x->what, scan_coverage__xml_line(x), reason);
}

int scan_coverage__xml_fail(scan_coverage__xml *x, int code, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = xml_fail_v(x, code, fmt, ap);
	va_end(ap);
	return rc;
}

unsigned long scan_coverage__xml_line(const scan_coverage__xml *x)
{
	return (unsigned long)XML_GetCurrentLineNumber((XML_Parser)x->parser);
}

/* Record the first error and stop; later callbacks see x->rc and do nothing. */
static void stop(scan_coverage__xml *x, int rc)
{
	if (!rc || x->rc)
		return;
	x->rc = rc;
	XML_StopParser((XML_Parser)x->parser, XML_FALSE);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	scan_coverage__xml *x = ud;

	if (x->rc)
		return;
	if (++x->depth > SCAN_COV_XML_DEPTH_MAX) {
		stop(x, scan_coverage__xml_fail(x, SCAN_ELIMIT, "elements nested deeper than %d levels",
		                                SCAN_COV_XML_DEPTH_MAX));
		return;
	}
	for (size_t i = 0; attrs[i]; i += 2) {
		if (strlen(attrs[i + 1]) > SCAN_COV_XML_ATTR_MAX) {
			stop(x, scan_coverage__xml_fail(x, SCAN_ELIMIT, "attribute '%s' longer than %d bytes",
			                                attrs[i], SCAN_COV_XML_ATTR_MAX));
			return;
		}
	}
	stop(x, x->h->start(x, name, attrs));
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	scan_coverage__xml *x = ud;

	if (x->rc)
		return;
	if (x->h->end)
		stop(x, x->h->end(x, name));
	x->depth--;
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	scan_coverage__xml *x = ud;

	if (x->rc || !x->h->text || len <= 0)
		return;
	stop(x, x->h->text(x, s, (size_t)len));
}

/* The guard's refusals, raised as this wrapper's errors. */
static void refuse(void *ud, const char *reason)
{
	scan_coverage__xml *x = ud;

	if (!x->rc)
		stop(x, scan_coverage__xml_fail(x, SCAN_EPARSE, "%s", reason));
}

/* Where expat found the document not well-formed. */
typedef struct {
	enum XML_Error code;
	unsigned long line, column;
} syntax_error;

/*
 * Returns 0, the first handler error (raised) or, for a document that is
 * not well-formed, SCAN_EPARSE or SCAN_ENOMEM with *syn filled in and
 * nothing raised yet.
 */
static int run(const char *what, const char *data, size_t len, const scan_coverage__xml_handlers *h,
               void *ctx, syntax_error *syn)
{
	scan_coverage__xml x;
	XML_Parser p;
	int rc = 0;

	if (len > INT_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s coverage: report too large for the XML parser", what);
	memset(&x, 0, sizeof(x));
	x.h = h;
	x.what = what;
	x.ctx = ctx;
	x.guard.refuse = refuse;
	x.guard.allow_external_doctype = true;
	/* Expat refuses encodings it doesn't know. */
	if (!(p = scan_util__xml_guarded_parser(&x)))
		return scan_error__oom();
	x.parser = p;
	XML_SetElementHandler(p, on_start, on_end);
	XML_SetCharacterDataHandler(p, on_text);
	if (XML_Parse(p, data, (int)len, XML_TRUE) == XML_STATUS_ERROR && !x.rc) {
		syn->code = XML_GetErrorCode(p);
		syn->line = (unsigned long)XML_GetCurrentLineNumber(p);
		syn->column = (unsigned long)XML_GetCurrentColumnNumber(p) + 1;
		rc = syn->code == XML_ERROR_NO_MEMORY ? SCAN_ENOMEM : SCAN_EPARSE;
		goto done;
	}
	rc = x.rc == SCAN_COV__XML_STOP ? 0 : x.rc;
done:
	XML_ParserFree(p);
	return rc;
}

static int raise_syntax(const char *what, int rc, const syntax_error *syn)
{
	if (rc == SCAN_ENOMEM)
		return scan_error__oom();
	return scan_util__error(rc, "%s coverage: line %lu, column %lu: %s", what, syn->line, syn->column,
	                        XML_ErrorString(syn->code));
}

int scan_coverage__xml_parse(const char *what, const char *data, size_t len,
                             const scan_coverage__xml_handlers *h, void *ctx)
{
	syntax_error syn = { XML_ERROR_NONE, 0, 0 };
	int rc = run(what, data, len, h, ctx, &syn);

	if (rc && syn.code != XML_ERROR_NONE)
		return raise_syntax(what, rc, &syn);
	return rc;
}

const char *scan_coverage__xml_attr(const char **attrs, const char *name)
{
	for (size_t i = 0; attrs[i]; i += 2)
		if (!strcmp(attrs[i], name))
			return attrs[i + 1];
	return NULL;
}

int scan_coverage__xml_uint(scan_coverage__xml *x, const char *elem, const char **attrs, const char *name,
                            uint64_t *out, bool *present)
{
	const char *v = scan_coverage__xml_attr(attrs, name);
	size_t len;

	*out = 0;
	if (present)
		*present = v != NULL;
	if (!v)
		return present ? 0 : scan_coverage__xml_fail(x, SCAN_EPARSE, "<%s> has no %s attribute", elem, name);
	/* Writers pad with spaces now and then; a sign or a fraction is not a count. */
	while (*v == ' ')
		v++;
	len = strlen(v);
	while (len && v[len - 1] == ' ')
		len--;
	if (!scan_util__parse_u64(v, len, out))
		return scan_coverage__xml_fail(x, SCAN_EPARSE, "<%s %s=\"%.40s\"> is not a whole number >= 0", elem,
		                               name, v);
	return 0;
}

/* --- detection ------------------------------------------------------------ */

#define DETECT_NAME_MAX 32

typedef struct {
	char root[DETECT_NAME_MAX];
	char child[DETECT_NAME_MAX];
	bool cobertura_attrs;   /* line-rate or lines-valid on the root */
	bool clover_attrs;      /* clover or generated on the root */
} detect_state;

static void copy_name(char *dst, const char *name)
{
	size_t n = strlen(name);

	if (n >= DETECT_NAME_MAX)
		n = DETECT_NAME_MAX - 1;
	memcpy(dst, name, n);
	dst[n] = '\0';
}

static int detect_start(scan_coverage__xml *x, const char *name, const char **attrs)
{
	detect_state *d = x->ctx;

	if (x->depth == 1) {
		copy_name(d->root, name);
		d->cobertura_attrs = scan_coverage__xml_attr(attrs, "line-rate") || scan_coverage__xml_attr(attrs, "lines-valid");
		d->clover_attrs = scan_coverage__xml_attr(attrs, "clover") || scan_coverage__xml_attr(attrs, "generated");
		return strcmp(name, "coverage") ? SCAN_COV__XML_STOP : 0;
	}
	copy_name(d->child, name);
	return SCAN_COV__XML_STOP;
}

static const scan_coverage__xml_handlers detect_handlers = { detect_start, NULL, NULL };

int scan_coverage__xml_detect(scan_cov_format *out, const char *data, size_t len)
{
	syntax_error syn = { XML_ERROR_NONE, 0, 0 };
	char detail[128];
	detect_state d;
	int rc;

	memset(&d, 0, sizeof(d));
	rc = run("XML", data, len, &detect_handlers, &d, &syn);
	if (rc && syn.code == XML_ERROR_NONE)
		return rc; /* refused (an entity, a limit): raised already */
	if (rc == SCAN_ENOMEM)
		return scan_error__oom();
	/* A syntax error after the root decides nothing: the format's parse reports it. */
	if (rc && !d.root[0]) {
		snprintf(detail, sizeof(detail), "not well-formed XML at line %lu, column %lu: %s", syn.line,
		         syn.column, XML_ErrorString(syn.code));
		return scan_coverage__unknown(detail);
	}
	if (!strcmp(d.root, "report")) {
		*out = SCAN_COV_JACOCO;
		return 0;
	}
	if (!strcmp(d.root, "coverage")) {
		if (!strcmp(d.child, "sources") || !strcmp(d.child, "packages") ||
		    (!d.child[0] && d.cobertura_attrs)) {
			*out = SCAN_COV_COBERTURA;
			return 0;
		}
		if (!strcmp(d.child, "project") || !strcmp(d.child, "testproject") ||
		    (!d.child[0] && d.clover_attrs)) {
			*out = SCAN_COV_CLOVER;
			return 0;
		}
		return scan_coverage__unknown("<coverage> has neither <sources>/<packages> (Cobertura) nor <project> (Clover)");
	}
	snprintf(detail, sizeof(detail), "XML root element <%s>", d.root);
	return scan_coverage__unknown(detail);
}
