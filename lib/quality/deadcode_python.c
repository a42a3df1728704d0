/* lib/quality/deadcode_python.c - Python's dead-code rules */
#include <string.h>
#include "parse/tree.h"
#include "quality/deadcode.h"

static const struct dc_kind_name kinds[] = {
	{ "module", DK_MODULE }, { "block", DK_BLOCK },
	{ "function_definition", DK_FUNCTION }, { "class_definition", DK_CLASS },
	{ "decorated_definition", DK_DECORATED }, { "lambda", DK_LAMBDA },
	{ "import_statement", DK_IMPORT }, { "import_from_statement", DK_IMPORT_FROM },
	{ "future_import_statement", DK_FUTURE_IMPORT }, { "aliased_import", DK_ALIASED_IMPORT },
	{ "dotted_name", DK_DOTTED_NAME }, { "wildcard_import", DK_WILDCARD },
	{ "expression_statement", DK_EXPR_STMT }, { "assignment", DK_ASSIGN },
	{ "return_statement", DK_RETURN }, { "raise_statement", DK_THROW },
	{ "break_statement", DK_BREAK }, { "continue_statement", DK_CONTINUE },
	{ "pass_statement", DK_PASS }, { "ellipsis", DK_ELLIPSIS },
	{ "string", DK_STRING }, { "concatenated_string", DK_STRING },
	{ "call", DK_CALL }, { "attribute", DK_MEMBER }, { "yield", DK_YIELD },
	{ "parameters", DK_PARAMS }, { "default_parameter", DK_DEFAULT_PARAM },
	{ "typed_parameter", DK_TYPED_PARAM }, { "typed_default_parameter", DK_TYPED_DEFAULT_PARAM },
	{ "list_splat_pattern", DK_SPLAT_PARAM }, { "dictionary_splat_pattern", DK_SPLAT_PARAM },
	{ "identifier", DK_IDENT }, { "try_statement", DK_TRY }, { "if_statement", DK_IF },
	{ NULL, DK_NONE }
};

/* Code that reads a function's locals by name, where no identifier shows it. */
static const char *const poison[] = { "locals", "vars", "dir", "eval", "exec", "_getframe", "currentframe", NULL };

/* Frame scratch: below a try statement (imports there probe for optional modules). */
#define PY_IN_TRY 1u
/* Frame scratch: below an if statement (a module's imports there pick what it re-exports: compat shims). */
#define PY_IN_IF 2u

static bool text_eq(const dc_ctx *c, TSNode a, TSNode b)
{
	uint32_t ab = ts_node_start_byte(a), ae = ts_node_end_byte(a);
	uint32_t bb = ts_node_start_byte(b), be = ts_node_end_byte(b);
	return ae - ab == be - bb && !memcmp(c->src + ab, c->src + bb, ae - ab);
}

static bool starts_with(const dc_ctx *c, TSNode n, const char *p)
{
	return scan_quality__dc_text_starts(c, n, p);
}

static bool ends_with(const dc_ctx *c, TSNode n, const char *p)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t k = strlen(p);
	return e - b >= k && !memcmp(c->src + e - k, p, k);
}

static bool is_dunder(const dc_ctx *c, TSNode n)
{
	return starts_with(c, n, "__") && ends_with(c, n, "__");
}

static dc_stmt stmt(dc_ctx *c, const dc_frame *block, const dc_frame *f)
{
	(void)block;
	switch (f->kind) {
	case DK_RETURN: case DK_THROW: case DK_BREAK: case DK_CONTINUE:
		return DC_JUMP;
	case DK_EXPR_STMT: {
		/* `return` then `yield`: the idiom that makes an empty generator */
		TSNode e = ts_node_named_child(f->node, 0);
		if (scan_quality__dc_kind(c, e) == DK_YIELD ||
		    (scan_quality__dc_kind(c, e) == DK_ASSIGN &&
		     scan_quality__dc_kind(c, ts_node_child_by_field_id(e, c->f_right)) == DK_YIELD))
			return DC_SKIP;
		return DC_STMT;
	}
	default:
		return DC_STMT;
	}
}

/* Modules whose imports are their exports: package __init__, and compat shims (compat.py, _compat.py, ...). */
static bool reexporting_module(const dc_ctx *c)
{
	const char *base = strrchr(c->path, '/');
	base = base ? base + 1 : c->path;
	return !strcmp(base, "__init__.py") || !strcmp(base, "__init__.pyi") || strstr(base, "compat");
}

/* Candidate tag: a name a module takes with from ... import at its top level. */
#define PY_TOP_FROM 1u
/* Unused names a module must take with from ... import before it counts as a facade. */
#define PY_FACADE_MIN 3

/* One imported name: the binding is name, the report spans what. Words in
 * strings (__all__, annotations) and comments (type comments) count as uses. */
