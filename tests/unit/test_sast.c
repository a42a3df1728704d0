/*
 * tests/unit/test_sast.c - the code rule engine: patterns, metavariables,
 * ellipses, combinators, constraints, sets (YAML, HCL), Dockerfiles,
 * queries, regexes, rule validation, and files that must not stall it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "parse/tree.h"
#include "sast/engine.h"
#include "scan/common.h"

typedef struct {
	unsigned count;
	unsigned lines[16];
} hits;

static int collect(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	hits *h = ud;
	(void)r, (void)flow;
	if (h->count < 16)
		h->lines[h->count] = m->line;
	h->count++;
	return 0;
}

/* Findings of the rules in yaml over code scanned as path; -1 when the rules do not load. */
static int run(const char *yaml, const char *path, const char *code, hits *h, const char **skip)
{
	sast_ruleset set;
	sast_engine *e = NULL;
	sast_ctx *c = NULL;
	scan_parse_state ps;
	const char *why = NULL;
	const TSTree *tree;
	scan_lang lang = scan_lang__detect(path, (const unsigned char *)code, strlen(code));
	int rc;

	memset(&set, 0, sizeof(set));
	memset(&ps, 0, sizeof(ps));
	memset(h, 0, sizeof(*h));
	if (scan_sast__load_text(&set, yaml, strlen(yaml), "test.yaml") != 0) {
		scan_sast__ruleset_dispose(&set);
		return -1;
	}
	assert_int_equal(scan_sast__engine_new(&e, &set), 0);
	assert_int_equal(scan_sast__ctx_new(&c, e), 0);
	tree = scan_parse__parse(&ps, lang, code, strlen(code), &why);
	if (skip)
		*skip = why;
	rc = why ? SCAN_ELIMIT : scan_sast__scan_file(c, lang, path, code, strlen(code), tree, collect, h, &why);
	if (skip && why)
		*skip = why;
	scan_sast__ctx_free(c);
	scan_sast__engine_free(e);
	scan_sast__ruleset_dispose(&set);
	scan_parse__dispose(&ps);
	return rc;
}

static unsigned count(const char *yaml, const char *path, const char *code)
{
	hits h;
	assert_int_equal(run(yaml, path, code, &h, NULL), 0);
	return h.count;
}

#define RULE(langs, match) \
	"rules:\n  - id: t\n    languages: [" langs "]\n    severity: high\n    message: m\n    match:\n" match

static void test_metavariables_unify(void **state)
{
	const char *r = RULE("python", "      pattern: $X == $X\n");
	(void)state;
	assert_int_equal(count(r, "a.py", "if a == a:\n    pass\n"), 1);
	assert_int_equal(count(r, "a.py", "if a == b:\n    pass\n"), 0);
	assert_int_equal(count(r, "a.py", "if f(x) == f(x):\n    pass\n"), 1);
}

static void test_ellipsis_arguments(void **state)
{
	const char *r = RULE("python", "      pattern: requests.get(..., verify=False, ...)\n");
	(void)state;
	assert_int_equal(count(r, "a.py", "requests.get(u, verify=False)\n"), 1);
	assert_int_equal(count(r, "a.py", "requests.get(u, timeout=3, verify=False, headers=h)\n"), 1);
	assert_int_equal(count(r, "a.py", "requests.get(u, verify=True)\n"), 0);
	assert_int_equal(count(r, "a.py", "requests.post(u, verify=False)\n"), 0);
}

static void test_strings_and_parentheses(void **state)
{
	const char *r = RULE("javascript", "      pattern: eval(\"...\")\n");
	const char *v = RULE("python", "      pattern: hashlib.new(\"md5\")\n");
	(void)state;
	assert_int_equal(count(r, "a.js", "eval('1 + 1');\n"), 1);
	assert_int_equal(count(r, "a.js", "eval(`1 + ${x}`);\n"), 0);
	assert_int_equal(count(r, "a.js", "eval(x);\n"), 0);
	assert_int_equal(count(v, "a.py", "hashlib.new('md5')\nhashlib.new(\"md5\")\nhashlib.new(('md5'))\n"), 3);
	assert_int_equal(count(v, "a.py", "hashlib.new('sha256')\n"), 0);
	/* comments inside the matched code do not matter */
	assert_int_equal(count(v, "a.py", "hashlib.new(  # legacy\n    'md5')\n"), 1);
}

