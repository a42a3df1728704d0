/* lib/parse/tree.c - one syntax tree per file, parsed on first use and shared by every analyzer */
#include <string.h>
#include "parse/language.h"
#include "parse/tree.h"

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
	if (!(ts = scan_parse__ts_language(lang))) {
		ps->skip_reason = "no parser for the language";
	} else if (len > UINT32_MAX) {
		ps->skip_reason = "larger than 4 GiB";
	} else if (!(ps->skip_reason = scan_parse__minified(data, len))) {
		if (!ps->parser && !(ps->parser = ts_parser_new())) {
			ps->skip_reason = "out of memory";
		} else if (!ts_parser_set_language(ps->parser, ts)) {
			ps->skip_reason = "grammar version mismatch";
		} else {
			string_input si = { data, (uint32_t)len };
			TSInput in = { &si, read_string, TSInputEncodingUTF8, NULL };
			TSParseOptions opts = { ps, over_budget };
			ts_parser_reset(ps->parser);
			ps->steps = 0;
			ps->steps_max = SCAN_PARSE_STEPS_BASE + (uint64_t)len / 1024 * SCAN_PARSE_STEPS_PER_KB;
			ps->tree = ts_parser_parse_with_options(ps->parser, NULL, in, opts);
			if (!ps->tree)
				ps->skip_reason = "parsing exceeded its work budget";
			else
				ps->has_error = ts_node_has_error(ts_tree_root_node(ps->tree));
		}
	}
	*reason = ps->skip_reason;
	return ps->tree;
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
}

void scan_parse__dispose(scan_parse_state *ps)
{
	scan_parse__reset(ps);
	if (ps->parser)
		ts_parser_delete(ps->parser);
	ps->parser = NULL;
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
