/* lib/walk/ignore.c - the stack of gitignore rules */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "scan/array.h"
#include "util/error.h"
#include "walk/ignore.h"

/*
 * match() runs for every file of the tree against every rule on the stack,
 * so each rule is classified once when added and the common shapes ("name",
 * "*.ext", "prefix*") are compared with memcmp instead of the glob matcher.
 *
 * Rules are pushed and popped in stack order, so their bytes (bases and
 * patterns) live in one growing buffer that pop() truncates: one allocation
 * per stack rather than one per rule. Rules refer to it by offset because
 * realloc moves it.
 */

enum rule_kind {
	RULE_LITERAL, /* text: the unescaped pattern, compared whole */
	RULE_SUFFIX,  /* "*" + text: the target ends with text */
	RULE_PREFIX,  /* text + "*": the target starts with text */
	RULE_GLOB,    /* text: the raw pattern, for scan_glob__match() */
};

struct rule {
	size_t mark;     /* bytes used before this rule, restored by pop() */
	size_t base_off; /* base: "" or "dir/sub", shared by a text's rules */
	size_t base_len;
	size_t text_off;
	size_t text_len;
	unsigned char kind;
	bool negate;
	bool dir_only;
	bool anchored;   /* matched against the path below base, not the basename */
};

struct scan_ignore {
	struct rule *rules;
	size_t nrules;
	size_t arules;
	char *bytes;
	size_t nbytes;
	size_t abytes;
};

/* What parse_line() makes of one line before it is stored. */
struct parsed {
	const char *pat; /* escapes still in */
	size_t len;
	bool negate;
	bool dir_only;
	bool anchored;
};

enum { LINE_RULE, LINE_NONE, LINE_INVALID };

int scan_ignore__new(scan_ignore **out)
{
	scan_ignore *ig;

	*out = NULL;
	if (!(ig = calloc(1, sizeof(*ig))))
		return scan_error__oom();
	*out = ig;
	return 0;
}

void scan_ignore__free(scan_ignore *ig)
{
	if (!ig)
		return;
	free(ig->rules);
	free(ig->bytes);
	free(ig);
}

size_t scan_ignore__depth(const scan_ignore *ig)
{
	return ig->nrules;
}

void scan_ignore__pop(scan_ignore *ig, size_t depth)
{
	if (depth >= ig->nrules)
		return;
	ig->nbytes = ig->rules[depth].mark;
	ig->nrules = depth;
}

/* Whether p[i] is escaped: preceded by an odd run of backslashes. */
static bool is_escaped(const char *p, size_t i)
{
	size_t n = 0;

	while (i > n && p[i - n - 1] == '\\')
		n++;
	return n % 2 == 1;
}

/*
 * One line of gitignore text, without its line ending, into *out. Returns
 * LINE_NONE for blank lines and comments, LINE_INVALID for lines git would
 * skip too (too long, unterminated class, dangling '\').
 */
static int parse_line(struct parsed *out, const char *s, size_t n)
{
	size_t i, end = 0;

	if (n == 0 || s[0] == '#')
		return LINE_NONE;
	/* Trailing spaces go, unless escaped: "a\ " keeps "a\ ", "a\\ " becomes "a\\". */
	for (i = 0; i < n;) {
		if (s[i] == '\\') {
			i = i + 2 <= n ? i + 2 : n;
			end = i;
		} else if (s[i] == ' ') {
			i++;
		} else {
			end = ++i;
		}
	}
	n = end;
	if (n == 0)
		return LINE_NONE;
	if (n > SCAN_IGNORE_PATTERN_MAX)
		return LINE_INVALID;
	/* A '\' with nothing left to escape: "a\" (the trimmed "a\ " keeps its space). */
	if (is_escaped(s, n))
		return LINE_INVALID;
	out->negate = false;
	if (s[0] == '!') {
		out->negate = true;
		s++;
		n--;
	}
	/* Only one '/' goes, as in git: "dir//" keeps a '/' and matches nothing. */
	out->dir_only = false;
	if (n > 0 && s[n - 1] == '/' && !is_escaped(s, n - 1)) {
		out->dir_only = true;
		n--;
	}
	out->anchored = memchr(s, '/', n) != NULL;
	if (n > 0 && s[0] == '/') {
		s++;
		n--;
	}
	if (n == 0)
		return LINE_NONE;
	out->pat = s;
	out->len = n;
	return LINE_RULE;
}