static void test_statement_sequence(void **state)
{
	const char *r = RULE("python", "      pattern: |\n        $F = open($P)\n        ...\n        $F.write($D)\n");
	(void)state;
	assert_int_equal(count(r, "a.py", "def f(p, d):\n    h = open(p)\n    log(p)\n    h.write(d)\n"), 1);
	assert_int_equal(count(r, "a.py", "def f(p, d):\n    h = open(p)\n    g.write(d)\n"), 0);
}

static void test_combinators(void **state)
{
	const char *notr = RULE("python",
		"      all:\n"
		"        - pattern: subprocess.call($C, shell=True)\n"
		"        - not:\n            pattern: subprocess.call(\"...\", shell=True)\n");
	const char *inside = RULE("javascript",
		"      all:\n"
		"        - pattern: res.send($X)\n"
		"        - inside:\n            pattern: |\n              app.get($P, function ($REQ, res) { ... })\n");
	const char *notinside = RULE("java",
		"      all:\n"
		"        - pattern: DocumentBuilderFactory.newInstance()\n"
		"        - not-inside:\n"
		"            pattern: |\n"
		"              $F = DocumentBuilderFactory.newInstance();\n"
		"              ...\n"
		"              $F.setFeature(\"http://apache.org/xml/features/disallow-doctype-decl\", true);\n");
	const char *has = RULE("go",
		"      all:\n"
		"        - pattern: |\n            func $F($W http.ResponseWriter, $R *http.Request) { ... }\n"
		"        - has:\n            pattern: $R.FormValue($K)\n"
		"        - not-has:\n            pattern: html.EscapeString(...)\n"
		"        - focus: $F\n");
	hits h;
	(void)state;
	assert_int_equal(count(notr, "a.py", "subprocess.call(cmd, shell=True)\n"), 1);
	assert_int_equal(count(notr, "a.py", "subprocess.call('ls', shell=True)\n"), 0);
	assert_int_equal(count(inside, "a.js", "app.get('/', function (req, res) { res.send(req.query.q); });\n"), 1);
	assert_int_equal(count(inside, "a.js", "function g(res) { res.send(1); }\n"), 0);
	assert_int_equal(count(notinside, "A.java",
		"class A { void f() { DocumentBuilderFactory d = DocumentBuilderFactory.newInstance(); d.parse(x); } }\n"), 1);
	assert_int_equal(count(notinside, "A.java",
		"class A { void f() {\n DocumentBuilderFactory d;\n d = DocumentBuilderFactory.newInstance();\n"
		" d.setFeature(\"http://apache.org/xml/features/disallow-doctype-decl\", true);\n } }\n"), 0);
	assert_int_equal(run(has, "a.go", "package m\n\nfunc H(w http.ResponseWriter, r *http.Request) {\n"
		"\tw.Write([]byte(r.FormValue(\"q\")))\n}\n", &h, NULL), 0);
	assert_int_equal(h.count, 1);
	assert_int_equal(h.lines[0], 3); /* focus: the function name */
	assert_int_equal(count(has, "a.go", "package m\n\nfunc H(w http.ResponseWriter, r *http.Request) {\n"
		"\tw.Write([]byte(html.EscapeString(r.FormValue(\"q\"))))\n}\n"), 0);
}