static void import_name(dc_ctx *c, const dc_frame *f, TSNode name, TSNode what)
{
	dc_cand *d;
	if (scan_quality__dc_text_is(c, name, "load_tests"))
		return; /* unittest's load_tests protocol looks it up in the module */
	d = scan_quality__dc_cand(c, DEAD_UNUSED_IMPORT, name, what, 0, (uint32_t)c->len);
	if (d && f->kind == DK_IMPORT_FROM && f->fn < 0)
		d->tag = PY_TOP_FROM;
}

/* A module path with a _private part: its names are re-exported by the public module importing them. */
static bool private_module(const dc_ctx *c, TSNode path)
{
	TSTreeCursor cur;
	uint32_t depth = 0;
	bool priv = false;

	if (ts_node_is_null(path))
		return false;
	cur = ts_tree_cursor_new(path);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (scan_quality__dc_kind(c, n) == DK_IDENT && starts_with(c, n, "_")) {
			priv = true;
			break;
		}
		if (!scan_parse__walk_next(&cur, true, &depth))
			break;
	}
	ts_tree_cursor_delete(&cur);
	return priv;
}

/* from m import _x, y: a _private name taken as it is. */
static bool takes_private(const dc_ctx *c, TSNode stmt_node)
{
	TSTreeCursor cur = ts_tree_cursor_new(stmt_node);
	bool priv = false;
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			if (ts_tree_cursor_current_field_id(&cur) == c->f_name && scan_quality__dc_kind(c, k) == DK_DOTTED_NAME &&
			    starts_with(c, k, "_") && !is_dunder(c, ts_node_named_child(k, 0)))
				priv = true;
		} while (!priv && ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return priv;
}

/*
 * What an import binds, unless it looks like a re-export: from a _private
 * module (ssl re-exporting _ssl), a dunder (__all__, __doc__), a _private
 * name taken as is, or `import x as x`.
 */
static void imports(dc_ctx *c, dc_frame *f)
{
	TSTreeCursor cur;

	f->in_import = true;
	if (f->kind == DK_FUTURE_IMPORT || reexporting_module(c) || (f->aux & PY_IN_TRY) || ((f->aux & PY_IN_IF) && f->fn < 0) ||
	    f->in_raw)
		return;
	if (f->kind == DK_IMPORT_FROM && private_module(c, ts_node_child_by_field_id(f->node, c->f_module_name)))
		return;
	if (f->kind == DK_IMPORT_FROM && takes_private(c, f->node))
		return; /* a block that takes _private names too is re-exporting them all */
	cur = ts_tree_cursor_new(f->node);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			uint8_t kind = scan_quality__dc_kind(c, k);
			if (ts_tree_cursor_current_field_id(&cur) != c->f_name)
				continue;
			if (kind == DK_DOTTED_NAME) {
				/* import a.b binds a; from m import a binds a */
				TSNode bound = ts_node_named_child(k, 0);
				if ((f->kind == DK_IMPORT && private_module(c, k)) || starts_with(c, bound, "_"))
					continue;
				import_name(c, f, bound, k);
			} else if (kind == DK_ALIASED_IMPORT) {
				TSNode alias = ts_node_child_by_field_id(k, c->f_alias);
				TSNode orig = ts_node_child_by_field_id(k, c->f_name);
				if (ts_node_is_null(alias) || ts_node_is_null(orig) || is_dunder(c, alias) ||
				    (f->kind == DK_IMPORT && private_module(c, orig)))
					continue;
				if (ts_node_named_child_count(orig) == 1 && text_eq(c, alias, ts_node_named_child(orig, 0)))
					continue;
				import_name(c, f, alias, k);
			}
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
}

static bool is_self(const dc_ctx *c, TSNode n)
{
	return scan_quality__dc_text_is(c, n, "self") || scan_quality__dc_text_is(c, n, "cls");
}

/* Parameters of a function whose signature no one else chooses. */
static void params(dc_ctx *c, TSNode fn, int32_t scope)
{
	TSNode ps = ts_node_child_by_field_id(fn, c->f_parameters);
	TSTreeCursor cur;
	bool first = true;

	if (ts_node_is_null(ps))
		return;
	cur = ts_tree_cursor_new(ps);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur), name = { 0 };
			dc_cand *d;
			if (!ts_node_is_named(k))
				continue;
			switch (scan_quality__dc_kind(c, k)) {
			case DK_IDENT:
				name = k;
				break;
			case DK_DEFAULT_PARAM: case DK_TYPED_DEFAULT_PARAM:
				name = ts_node_child_by_field_id(k, c->f_name);
				break;
			case DK_TYPED_PARAM:
				name = ts_node_named_child(k, 0);
				if (scan_quality__dc_kind(c, name) != DK_IDENT)
					name = (TSNode){ 0 }; /* *args: str */
				break;
			default:
				break; /* *args, **kwargs, / and * markers */
			}
			if (ts_node_is_null(name) || scan_quality__dc_kind(c, name) != DK_IDENT || (first && is_self(c, name)) ||
			    scan_quality__dc_unused_by_name(c, name)) {
				first = false;
				continue;
			}
			first = false;
			if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_PARAMETER, name, name, ts_node_start_byte(fn), ts_node_end_byte(fn))))
				d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = scope;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
}