static int reserve_bytes(scan_ignore *ig, size_t more)
{
	size_t need;

	if (more > SIZE_MAX - ig->nbytes)
		return scan_error__oom();
	need = ig->nbytes + more;
	return scan_array_reserve(&ig->bytes, &ig->abytes, need, 1);
}

static int reserve_rule(scan_ignore *ig)
{
	if (ig->nrules >= SCAN_IGNORE_RULES_MAX)
		return scan_util__error(SCAN_ELIMIT, "too many ignore rules (limit %d)", SCAN_IGNORE_RULES_MAX);
	if (scan_array_reserve(&ig->rules, &ig->arules, ig->nrules + 1, sizeof(*ig->rules)))
		return SCAN_ENOMEM;
	return 0;
}

/* Whether p has no '*', '?' or '[' outside an escape. */
static bool is_plain(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\\')
			i++;
		else if (p[i] == '*' || p[i] == '?' || p[i] == '[')
			return false;
	}
	return true;
}

/* Copy p without its escapes; the caller reserved n bytes. Returns the length. */
static size_t unescape(char *dst, const char *p, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\\' && i + 1 < n)
			i++;
		dst[o++] = p[i];
	}
	return o;
}

/*
 * Store one parsed rule. *base_off is where this text's base was stored,
 * SIZE_MAX until its first rule, so a text without rules stores nothing.
 */
static int push_rule(scan_ignore *ig, const struct parsed *pr, const char *base, size_t blen,
                     size_t *base_off)
{
	struct rule r;
	const char *body = pr->pat;
	size_t body_len = pr->len;
	int rc;

	if ((rc = reserve_rule(ig)) != 0)
		return rc;
	if ((rc = reserve_bytes(ig, (*base_off == SIZE_MAX ? blen : 0) + pr->len)) != 0)
		return rc;
	memset(&r, 0, sizeof(r));
	r.mark = ig->nbytes;
	if (*base_off == SIZE_MAX) {
		*base_off = ig->nbytes;
		memcpy(ig->bytes + ig->nbytes, base, blen);
		ig->nbytes += blen;
	}
	r.base_off = *base_off;
	r.base_len = blen;
	r.negate = pr->negate;
	r.dir_only = pr->dir_only;
	r.anchored = pr->anchored;

	/*
	 * An unterminated class or unknown "[:name:]" is left to the glob
	 * matcher, which never matches it: the same as skipping the line.
	 * '*' never crosses '/', which rule_match() checks for the shortcuts.
	 */
	if (is_plain(body, body_len)) {
		r.kind = RULE_LITERAL;
	} else if (body_len > 1 && body[0] == '*' && body[1] != '*' &&
	           is_plain(body + 1, body_len - 1)) {
		r.kind = RULE_SUFFIX;
		body++;
		body_len--;
	} else if (body_len > 1 && body[body_len - 1] == '*' && body[body_len - 2] != '*' &&
	           !is_escaped(body, body_len - 1) && is_plain(body, body_len - 1)) {
		r.kind = RULE_PREFIX;
		body_len--;
	} else {
		r.kind = RULE_GLOB;
	}
	r.text_off = ig->nbytes;
	if (r.kind == RULE_GLOB) {
		memcpy(ig->bytes + ig->nbytes, body, body_len);
		r.text_len = body_len;
	} else {
		r.text_len = unescape(ig->bytes + ig->nbytes, body, body_len);
	}
	ig->nbytes += r.text_len;
	ig->rules[ig->nrules++] = r;
	return 0;
}