static void test_where(void **state)
{
	const char *constant = RULE("python",
		"      all:\n        - pattern: cursor.execute($Q)\n        - where:\n"
		"            - metavariable: $Q\n              constant: false\n");
	const char *cmp = RULE("java",
		"      all:\n        - pattern: $G.initialize($BITS)\n        - where:\n"
		"            - metavariable: $BITS\n              compare: \"< 2048\"\n"
		"            - metavariable: $G\n              regex: '(?i)gen'\n");
	const char *kind = RULE("javascript",
		"      all:\n        - pattern: $EL.innerHTML = $V\n        - where:\n"
		"            - metavariable: $V\n              kind: '^(identifier|member_expression)$'\n");
	(void)state;
	assert_int_equal(count(constant, "a.py", "cursor.execute('select 1')\ncursor.execute('select ' + 'x')\n"), 0);
	assert_int_equal(count(constant, "a.py", "cursor.execute('select ' + x)\ncursor.execute(f'select {x}')\n"), 2);
	assert_int_equal(count(cmp, "A.java", "class A { void f() { keyGen.initialize(1024); gen.initialize(4096); } }\n"), 1);
	assert_int_equal(count(cmp, "A.java", "class A { void f() { other.initialize(512); } }\n"), 0);
	assert_int_equal(count(kind, "a.js", "el.innerHTML = html;\nel.innerHTML = '<b>';\nel.innerHTML = a.b;\n"), 2);
}

static void test_yaml_and_hcl_are_sets(void **state)
{
	const char *k8s = RULE("yaml",
		"      all:\n        - pattern: |\n            name: $N\n            image: $I\n"
		"        - not-has:\n            pattern: |\n              resources:\n                limits: $L\n");
	const char *tf = RULE("hcl",
		"      pattern: |\n        resource \"aws_s3_bucket_acl\" $N {\n          acl = \"public-read\"\n        }\n");
	(void)state;
	assert_int_equal(count(k8s, "d.yaml",
		"spec:\n  containers:\n    - image: a:1\n      name: a\n    - name: b\n      image: b:1\n"
		"      resources:\n        limits:\n          cpu: 1\n"), 1);
	assert_int_equal(count(tf, "main.tf",
		"resource \"aws_s3_bucket_acl\" \"x\" {\n  bucket = aws_s3_bucket.b.id\n  acl    = \"public-read\"\n}\n"), 1);
	assert_int_equal(count(tf, "main.tf", "resource \"aws_s3_bucket_acl\" \"x\" {\n  acl = \"private\"\n}\n"), 0);
}

static void test_dockerfile(void **state)
{
	const char *root = "rules:\n  - id: t\n    languages: [dockerfile]\n    severity: high\n    message: m\n"
		"    match:\n      instruction: USER\n      stage: final\n      missing: true\n";
	const char *pipe = "rules:\n  - id: t\n    languages: [dockerfile]\n    severity: high\n    message: m\n"
		"    match:\n      all:\n        - instruction: run\n        - where:\n"
		"            - metavariable: $ARGS\n              regex: 'curl[^|]*\\|\\s*sh'\n";
	sast_dockerfile df = { 0 };
	scan_arena a = SCAN_ARENA_INIT;
	const char *src = "# escape=`\nFROM a AS b\nRUN echo `\n  # a comment\n  one\nFROM c\nRUN <<EOF\nset -e\necho hi\nEOF\nUSER 1000\n";
	hits h;
	(void)state;
	assert_int_equal(scan_dockerfile__parse(&df, &a, src, strlen(src)), 0);
	assert_int_equal(df.n, 5);
	assert_int_equal(df.stages, 2);
	assert_string_equal(df.v[1].keyword, "RUN");
	assert_string_equal(df.v[1].args, "echo  one");
	assert_int_equal(df.v[1].line, 3);
	assert_int_equal(df.v[1].end_line, 5);
	assert_string_equal(df.v[3].args, "<<EOF\nset -e\necho hi");
	assert_int_equal(df.v[4].stage, 1);
	free(df.v);
	scan_arena__dispose(&a);

	assert_int_equal(run(root, "Dockerfile", "FROM golang AS build\nUSER app\nFROM alpine\nRUN true\n", &h, NULL), 0);
	assert_int_equal(h.count, 1);
	assert_int_equal(h.lines[0], 3);
	assert_int_equal(count(root, "Dockerfile", "FROM alpine\nUSER 1000\n"), 0);
	assert_int_equal(count(pipe, "Dockerfile", "FROM a\nRUN curl -s https://x \\\n  | sh\n"), 1);
	assert_int_equal(count(pipe, "Dockerfile", "FROM a\nRUN curl -so f https://x\n"), 0);
}

