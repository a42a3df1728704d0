/* lib/quality/deadcode_javascript.c - JavaScript, TypeScript and TSX dead-code rules */
#include <string.h>
#include "quality/deadcode.h"

static const struct dc_kind_name kinds[] = {
	{ "program", DK_MODULE }, { "statement_block", DK_BLOCK },
	{ "switch_case", DK_SWITCH_CASE }, { "switch_default", DK_SWITCH_CASE },
	{ "function_declaration", DK_FUNCTION }, { "generator_function_declaration", DK_FUNCTION },
	{ "function_expression", DK_LAMBDA }, { "generator_function", DK_LAMBDA }, { "arrow_function", DK_LAMBDA },
	{ "method_definition", DK_METHOD },
	{ "class_declaration", DK_CLASS }, { "class", DK_CLASS }, { "class_body", DK_CLASS_BODY },
	{ "decorator", DK_DECORATOR }, { "private_property_identifier", DK_PRIVATE_IDENT },
	{ "import_statement", DK_IMPORT }, { "import_clause", DK_IMPORT_CLAUSE },
	{ "named_imports", DK_NAMED_IMPORTS }, { "import_specifier", DK_IMPORT_SPEC },
	{ "namespace_import", DK_NAMESPACE_IMPORT }, { "export_statement", DK_EXPORT },
	{ "lexical_declaration", DK_LOCAL_DECL }, { "variable_declaration", DK_VAR_DECL },
	{ "variable_declarator", DK_DECLARATOR },
	{ "return_statement", DK_RETURN }, { "throw_statement", DK_THROW },
	{ "break_statement", DK_BREAK }, { "continue_statement", DK_CONTINUE },
	{ "labeled_statement", DK_LABELED }, { "empty_statement", DK_EMPTY },
	{ "with_statement", DK_WITH }, { "identifier", DK_IDENT },
	{ NULL, DK_NONE }
};

/* Declarations that are no statement to run: types, overloads, ambient and namespace blocks. */
static const struct dc_kind_name ts_kinds[] = {
	{ "abstract_class_declaration", DK_CLASS }, { "accessibility_modifier", DK_ACCESSIBILITY },
	{ "interface_declaration", DK_TYPE_DECL }, { "type_alias_declaration", DK_TYPE_DECL },
	{ "enum_declaration", DK_TYPE_DECL }, { "ambient_declaration", DK_TYPE_DECL },
	{ "function_signature", DK_TYPE_DECL }, { "internal_module", DK_TYPE_DECL }, { "module", DK_TYPE_DECL },
	{ NULL, DK_NONE }
};

static const struct dc_kind_name jsx_kinds[] = {
	{ "jsx_opening_element", DK_JSX }, { "jsx_self_closing_element", DK_JSX },
	{ NULL, DK_NONE }
};

static const char *const poison[] = { "eval", NULL };

/* Frame scratch of a class body: the class has decorators (frameworks call its methods). */
#define JS_DECORATED_CLASS 1u

/* var x; with no initializer: ESLint's no-unreachable leaves it alone, it is hoisted and runs nothing. */
static bool bare_var(const dc_ctx *c, TSNode n)
{
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(n, i);
		if (scan_quality__dc_kind(c, d) == DK_DECLARATOR && !ts_node_is_null(ts_node_child_by_field_id(d, c->f_value)))
			return false;
	}
	return true;
}

static dc_stmt stmt(dc_ctx *c, const dc_frame *block, const dc_frame *f)
{
	if (block->kind == DK_SWITCH_CASE && f->field != c->f_body)
		return DC_NOT_STMT; /* the case's value */
	switch (f->kind) {
	case DK_RETURN: case DK_THROW: case DK_BREAK: case DK_CONTINUE:
		return DC_JUMP;
	case DK_LABELED:
		return DC_RESET;
	case DK_FUNCTION: case DK_TYPE_DECL: case DK_EMPTY: case DK_IMPORT: case DK_EXPORT:
		return DC_SKIP; /* hoisted, or no code */
	case DK_VAR_DECL:
		return bare_var(c, f->node) ? DC_SKIP : DC_STMT;
	default:
		return DC_STMT;
	}
}

