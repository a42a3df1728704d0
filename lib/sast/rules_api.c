/* lib/sast/rules_api.c - the rule packs as the CLI sees them: list, show, test, validate */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "parse/tree.h"
#include "sast/engine.h"
#include "sast/match.h"
#include "scan/buf.h"
#include "scan/rules.h"
#include "util/beneath.h"
#include "util/error.h"
#include "util/rulefiles.h"

struct scan_rules {
	sast_ruleset set;
	const char **langs;           /* per rule: "python", "javascript,typescript,tsx" */
};

void scan_rules_free(scan_rules *rs)
{
	if (!rs)
		return;
	scan_sast__ruleset_dispose(&rs->set);
	free(rs->langs);
	free(rs);
}

int scan_rules_load(scan_rules **out, bool builtin, const char *extra_dir, const char *repo_root)
{
	scan_rules *rs = calloc(1, sizeof(*rs));
	int rc = 0;

	*out = NULL;
	if (!rs)
		return scan_error__oom();
	if (builtin)
		rc = scan_sast__load_builtin(&rs->set);
	if (!rc && extra_dir)
		rc = scan_sast__load_dir(&rs->set, extra_dir);
	if (!rc && repo_root) {
		scan_buf p = SCAN_BUF_INIT;
			scan_buf_printf(&p, "%s/.rampart/rules", repo_root);
		if (scan_buf_failed(&p))
			rc = scan_error__oom();
		else if (scan_util__dir_beneath(repo_root, ".rampart/rules")) /* no link in .rampart/rules */
			rc = scan_sast__load_dir(&rs->set, p.ptr);
		scan_buf_dispose(&p);
	}
	if (!rc && !(rs->langs = calloc(rs->set.count + 1, sizeof(*rs->langs))))
		rc = scan_error__oom();
	for (size_t i = 0; !rc && i < rs->set.count; i++) {
		scan_buf b = SCAN_BUF_INIT;
		for (int l = 1; l < SCAN_LANG__COUNT; l++)
			if (rs->set.rules[i].langs & (1ull << l))
				scan_buf_printf(&b, "%s%s", b.size ? "," : "", scan_lang__name((scan_lang)l));
		if (scan_buf_failed(&b) || !(rs->langs[i] = scan_arena__strdup(&rs->set.arena, b.ptr)))
			rc = scan_error__oom();
		scan_buf_dispose(&b);
	}
	if (rc) {
		scan_rules_free(rs);
		return rc;
	}
	*out = rs;
	return 0;
}

size_t scan_rules_count(const scan_rules *rs)
{
	return rs ? rs->set.count : 0;
}

int scan_rules_get(const scan_rules *rs, size_t i, scan_rule_info *out)
{
	const sast_rule *r;
	if (!rs || i >= rs->set.count)
		return scan_util__error(SCAN_EINVAL, "no rule %zu", i);
	r = &rs->set.rules[i];
	memset(out, 0, sizeof(*out));
	out->id = r->id;
	out->rule_id = r->rule_id;
	out->title = r->title;
	out->message = r->message;
	out->remediation = r->remediation;
	out->cwe = r->cwe;
	out->owasp = r->owasp;
	out->ai_rule = r->ai_rule;
	out->fix = r->fix;
	out->references = r->references;
	out->reference_count = r->nreferences;
	out->languages = rs->langs[i];
	out->origin = r->origin;
	out->severity = r->severity;
	out->category = r->category;
	out->confidence = r->confidence;
	out->taint = r->taint_sinks != NULL;
	for (size_t k = 0; k < r->nfixtures; k++) {
		if (r->fixtures[k].vulnerable)
			out->vulnerable_fixtures++;
		else
			out->safe_fixtures++;
	}
	return 0;
}

long scan_rules_find(const scan_rules *rs, const char *id)
{
	for (size_t i = 0; rs && i < rs->set.count; i++)
		if (!strcmp(rs->set.rules[i].id, id) || !strcmp(rs->set.rules[i].rule_id, id))
			return (long)i;
	return -1;
}