static void test_query_and_regex_leaves(void **state)
{
	const char *q = RULE("python",
		"      all:\n        - query: '(call function: (identifier) @FN arguments: (argument_list)) @match'\n"
		"        - where:\n            - metavariable: $FN\n              regex: '^(eval|exec)$'\n");
	const char *re = RULE("python", "      regex: 'password\\s*=\\s*\"(?<PW>[^\"]{8,})\"'\n");
	(void)state;
	assert_int_equal(count(q, "a.py", "eval(x)\nprint(x)\nexec(y)\n"), 2);
	assert_int_equal(count(re, "a.py", "password = \"hunter2hunter2\"\npassword = \"short\"\n"), 1);
}

static void test_validation_errors_name_the_line(void **state)
{
	sast_ruleset set;
	static const struct { const char *yaml, *want; } bad[] = {
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match: 'f(('\n",
		  "test.yaml:6: python: the pattern does not parse" },
		{ "rules:\n  - id: t\n    languages: [cobol]\n    severity: high\n    message: m\n    match: f()\n",
		  "unknown language 'cobol'" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match:\n      not: f()\n",
		  "belongs in an all: list" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match:\n      all:\n"
		  "        - pattern: f($X)\n        - where:\n            - metavariable: $Y\n              regex: a\n",
		  "test.yaml:10: metavariable '$Y' is not bound" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match: f()\n    colour: red\n",
		  "test.yaml:7: unknown rule key 'colour'" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match: $X\n",
		  "more than a metavariable" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    match:\n      query: '((identifier) @x (#eq? @x \"a\"))'\n",
		  "predicates" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    taint:\n"
		  "      sources: [request.args]\n      sinks: ['os.system(...)']\n      propagators:\n"
		  "        - pattern: $D.update($X)\n          to: $D\n",
		  "test.yaml:10: a propagator is a mapping of 'from', 'to' and one formula" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    taint:\n"
		  "      sources: [request.args]\n      sinks: ['os.system(...)']\n      propagators:\n"
		  "        - pattern: $D.update($X)\n          from: $Y\n          to: $D\n",
		  "metavariable '$Y' is not bound" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    message: m\n    taint:\n"
		  "      sources: [request.args]\n      sinks: ['os.system(...)']\n      propagators:\n"
		  "        - pattern: $D.update($X)\n          from: $X\n          to: $D\n          replaces: yes\n",
		  "test.yaml:13: a propagator's 'replaces' is true or false" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    category: ai\n    owasp: LLM05:2025\n"
		  "    message: m\n    match: f()\n",
		  "test.yaml:2: a rule of category ai has 'ai_rule: AI<3 digits>'" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    category: ai\n    ai_rule: AI11\n"
		  "    owasp: LLM05:2025\n    message: m\n    match: f()\n",
		  "test.yaml:6: a rule of category ai has 'ai_rule" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    category: ai\n    ai_rule: AI011\n"
		  "    owasp: LLM08:2023\n    message: m\n    match: f()\n",
		  "test.yaml:7: a rule of category ai has 'owasp: LLM01:2025'" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    category: ai\n    ai_rule: AI011\n"
		  "    owasp: LLM11:2025\n    message: m\n    match: f()\n",
		  "the 2025 list" },
		{ "rules:\n  - id: t\n    languages: [python]\n    severity: high\n    ai_rule: AI011\n"
		  "    message: m\n    match: f()\n",
		  "test.yaml:5: 'ai_rule' belongs to rules of category ai" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&set, 0, sizeof(set));
		assert_int_not_equal(scan_sast__load_text(&set, bad[i].yaml, strlen(bad[i].yaml), "test.yaml"), 0);
		if (!strstr(scan_error_last()->message, bad[i].want))
			fail_msg("case %zu: '%s' does not say '%s'", i, scan_error_last()->message, bad[i].want);
		assert_int_equal(set.count, 0);
		scan_sast__ruleset_dispose(&set);
	}
}

