/* lib/lockfile/xmlread.c - a safe, small XML reader for manifests */
#include <expat.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lockfile/xmlread.h"
#include "scan/buf.h"
#include "util/error.h"
#include "util/xmlguard.h"

/*
 * Maven, Gradle and MSBuild files never use a DTD, so the guarded parser
 * (util/xmlguard.h) refuses the DOCTYPE itself, before expat reads a
 * declaration of the internal subset. The whole input goes to expat in one
 * call, so even a huge token is scanned once.
 */

struct scan_sca_xml {
	scan_util__xml_guard guard;                 /* first: the guard finds itself at the user data */
	XML_Parser parser;
	scan_sca_doc *doc;
	const char *label;
	const scan_sca_xml_handlers *h;
	void *ctx;
	unsigned depth;                        /* open elements */
	size_t offs[SCAN_SCA_DEPTH_MAX + 1];   /* path length before each open element */
	scan_buf path;
	scan_buf text;                         /* character data since the last tag */
	int rc;                                /* first error or SCAN_SCA_XML_STOP */
};

void *scan_lockfile__xml_ctx(const scan_sca_xml *x)
{
	return x->ctx;
}

scan_sca_doc *scan_lockfile__xml_doc(const scan_sca_xml *x)
{
	return x->doc;
}

unsigned scan_lockfile__xml_line(const scan_sca_xml *x)
{
	XML_Size line = XML_GetCurrentLineNumber(x->parser);

	return line > UINT_MAX ? UINT_MAX : (unsigned)line;
}

unsigned scan_lockfile__xml_depth(const scan_sca_xml *x)
{
	return x->depth;
}

const char *scan_lockfile__xml_name(const scan_sca_xml *x)
{
	const char *slash = strrchr(x->path.ptr, '/');

	return slash ? slash + 1 : x->path.ptr;
}

static int fail_v(scan_sca_xml *x, int code, unsigned line, const char *fmt, va_list ap)
	SCAN_PRINTF(4, 0);

static int fail_v(scan_sca_xml *x, int code, unsigned line, const char *fmt, va_list ap)
{
	char reason[300];

	vsnprintf(reason, sizeof(reason), fmt, ap);
	if (code == SCAN_ENOMEM)
		return scan_error__oom();
	return scan_util__error(code, "%s:%u: %s", x->label, line, reason);
}

int scan_lockfile__xml_fail(scan_sca_xml *x, int code, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = fail_v(x, code, scan_lockfile__xml_line(x), fmt, ap);
	va_end(ap);
	return rc;
}

const char *scan_lockfile__xml_attr(const char **attrs, const char *name)
{
	for (size_t i = 0; attrs[i]; i += 2)
		if (!strcmp(attrs[i], name))
			return attrs[i + 1];
	return NULL;
}

const char *scan_lockfile__xml_attr_ci(const char **attrs, const char *name)
{
	for (size_t i = 0; attrs[i]; i += 2)
		if (!strcasecmp(attrs[i], name))
			return attrs[i + 1];
	return NULL;
}

/* Record the first error (or a stop) and end the parse; later callbacks do nothing. */
static void stop(scan_sca_xml *x, int rc)
{
	if (!rc || x->rc)
		return;
	x->rc = rc;
	XML_StopParser(x->parser, XML_FALSE);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	scan_sca_xml *x = ud;
	const char *colon = strrchr(name, ':');
	size_t nlen;

	if (x->rc)
		return;
	if (x->depth >= SCAN_SCA_DEPTH_MAX) {
		stop(x, scan_lockfile__xml_fail(x, SCAN_ELIMIT, "elements nested deeper than %d levels",
		                                SCAN_SCA_DEPTH_MAX));
		return;
	}
	/* No namespace processing: "pom:project" is read as "project". */
	if (colon)
		name = colon + 1;
	if ((nlen = strlen(name)) > SCAN_SCA_XML_NAME_MAX) {
		stop(x, scan_lockfile__xml_fail(x, SCAN_ELIMIT, "element name longer than %d bytes",
		                                SCAN_SCA_XML_NAME_MAX));
		return;
	}
	for (size_t i = 0; attrs[i]; i += 2) {
		if (strlen(attrs[i + 1]) > SCAN_SCA_XML_ATTR_MAX) {
			stop(x, scan_lockfile__xml_fail(x, SCAN_ELIMIT, "attribute '%.64s' longer than %d bytes",
			                                attrs[i], SCAN_SCA_XML_ATTR_MAX));
			return;
		}
	}
	x->offs[x->depth++] = x->path.size;
	if (x->depth > 1)
		scan_buf_putc(&x->path, '/');
	scan_buf_put(&x->path, name, nlen);
	scan_buf_clear(&x->text);
	if (scan_buf_failed(&x->path)) {
		stop(x, scan_error__oom());
		return;
	}
	if (x->h->start)
		stop(x, x->h->start(x, x->path.ptr, attrs));
}

