/* lib/sast/pattern.c - compile a code-like pattern: parse it with the file's own grammar */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sast/pattern_int.h"
#include "scan/buf.h"
#include "scan/common.h"

/*
 * Metavariables and ellipses are not code, so before parsing they become
 * identifiers no one writes: $X -> __RMV_X, $...X -> __RMVS_X, ... ->
 * __RMVE__ (PHP keeps the '$' so they stay variables). The grammar then
 * parses the pattern like any file, and the nodes whose whole text is a
 * placeholder turn back into metavariables.
 */
#define PH_MV "__RMV_"
#define PH_SEQ "__RMVS_"
#define PH_ELLIPSIS "__RMVE__"

typedef struct {
	const char *prefix, *suffix;
} wrapper;

/* Where a snippet parses when it is not a whole file in its language. */
static const wrapper *wrappers_for(scan_lang l)
{
	static const wrapper plain[] = { { "", "" }, { NULL, NULL } };
	static const wrapper go[] = { { "", "" }, { "package _p\n", "" },
		{ "package _p\nfunc _f() {\n", "\n}" }, { NULL, NULL } };
	static const wrapper java[] = { { "", "" }, { "class _C {\nvoid _f() {\n", "\n}\n}" },
		{ "class _C {\n", "\n}" }, { NULL, NULL } };
	static const wrapper c[] = { { "", "" }, { "void _f(void) {\n", "\n}" }, { NULL, NULL } };
	static const wrapper php[] = { { "<?php\n", "" }, { "<?php\nfunction _f() {\n", "\n}" },
		{ "<?php\nclass _C {\n", "\n}" }, { NULL, NULL } };
	static const wrapper kotlin[] = { { "", "" }, { "fun _f() {\n", "\n}" },
		{ "class _C {\n", "\n}" }, { NULL, NULL } };
	static const wrapper rust[] = { { "", "" }, { "fn _f() {\n", "\n}" },
		{ "impl _C {\n", "\n}" }, { NULL, NULL } };
	static const wrapper js[] = { { "", "" }, { "function _f() {\n", "\n}" },
		{ "class _C {\n", "\n}" }, { NULL, NULL } };

	switch (l) {
	case SCAN_LANG_GO: return go;
	case SCAN_LANG_JAVA: case SCAN_LANG_CSHARP: return java;
	case SCAN_LANG_C: case SCAN_LANG_CPP: return c;
	case SCAN_LANG_PHP: return php;
	case SCAN_LANG_KOTLIN: return kotlin;
	case SCAN_LANG_RUST: return rust;
	case SCAN_LANG_JAVASCRIPT: case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX: return js;
	default: return plain;
	}
}

static bool needs_semicolon(scan_lang l)
{
	switch (l) {
	case SCAN_LANG_C: case SCAN_LANG_CPP: case SCAN_LANG_JAVA: case SCAN_LANG_CSHARP:
	case SCAN_LANG_PHP: case SCAN_LANG_RUST: case SCAN_LANG_JAVASCRIPT:
	case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX:
		return true;
	default:
		return false;
	}
}

