/* lib/quality/deadcode_go.c - Go's dead-code rules: unreachable statements here, unused functions per package */
#include <string.h>
#include "parse/tree.h"
#include "quality/deadcode.h"
#include "util/error.h"

/*
 * The compiler rejects unused imports and locals, and parameters are part
 * of whatever signature a function value must have: the file pass reports
 * unreachable statements only. Unexported functions are decided per
 * directory by the caller, from go_decls and go_refs below.
 */

static const struct dc_kind_name kinds[] = {
	{ "statement_list", DK_BLOCK },
	{ "return_statement", DK_RETURN }, { "break_statement", DK_BREAK },
	{ "continue_statement", DK_CONTINUE }, { "fallthrough_statement", DK_BREAK },
	{ "labeled_statement", DK_LABELED }, { "empty_statement", DK_EMPTY },
	{ "type_declaration", DK_TYPE_DECL },
	{ "function_declaration", DK_FUNCTION }, { "method_declaration", DK_METHOD },
	{ "identifier", DK_IDENT }, { "comment", DK_NONE },
	{ NULL, DK_NONE }
};

static dc_stmt stmt(dc_ctx *c, const dc_frame *block, const dc_frame *f)
{
	(void)c, (void)block;
	switch (f->kind) {
	case DK_RETURN: case DK_BREAK: case DK_CONTINUE:
		return DC_JUMP;
	case DK_LABELED:
		return DC_RESET; /* a goto target */
	case DK_EMPTY: case DK_TYPE_DECL:
		return DC_SKIP;
	default:
		return DC_STMT;
	}
}

static void enter(dc_ctx *c, dc_frame *f, dc_frame *parent)
{
	(void)c, (void)parent;
	if (f->kind == DK_BLOCK)
		f->block = true;
}

const dc_lang scan_quality__dc_go = {
	.kinds = kinds,
	.stmt = stmt,
	.enter = enter,
};

static bool starts(const char *src, uint32_t b, uint32_t e, const char *p)
{
	size_t k = strlen(p);
	return e - b >= k && !memcmp(src + b, p, k);
}

/* //go:linkname pulls or pushes a symbol past the compiler's view; cgo's //export calls in from C. */
static bool directive(const char *src, uint32_t b, uint32_t e)
{
	return starts(src, b, e, "//go:linkname ") || starts(src, b, e, "//export ");
}

/* The doc comment says another package, the runtime or assembly calls it ("is called by time/tzdata"). */
static bool called_elsewhere(const char *src, uint32_t b, uint32_t e)
{
	static const char *const says[] = { "linkname", "called by", "called from", "assembly", NULL };
	for (const char *const *p = says; *p; p++) {
		size_t k = strlen(*p);
		for (uint32_t i = b; i + k <= e; i++)
			if (!memcmp(src + i, *p, k))
				return true;
	}
	return false;
}