static bool xml_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	scan_sca_xml *x = ud;
	const char *s = x->text.ptr;
	size_t len = x->text.size;

	(void)name;
	if (x->rc)
		return;
	while (len && xml_space(*s)) {
		s++;
		len--;
	}
	while (len && xml_space(s[len - 1]))
		len--;
	/* The trimmed text is NUL-terminated in place: the buffer is cleared next anyway. */
	if (x->text.asize)
		x->text.ptr[(size_t)(s - x->text.ptr) + len] = '\0';
	if (x->h->end)
		stop(x, x->h->end(x, x->path.ptr, s, len));
	scan_buf_clear(&x->text);
	scan_buf_truncate(&x->path, x->offs[--x->depth]);
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	scan_sca_xml *x = ud;

	if (x->rc || len <= 0)
		return;
	if (x->text.size + (size_t)len > SCAN_SCA_XML_TEXT_MAX) {
		stop(x, scan_lockfile__xml_fail(x, SCAN_ELIMIT, "text longer than %zu bytes", SCAN_SCA_XML_TEXT_MAX));
		return;
	}
	if (scan_buf_put(&x->text, s, (size_t)len))
		stop(x, scan_error__oom());
}

/* The guard's refusals, raised as this reader's errors. */
static void refuse(void *ud, const char *reason)
{
	scan_sca_xml *x = ud;

	if (!x->rc)
		stop(x, scan_lockfile__xml_fail(x, SCAN_EPARSE, "%s", reason));
}

int scan_lockfile__xml_parse(scan_sca_doc *d, const char *label, const char *text, size_t len,
                             const scan_sca_xml_handlers *h, void *ctx)
{
	scan_sca_xml x;
	int rc = 0;

	memset(&x, 0, sizeof(x));
	x.doc = d;
	x.label = label ? label : d->file;
	x.h = h;
	x.ctx = ctx;
	scan_buf_init(&x.path, (size_t)SCAN_SCA_DEPTH_MAX * (SCAN_SCA_XML_NAME_MAX + 1) + 1);
	scan_buf_init(&x.text, SCAN_SCA_XML_TEXT_MAX);
	if (len > SCAN_SCA_FILE_MAX || len > INT_MAX)
		return scan_util__error(SCAN_ELIMIT, "%s: larger than %zu MB", x.label, SCAN_SCA_FILE_MAX >> 20);
	x.guard.refuse = refuse;
	/* Expat honours the declaration and BOM, and refuses encodings it doesn't know. */
	if (!(x.parser = scan_util__xml_guarded_parser(&x)))
		return scan_error__oom();
	XML_SetElementHandler(x.parser, on_start, on_end);
	XML_SetCharacterDataHandler(x.parser, on_text);
	if (XML_Parse(x.parser, text, (int)len, XML_TRUE) == XML_STATUS_ERROR && !x.rc) {
		enum XML_Error code = XML_GetErrorCode(x.parser);
		XML_Size line = XML_GetCurrentLineNumber(x.parser);
		XML_Size col = XML_GetCurrentColumnNumber(x.parser) + 1;

		if (code == XML_ERROR_NO_MEMORY)
			rc = scan_error__oom();
		else
			rc = scan_util__error(SCAN_EPARSE, "%s:%lu: not well-formed XML (column %lu): %s", x.label,
			                      (unsigned long)line, (unsigned long)col, XML_ErrorString(code));
		goto done;
	}
	rc = x.rc == SCAN_SCA_XML_STOP ? 0 : x.rc;
done:
	XML_ParserFree(x.parser);
	scan_buf_dispose(&x.path);
	scan_buf_dispose(&x.text);
	return rc;
}
