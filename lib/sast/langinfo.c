/* lib/sast/langinfo.c - what the matcher needs to know about each grammar's symbols */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "parse/language.h"
#include "sast/sast.h"

static sast_langinfo infos[SCAN_LANG__COUNT];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static bool has(const char *s, const char *part)
{
	return strstr(s, part) != NULL;
}

static bool is_one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

/*
 * Classified by name, so one table serves every grammar. The lists come from
 * the node-types.json of the pinned grammars; a kind missing here only makes
 * a match stricter, never looser.
 */
static uint16_t classify(const char *name, bool named, scan_lang lang)
{
	static const char *const strings[] = {
		"string", "string_literal", "raw_string_literal", "interpreted_string_literal",
		"template_string", "string_lit", "double_quote_scalar", "single_quote_scalar",
		"verbatim_string_literal", "interpolated_string_expression", "encapsed_string",
		"nowdoc_string", "raw_string", "ansi_c_string", "multiline_string_literal",
		"quoted_template", NULL };
	static const char *const constkw[] = {
		"true", "false", "null", "none", "nil", "null_literal", "boolean_literal", "bool_lit",
		"null_lit", "boolean_scalar", "null_scalar", "boolean", "undefined", "char_literal",
		"character_literal", "character", NULL };
	static const char *const concat[] = {
		"binary_expression", "binary_operator", "binary", "concatenated_string", "chained_string",
		"additive_expression", NULL };
	uint16_t f = 0;

	if (!named) {
		if (*name && strspn(name, "(),;{}[]") == strlen(name))
			f |= SAST_SYM_PUNCT;
		if (!strcmp(name, "async"))
			f |= SAST_SYM_OPTIONAL; /* "def f(...): ..." also matches "async def f" */
		return f;
	}
	if (!strcmp(name, "decorator"))
		f |= SAST_SYM_OPTIONAL; /* a pattern's decorators are a subset of the function's */
	if (has(name, "parenthesized_expression"))
		f |= SAST_SYM_PAREN;
	if (is_one_of(name, strings))
		f |= SAST_SYM_STRING;
	if (has(name, "content") || has(name, "fragment") || has(name, "escape_sequence") ||
	    !strcmp(name, "string_start") || !strcmp(name, "string_end") ||
	    !strcmp(name, "raw_string_start") || !strcmp(name, "raw_string_end") ||
	    !strcmp(name, "raw_string_delimiter") || !strcmp(name, "quoted_template_start") ||
	    !strcmp(name, "quoted_template_end") || !strcmp(name, "template_literal") ||
	    !strcmp(name, "string_literal_encoding") || !strcmp(name, "escape_interpolation") ||
	    !strcmp(name, "html_character_reference"))
		f |= SAST_SYM_STRPART;
	if (has(name, "integer") || has(name, "float") || has(name, "number") || has(name, "numeric") ||
	    has(name, "decimal") || !strcmp(name, "int_literal") || !strcmp(name, "hex_literal"))
		f |= SAST_SYM_NUMBER;
	if (is_one_of(name, constkw))
		f |= SAST_SYM_CONSTKW;
	if (is_one_of(name, concat))
		f |= SAST_SYM_CONCAT;
	if (!strcmp(name, "global_statement"))
		f |= SAST_SYM_WRAPPER;
	if ((lang == SCAN_LANG_YAML && (!strcmp(name, "block_mapping") || !strcmp(name, "flow_mapping") ||
	                                !strcmp(name, "block_sequence") || !strcmp(name, "flow_sequence"))) ||
	    (lang == SCAN_LANG_HCL && (!strcmp(name, "body") || !strcmp(name, "object"))) ||
	    (lang == SCAN_LANG_JSON && !strcmp(name, "object")))
		f |= SAST_SYM_UNORDERED;
	return f;
}

static void build(void)
{
	for (int l = 0; l < SCAN_LANG__COUNT; l++) {
		const TSLanguage *ts = scan_parse__ts_language((scan_lang)l);
		uint32_t n;
		if (!ts)
			continue;
		n = ts_language_symbol_count(ts);
		infos[l].flags = calloc(n ? n : 1, sizeof(*infos[l].flags));
		if (!infos[l].flags)
			continue; /* scan_sast__langinfo() reports the language as unusable */
		for (uint32_t s = 0; s < n; s++) {
			const char *name = ts_language_symbol_name(ts, (TSSymbol)s);
			TSSymbolType t = ts_language_symbol_type(ts, (TSSymbol)s);
			if (name)
				infos[l].flags[s] = classify(name, t == TSSymbolTypeRegular, (scan_lang)l);
		}
		infos[l].ts = ts;
		infos[l].nsym = n;
	}
}

const sast_langinfo *scan_sast__langinfo(scan_lang lang)
{
	if ((int)lang <= 0 || lang >= SCAN_LANG__COUNT)
		return NULL;
	pthread_once(&once, build);
	return infos[lang].ts ? &infos[lang] : NULL;
}