static void test_message_template(void **state)
{
	sast_ruleset set;
	sast_match m;
	scan_buf b = SCAN_BUF_INIT;
	const char *y = "rules:\n  - id: t\n    languages: [python]\n    severity: high\n"
	                "    message: \"$FN with $ARG\"\n    match: os.$FN($ARG)\n";
	const char *src = "os.system(cmd)";
	(void)state;
	memset(&set, 0, sizeof(set));
	memset(&m, 0, sizeof(m));
	assert_int_equal(scan_sast__load_text(&set, y, strlen(y), "t.yaml"), 0);
	assert_int_equal(set.rules[0].nmv, 2);
	m.bound = 3;
	m.b[0].sb = 3, m.b[0].eb = 9;   /* $FN: system */
	m.b[1].sb = 10, m.b[1].eb = 13; /* $ARG: cmd */
	scan_sast__render(&b, set.rules[0].message, &set.rules[0], &m, src);
	assert_string_equal(b.ptr, "system with cmd");
	scan_buf_dispose(&b);
	scan_sast__ruleset_dispose(&set);
}

/* Hostile files end in bounded time: skipped with a reason, or analyzed. */
static void test_pathological_files(void **state)
{
	const char *r = RULE("javascript", "      pattern: eval($X)\n");
	size_t n = (size_t)2 << 20;
	char *big = malloc(n + 1);
	const char *skip = NULL;
	hits h;
	(void)state;
	assert_non_null(big);
	/* a 2 MiB line of one token (a string, a comment, a blob) is analyzed */
	memset(big, 'a', n);
	big[n] = '\0';
	memcpy(big, "eval(x);", 8);
	assert_int_equal(run(r, "long.js", big, &h, &skip), 0);
	assert_null(skip);
	assert_int_equal(h.count, 1);
	/* a 2 MiB line of dense code: minified */
	for (size_t i = 8; i + 4 <= n; i += 4)
		memcpy(big + i, "a=b;", 4);
	assert_int_equal(run(r, "m.js", big, &h, &skip), SCAN_ELIMIT);
	assert_non_null(skip);
	assert_non_null(strstr(skip, "minified"));
	/* 100k nested brackets, one a line, so it is parsed and walked */
	for (size_t i = 0; i < 200000; i += 2)
		big[i] = '[', big[i + 1] = '\n';
	memcpy(big + 200000, "eval(x)", sizeof("eval(x)"));
	assert_true(run(r, "d.js", big, &h, &skip) == 0 || skip != NULL);
	/* invalid UTF-8 around code is parsed, and the code still matched */
	snprintf(big, n, "%s", "\xff\xfe\xc3( eval(y);\n// \xed\xa0\x80\neval(z);\n");
	assert_int_equal(run(r, "u.js", big, &h, &skip), 0);
	assert_true(h.count >= 1);
	free(big);
}

/*
 * The rules in yaml over Python code (len bytes): the findings into h, and
 * the id of the first rule dropped for the file over a budget with why
 * (NULL when none was) into the caller's buffers.
 */
static void run_dropping(const char *yaml, const char *code, size_t len, hits *h, char *dropped_id, size_t idsz,
                         const char **dropped_why)
{
	sast_ruleset set;
	sast_engine *e = NULL;
	sast_ctx *c = NULL;
	scan_parse_state ps;
	const char *why = NULL;
	const sast_rule *dropped;
	const TSTree *tree;

	memset(&set, 0, sizeof(set));
	memset(&ps, 0, sizeof(ps));
	memset(h, 0, sizeof(*h));
	assert_int_equal(scan_sast__load_text(&set, yaml, strlen(yaml), "test.yaml"), 0);
	assert_int_equal(scan_sast__engine_new(&e, &set), 0);
	assert_int_equal(scan_sast__ctx_new(&c, e), 0);
	tree = scan_parse__parse(&ps, SCAN_LANG_PYTHON, code, len, &why);
	assert_null(why);
	assert_int_equal(scan_sast__scan_file(c, SCAN_LANG_PYTHON, "a.py", code, len, tree, collect, h, &why), 0);
	assert_null(why);
	*dropped_why = NULL;
	dropped_id[0] = '\0';
	if (scan_sast__ctx_dropped(c, 0, &dropped, dropped_why))
		snprintf(dropped_id, idsz, "%s", dropped->id);
	assert_false(scan_sast__ctx_dropped(c, 1, &dropped, &why));
	scan_sast__ctx_free(c);
	scan_sast__engine_free(e);
	scan_sast__ruleset_dispose(&set);
	scan_parse__dispose(&ps);
}