static int add_lines(scan_ignore *ig, const char *base, const char *text, size_t len, bool one_line)
{
	size_t blen, base_off = SIZE_MAX, depth = ig->nrules, pos = 0;
	int rc = 0;

	if (!base)
		base = "";
	blen = strlen(base);
	/* Tolerate "dir/" for "dir": the prefix test in match() adds the '/'. */
	while (blen > 0 && base[blen - 1] == '/')
		blen--;
	/* A UTF-8 byte order mark, as some editors write, is not part of the first pattern. */
	if (!one_line && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		pos = 3;
	while (pos < len) {
		const char *line = text + pos;
		const char *nl = one_line ? NULL : memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		struct parsed pr;

		pos += n + 1;
		/* CRLF files: the '\r' is the line ending's, not the pattern's. */
		if (!one_line && n > 0 && line[n - 1] == '\r')
			n--;
		if (parse_line(&pr, line, n) != LINE_RULE)
			continue;
		if ((rc = push_rule(ig, &pr, base, blen, &base_off)) != 0)
			goto done;
	}
done:
	/* All or nothing, so a failed directory leaves the stack as it was. */
	if (rc != 0)
		scan_ignore__pop(ig, depth);
	return rc;
}

int scan_ignore__add_text(scan_ignore *ig, const char *base, const char *text, size_t len)
{
	return add_lines(ig, base, text, len, false);
}

int scan_ignore__add_rule(scan_ignore *ig, const char *pattern)
{
	return add_lines(ig, "", pattern, strlen(pattern), true);
}

/* Whether target (the basename, or the path below base) matches r. */
static bool rule_match(const scan_ignore *ig, const struct rule *r, const char *target, size_t tlen)
{
	const char *text = ig->bytes + r->text_off;
	size_t n = r->text_len;

	switch (r->kind) {
	case RULE_LITERAL:
		return tlen == n && memcmp(target, text, n) == 0;
	case RULE_SUFFIX:
		return tlen >= n && memcmp(target + tlen - n, text, n) == 0 &&
		       (!r->anchored || !memchr(target, '/', tlen - n));
	case RULE_PREFIX:
		return tlen >= n && memcmp(target, text, n) == 0 &&
		       (!r->anchored || !memchr(target + n, '/', tlen - n));
	default:
		return scan_glob__match(text, n, target, tlen, true);
	}
}

int scan_ignore__decide(const scan_ignore *ig, const char *path, bool is_dir)
{
	size_t plen = strlen(path), bname_off = plen;
	const char *rel = path;
	size_t rel_len = plen, last_base = SIZE_MAX;
	bool base_ok = false;

	while (bname_off > 0 && path[bname_off - 1] != '/')
		bname_off--;
	/* Last match wins: walk from the top of the stack and stop at the first. */
	for (size_t i = ig->nrules; i-- > 0;) {
		const struct rule *r = &ig->rules[i];

		if (r->dir_only && !is_dir)
			continue;
		/* Rules of one text share their base: test it once per run. */
		if (r->base_off != last_base) {
			last_base = r->base_off;
			if (r->base_len == 0) {
				base_ok = true;
				rel = path;
				rel_len = plen;
			} else {
				base_ok = plen > r->base_len && path[r->base_len] == '/' &&
				          memcmp(path, ig->bytes + r->base_off, r->base_len) == 0;
				rel = path + r->base_len + 1;
				rel_len = plen - r->base_len - 1;
			}
		}
		if (!base_ok)
			continue;
		if (r->anchored ? rule_match(ig, r, rel, rel_len)
		                : rule_match(ig, r, path + bname_off, plen - bname_off))
			return !r->negate;
	}
	return -1;
}

bool scan_ignore__match(const scan_ignore *ig, const char *path, bool is_dir)
{
	return scan_ignore__decide(ig, path, is_dir) == 1;
}
