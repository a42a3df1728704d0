/*
 * tests/fuzz/fuzz_quality.c - metrics and clone tokens over hostile files:
 * any bytes, in every parsed language, must give figures without a crash,
 * a stack overflow or a stall.
 */
#include <stdlib.h>
#include <string.h>
#include "parse/tree.h"
#include "quality/dup.h"
#include "quality/quality.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const scan_lang langs[] = {
	SCAN_LANG_PYTHON, SCAN_LANG_JAVASCRIPT, SCAN_LANG_TYPESCRIPT, SCAN_LANG_TSX, SCAN_LANG_JAVA,
	SCAN_LANG_GO, SCAN_LANG_C, SCAN_LANG_CPP, SCAN_LANG_CSHARP, SCAN_LANG_RUBY, SCAN_LANG_PHP,
	SCAN_LANG_KOTLIN, SCAN_LANG_RUST, SCAN_LANG_BASH,
};

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	scan_parse_state ps;
	scan_arena arena = SCAN_ARENA_INIT;
	scan_file_metrics m;
	const char *why = NULL;
	const TSTree *tree;
	dup_token *t = NULL;
	uint32_t n = 0;
	scan_lang l;

	/* the first byte picks the language, the rest is the file */
	if (size < 1)
		return 0;
	l = langs[data[0] % (sizeof(langs) / sizeof(*langs))];
	memset(&ps, 0, sizeof(ps));
	tree = scan_parse__parse(&ps, l, (const char *)data + 1, size - 1, &why);
	if (tree) {
		if (scan_quality__file_metrics(&m, &arena, l, tree, (const char *)data + 1, size - 1) == 0) {
			uint32_t code = 0;
			for (uint32_t i = 0; i < m.nfunctions; i++)
				if (m.functions[i].line > m.functions[i].end_line || m.functions[i].cyclomatic < 1)
					abort();
			code = m.code_lines;
			if (code > m.lines || m.blank_lines > m.lines)
				abort();
		}
		if (scan_dup__tokens(&t, &n, l, tree, (const char *)data + 1, size - 1) == 0 && n) {
			dup_file f = { "f", t, n };
			dup_clone *c = NULL;
			size_t nc = 0;
			if (scan_dup__find(&f, 1, &c, &nc) == 0)
				for (size_t i = 0; i < nc; i++)
					if (c[i].a_start + c[i].len > c[i].b_start || c[i].b_start + c[i].len > n)
						abort();
			free(c);
		}
		free(t);
	}
	scan_arena__dispose(&arena);
	scan_parse__dispose(&ps);
	return 0;
}
