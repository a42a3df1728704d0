/* lib/parse/tree.c - one syntax tree per file, parsed on first use and shared by every analyzer */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse/language.h"
#include "parse/tree.h"
#include "scan/common.h"

static bool over_budget(TSParseState *st)
{
	scan_parse_state *ps = st->payload;
	return ++ps->steps > ps->steps_max; /* true cancels the parse */
}

bool scan_parse__supported(scan_lang lang)
{
	return lang == SCAN_LANG_DOCKERFILE || scan_parse__ts_language(lang) != NULL;
}

const char *scan_parse__minified(const char *data, size_t len)
{
	size_t long_bytes = 0, punct = 0, start = 0;

	if (len < SCAN_PARSE_MINIFIED_MIN)
		return NULL;
	for (size_t i = 0; i <= len; i++) {
		size_t n;
		if (i < len && data[i] != '\n')
			continue;
		n = i - start;
		if (n > SCAN_PARSE_LONG_LINE) {
			long_bytes += n;
			for (size_t k = start; k < i; k++)
				punct += data[k] && strchr(";{}(),=+-*<>&|", data[k]) != NULL;
		}
		start = i + 1;
	}
	if (long_bytes * 100 < len * SCAN_PARSE_MINIFIED_SHARE || punct * SCAN_PARSE_MINIFIED_PUNCT < long_bytes)
		return NULL;
	return "minified or generated: most of it is long lines of dense code";
}

typedef struct {
	const char *data;
	uint32_t len;
} string_input;

static const char *read_string(void *payload, uint32_t at, TSPoint pos, uint32_t *n)
{
	const string_input *in = payload;
	(void)pos;
	if (at >= in->len) {
		*n = 0;
		return "";
	}
	*n = in->len - at;
	return in->data + at;
}

/* Parse data with ts within its work budget; NULL with the reason. The parser is the worker's, kept. */
static TSTree *parse_text(scan_parse_state *ps, const TSLanguage *ts, const char *data, size_t len,
                          const char **reason)
{
	TSTree *tree = NULL;

	if (len > UINT32_MAX) {
		*reason = "larger than 4 GiB";
	} else if (!(*reason = scan_parse__minified(data, len))) {
		if (!ps->parser && !(ps->parser = ts_parser_new())) {
			*reason = "out of memory";
		} else if (!ts_parser_set_language(ps->parser, ts)) {
			*reason = "grammar version mismatch";
		} else {
			string_input si = { data, (uint32_t)len };
			TSInput in = { &si, read_string, TSInputEncodingUTF8, NULL };
			TSParseOptions opts = { ps, over_budget };
			ts_parser_reset(ps->parser);
			ps->steps = 0;
			ps->steps_max = SCAN_PARSE_STEPS_BASE + (uint64_t)len / 1024 * SCAN_PARSE_STEPS_PER_KB;
			if (!(tree = ts_parser_parse_with_options(ps->parser, NULL, in, opts)))
				*reason = "parsing exceeded its work budget";
		}
	}
	return tree;
}

const TSTree *scan_parse__parse(scan_parse_state *ps, scan_lang lang, const char *data, size_t len, const char **reason)
{
	const TSLanguage *ts;

	if (ps->tried) {
		*reason = ps->skip_reason;
		return ps->tree;
	}
	ps->tried = true;
	ps->lang = lang;
	*reason = NULL;
	if (lang == SCAN_LANG_DOCKERFILE)
		return NULL;
	if (!(ts = scan_parse__ts_language(lang)))
		ps->skip_reason = "no parser for the language";
	else if ((ps->tree = parse_text(ps, ts, data, len, &ps->skip_reason)) != NULL)
		ps->has_error = ts_node_has_error(ts_tree_root_node(ps->tree));
	*reason = ps->skip_reason;
	return ps->tree;
}

const scan_notebook *scan_parse__notebook(scan_parse_state *ps, const char *data, size_t len, const TSTree **tree,
                                          const char **reason)
{
	scan_parse_notebook *v = ps->notebook;
	const char *why = NULL;
	int rc;

	*tree = NULL;
	if (!v && !(v = ps->notebook = calloc(1, sizeof(*v)))) {
		*reason = SCAN_NOTEBOOK_SKIP "out of memory";
		return NULL;
	}
	if (!v->tried) {
		v->tried = true;
		rc = scan_parse__notebook_read(&v->nb, data, len);
		if (rc) {
			snprintf(v->why, sizeof(v->why), SCAN_NOTEBOOK_SKIP "%s",
			         rc == SCAN_ENOMEM ? "out of memory" : scan_error_last()->message);
			v->skip_reason = v->why;
		} else if (v->nb.code.size && !strcmp(v->nb.language, "python") &&
		           !(v->tree = parse_text(ps, scan_parse__ts_language(SCAN_LANG_PYTHON), v->nb.code.ptr,
		                                  v->nb.code.size, &why))) {
			snprintf(v->why, sizeof(v->why), SCAN_NOTEBOOK_SKIP "%s", why);
			v->skip_reason = v->why;
		}
	}
	*reason = v->skip_reason;
	*tree = v->tree;
	return v->tree ? &v->nb : NULL;
}

void scan_parse__skip(scan_parse_state *ps, const char *reason)
{
	ps->tried = true;
	ps->skip_reason = reason;
}

void scan_parse__reset(scan_parse_state *ps)
{
	if (ps->tree)
		ts_tree_delete(ps->tree);
	ps->tree = NULL;
	ps->tried = false;
	ps->has_error = false;
	ps->skip_reason = NULL;
	if (ps->notebook && ps->notebook->tried) {
		if (ps->notebook->tree)
			ts_tree_delete(ps->notebook->tree);
		scan_parse__notebook_dispose(&ps->notebook->nb);
		memset(ps->notebook, 0, sizeof(*ps->notebook));
	}
}

void scan_parse__dispose(scan_parse_state *ps)
{
	scan_parse__reset(ps);
	if (ps->parser)
		ts_parser_delete(ps->parser);
	ps->parser = NULL;
	free(ps->notebook);
	ps->notebook = NULL;
}

bool scan_parse__walk_next(TSTreeCursor *cur, bool descend, uint32_t *depth)
{
	if (descend && ts_tree_cursor_goto_first_child(cur)) {
		++*depth;
		return true;
	}
	while (!ts_tree_cursor_goto_next_sibling(cur)) {
		if (!ts_tree_cursor_goto_parent(cur))
			return false;
		--*depth;
	}
	return true;
}
