/* lib/util/xmlguard.c - expat parsers that refuse DTDs and entities */
#include <expat.h>
#include <stdarg.h>
#include <stdio.h>
#include "scan/common.h"
#include "util/xmlguard.h"

static void refuse(void *ud, const char *fmt, ...) SCAN_PRINTF(2, 3);

static void refuse(void *ud, const char *fmt, ...)
{
	const scan_util__xml_guard *g = ud;
	char reason[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	g->refuse(ud, reason);
}

static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid,
                               const XML_Char *pubid, int has_internal_subset)
{
	const scan_util__xml_guard *g = ud;

	(void)name;
	(void)sysid;
	(void)pubid;
	if (!g->allow_external_doctype)
		refuse(ud, "DOCTYPE declarations are not allowed");
	else if (has_internal_subset)
		refuse(ud, "a DOCTYPE with an internal subset is not allowed");
}

static void XMLCALL on_entity_decl(void *ud, const XML_Char *name, int is_param, const XML_Char *value,
                                   int value_len, const XML_Char *base, const XML_Char *sysid,
                                   const XML_Char *pubid, const XML_Char *notation)
{
	(void)is_param;
	(void)value;
	(void)value_len;
	(void)base;
	(void)sysid;
	(void)pubid;
	(void)notation;
	refuse(ud, "entity declarations are not allowed ('%.64s')", name);
}

/* A reference to an entity the unread external DTD might declare. */
static void XMLCALL on_skipped_entity(void *ud, const XML_Char *name, int is_param)
{
	(void)is_param;
	refuse(ud, "entity references are not allowed ('&%.64s;')", name);
}

static int XMLCALL on_external_entity(XML_Parser p, const XML_Char *context, const XML_Char *base,
                                      const XML_Char *sysid, const XML_Char *pubid)
{
	(void)context;
	(void)base;
	(void)pubid;
	refuse(XML_GetUserData(p), "external entities are not loaded ('%.64s')", sysid ? sysid : "");
	return XML_STATUS_ERROR;
}

XML_Parser scan_util__xml_guarded_parser(void *user_data)
{
	XML_Parser p = XML_ParserCreate(NULL);

	if (!p)
		return NULL;
	XML_SetUserData(p, user_data);
	XML_SetParamEntityParsing(p, XML_PARAM_ENTITY_PARSING_NEVER);
	XML_SetStartDoctypeDeclHandler(p, on_doctype);
	XML_SetEntityDeclHandler(p, on_entity_decl);
	XML_SetSkippedEntityHandler(p, on_skipped_entity);
	XML_SetExternalEntityRefHandler(p, on_external_entity);
	return p;
}
