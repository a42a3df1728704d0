/* lib/util/xmlguard.h - expat parsers that refuse what makes XML dangerous */
#ifndef SCAN_UTIL_XMLGUARD_H
#define SCAN_UTIL_XMLGUARD_H

#include <stdbool.h>

/*
 * Entities are where XML gets dangerous: external ones read local files or
 * URLs, nested internal ones expand exponentially ("billion laughs"). None
 * of the formats Rampart reads needs them. A guarded parser never reads
 * parameter entities or an external DTD, and refuses an entity
 * declaration, a reference to an undeclared entity, an external entity and
 * a DOCTYPE (with allow_external_doctype, only one with an internal
 * subset: JaCoCo names its DTD by an external id, and nothing is fetched).
 *
 * The parser's user data must begin with a scan_util__xml_guard; refuse() is
 * called with a one-line reason and must raise the error and stop the
 * parser (it may be called more than once; keep the first).
 */
typedef struct {
	void (*refuse)(void *user_data, const char *reason);
	bool allow_external_doctype;
} scan_util__xml_guard;

/*
 * An expat XML_Parser (NULL encoding: the document's declaration) with
 * user_data set; NULL when out of memory. Declared without expat.h so the
 * structs that embed a guard need not include it.
 */
struct XML_ParserStruct *scan_util__xml_guarded_parser(void *user_data);

#endif