/* A rule over its budget is dropped for the file and named; the other rules still match there. */
static void test_rule_budget(void **state)
{
	const char *y = "rules:\n"
	                "  - id: backtrack\n    languages: [python]\n    severity: low\n    message: m\n"
	                "    match:\n      regex: '(a|aa|a?)+$'\n"
	                "  - id: shell\n    languages: [python]\n    severity: high\n    message: m\n"
	                "    match:\n      pattern: os.system($X)\n";
	size_t n = 30000;
	char *code = malloc(n + 64), id[64];
	const char *why;
	hits h;
	(void)state;

	assert_non_null(code);
	memcpy(code, "os.system(x)\n# ", 15);
	memset(code + 15, 'a', n);
	memcpy(code + 15 + n, "!\n", 3);
	run_dropping(y, code, strlen(code), &h, id, sizeof(id), &why);
	assert_int_equal(h.count, 1);
	assert_int_equal(h.lines[0], 1);
	assert_string_equal(id, "backtrack");
	assert_non_null(strstr(why, "match limit"));
	free(code);
}

/* A rule whose matches outgrow its memory budget on a file is dropped there; a sparse rule is not. */
static void test_match_memory_budget(void **state)
{
	const char *y = "rules:\n"
	                "  - id: every-call\n    languages: [python]\n    severity: low\n    message: m\n"
	                "    match:\n      pattern: foo($X)\n"
	                "  - id: shell\n    languages: [python]\n    severity: high\n    message: m\n"
	                "    match:\n      pattern: os.system($X)\n";
	size_t calls = 20000;
	char *code = malloc(calls * 8 + 32), id[64];
	const char *why;
	hits h;
	(void)state;

	assert_non_null(code);
	for (size_t i = 0; i < calls; i++)
		memcpy(code + 8 * i, "foo(1);\n", 8);
	memcpy(code + 8 * calls, "os.system(x)\n", 14);
	run_dropping(y, code, 8 * calls + 14, &h, id, sizeof(id), &why);
	assert_int_equal(h.count, 1);
	assert_string_equal(id, "every-call");
	assert_non_null(strstr(why, "memory budget"));
	free(code);
}


static bool holds_factor(const char *s, const char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(s, v[i]))
			return true;
	return false;
}

/*
 * The literals a where: regex's matches must hold (what the engine searches
 * for before it tries a pattern): named where the regex says, none where it
 * does not, and never one a matching text lacks (checked against PCRE2 on
 * texts built from the regex's own pieces).
 */