/* The file name a fixture is scanned as when it names none. */
static const char *default_path(uint64_t langs)
{
	static const struct { scan_lang l; const char *path; } names[] = {
		{ SCAN_LANG_PYTHON, "fixture.py" }, { SCAN_LANG_JAVASCRIPT, "fixture.js" },
		{ SCAN_LANG_TYPESCRIPT, "fixture.ts" }, { SCAN_LANG_TSX, "fixture.tsx" },
		{ SCAN_LANG_JAVA, "Fixture.java" }, { SCAN_LANG_GO, "fixture.go" }, { SCAN_LANG_C, "fixture.c" },
		{ SCAN_LANG_CPP, "fixture.cpp" }, { SCAN_LANG_CSHARP, "Fixture.cs" }, { SCAN_LANG_RUBY, "fixture.rb" },
		{ SCAN_LANG_PHP, "fixture.php" }, { SCAN_LANG_KOTLIN, "Fixture.kt" }, { SCAN_LANG_RUST, "fixture.rs" },
		{ SCAN_LANG_BASH, "fixture.sh" }, { SCAN_LANG_HCL, "main.tf" }, { SCAN_LANG_YAML, "fixture.yaml" },
		{ SCAN_LANG_JSON, "fixture.json" }, { SCAN_LANG_DOCKERFILE, "Dockerfile" },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (langs & (1ull << names[i].l))
			return names[i].path;
	return "fixture.txt";
}

typedef struct {
	const sast_rule *want;
	unsigned matches;
	unsigned first_line;
} fixture_run;

static int count_match(void *ud, const sast_rule *r, const sast_match *m, const sast_flow *flow)
{
	fixture_run *fr = ud;
	(void)flow;
	if (r == fr->want) {
		if (!fr->matches++)
			fr->first_line = m->line;
	}
	return 0;
}

static int test_rule(const scan_rules *rs, sast_ctx *ctx, scan_parse_state *ps, size_t i,
                     scan_rule_test_cb cb, void *payload, size_t *failed)
{
	const sast_rule *r = &rs->set.rules[i];
	size_t vul = 0, safe = 0;
	int rc = 0;

	for (size_t k = 0; k < r->nfixtures && !rc; k++) {
		const sast_fixture *fx = &r->fixtures[k];
		const char *path = fx->path ? fx->path : default_path(r->langs);
		scan_lang lang = scan_lang__detect(path, (const unsigned char *)fx->code, strlen(fx->code));
		scan_rule_test_result res = { r->rule_id, k, fx->line, fx->vulnerable, false, 0, 0, NULL };
		fixture_run fr = { r, 0, 0 };
		const char *why = NULL;
		const TSTree *tree;

		fx->vulnerable ? vul++ : safe++;
		scan_parse__reset(ps);
		tree = scan_parse__parse(ps, lang, fx->code, strlen(fx->code), &why);
		if (!(r->langs & (1ull << lang))) {
			res.problem = "the fixture's path is not in one of the rule's languages";
		} else if (why) {
			res.problem = why;
		} else if (tree && ts_node_has_error(ts_tree_root_node(tree))) {
			res.problem = "the fixture does not parse";
		} else {
			rc = scan_sast__scan_file(ctx, lang, path, fx->code, strlen(fx->code), tree, count_match, &fr, &why);
			if (rc == SCAN_ELIMIT) {
				res.problem = why, rc = 0;
			} else if (!rc) {
				res.matches = fr.matches;
				res.first_line = fr.first_line;
				if (fx->vulnerable && !fr.matches)
					res.problem = "no match in vulnerable code";
				else if (!fx->vulnerable && fr.matches)
					res.problem = "matched safe code";
			}
		}
		res.passed = !res.problem;
		if (!res.passed)
			(*failed)++;
		if (!rc)
			cb(&res, payload);
	}
	if (!rc && (!vul || !safe)) {
		scan_rule_test_result res = { r->rule_id, r->nfixtures, 0, !vul, false, 0, 0,
		                              !vul ? "no vulnerable fixture" : "no safe fixture" };
		(*failed)++;
		cb(&res, payload);
	}
	return rc;
}

int scan_rules_test(const scan_rules *rs, size_t i, scan_rule_test_cb cb, void *payload, size_t *failed)
{
	sast_engine *e = NULL;
	sast_ctx *ctx = NULL;
	scan_parse_state ps;
	int rc;

	*failed = 0;
	memset(&ps, 0, sizeof(ps));
	if (i != (size_t)-1 && i >= rs->set.count)
		return scan_util__error(SCAN_EINVAL, "no rule %zu", i);
	/* the set was compiled as it loaded, so the engine only reads it */
	if ((rc = scan_sast__engine_new(&e, (sast_ruleset *)(uintptr_t)&rs->set)) != 0)
		return rc;
	if ((rc = scan_sast__ctx_new(&ctx, e)) != 0) {
		scan_sast__engine_free(e);
		return rc;
	}
	ctx->keep_duplicates = true; /* each rule answers for its own fixtures */
	for (size_t k = 0; k < rs->set.count && !rc; k++)
		if (i == (size_t)-1 || k == i)
			rc = test_rule(rs, ctx, &ps, k, cb, payload, failed);
	scan_parse__dispose(&ps);
	scan_sast__ctx_free(ctx);
	scan_sast__engine_free(e);
	return rc;
}

typedef struct {
	scan_rule_problem_cb cb;
	void *payload;
	size_t files, bad;
} validation;

static int validate_one(void *ud, const char *text, size_t len, const char *path)
{
	validation *v = ud;
	sast_ruleset set;
	int rc;

	memset(&set, 0, sizeof(set));
	v->files++;
	rc = scan_sast__load_text(&set, text, len, path);
	scan_sast__ruleset_dispose(&set);
	if (rc == SCAN_ENOMEM)
		return rc;
	if (rc) {
		v->bad++;
		v->cb(scan_error_last()->message, v->payload);
	}
	return 0; /* every file gets its say */
}

int scan_rules_validate(const char *path, scan_rule_problem_cb cb, void *payload, size_t *files, size_t *bad)
{
	validation v = { cb, payload, 0, 0 };
	struct stat sb;
	int rc;

	*files = *bad = 0;
	if (stat(path, &sb) != 0)
		return scan_util__error(SCAN_ENOTFOUND, "no such file or directory: '%s'", path);
	if (S_ISDIR(sb.st_mode)) {
		rc = scan_util__rule_files_each(path, true, validate_one, &v);
	} else {
		char *text = NULL;
		size_t len = 0;
		if ((rc = scan_util__read_rule_file(&text, &len, path)) == 0)
			rc = validate_one(&v, text, len, path);
		free(text);
	}
	*files = v.files, *bad = v.bad;
	return rc;
}

static void dump_node(scan_buf *b, TSTreeCursor *cur, const char *src, unsigned depth)
{
	TSNode n = ts_tree_cursor_current_node(cur);
	const char *field = ts_tree_cursor_current_field_name(cur);
	TSPoint sp = ts_node_start_point(n);
	uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n);

	if (depth > 200)
		return;
	scan_buf_printf(b, "%*s%s%s%s%s%s [%u:%u]", (int)depth * 2, "", field ? field : "", field ? ": " : "",
	                ts_node_is_named(n) ? "" : "\"", ts_node_type(n), ts_node_is_named(n) ? "" : "\"",
	                sp.row + 1, sp.column + 1);
	if (ts_node_child_count(n) == 0 && ts_node_is_named(n)) {
		scan_buf_puts(b, "  ");
		for (uint32_t i = sb; i < eb && i < sb + 60; i++)
			scan_buf_putc(b, src[i] == '\n' ? ' ' : src[i]);
	}
	scan_buf_putc(b, '\n');
	if (ts_tree_cursor_goto_first_child(cur)) {
		do
			dump_node(b, cur, src, depth + 1);
		while (ts_tree_cursor_goto_next_sibling(cur));
		ts_tree_cursor_goto_parent(cur);
	}
}

int scan_rules_dump_tree(const char *path, char **out)
{
	scan_parse_state ps;
	scan_buf b = SCAN_BUF_INIT;
	char *text = NULL;
	size_t len = 0;
	const char *why = NULL;
	const TSTree *tree;
	scan_lang lang;
	int rc;

	*out = NULL;
	memset(&ps, 0, sizeof(ps));
	if ((rc = scan_util__read_rule_file(&text, &len, path)) != 0)
		return rc;
	lang = scan_lang__detect(path, (const unsigned char *)text, len);
	tree = scan_parse__parse(&ps, lang, text, len, &why);
	if (!tree) {
		rc = scan_util__error(SCAN_EINVAL, "'%s': %s", path, why ? why : "no syntax tree for this language");
	} else {
		TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree));
		dump_node(&b, &cur, text, 0);
		ts_tree_cursor_delete(&cur);
		if (!(*out = scan_buf_detach(&b)))
			rc = scan_error__oom();
	}
	scan_buf_dispose(&b);
	scan_parse__dispose(&ps);
	free(text);
	return rc;
}