static void function(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	bool decorated = parent && parent->kind == DK_DECORATED;
	bool in_class = parent && parent->fn >= 0 && (c->scopes[parent->fn].flags & DC_SCOPE_CLASS);
	bool module = parent && parent->kind == DK_MODULE;
	int32_t idx = scan_quality__dc_scope(c, f->node, name, 0);

	f->fn = idx;
	if (idx < 0 || ts_node_is_null(name) || decorated || f->in_raw)
		return;
	/*
	 * A module's _helper is private to its package, not its file: tests,
	 * sibling modules and C extensions call them (in the standard library
	 * most unused-looking ones are). Only its parameters are judged here.
	 */
	if (module && starts_with(c, name, "_") && !is_dunder(c, name)) {
		if (!scan_quality__dc_stub_body(c, ts_node_child_by_field_id(f->node, c->f_body)))
			params(c, f->node, idx);
	} else if (in_class && starts_with(c, name, "__") && !is_dunder(c, name)) {
		/* name-mangled: only the class can name it */
		const dc_scope *cls = &c->scopes[parent->fn];
		scan_quality__dc_cand(c, DEAD_UNUSED_PRIVATE_FUNCTION, name, name, cls->sb, cls->eb);
	}
}

/* x = ... in a function: a local that nothing reads. */
static void assignment(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode left = ts_node_child_by_field_id(f->node, c->f_left);
	const dc_scope *s;
	dc_cand *d;

	if (!parent || (parent->kind != DK_EXPR_STMT && parent->kind != DK_ASSIGN) || f->fn < 0 || f->in_raw)
		return;
	s = &c->scopes[f->fn];
	if ((s->flags & DC_SCOPE_CLASS) || !s->name_eb || scan_quality__dc_kind(c, left) != DK_IDENT ||
	    ts_node_is_null(ts_node_child_by_field_id(f->node, c->f_right)) || scan_quality__dc_unused_by_name(c, left))
		return;
	if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_LOCAL, left, left, s->sb, s->eb)))
		d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = f->fn;
}

static void enter(dc_ctx *c, dc_frame *f, dc_frame *parent)
{
	f->aux = parent ? parent->aux : 0;
	switch (f->kind) {
	case DK_MODULE: case DK_BLOCK:
		f->block = true;
		break;
	case DK_TRY:
		f->aux |= PY_IN_TRY;
		break;
	case DK_IF:
		f->aux |= PY_IN_IF;
		break;
	case DK_IMPORT: case DK_IMPORT_FROM: case DK_FUTURE_IMPORT:
		imports(c, f);
		break;
	case DK_FUNCTION:
		function(c, f, parent);
		break;
	case DK_CLASS:
		f->fn = f->cls = scan_quality__dc_scope(c, f->node, ts_node_child_by_field_id(f->node, c->f_name), DC_SCOPE_CLASS);
		break;
	case DK_LAMBDA:
		f->fn = scan_quality__dc_scope(c, f->node, (TSNode){ 0 }, 0);
		break;
	case DK_ASSIGN:
		assignment(c, f, parent);
		break;
	default:
		break;
	}
}

/* f(...) and obj.f(...): the callee. */
static bool is_call(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand)
{
	return scan_quality__dc_is_callee(c, leaf, parent, grand, c->f_attribute);
}

/* A module taking more names with from ... import than it uses is a facade (compat.py): it keeps them all. */
static void facade(dc_ctx *c)
{
	size_t used = 0, unused = 0;
	for (size_t i = 0; i < c->ncands; i++) {
		const dc_cand *d = &c->cands[i];
		if (d->tag == PY_TOP_FROM)
			scan_quality__dc_used(c, d->name_sb, d->name_eb, d->scope_sb, d->scope_eb, d->ignore) ? used++ : unused++;
	}
	if (unused >= PY_FACADE_MIN && unused > used)
		for (size_t i = 0; i < c->ncands; i++)
			if (c->cands[i].tag == PY_TOP_FROM)
				c->cands[i].dropped = true;
}

static void finish(dc_ctx *c)
{
	uint32_t len = (uint32_t)c->len;

	facade(c);
	/* globals()[name] and getattr(sys.modules[__name__], name) reach functions by computed names,
	   and whoever calls them there passes what they pass */
	if (!scan_quality__dc_mentions(c, "globals", 0, len, DC_OCC_COMMENT) &&
	    !(scan_quality__dc_mentions(c, "modules", 0, len, DC_OCC_COMMENT) &&
	      scan_quality__dc_mentions(c, "__name__", 0, len, DC_OCC_COMMENT)))
		return;
	for (size_t i = 0; i < c->ncands; i++)
		if (c->cands[i].kind == DEAD_UNUSED_PARAMETER)
			c->cands[i].dropped = true;
}

const dc_lang scan_quality__dc_python = {
	.kinds = kinds,
	.stmt = stmt,
	.enter = enter,
	.is_call = is_call,
	.finish = finish,
	.poison = poison,
};
