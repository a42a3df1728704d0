/* lib/lockfile/xmlread.h - a safe, small XML reader for manifests (pom.xml, *.csproj, ...) */
#ifndef SCAN_SCA_XMLREAD_H
#define SCAN_SCA_XMLREAD_H

#include <stddef.h>
#include "lockfile/lockfile.h"

/*
 * Manifests come from the repository being scanned, so their XML may be
 * hostile. No format read here needs a DTD: any DOCTYPE is refused, no
 * entity is ever declared, loaded or expanded (the five predefined ones and
 * character references are plain XML and stay), and depth, names,
 * attribute values and text runs are bounded.
 */
#define SCAN_SCA_XML_NAME_MAX 256              /* bytes of an element name */
#define SCAN_SCA_XML_ATTR_MAX 65536            /* bytes of one attribute value */
#define SCAN_SCA_XML_TEXT_MAX ((size_t)1 << 20) /* bytes of character data between two tags */

typedef struct scan_sca_xml scan_sca_xml;

/*
 * path is the names of the open elements from the root joined by '/',
 * namespace prefixes dropped ("project/dependencies/dependency"). text is
 * the character data directly before the end tag (for an element without
 * children: its content), XML whitespace trimmed, NUL-terminated; borrowed
 * for the call. Handlers return 0 to go on, SCAN_SCA_XML_STOP to end the
 * parse without an error, or a negative code raised with
 * scan_lockfile__xml_fail(). Either may be NULL.
 */
#define SCAN_SCA_XML_STOP 1
typedef struct {
	int (*start)(scan_sca_xml *x, const char *path, const char **attrs);
	int (*end)(scan_sca_xml *x, const char *path, const char *text, size_t len);
} scan_sca_xml_handlers;

/*
 * Parse text (len bytes) of d. label names the file in messages (NULL: the
 * document's own file). Returns 0, the first handler error, or SCAN_EPARSE,
 * SCAN_ELIMIT, SCAN_ENOMEM raised as "<label>:<line>: <reason>".
 */
int scan_lockfile__xml_parse(scan_sca_doc *d, const char *label, const char *text, size_t len,
                             const scan_sca_xml_handlers *h, void *ctx);

void *scan_lockfile__xml_ctx(const scan_sca_xml *x);
scan_sca_doc *scan_lockfile__xml_doc(const scan_sca_xml *x);
/* 1-based line of the tag being reported. */
unsigned scan_lockfile__xml_line(const scan_sca_xml *x);
/* Of the element being started or ended; the root is 1. */
unsigned scan_lockfile__xml_depth(const scan_sca_xml *x);
/* The last component of the current path. */
const char *scan_lockfile__xml_name(const scan_sca_xml *x);
int scan_lockfile__xml_fail(scan_sca_xml *x, int code, const char *fmt, ...) SCAN_PRINTF(3, 4);

/* The value of attribute name, or NULL; _ci compares names ignoring ASCII case (MSBuild). */
const char *scan_lockfile__xml_attr(const char **attrs, const char *name);
const char *scan_lockfile__xml_attr_ci(const char **attrs, const char *name);

#endif