int scan_quality__dead_code_go_decls(const TSTree *tree, const char *src, size_t len, const char *path,
                                     dead_emit_fn emit, void *ud)
{
	const uint8_t *kind_of, *flags;
	uint32_t nsym, doc_sb = 0, doc_eb = 0;
	TSTreeCursor cur;
	TSNode root;
	int rc = 0;

	(void)path;
	if (!tree || len >= UINT32_MAX || !scan_quality__dc_tables(SCAN_LANG_GO, &kind_of, &flags, &nsym))
		return 0;
	root = ts_tree_root_node(tree);
	/* Directives sit at the top level; a file with one is left alone whole. */
	cur = ts_tree_cursor_new(root);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			TSSymbol s = ts_node_symbol(k);
			if (s < nsym && (flags[s] & DC_SYM_COMMENT) && directive(src, ts_node_start_byte(k), ts_node_end_byte(k)))
				goto done;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_reset(&cur, root);
	if (!ts_tree_cursor_goto_first_child(&cur))
		goto done;
	do {
		TSNode fn = ts_tree_cursor_current_node(&cur), name, body;
		TSSymbol s = ts_node_symbol(fn);
		uint32_t nb, ne, db = doc_sb, de = doc_eb;
		dead_item it;
		if (s < nsym && (flags[s] & DC_SYM_COMMENT)) {
			if (!doc_eb)
				doc_sb = ts_node_start_byte(fn);
			doc_eb = ts_node_end_byte(fn);
			continue;
		}
		doc_sb = doc_eb = 0;
		if (s >= nsym || kind_of[s] != DK_FUNCTION || ts_node_has_error(fn) || called_elsewhere(src, db, de))
			continue;
		name = ts_node_child_by_field_name(fn, "name", 4);
		body = ts_node_child_by_field_name(fn, "body", 4);
		if (ts_node_is_null(name) || ts_node_is_null(body))
			continue; /* no body: implemented in assembly or pulled in by linkname */
		nb = ts_node_start_byte(name), ne = ts_node_end_byte(name);
		if (ne > len || ne - nb < 2 || !(src[nb] >= 'a' && src[nb] <= 'z') || memchr(src + nb, '_', ne - nb))
			continue; /* exported, blank, a non-ASCII first letter (exported if upper case), or a
			             name_with_underscores: Go's style keeps those for linkname and assembly hooks */
		if ((ne - nb == 4 && !memcmp(src + nb, "init", 4)) || (ne - nb == 4 && !memcmp(src + nb, "main", 4)))
			continue;
		memset(&it, 0, sizeof(it));
		it.kind = DEAD_UNUSED_PRIVATE_FUNCTION;
		it.sb = nb, it.eb = ne;
		it.line = ts_node_start_point(name).row + 1, it.column = ts_node_start_point(name).column + 1;
		it.end_line = ts_node_end_point(name).row + 1;
		it.name = src + nb, it.name_len = ne - nb;
		if ((rc = emit(ud, &it)) != 0)
			break;
	} while (ts_tree_cursor_goto_next_sibling(&cur));
done:
	ts_tree_cursor_delete(&cur);
	return rc;
}

static bool word_byte(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch >= 0x80;
}

/* Every word of src[b, e) as a reference: a linkname's names, or text the parser gave up on. */
static int ref_words(const char *src, uint32_t b, uint32_t e, int (*ref)(void *, const char *, size_t), void *ud)
{
	int rc = 0;
	while (b < e && !rc) {
		uint32_t w;
		while (b < e && !word_byte((unsigned char)src[b]))
			b++;
		w = b;
		while (b < e && word_byte((unsigned char)src[b]))
			b++;
		if (b > w)
			rc = ref(ud, src + w, b - w);
	}
	return rc;
}

int scan_quality__dead_code_go_refs(const TSTree *tree, const char *src, size_t len,
                                    int (*ref)(void *ud, const char *name, size_t len), void *ud)
{
	const uint8_t *kind_of, *flags;
	uint32_t nsym, decl_name = UINT32_MAX, raw_depth = 0, depth = 0;
	TSTreeCursor cur;
	int rc = 0;

	if (!tree || len >= UINT32_MAX || !scan_quality__dc_tables(SCAN_LANG_GO, &kind_of, &flags, &nsym))
		return 0;
	/* One cursor walk: a deep file costs heap, not stack. */
	cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		TSSymbol s = ts_node_symbol(n);
		uint8_t fl = s == (TSSymbol)-1 ? DC_SYM_RAW : s < nsym ? flags[s] : 0;
		uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
		if (e > len)
			e = (uint32_t)len;
		if (s < nsym && (kind_of[s] == DK_FUNCTION || kind_of[s] == DK_METHOD)) {
			TSNode name = ts_node_child_by_field_name(n, "name", 4);
			decl_name = ts_node_is_null(name) ? UINT32_MAX : ts_node_start_byte(name);
		}
		if ((fl & DC_SYM_RAW) && !raw_depth) {
			raw_depth = depth + 1;
			rc = ref_words(src, b, e, ref, ud);
		} else if ((fl & DC_SYM_COMMENT) && directive(src, b, e)) {
			rc = ref_words(src, b, e, ref, ud);
		} else if ((fl & DC_SYM_IDENT) && ts_node_child_count(n) == 0 && b != decl_name && e > b) {
			rc = ref(ud, src + b, e - b);
		}
		if (rc || !scan_parse__walk_next(&cur, true, &depth))
			break;
		if (depth < raw_depth)
			raw_depth = 0; /* out of the raw node's subtree */
	}
	ts_tree_cursor_delete(&cur);
	return rc;
}
