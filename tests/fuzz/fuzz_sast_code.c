/*
 * tests/fuzz/fuzz_sast_code.c - every scanned file is hostile: the shared
 * parse, the Dockerfile parser and the matcher (ellipses, sets, sequences,
 * constraints) must hold up against any bytes, in every language.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/common.h"
#include "parse/tree.h"
#include "sast/engine.h"
#include "sast/match.h"
#include "sast/taint.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const char rules[] =
	"rules:\n"
	"  - id: a\n    languages: [python, javascript, ruby, php, go, java, c, rust, kotlin, csharp]\n"
	"    severity: high\n    message: $F\n    match:\n      all:\n        - pattern: $F(..., $X, ...)\n"
	"        - where: [{metavariable: $X, constant: false}]\n"
	"  - id: a2\n    languages: [javascript, c, java, php]\n    severity: high\n    message: m\n"
	"    match:\n      all:\n        - pattern: $F($X)\n        - not-inside: {pattern: 'if ($C) { ... }'}\n"
	"  - id: a3\n    languages: [bash]\n    severity: high\n    message: m\n    match: curl $...A | sh\n"
	"  - id: b\n    languages: [python]\n    severity: low\n    message: m\n"
	"    match: |\n      $A = $B\n      ...\n      $A.$M(...)\n"
	"  - id: c\n    languages: [yaml]\n    severity: low\n    message: m\n"
	"    match:\n      any:\n        - pattern: 'a: $X'\n        - pattern: |\n            a: [..., 1, ...]\n            b: $Y\n"
	"  - id: c2\n    languages: [hcl]\n    severity: low\n    message: m\n"
	"    match: |\n      resource $T $N {\n        a = [..., \"x\", ...]\n      }\n"
	"  - id: c3\n    languages: [json]\n    severity: low\n    message: m\n    match: '{\"a\": $X}'\n"
	"  - id: d\n    languages: [dockerfile]\n    severity: low\n    message: m\n"
	"    match:\n      all:\n        - instruction: RUN\n        - where: [{metavariable: $ARGS, regex: 'curl.*\\|'}]\n"
	"  - id: e\n    languages: [dockerfile]\n    severity: low\n    message: m\n"
	"    match:\n      instruction: USER\n      stage: final\n      missing: true\n"
	/* a taint rule: the engine's walk of any tree, alone and across files (below) */
	"  - id: t\n    languages: [python, javascript, ruby, php, go, java, csharp, c, cpp, rust, kotlin]\n"
	"    severity: high\n    message: m\n"
	"    taint:\n      sources:\n        - pattern: source(...)\n        - pattern: getq(...)\n"
	"      sinks:\n        - all:\n            - pattern: sink($X, ...)\n            - focus: $X\n"
	"        - pattern: run(...)\n"
	"      sanitizers:\n        - pattern: clean(...)\n        - all:\n            - pattern: ok($X)\n            - focus: $X\n"
	"      rejects:\n        - all:\n            - pattern: bad($X)\n            - focus: $X\n"
	"      propagators:\n        - pattern: fill($A, $B)\n          from: $B\n          to: $A\n"
	"        - pattern: copy($A, $B)\n          from: $B\n          to: $A\n          replaces: true\n"
	"        - pattern: $D.update($X)\n          from: $X\n          to: $D\n";

static const char *const paths[] = { "f.py", "f.js", "f.rb", "f.php", "f.go", "F.java", "f.c", "f.rs",
	"F.kt", "F.cs", "f.sh", "f.yaml", "main.tf", "f.json", "Dockerfile", "f.cpp" };

static int ignore(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	(void)ud, (void)r, (void)m, (void)flow;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static sast_ruleset set;
	static sast_engine *e;
	static int loaded;
	sast_ctx *c = NULL;
	scan_parse_state ps;
	/* the first byte picks the language, the rest is the file */
	const char *path;

	if (!loaded) {
		loaded = 1;
		if (scan_sast__load_text(&set, rules, strlen(rules), "fuzz.yaml") != 0 || scan_sast__engine_new(&e, &set) != 0) {
			fprintf(stderr, "fuzz_sast_code: %s\n", scan_error_last()->message);
			abort();
		}
	}
	if (size < 1 || scan_sast__ctx_new(&c, e) != 0)
		return 0;
	path = paths[data[0] % (sizeof(paths) / sizeof(paths[0]))];
	memset(&ps, 0, sizeof(ps));
	{
		const char *text = (const char *)data + 1, *why = NULL;
		scan_lang lang = scan_lang__detect(path, NULL, 0);
		const TSTree *tree = scan_parse__parse(&ps, lang, text, size - 1, &why);
		if (!why) {
			taint_world *w = NULL;
			scan_sast__scan_file(c, lang, path, text, size - 1, tree, ignore, NULL, &why);
			/* a deep scan: the file teaches the world, then is analysed again with what it learnt */
			if (scan_taint__world_new(&w) == 0) {
				c->world = w, c->path = path;
				for (int pass = 1; pass <= 2; pass++) {
					c->pass = pass;
					why = NULL;
					scan_sast__scan_file(c, lang, path, text, size - 1, tree, ignore, NULL, &why);
				}
				c->world = NULL;
				scan_taint__world_free(w);
			}
		}
	}
	scan_parse__dispose(&ps);
	scan_sast__ctx_free(c);
	return 0;
}