static void test_regex_factors(void **state)
{
	static const struct {
		const char *re, *want; /* want: the factors joined by ',' in order; "" none */
	} cases[] = {
		{ "^(get|post|put)$", "get,post,put" },
		{ "^(?:execute|executemany)$", "execute,executemany" },
		{ "^request\\.(args|form)", "request." },
		{ "\\bos\\.system\\b", "os.system" },
		{ "^[a-z]+_token$", "_token" },
		{ "^(?:foo|bar)bazz", "bazz" },
		{ "^request\\.(POST|GET)(\\.dict\\(\\))?$|^request\\.get_json\\(.*\\)$|^json\\.loads\\(request\\.(body|data)\\)$",
		  "request.,request.get_json(,json.loads(request." },
		{ "^(os|sh)$", "" },          /* too short to help */
		{ "^x(foo|ba)y$", "" },       /* one branch without a literal */
		{ "(?i)^exec$", "" },          /* caseless: EXEC matches too */
		{ "^abc?d$", "" },            /* c may be absent: only "ab" and "d" are sure */
		{ "a|b.*c", "" },
		{ "^(?=foo)\\w+$", "" },
		{ "\\Qa.b(\\E", "" },
		{ "^secret(_key)?$", "secret" },
		{ "^(get|post)+x", "get,post" },
	};
	static const char *pieces[] = { "get", "post", "put", "ge", "t", "execute", "many", "request", ".", "args",
	                                "form", "os", "system", " ", "a", "b", "_", "token", "foo", "bar", "bazz",
	                                "POST", "GET", "dict", "(", ")", "get_json", "json", "loads", "body", "data",
	                                "x", "y", "sh", "exec", "EXEC", "c", "d", "secret", "_key", "Q", "\\", "os.system", "request.",
	                                "json.loads(" };
	const size_t npieces = sizeof(pieces) / sizeof(*pieces);
	unsigned seed = 12345;
	(void)state;

	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		scan_arena arena = { 0 };
		const char *v[16];
		char joined[256] = "", text[128];
		size_t n = 99;
		unsigned matched = 0;
		int err;
		PCRE2_SIZE off;
		pcre2_code *re = pcre2_compile((PCRE2_SPTR)cases[k].re, PCRE2_ZERO_TERMINATED, PCRE2_UTF, &err, &off, NULL);
		pcre2_match_data *md;

		assert_non_null(re);
		md = pcre2_match_data_create_from_pattern(re, NULL);
		assert_int_equal(scan_sast__regex_factors(&arena, cases[k].re, v, 16, &n), 0);
		for (size_t i = 0; i < n; i++)
			snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined), "%s%s", i ? "," : "", v[i]);
		if (strcmp(joined, cases[k].want))
			fail_msg("%s: factors '%s', want '%s'", cases[k].re, joined, cases[k].want);
		for (int t = 0; t < 50000 && n; t++) {
			size_t len = 0;
			for (int p = 0, np = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 5; p < np; p++) {
				const char *piece = pieces[((seed = seed * 1103515245u + 12345u) >> 16) % npieces];
				/* mostly pieces the regex names, or a match is too rare to test anything */
				for (int tries = 0; tries < 20 && !strstr(cases[k].re, piece) && (seed >> 16) % 4; tries++)
					piece = pieces[((seed = seed * 1103515245u + 12345u) >> 16) % npieces];
				if (len + strlen(piece) >= sizeof(text))
					break;
				memcpy(text + len, piece, strlen(piece));
				len += strlen(piece);
			}
			text[len] = '\0';
			if (pcre2_match(re, (PCRE2_SPTR)text, len, 0, 0, md, NULL) >= 0) {
				matched++;
				if (!holds_factor(text, v, n))
					fail_msg("%s matches '%s', which holds none of its factors '%s'", cases[k].re, text, joined);
			}
		}
		if (n && matched < 5) /* the texts must exercise the regex */
			fail_msg("%s: only %u of the texts matched", cases[k].re, matched);
		pcre2_match_data_free(md);
		pcre2_code_free(re);
		scan_arena__dispose(&arena);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regex_factors),
		cmocka_unit_test(test_rule_budget),
		cmocka_unit_test(test_match_memory_budget),
		cmocka_unit_test(test_metavariables_unify),
		cmocka_unit_test(test_ellipsis_arguments),
		cmocka_unit_test(test_strings_and_parentheses),
		cmocka_unit_test(test_statement_sequence),
		cmocka_unit_test(test_combinators),
		cmocka_unit_test(test_where),
		cmocka_unit_test(test_yaml_and_hcl_are_sets),
		cmocka_unit_test(test_dockerfile),
		cmocka_unit_test(test_query_and_regex_leaves),
		cmocka_unit_test(test_validation_errors_name_the_line),
		cmocka_unit_test(test_message_template),
		cmocka_unit_test(test_pathological_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