static void import_name(dc_ctx *c, TSNode name, TSNode what)
{
	scan_quality__dc_cand(c, DEAD_UNUSED_IMPORT, name, what, 0, (uint32_t)c->len);
}

static void import_clause(dc_ctx *c, TSNode clause)
{
	TSTreeCursor cur = ts_tree_cursor_new(clause);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			switch (scan_quality__dc_kind(c, k)) {
			case DK_IDENT: /* import x from */
				import_name(c, k, k);
				break;
			case DK_NAMESPACE_IMPORT: { /* import * as ns from */
				TSNode id = ts_node_named_child(k, 0);
				if (scan_quality__dc_kind(c, id) == DK_IDENT)
					import_name(c, id, k);
				break;
			}
			case DK_NAMED_IMPORTS: {
				TSTreeCursor spec = ts_tree_cursor_new(k);
				if (ts_tree_cursor_goto_first_child(&spec)) {
					do {
						TSNode s = ts_tree_cursor_current_node(&spec), id;
						if (scan_quality__dc_kind(c, s) != DK_IMPORT_SPEC)
							continue;
						id = ts_node_child_by_field_id(s, c->f_alias);
						if (ts_node_is_null(id))
							id = ts_node_child_by_field_id(s, c->f_name);
						if (scan_quality__dc_kind(c, id) == DK_IDENT)
							import_name(c, id, s);
					} while (ts_tree_cursor_goto_next_sibling(&spec));
				}
				ts_tree_cursor_delete(&spec);
				break;
			}
			default:
				break;
			}
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
}

static void imports(dc_ctx *c, dc_frame *f)
{
	TSTreeCursor cur;
	f->in_import = true;
	if (f->in_raw)
		return;
	cur = ts_tree_cursor_new(f->node);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			if (scan_quality__dc_kind(c, k) == DK_IMPORT_CLAUSE)
				import_clause(c, k);
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
}

static bool has_child(const dc_ctx *c, TSNode n, uint8_t kind)
{
	TSTreeCursor cur = ts_tree_cursor_new(n);
	bool found = false;
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do
			found = scan_quality__dc_kind(c, ts_tree_cursor_current_node(&cur)) == kind;
		while (!found && ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return found;
}

/* A method only its class can call: TypeScript's private, or a #name. */
static void method(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	bool priv = scan_quality__dc_kind(c, name) == DK_PRIVATE_IDENT;
	TSTreeCursor cur;

	if (!parent || parent->kind != DK_CLASS_BODY || (parent->aux & JS_DECORATED_CLASS) || f->in_raw ||
	    ts_node_is_null(name) || f->prev == DK_DECORATOR)
		return;
	cur = ts_tree_cursor_new(f->node);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			uint8_t kind = scan_quality__dc_kind(c, k);
			if (kind == DK_DECORATOR) {
				priv = false;
				break;
			}
			if (kind == DK_ACCESSIBILITY && scan_quality__dc_text_is(c, k, "private"))
				priv = true;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	if (priv && !scan_quality__dc_text_is(c, name, "constructor"))
		scan_quality__dc_cand(c, DEAD_UNUSED_PRIVATE_FUNCTION, name, name, parent->sb, parent->eb);
}

/* const x = ... in a function: a local nothing reads. */
static void declarator(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	const dc_scope *s;
	dc_cand *d;

	if (!parent || f->fn < 0 || f->in_raw || scan_quality__dc_kind(c, name) != DK_IDENT || scan_quality__dc_unused_by_name(c, name))
		return;
	if (parent->kind == DK_LOCAL_DECL) {
		TSNode kw = ts_node_child_by_field_id(parent->node, c->f_kind);
		if (ts_node_is_null(kw) || (!scan_quality__dc_text_is(c, kw, "const") && !scan_quality__dc_text_is(c, kw, "let")))
			return; /* using, await using: declared for their disposal */
	} else if (parent->kind != DK_VAR_DECL) {
		return;
	}
	if (parent->field == c->f_initializer)
		return; /* for (let i = 0; ...) */
	s = &c->scopes[f->fn];
	if (s->flags & DC_SCOPE_CLASS)
		return;
	if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_LOCAL, name, name, s->sb, s->eb)))
		d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = f->fn;
}

