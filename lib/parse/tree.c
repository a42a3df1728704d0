/* lib/parse/tree.c - one syntax tree per file, parsed on first use and shared by every analyzer */
#include <string.h>
#include <time.h>
#include "parse/language.h"
#include "parse/tree.h"

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static bool over_time(TSParseState *st)
{
	const scan_parse_state *ps = st->payload;
	return now_ns() > ps->deadline_ns; /* true cancels the parse */
}

bool scan__parse_supported(scan_lang lang)
{
	return lang == SCAN_LANG_DOCKERFILE || scan__ts_language(lang) != NULL;
}

/* Minified or generated: one enormous line, or long lines throughout. */
static const char *too_long_lines(const char *data, size_t len)
{
	size_t lines = 1, start = 0;
	for (size_t i = 0; i < len; i++) {
		if (data[i] != '\n')
			continue;
		if (i - start > SCAN_PARSE_LINE_MAX)
			return "a line longer than 1 MiB (minified or generated)";
		lines++;
		start = i + 1;
	}
	if (len - start > SCAN_PARSE_LINE_MAX)
		return "a line longer than 1 MiB (minified or generated)";
	if (len >= SCAN_PARSE_MINIFIED_MIN && len / lines > SCAN_PARSE_MINIFIED_AVG)
		return "lines average over 500 bytes (minified or generated)";
	return NULL;
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

const TSTree *scan__parse(scan_parse_state *ps, scan_lang lang, const char *data, size_t len, const char **reason)
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
	if (!(ts = scan__ts_language(lang))) {
		ps->skip_reason = "no parser for the language";
	} else if (len > UINT32_MAX) {
		ps->skip_reason = "larger than 4 GiB";
	} else if (!(ps->skip_reason = too_long_lines(data, len))) {
		if (!ps->parser && !(ps->parser = ts_parser_new())) {
			ps->skip_reason = "out of memory";
		} else if (!ts_parser_set_language(ps->parser, ts)) {
			ps->skip_reason = "grammar version mismatch";
		} else {
			string_input si = { data, (uint32_t)len };
			TSInput in = { &si, read_string, TSInputEncodingUTF8, NULL };
			TSParseOptions opts = { ps, over_time };
			ts_parser_reset(ps->parser);
			ps->deadline_ns = now_ns() + (uint64_t)SCAN_PARSE_MS_MAX * 1000000ull;
			ps->tree = ts_parser_parse_with_options(ps->parser, NULL, in, opts);
			if (!ps->tree)
				ps->skip_reason = "parsing took longer than 5 seconds";
			else
				ps->has_error = ts_node_has_error(ts_tree_root_node(ps->tree));
		}
	}
	*reason = ps->skip_reason;
	return ps->tree;
}

void scan__parse_skip(scan_parse_state *ps, const char *reason)
{
	ps->tried = true;
	ps->skip_reason = reason;
}

void scan__parse_reset(scan_parse_state *ps)
{
	if (ps->tree)
		ts_tree_delete(ps->tree);
	ps->tree = NULL;
	ps->tried = false;
	ps->has_error = false;
	ps->skip_reason = NULL;
}

void scan__parse_dispose(scan_parse_state *ps)
{
	scan__parse_reset(ps);
	if (ps->parser)
		ts_parser_delete(ps->parser);
	ps->parser = NULL;
}
