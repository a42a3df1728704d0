/* lib/analyzers/suppress.c - inline suppression markers in comments (docs/rules.md "Inline suppression") */
#include <stdlib.h>
#include <string.h>
#include "analyzers/suppress.h"
#include "scan/array.h"
#include "util/error.h"

/* How a language writes comments, for the line lexer. */
typedef struct {
	unsigned char hash;  /* '#': 0 no, 1 anywhere outside a string, 2 at a word start, 3 only first on the line */
	bool slash;          /* // */
	bool block;          /* slash-star ... star-slash */
	bool dash;           /* -- */
	bool html;           /* <!-- --> */
	const char *quotes;  /* characters that open a string closed on the same line */
} comment_syntax;

static comment_syntax syntax_of(scan_lang l)
{
	comment_syntax s = { 0, false, false, false, false, "" };

	switch (l) {
	case SCAN_LANG_PYTHON: case SCAN_LANG_RUBY: case SCAN_LANG_TOML:
		s.hash = 1, s.quotes = "\"'";
		break;
	case SCAN_LANG_JAVASCRIPT: case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX: case SCAN_LANG_GO:
		s.slash = s.block = true, s.quotes = "\"'`";
		break;
	case SCAN_LANG_JAVA: case SCAN_LANG_C: case SCAN_LANG_CPP: case SCAN_LANG_CSHARP:
	case SCAN_LANG_KOTLIN: case SCAN_LANG_SWIFT: case SCAN_LANG_SCALA:
		s.slash = s.block = true, s.quotes = "\"'";
		break;
	case SCAN_LANG_RUST: /* 'a is a lifetime, not a string */
		s.slash = s.block = true, s.quotes = "\"";
		break;
	case SCAN_LANG_PHP:
		s.hash = 1, s.slash = s.block = true, s.quotes = "\"'";
		break;
	case SCAN_LANG_HCL:
		s.hash = 1, s.slash = s.block = true, s.quotes = "\"";
		break;
	case SCAN_LANG_BASH: case SCAN_LANG_YAML: case SCAN_LANG_PERL: case SCAN_LANG_POWERSHELL:
		s.hash = 2, s.quotes = "\"'";
		break;
	case SCAN_LANG_MAKEFILE:
		s.hash = 2;
		break;
	case SCAN_LANG_DOCKERFILE:
		s.hash = 3;
		break;
	case SCAN_LANG_SQL:
		s.dash = s.block = true, s.quotes = "\"'";
		break;
	case SCAN_LANG_LUA:
		s.dash = true, s.quotes = "\"'";
		break;
	case SCAN_LANG_CSS:
		s.block = true, s.quotes = "\"'";
		break;
	case SCAN_LANG_XML: case SCAN_LANG_HTML: case SCAN_LANG_MARKDOWN:
		s.html = true;
		break;
	default: /* JSON, plain text, unknown: no comments */
		break;
	}
	return s;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool eq_nocase(const char *a, size_t n, const char *b)
{
	size_t i;

	for (i = 0; i < n && b[i]; i++)
		if (lower(a[i]) != lower(b[i]))
			return false;
	return i == n && !b[i];
}

/*
 * Other tools' check codes, mapped to the CWEs Rampart's rules for the same
 * problem carry: bandit's B and ruff's S (flake8-bandit) codes share numbers;
 * gosec's are G codes. A code not listed silences nothing.
 */
static const struct {
	const char *code;
	const char *cwes;   /* comma-separated */
} code_cwes[] = {
	{ "B102", "CWE-78,CWE-94,CWE-95" },  /* exec */
	{ "B103", "CWE-732" },
	{ "B104", "CWE-605" },
	{ "B108", "CWE-377" },
	{ "B113", "CWE-400" },
	{ "B201", "CWE-94,CWE-489" },        /* flask debug */
	{ "B301", "CWE-502" },               /* pickle */
	{ "B302", "CWE-502" },               /* marshal */
	{ "B303", "CWE-327,CWE-328" },
	{ "B304", "CWE-327" },
	{ "B305", "CWE-327" },
	{ "B306", "CWE-377" },
	{ "B307", "CWE-78,CWE-94,CWE-95" },  /* eval */
	{ "B311", "CWE-330,CWE-338" },
	{ "B312", "CWE-319" },
	{ "B313", "CWE-20,CWE-611" }, { "B314", "CWE-20,CWE-611" }, { "B315", "CWE-20,CWE-611" },
	{ "B316", "CWE-20,CWE-611" }, { "B317", "CWE-20,CWE-611" }, { "B318", "CWE-20,CWE-611" },
	{ "B319", "CWE-20,CWE-611" }, { "B320", "CWE-20,CWE-611" },
	{ "B321", "CWE-319" },
	{ "B323", "CWE-295" },
	{ "B324", "CWE-327,CWE-328" },
	{ "B501", "CWE-295" },
	{ "B502", "CWE-327" }, { "B503", "CWE-327" }, { "B504", "CWE-327" },
	{ "B505", "CWE-326" },
	{ "B506", "CWE-20,CWE-502" },        /* yaml.load */
	{ "B601", "CWE-78" }, { "B602", "CWE-78" }, { "B603", "CWE-78" }, { "B604", "CWE-78" },
	{ "B605", "CWE-78" }, { "B606", "CWE-78" }, { "B607", "CWE-78" }, { "B609", "CWE-78" },
	{ "B608", "CWE-89" }, { "B610", "CWE-89" }, { "B611", "CWE-89" },
	{ "B701", "CWE-79,CWE-94" }, { "B702", "CWE-79,CWE-80" }, { "B703", "CWE-79,CWE-80" },
	{ "G104", "CWE-703" },
	{ "G107", "CWE-88,CWE-918" },
	{ "G201", "CWE-89" }, { "G202", "CWE-89" },
	{ "G204", "CWE-78" },
	{ "G304", "CWE-22" }, { "G305", "CWE-22" },
	{ "G401", "CWE-327,CWE-328" }, { "G402", "CWE-295" }, { "G403", "CWE-310,CWE-326" },
	{ "G404", "CWE-330,CWE-338" },
	{ "G501", "CWE-327" }, { "G502", "CWE-327" }, { "G503", "CWE-327" }, { "G504", "CWE-327" },
	{ "G505", "CWE-327" },
};

/* Is the CWE in the comma-separated list? */
static bool cwe_listed(const char *list, const char *cwe)
{
	size_t n = strlen(cwe);

	while (*list) {
		const char *e = strchr(list, ',');
		size_t len = e ? (size_t)(e - list) : strlen(list);
		if (len == n && eq_nocase(list, len, cwe))
			return true;
		if (!e)
			break;
		list = e + 1;
	}
	return false;
}

/* Does the id tok[0..n) name this finding's rule, its CWE, or another tool's code for that CWE? */
static bool id_matches(const char *tok, size_t n, const char *rule_id, const char *cwe_id)
{
	char code[5];

	/* The whole id, or what follows one of its '/' or '.': "python.eval" and "eval" name "sast/python.eval". */
	for (const char *p = rule_id; *p; p++)
		if ((p == rule_id || p[-1] == '.' || p[-1] == '/') && strlen(p) == n && memcmp(tok, p, n) == 0)
			return true;
	if (!cwe_id)
		return false;
	if (n > 4 && eq_nocase(tok, 4, "CWE-"))
		return eq_nocase(tok, n, cwe_id);
	if (n != 4 || !is_digit(tok[1]) || !is_digit(tok[2]) || !is_digit(tok[3]))
		return false;
	code[0] = tok[0] == 'S' ? 'B' : tok[0], code[1] = tok[1], code[2] = tok[2], code[3] = tok[3], code[4] = '\0';
	for (size_t i = 0; i < sizeof(code_cwes) / sizeof(code_cwes[0]); i++)
		if (strcmp(code_cwes[i].code, code) == 0)
			return cwe_listed(code_cwes[i].cwes, cwe_id);
	return false;
}

/* An id Rampart or another tool uses: a rule id ("python.eval", "hygiene/x"), "CWE-89", or a code ("B602", "S608"). */
static bool id_like(const char *tok, size_t n)
{
	size_t letters = 0, digits = 0;

	if (memchr(tok, '.', n) || memchr(tok, '/', n))
		return true;
	if (n > 4 && eq_nocase(tok, 4, "CWE-")) {
		for (size_t i = 4; i < n; i++)
			if (!is_digit(tok[i]))
				return false;
		return true;
	}
	while (letters < n && tok[letters] >= 'A' && tok[letters] <= 'Z')
		letters++;
	for (digits = letters; digits < n && is_digit(tok[digits]); digits++)
		;
	return letters >= 1 && letters <= 3 && digits == n && n - letters >= 2;
}

static bool tok_char(char c)
{
	return is_alnum(c) || c == '_' || c == '.' || c == '/' || c == '-' || c == ':';
}

enum { MK_RAMPART, MK_NOSEMGREP, MK_NOSEC, MK_NOSONAR, MK_NOQA };

static const struct {
	const char *word;
	bool nocase;
} markers[] = {
	{ "rampart:ignore", false },
	{ "nosemgrep", false },
	{ "nosec", false },
	{ "NOSONAR", false },
	{ "noqa", true },
};

/* Which marker starts at c[i], at word boundaries; -1 none. */
static int marker_at(const char *c, size_t n, size_t i)
{
	if (i > 0 && (is_alnum(c[i - 1]) || c[i - 1] == '_'))
		return -1;
	for (int m = 0; m < (int)(sizeof(markers) / sizeof(markers[0])); m++) {
		size_t len = strlen(markers[m].word);
		if (n - i < len)
			continue;
		if (markers[m].nocase ? !eq_nocase(c + i, len, markers[m].word) : memcmp(c + i, markers[m].word, len) != 0)
			continue;
		if (i + len < n && (is_alnum(c[i + len]) || c[i + len] == '_' || c[i + len] == '-'))
			continue;
		return m;
	}
	return -1;
}

bool scan_suppress__parse(scan_suppression *out, const char *c, size_t n, const char *rule_id, const char *cwe_id)
{
	for (size_t i = 0; i < n; i++) {
		int m = marker_at(c, n, i);
		size_t q, nids = 0;
		bool any = false, colon = false;

		if (m < 0)
			continue;
		q = i + strlen(markers[m].word);
		if (q < n && c[q] == ':' && m != MK_RAMPART)
			colon = true, q++;
		if (m == MK_NOQA && !colon)
			continue; /* a bare noqa is about style, never a security finding */
		/* The ids: a list separated by commas (and spaces), each looking like an id. */
		while (q < n && m != MK_NOSONAR && nids < SCAN_SUPPRESS_IDS_MAX) {
			size_t s = q, e;
			while (s < n && (is_space(c[s]) || c[s] == ','))
				s++;
			for (e = s; e < n && tok_char(c[e]) && c[e] != ':'; e++)
				;
			if (e == s || (e < n && !is_space(c[e]) && c[e] != ',' && !(e + 1 < n && c[e] == '*' && c[e + 1] == '/')))
				break;
			if (!(m == MK_NOSEMGREP && colon) && !id_like(c + s, e - s))
				break;
			if (e - s >= 2 && c[s] == '-' && c[s + 1] == '-')
				break;
			nids++;
			any = any || id_matches(c + s, e - s, rule_id, cwe_id);
			q = e;
			/* nosemgrep: a, b - the list ends at the first id not followed by a comma */
			{
				size_t k = q;
				while (k < n && is_space(c[k]))
					k++;
				if (m == MK_NOSEMGREP && colon && (k >= n || c[k] != ','))
					break;
			}
		}
		if (nids ? !any : m == MK_NOQA)
			continue;
		/* The reason: what follows, after an optional "--". */
		while (q < n && (is_space(c[q]) || c[q] == ':' || c[q] == ','))
			q++;
		if (q + 1 < n && c[q] == '-' && c[q + 1] == '-') {
			q += 2;
			while (q < n && is_space(c[q]))
				q++;
		}
		{
			size_t e = n;
			while (e > q && (is_space(c[e - 1]) || c[e - 1] == '\n'))
				e--;
			if (e - q > SCAN_SUPPRESS_REASON_MAX) {
				e = q + SCAN_SUPPRESS_REASON_MAX;
				while (e > q && ((unsigned char)c[e] & 0xC0) == 0x80)
					e--;
			}
			out->kind = markers[m].word;
			out->reason = e > q ? c + q : NULL;
			out->reason_len = e > q ? e - q : 0;
		}
		return true;
	}
	return false;
}

/* Is byte off of the file inside a comment node of the tree? */
static bool in_comment_node(const TSTree *tree, size_t off)
{
	TSNode node = ts_node_descendant_for_byte_range(ts_tree_root_node(tree), (uint32_t)off, (uint32_t)off + 1);

	for (int up = 0; up < 3 && !ts_node_is_null(node); up++) {
		if (strstr(ts_node_type(node), "comment"))
			return true;
		node = ts_node_parent(node);
	}
	return false;
}

typedef struct {
	scan_suppression *out;
	const char *data;          /* the whole file: offsets for the tree */
	const TSTree *tree;
	bool comment_only;         /* the line above: only a comment counts */
	const char *rule_id, *cwe_id;
} line_ctx;

/*
 * One comment found on line[.., e): body[0..n), opened at delim and closed
 * before after. On the line above only a comment alone on its line counts.
 */
static bool try_comment(line_ctx *lc, const char *line, const char *e, const char *delim, const char *after,
                        const char *body, size_t n)
{
	if (lc->comment_only) {
		for (const char *p = line; p < delim; p++)
			if (!is_space(*p))
				return false;
		for (const char *p = after; p < e; p++)
			if (!is_space(*p))
				return false;
	}
	if (lc->tree && !in_comment_node(lc->tree, (size_t)(delim - lc->data)))
		return false;
	return scan_suppress__parse(lc->out, body, n, lc->rule_id, lc->cwe_id);
}

static const char *find2(const char *p, const char *e, const char *pat)
{
	size_t n = strlen(pat);

	for (; p + n <= e; p++)
		if (memcmp(p, pat, n) == 0)
			return p;
	return NULL;
}

/* The line lexer: each comment of line[p, e) outside a string, in order. */
static bool check_line(line_ctx *lc, comment_syntax cs, const char *p, const char *e)
{
	const char *i = p;
	char in = 0;

	while (i < e) {
		const char *close;
		char ch = *i;

		if (in) {
			if (ch == '\\' && in != '`')
				i += 2;
			else
				in = ch == in ? 0 : in, i++;
			continue;
		}
		if (ch && strchr(cs.quotes, ch)) {
			in = ch, i++;
			continue;
		}
		if ((cs.slash && e - i >= 2 && i[0] == '/' && i[1] == '/') ||
		    (cs.dash && e - i >= 2 && i[0] == '-' && i[1] == '-'))
			return try_comment(lc, p, e, i, e, i + 2, (size_t)(e - i - 2));
		if (ch == '#' && cs.hash) {
			bool first = true;
			for (const char *k = p; k < i; k++)
				first = first && is_space(*k);
			if (cs.hash == 1 || (cs.hash == 2 && (i == p || is_space(i[-1]))) || first)
				return try_comment(lc, p, e, i, e, i + 1, (size_t)(e - i - 1));
		}
		if ((cs.block && e - i >= 2 && i[0] == '/' && i[1] == '*') ||
		    (cs.html && e - i >= 4 && memcmp(i, "<!--", 4) == 0)) {
			bool html = i[0] == '<';
			const char *b = i + (html ? 4 : 2);
			close = find2(b, e, html ? "-->" : "*/");
			if (try_comment(lc, p, e, i, close ? close + (html ? 3 : 2) : e, b, (size_t)((close ? close : e) - b)))
				return true;
			if (!close)
				return false;
			i = close + (html ? 3 : 2);
			continue;
		}
		i++;
	}
	return false;
}

int scan_analyzers__line_index(scan_line_index *idx, const char *data, size_t len)
{
	if (idx->data == data && idx->len == len && idx->n)
		return 0; /* the caller resets data when the file changes */
	idx->data = data, idx->len = len, idx->n = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i != 0 && data[i - 1] != '\n')
			continue;
		if (scan_array_reserve(&idx->starts, &idx->cap, idx->n + 1, sizeof(*idx->starts))) {
			idx->n = 0, idx->data = NULL;
			return SCAN_ENOMEM;
		}
		idx->starts[idx->n++] = i;
	}
	return 0;
}

int scan_suppress__check(scan_suppression *out, scan_line_index *idx, const char *data, size_t len, scan_lang lang,
                         const TSTree *tree, uint32_t line, const char *rule_id, const char *cwe_id)
{
	comment_syntax cs = syntax_of(lang);
	line_ctx lc = { out, data, tree, false, rule_id, cwe_id };
	int rc;

	memset(out, 0, sizeof(*out));
	if (!data || line == 0 || (!cs.hash && !cs.slash && !cs.block && !cs.dash && !cs.html))
		return 0;
	if ((rc = scan_analyzers__line_index(idx, data, len)) != 0)
		return rc;
	for (uint32_t l = line; l + 1 >= line && l >= 1; l--) {
		const char *p, *e;
		if (l > idx->n)
			continue;
		p = data + idx->starts[l - 1];
		e = l < idx->n ? data + idx->starts[l] - 1 : data + len;
		lc.comment_only = l != line;
		if (check_line(&lc, cs, p, e))
			return 0;
		memset(out, 0, sizeof(*out));
	}
	return 0;
}

void scan_analyzers__line_index_dispose(scan_line_index *idx)
{
	free(idx->starts);
	memset(idx, 0, sizeof(*idx));
}