static bool is_mv_start(char c)
{
	return (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_mv_char(char c)
{
	return is_mv_start(c) || (c >= '0' && c <= '9');
}

/* Does the "..." at `at` stand where a statement would: alone on its line, or in { ... }? */
static bool statement_position(const char *src, size_t len, size_t at)
{
	size_t i = at, j;
	while (i > 0 && (src[i - 1] == ' ' || src[i - 1] == '\t'))
		i--;
	for (j = at + 3; j < len && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r'); j++)
		;
	if ((i == 0 || src[i - 1] == '\n') && (j == len || src[j] == '\n'))
		return true;
	return (i > 0 && (src[i - 1] == '{' || src[i - 1] == ';')) || (j < len && src[j] == '}');
}

/* $_GET, $_POST, ..., $GLOBALS: PHP's superglobals are written literally in patterns. */
static bool php_superglobal(const char *s, size_t n)
{
	static const char *const names[] = { "_GET", "_POST", "_REQUEST", "_COOKIE", "_SERVER", "_FILES",
	                                     "_ENV", "_SESSION", "GLOBALS", NULL };
	for (const char *const *p = names; *p; p++) {
		size_t k = strlen(*p);
		if (n >= k && !memcmp(s, *p, k) && (n == k || !is_mv_char(s[k])))
			return true;
	}
	return false;
}

static void substitute(scan_buf *out, scan_lang lang, const char *src, size_t len, bool semicolons)
{
	/* JSON has no identifiers: there a placeholder is a string, and stands for any value */
	const char *dollar = lang == SCAN_LANG_PHP ? "$" : lang == SCAN_LANG_JSON ? "\"" : "";
	const char *close = lang == SCAN_LANG_JSON ? "\"" : "";
	for (size_t i = 0; i < len;) {
		if (src[i] == '$' && i + 4 < len && !memcmp(src + i + 1, "...", 3) && is_mv_start(src[i + 4])) {
			size_t j = i + 4;
			while (j < len && is_mv_char(src[j]))
				j++;
			scan_buf_printf(out, "%s" PH_SEQ "%.*s%s", dollar, (int)(j - i - 4), src + i + 4, close);
			i = j;
		} else if (lang == SCAN_LANG_PHP && src[i] == '$' && php_superglobal(src + i + 1, len - i - 1)) {
			scan_buf_putc(out, src[i++]); /* $_GET is PHP's, not a metavariable */
			while (i < len && is_mv_char(src[i]))
				scan_buf_putc(out, src[i++]);
		} else if (src[i] == '$' && i + 1 < len && is_mv_start(src[i + 1])) {
			size_t j = i + 1;
			while (j < len && is_mv_char(src[j]))
				j++;
			scan_buf_printf(out, "%s" PH_MV "%.*s%s", dollar, (int)(j - i - 1), src + i + 1, close);
			i = j;
		} else if (src[i] == '.' && i + 2 < len && src[i + 1] == '.' && src[i + 2] == '.' &&
		           (i == 0 || src[i - 1] != '.') && (i + 3 >= len || src[i + 3] != '.')) {
			scan_buf_printf(out, "%s" PH_ELLIPSIS "%s", close, close);
			/* a statement; C# accepts only calls and assignments as expression statements */
			if (semicolons && statement_position(src, len, i))
				scan_buf_puts(out, lang == SCAN_LANG_CSHARP ? "();" : ";");
			i += 3;
		} else {
			scan_buf_putc(out, src[i++]);
		}
	}
}

void scan_pattern__each_mv(const char *src, bool php, void (*fn)(void *ud, const char *name, size_t len), void *ud)
{
	size_t len = strlen(src);
	for (size_t i = 0; i < len; i++) {
		size_t j;
		if (src[i] != '$')
			continue;
		if (php && php_superglobal(src + i + 1, len - i - 1))
			continue;
		j = i + 1;
		if (j + 3 < len && !memcmp(src + j, "...", 3))
			j += 3;
		if (j >= len || !is_mv_start(src[j]))
			continue;
		i = j;
		while (j < len && is_mv_char(src[j]))
			j++;
		if (!(j - i == 1 && src[i] == '_'))
			fn(ud, src + i, j - i);
		i = j - 1;
	}
}

size_t scan_pattern__atom(const char *src, const char **atom)
{
	size_t best = 0;
	*atom = NULL;
	for (size_t i = 0; src[i];) {
		size_t j = i;
		bool word = (src[i] >= 'a' && src[i] <= 'z') || (src[i] >= 'A' && src[i] <= 'Z') || src[i] == '_';
		if (!word) {
			i++;
			continue;
		}
		while ((src[j] >= 'a' && src[j] <= 'z') || (src[j] >= 'A' && src[j] <= 'Z') || src[j] == '_' ||
		       (src[j] >= '0' && src[j] <= '9'))
			j++;
		/* $X, $...X and escapes such as \n are not literal words of the source */
		if (!(i > 0 && (src[i - 1] == '$' || src[i - 1] == '\\' || (src[i - 1] == '.' && i > 2 && src[i - 2] == '.'))) &&
		    j - i >= 3 && j - i > best)
			best = j - i, *atom = src + i;
		i = j;
	}
	return best;
}

typedef enum { PH_NONE, PH_IS_MV, PH_IS_SEQ, PH_IS_ELLIPSIS } ph_kind;

/* Is this text (a node's) one placeholder? name gets the metavariable's name. */
static ph_kind placeholder(const char *s, size_t n, const char **name, size_t *nlen)
{
	while (n && (s[n - 1] == ';' || s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (n && *s == '$')
		s++, n--;
	if (n == strlen(PH_ELLIPSIS) && !memcmp(s, PH_ELLIPSIS, n))
		return PH_IS_ELLIPSIS;
	if (n == strlen(PH_ELLIPSIS) + 2 && !memcmp(s, PH_ELLIPSIS "()", n)) /* C#'s statement ellipsis */
		return PH_IS_ELLIPSIS;
	ph_kind k;
	if (n > strlen(PH_SEQ) && !memcmp(s, PH_SEQ, strlen(PH_SEQ))) {
		*name = s + strlen(PH_SEQ), *nlen = n - strlen(PH_SEQ);
		k = PH_IS_SEQ;
	} else if (n > strlen(PH_MV) && !memcmp(s, PH_MV, strlen(PH_MV))) {
		*name = s + strlen(PH_MV), *nlen = n - strlen(PH_MV);
		k = PH_IS_MV;
	} else {
		return PH_NONE;
	}
	for (size_t i = 0; i < *nlen; i++)
		if (!is_mv_char((*name)[i]))
			return PH_NONE;
	return k;
}

void scan_sast__string_value(const char *s, size_t len, const char **v, size_t *vlen)
{
	size_t i = 0, q;
	/* prefixes: r"", b'', f"", @"", $"" and combinations */
	while (i < len && i < 3 && strchr("rRbBuUfF@$", s[i]))
		i++;
	if (i >= len || !strchr("\"'`", s[i]))
		i = 0;
	for (q = 0; i + q < len && q < 3 && s[i + q] == s[i] && strchr("\"'`", s[i]); q++)
		;
	if (q == 2) /* "" is an empty string, not an opening triple quote */
		q = 1;
	if (q && len >= i + 2 * q) {
		*v = s + i + q;
		*vlen = len - i - 2 * q;
	} else {
		*v = s;
		*vlen = len;
	}
}

typedef struct {
	const char *text;         /* the substituted source that was parsed */
	const sast_langinfo *li;
	scan_lang lang;
	const sast_rule *rule;
	scan_arena *arena;
	char *err;
	size_t errlen;
	unsigned depth;
	bool failed;
} compiler;

/* Metavariables were registered from the rule's text as it loaded: look them up, never add. */
static int mv_index(compiler *c, const char *name, size_t nlen)
{
	int i;
	if (nlen == 1 && *name == '_')
		return -1;
	if ((i = scan_sast__mv_lookup(c->rule, name, nlen)) < 0) {
		snprintf(c->err, c->errlen, "metavariable $%.*s was not registered", (int)nlen, name);
		c->failed = true;
	}
	return i;
}

static bool significant(const sast_langinfo *li, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	if (ts_node_is_extra(n) || ts_node_is_missing(n))
		return false;
	return !(s < li->nsym && (li->flags[s] & SAST_SYM_PUNCT));
}

static uint16_t sym_flags(const sast_langinfo *li, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	return s < li->nsym ? li->flags[s] : 0;
}

static sast_pnode *convert(compiler *c, TSNode n)
{
	uint32_t sb = ts_node_start_byte(n), eb = ts_node_end_byte(n), nc;
	const char *text = c->text + sb, *name;
	size_t len = eb - sb, nlen;
	sast_pnode *p;
	uint16_t fl = sym_flags(c->li, n);
	ph_kind ph;

	if (c->failed)
		return NULL;
	if (++c->depth > 200) {
		snprintf(c->err, c->errlen, "pattern nested too deeply");
		c->failed = true;
		return NULL;
	}
	if (!(p = scan_arena__calloc(c->arena, sizeof(*p)))) {
		c->failed = true;
		return NULL;
	}
	p->sym = ts_node_symbol(n);
	p->mv = -1;
	ph = placeholder(text, len, &name, &nlen);
	if (ph == PH_IS_ELLIPSIS) {
		p->type = PN_ELLIPSIS;
	} else if (ph != PH_NONE) {
		p->type = ph == PH_IS_SEQ ? PN_MV_SEQ : PN_MV;
		p->mv = (int16_t)mv_index(c, name, nlen);
	} else if (fl & SAST_SYM_STRING) {
		const char *v;
		size_t vlen;
		scan_sast__string_value(text, len, &v, &vlen);
		ph = placeholder(v, vlen, &name, &nlen);
		if (c->lang == SCAN_LANG_JSON && ph != PH_NONE) {
			p->type = ph == PH_IS_ELLIPSIS ? PN_ELLIPSIS : ph == PH_IS_SEQ ? PN_MV_SEQ : PN_MV;
			if (ph != PH_IS_ELLIPSIS)
				p->mv = (int16_t)mv_index(c, name, nlen);
		} else if (ph == PH_IS_ELLIPSIS) {
			p->type = PN_STRING_ANY;
		} else if (ph == PH_IS_MV) {
			p->type = PN_STRING_MV;
			p->mv = (int16_t)mv_index(c, name, nlen);
		} else {
			p->type = PN_STRING;
			p->text = scan_arena__strndup(c->arena, v, vlen);
			p->len = (uint32_t)vlen;
		}
	} else if ((nc = ts_node_child_count(n)) == 0) {
		p->type = PN_LEAF;
		p->text = scan_arena__strndup(c->arena, text, len);
		p->len = (uint32_t)len;
	} else {
		uint32_t k = 0, sig = 0;
		for (uint32_t i = 0; i < nc; i++)
			sig += significant(c->li, ts_node_child(n, i));
		/* (x) matches x: parentheses never change what code does here */
		if ((fl & SAST_SYM_PAREN) && ts_node_named_child_count(n) == 1) {
			c->depth--;
			return convert(c, ts_node_named_child(n, 0));
		}
		p->type = PN_NODE;
		p->unordered = (fl & SAST_SYM_UNORDERED) != 0;
		p->kids = scan_arena__alloc(c->arena, (sig ? sig : 1) * sizeof(*p->kids));
		if (!p->kids) {
			c->failed = true;
			return NULL;
		}
		for (uint32_t i = 0; i < nc; i++) {
			TSNode ch = ts_node_child(n, i);
			if (significant(c->li, ch))
				p->kids[k++] = convert(c, ch);
		}
		p->nkids = k;
	}
	c->depth--;
	return c->failed ? NULL : p;
}

static uint32_t count_significant(const sast_langinfo *li, TSNode n)
{
	uint32_t k = 0, nc = ts_node_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		k += significant(li, ts_node_child(n, i));
	return k;
}

static TSNode only_significant(const sast_langinfo *li, TSNode n)
{
	uint32_t nc = ts_node_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (significant(li, ts_node_child(n, i)))
			return ts_node_child(n, i);
	return n;
}

/* Parse text; on success the deepest node(s) covering [s, e). */
static TSTree *parse_snippet(TSParser *parser, const sast_langinfo *li, const char *text, size_t len)
{
	TSTree *t;
	if (!ts_parser_set_language(parser, li->ts))
		return NULL;
	t = ts_parser_parse_string(parser, NULL, text, (uint32_t)len);
	if (t && ts_node_has_error(ts_tree_root_node(t))) {
		ts_tree_delete(t);
		return NULL;
	}
	return t;
}

/* Does n lie in [s, e), give or take trailing whitespace (YAML nodes end after their newline)? */
static bool within(const compiler *c, TSNode n, uint32_t s, uint32_t e)
{
	uint32_t end = ts_node_end_byte(n);
	if (ts_node_start_byte(n) < s)
		return false;
	for (uint32_t i = e; i < end; i++)
		if (!strchr(" \t\r\n", c->text[i]))
			return false;
	return true;
}

static int build(sast_pattern *p, compiler *c, TSTree *tree, uint32_t s, uint32_t e)
{
	TSNode root = ts_tree_root_node(tree), node = root;
	bool descended = true;

	while (descended) {
		uint32_t nc = ts_node_child_count(node);
		descended = false;
		for (uint32_t i = 0; i < nc; i++) {
			TSNode ch = ts_node_child(node, i);
			if (ts_node_start_byte(ch) <= s && ts_node_end_byte(ch) >= e && ts_node_end_byte(ch) > ts_node_start_byte(ch)) {
				node = ch;
				descended = true;
				break;
			}
		}
	}
	/*
	 * The snippet is several statements (or members) of a block. Go's
	 * statement_list spans them exactly, so it counts as the block: matched
	 * as a node, `$V := $RHS` + `...` would only match a block's first
	 * statement.
	 */
	if (!within(c, node, s, e) || ts_node_eq(node, root) || !strcmp(ts_node_type(node), "statement_list")) {
		uint32_t nc = ts_node_child_count(node), k = 0;
		TSNode only = node;
		for (uint32_t i = 0; i < nc; i++) {
			TSNode ch = ts_node_child(node, i);
			if (within(c, ch, s, e) && significant(c->li, ch))
				k++, only = ch;
		}
		if (k == 0) {
			snprintf(c->err, c->errlen, "the pattern is empty");
			return SCAN_EINVAL;
		}
		if (k > 1) {
			if (!(p->seq = scan_arena__alloc(&p->arena, k * sizeof(*p->seq))))
				return SCAN_ENOMEM;
			for (uint32_t i = 0; i < nc; i++) {
				TSNode ch = ts_node_child(node, i);
				/* C# top-level statements are wrapped; in a method body they are not */
				if (!strcmp(ts_node_type(ch), "global_statement") && ts_node_named_child_count(ch) == 1)
					ch = ts_node_named_child(ch, 0);
				if (within(c, ch, s, e) && significant(c->li, ch))
					if (!(p->seq[p->nseq++] = convert(c, ch)))
						return c->failed && !*c->err ? SCAN_ENOMEM : SCAN_EINVAL;
			}
			return 0;
		}
		node = only; /* one statement after all: match it as one */
	}
	/* a statement wrapping one expression matches where the expression does */
	while (count_significant(c->li, node) == 1 && ts_node_child_count(node) >= 1) {
		TSNode only = only_significant(c->li, node);
		const char *nm, *t = c->text + ts_node_start_byte(node);
		size_t nl;
		if (placeholder(t, ts_node_end_byte(node) - ts_node_start_byte(node), &nm, &nl) != PH_NONE)
			break;
		if (sym_flags(c->li, node) & SAST_SYM_STRING)
			break;
		node = only;
	}
	if (!(p->root = convert(c, node)))
		return c->failed && !*c->err ? SCAN_ENOMEM : SCAN_EINVAL;
	return 0;
}

int scan_pattern__compile(sast_pattern **out, scan_lang lang, const char *src, const sast_rule *rule,
                          char *err, size_t errlen)
{
	const sast_langinfo *li = scan_sast__langinfo(lang);
	const wrapper *w = wrappers_for(lang);
	size_t srclen = strlen(src);
	sast_pattern *p;
	TSParser *parser;
	int rc = SCAN_EINVAL;

	*out = NULL;
	*err = '\0';
	if (!li) {
		snprintf(err, errlen, "no grammar for %s", scan_lang__name(lang));
		return SCAN_EINVAL;
	}
	if (srclen > SAST_PATTERN_MAX) {
		snprintf(err, errlen, "pattern longer than %d bytes", SAST_PATTERN_MAX);
		return SCAN_ELIMIT;
	}
	if (!(p = calloc(1, sizeof(*p))) || !(parser = ts_parser_new())) {
		free(p);
		return SCAN_ENOMEM;
	}
	p->lang = lang;
	/* variants: statement ellipses with ';' or without, and a bare expression with ';' added */
	static const int variants[] = { 1, 0, 3, 2 };
	for (size_t vi = needs_semicolon(lang) ? 0 : 1; vi < (needs_semicolon(lang) ? 4u : 2u) && rc == SCAN_EINVAL && !*err; vi++) {
		int v = variants[vi];
		scan_buf body = SCAN_BUF_INIT;
		substitute(&body, lang, src, srclen, v & 1);
		if (v & 2)
			scan_buf_putc(&body, ';');
		for (const wrapper *x = w; x->prefix && rc == SCAN_EINVAL; x++) {
			scan_buf text = SCAN_BUF_INIT;
			TSTree *tree;
			uint32_t s, e;
			scan_buf_printf(&text, "%s%s%s", x->prefix, body.ptr ? body.ptr : "", x->suffix);
			if (scan_buf_failed(&text) || scan_buf_failed(&body)) {
				scan_buf_dispose(&text);
				rc = SCAN_ENOMEM;
				break;
			}
			if ((tree = parse_snippet(parser, li, text.ptr, text.size))) {
				compiler c = { 0 };
				c.text = text.ptr, c.li = li, c.lang = lang, c.rule = rule, c.arena = &p->arena, c.err = err, c.errlen = errlen;
				s = (uint32_t)strlen(x->prefix);
				e = (uint32_t)(text.size - strlen(x->suffix));
				while (s < e && strchr(" \t\r\n", text.ptr[s]))
					s++;
				while (e > s && strchr(" \t\r\n", text.ptr[e - 1]))
					e--;
				rc = build(p, &c, tree, s, e);
				ts_tree_delete(tree);
			}
			scan_buf_dispose(&text);
		}
		scan_buf_dispose(&body);
	}
	ts_parser_delete(parser);
	if (rc == 0 && p->root && (p->root->type == PN_MV || p->root->type == PN_ELLIPSIS || p->root->type == PN_MV_SEQ)) {
		snprintf(err, errlen, "a pattern must be more than a metavariable or '...'");
		rc = SCAN_EINVAL;
	}
	if (rc != 0) {
		if (!*err && rc == SCAN_EINVAL)
			snprintf(err, errlen, "the pattern does not parse as %s", scan_lang__name(lang));
		scan_pattern__free(p);
		return rc;
	}
	*out = p;
	return 0;
}

void scan_pattern__free(sast_pattern *p)
{
	if (!p)
		return;
	scan_arena__dispose(&p->arena);
	free(p);
}

TSSymbol scan_pattern__first_symbol(const sast_pattern *p)
{
	const sast_pnode *f = !p->root && p->nseq ? p->seq[0] : NULL;
	return f && (f->type == PN_NODE || f->type == PN_LEAF) ? f->sym : 0;
}

TSSymbol scan_pattern__root_symbol(const sast_pattern *p)
{
	if (!p->root || p->root->type == PN_STRING || p->root->type == PN_STRING_ANY || p->root->type == PN_STRING_MV)
		return 0;
	return p->root->sym;
}
