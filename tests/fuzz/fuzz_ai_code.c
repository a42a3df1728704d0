/* tests/fuzz/fuzz_ai_code.c - the AI reading of any source file: its facts, what they mean, the inventory they make */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/code.h"
#include "aiasset/detect.h"
#include "aiasset/inventory.h"
#include "parse/language.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const scan_lang langs[] = { SCAN_LANG_PYTHON, SCAN_LANG_JAVASCRIPT, SCAN_LANG_TYPESCRIPT, SCAN_LANG_JAVA,
	SCAN_LANG_GO, SCAN_LANG_CSHARP };

static const char *quote(void *ctx, unsigned line)
{
	(void)ctx;
	return line % 2 ? "quoted line" : NULL;
}

/*
 * The first byte picks the language. Whatever the text, the facts stay
 * within their bounds, and the inventory is well formed: identities of
 * three parts, relations between assets that exist, evidence within its cap.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_lang lang;
	TSParser *p;
	TSTree *tree;
	scan_ai_code c;
	scan_ai_builder b;
	scan_ai_model_refs refs = { 0 };
	const scan_ai_inventory *inv;

	if (!size)
		return 0;
	lang = langs[data[0] % (sizeof(langs) / sizeof(langs[0]))];
	data++, size--;
	p = ts_parser_new();
	if (!p || !ts_parser_set_language(p, scan_parse__ts_language(lang)))
		abort();
	tree = ts_parser_parse_string(p, NULL, (const char *)data, (uint32_t)size);
	if (scan_aiasset__code_read(&c, tree, lang, (const char *)data, size) != 0)
		abort();
	if (c.ncalls > SCAN_AI_CODE_CALLS_MAX || c.nimports > SCAN_AI_CODE_IMPORTS_MAX)
		abort();
	for (size_t i = 0; i < c.ncalls; i++)
		if (c.calls[i].nargs > SCAN_AI_CODE_ARGS_MAX || strlen(c.calls[i].path) > SCAN_AI_CODE_TEXT_MAX)
			abort();
	scan_aiasset__builder_init(&b);
	if (scan_aiasset__detect_code(&b, &c, lang, "f", quote, NULL, &refs) != 0)
		abort();
	for (size_t i = 0; i < refs.count; i++) {
		scan_ai_pinning pin;
		const char *why;
		size_t slot;
		const char *id = refs.refs[i].id ? refs.refs[i].id : refs.refs[i].fallback;
		if (id && scan_aiasset__add_model(&b, &refs.refs[i], id, "call", &pin, &why, &slot) != 0)
			abort();
	}
	if (scan_aiasset__link_providers(&b) != 0 || scan_aiasset__finish(&b, &inv) != 0)
		abort();
	for (size_t i = 0; i < inv->nassets; i++) {
		const char *bar = strchr(inv->assets[i].identity, '|');
		if (!bar || !strchr(bar + 1, '|') || inv->assets[i].nevidence > SCAN_AI_EVIDENCE_MAX ||
		    (i && strcmp(inv->assets[i - 1].identity, inv->assets[i].identity) >= 0))
			abort();
	}
	for (size_t i = 0; i < inv->nrelations; i++)
		if (inv->relations[i].from >= inv->nassets || inv->relations[i].to >= inv->nassets)
			abort();
	scan_aiasset__model_refs_dispose(&refs);
	scan_aiasset__builder_dispose(&b);
	scan_aiasset__code_dispose(&c);
	ts_tree_delete(tree);
	ts_parser_delete(p);
	return 0;
}