static void enter(dc_ctx *c, dc_frame *f, dc_frame *parent)
{
	switch (f->kind) {
	case DK_MODULE: case DK_BLOCK: case DK_SWITCH_CASE:
		f->block = true;
		break;
	case DK_IMPORT:
		if (parent && parent->kind == DK_MODULE)
			c->is_module = true;
		imports(c, f);
		break;
	case DK_EXPORT:
		if (parent && parent->kind == DK_MODULE)
			c->is_module = true;
		break;
	case DK_FUNCTION: {
		TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
		f->fn = scan_quality__dc_scope(c, f->node, name, 0);
		/* top level and not exported; finish() keeps it only in a module (a script's functions are globals) */
		if (parent && parent->kind == DK_MODULE && !f->in_raw && !ts_node_is_null(name))
			scan_quality__dc_cand(c, DEAD_UNUSED_PRIVATE_FUNCTION, name, name, 0, (uint32_t)c->len);
		break;
	}
	case DK_LAMBDA:
		f->fn = scan_quality__dc_scope(c, f->node, (TSNode){ 0 }, 0);
		break;
	case DK_METHOD:
		method(c, f, parent);
		f->fn = scan_quality__dc_scope(c, f->node, ts_node_child_by_field_id(f->node, c->f_name), 0);
		break;
	case DK_CLASS:
		f->cls = scan_quality__dc_scope(c, f->node, ts_node_child_by_field_id(f->node, c->f_name), DC_SCOPE_CLASS);
		f->fn = f->cls;
		if (f->prev == DK_DECORATOR || has_child(c, f->node, DK_DECORATOR))
			f->aux = JS_DECORATED_CLASS;
		break;
	case DK_CLASS_BODY:
		f->aux = parent ? parent->aux : 0;
		break;
	case DK_DECLARATOR:
		declarator(c, f, parent);
		break;
	case DK_WITH:
		if (f->fn >= 0)
			c->scopes[f->fn].flags |= DC_SCOPE_POISON;
		break;
	case DK_JSX:
		c->has_jsx = true;
		break;
	default:
		break;
	}
}

static void finish(dc_ctx *c)
{
	uint32_t len = (uint32_t)c->len;
	/*
	 * A CommonJS module (one that requires) keeps its functions to itself
	 * too. Mentioning exports is not enough: concatenated scripts test for
	 * it (typeof exports) and share one scope with their siblings.
	 */
	bool module = c->is_module || scan_quality__dc_mentions(c, "require", 0, len, DC_OCC_COMMENT | DC_OCC_STRING);
	for (size_t i = 0; i < c->ncands; i++) {
		dc_cand *d = &c->cands[i];
		const char *name = c->src + d->name_sb;
		size_t n = d->name_eb - d->name_sb;
		if (d->kind == DEAD_UNUSED_PRIVATE_FUNCTION && d->scope_sb == 0 && d->scope_eb == len && !module)
			d->dropped = true;
		/* the classic JSX transform calls React.createElement (or h) where no identifier says so */
		if (d->kind == DEAD_UNUSED_IMPORT && c->has_jsx &&
		    ((n == 5 && !memcmp(name, "React", 5)) || (n == 1 && name[0] == 'h')))
			d->dropped = true;
	}
}

const dc_lang scan_quality__dc_javascript = {
	.kinds = kinds,
	.ts_kinds = ts_kinds,
	.jsx_kinds = jsx_kinds,
	.stmt = stmt,
	.enter = enter,
	.finish = finish,
	.poison = poison,
	.dollar = true,
};
