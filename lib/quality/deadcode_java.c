/* lib/quality/deadcode_java.c - Java's dead-code rules */
#include <string.h>
#include "quality/deadcode.h"

static const struct dc_kind_name kinds[] = {
	{ "block", DK_BLOCK }, { "constructor_body", DK_BLOCK },
	{ "switch_block_statement_group", DK_SWITCH_CASE }, { "switch_label", DK_SWITCH_LABEL },
	{ "method_declaration", DK_METHOD }, { "constructor_declaration", DK_CONSTRUCTOR },
	{ "compact_constructor_declaration", DK_CONSTRUCTOR }, { "lambda_expression", DK_LAMBDA },
	{ "static_initializer", DK_CONSTRUCTOR },
	{ "class_declaration", DK_CLASS }, { "enum_declaration", DK_CLASS }, { "record_declaration", DK_CLASS },
	{ "interface_declaration", DK_CLASS }, { "annotation_type_declaration", DK_CLASS },
	{ "class_body", DK_CLASS_BODY }, { "enum_body_declarations", DK_CLASS_BODY }, { "interface_body", DK_CLASS_BODY },
	{ "modifiers", DK_MODIFIERS }, { "marker_annotation", DK_ANNOTATION }, { "annotation", DK_ANNOTATION },
	{ "import_declaration", DK_IMPORT }, { "package_declaration", DK_PACKAGE }, { "asterisk", DK_WILDCARD },
	{ "scoped_identifier", DK_SCOPED_IDENT }, { "identifier", DK_IDENT },
	{ "formal_parameters", DK_PARAMS }, { "formal_parameter", DK_PARAM },
	{ "local_variable_declaration", DK_LOCAL_DECL }, { "variable_declarator", DK_DECLARATOR },
	{ "method_invocation", DK_CALL }, { "method_reference", DK_METHOD_REF },
	{ "return_statement", DK_RETURN }, { "throw_statement", DK_THROW },
	{ "break_statement", DK_BREAK }, { "continue_statement", DK_CONTINUE },
	{ "yield_statement", DK_YIELD_STMT }, { "labeled_statement", DK_LABELED },
	{ "expression_statement", DK_EXPR_STMT }, { "class_literal", DK_TYPE_ONLY },
	{ NULL, DK_NONE }
};

/* ctx scratch: a native method is declared (C code may call the private ones back through JNI) */
#define JAVA_NATIVE 1u

/* Called by the serialization machinery, never by name. */
static const char *const hooks[] = { "writeObject", "readObject", "readObjectNoData", "writeReplace", "readResolve", NULL };

static dc_stmt stmt(dc_ctx *c, const dc_frame *block, const dc_frame *f)
{
	(void)c, (void)block;
	switch (f->kind) {
	case DK_SWITCH_LABEL: case DK_LABELED:
		return DC_RESET;
	case DK_RETURN: case DK_THROW: case DK_BREAK: case DK_CONTINUE: case DK_YIELD_STMT:
		return DC_JUMP;
	case DK_CLASS:
		return DC_SKIP; /* a local type declaration runs nothing */
	default:
		return DC_STMT;
	}
}

typedef struct {
	bool priv, annotated, native;
} java_mods;

static java_mods modifiers(dc_ctx *c, TSNode decl)
{
	java_mods m = { false, false, false };
	TSNode mods = ts_node_named_child(decl, 0);
	TSTreeCursor cur;

	if (scan_quality__dc_kind(c, mods) != DK_MODIFIERS)
		return m;
	cur = ts_tree_cursor_new(mods);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			if (scan_quality__dc_kind(c, k) == DK_ANNOTATION)
				m.annotated = true;
			else if (!ts_node_is_named(k) && scan_quality__dc_text_is(c, k, "private"))
				m.priv = true;
			else if (!ts_node_is_named(k) && scan_quality__dc_text_is(c, k, "native"))
				m.native = true;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return m;
}

static bool is_hook(const dc_ctx *c, TSNode name)
{
	return scan_quality__dc_text_in(c, name, hooks);
}

static bool annotated_param(dc_ctx *c, TSNode param)
{
	return modifiers(c, param).annotated;
}

static void method(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	java_mods m = modifiers(c, f->node);
	TSNode body = ts_node_child_by_field_id(f->node, c->f_body);

	f->fn = scan_quality__dc_scope(c, f->node, name, 0);
	if (m.native)
		c->aux |= JAVA_NATIVE;
	if (f->fn < 0 || !m.priv || m.annotated || !parent || parent->kind != DK_CLASS_BODY || f->in_raw ||
	    ts_node_is_null(name) || is_hook(c, name))
		return;
	scan_quality__dc_cand(c, DEAD_UNUSED_PRIVATE_FUNCTION, name, name, 0, (uint32_t)c->len);
	if (!ts_node_is_null(body) && !scan_quality__dc_stub_body(c, body))
		scan_quality__dc_params(c, f->node, f->fn, annotated_param);
}

/* int x = ...; in a method: a local nothing reads. */
static void declarator(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	const dc_scope *s;
	dc_cand *d;

	if (!parent || parent->kind != DK_LOCAL_DECL || parent->field == c->f_init || f->fn < 0 || f->in_raw)
		return;
	s = &c->scopes[f->fn];
	if ((s->flags & DC_SCOPE_CLASS) || scan_quality__dc_kind(c, name) != DK_IDENT || scan_quality__dc_unused_by_name(c, name) ||
	    modifiers(c, parent->node).annotated)
		return;
	if (scan_quality__dc_kind(c, ts_node_child_by_field_id(f->node, c->f_value)) == DK_TYPE_ONLY)
		return; /* Class<?> x = Foo.class; loads Foo, and Java has no other way to write that */
	if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_LOCAL, name, name, s->sb, s->eb)))
		d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = f->fn;
}

static void imports(dc_ctx *c, dc_frame *f)
{
	TSTreeCursor cur;
	TSNode path = { 0 };
	bool wildcard = false;

	f->in_import = true;
	if (f->kind != DK_IMPORT || f->in_raw)
		return;
	cur = ts_tree_cursor_new(f->node);
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			uint8_t kind = scan_quality__dc_kind(c, k);
			if (kind == DK_WILDCARD)
				wildcard = true;
			else if (kind == DK_SCOPED_IDENT || kind == DK_IDENT)
				path = k;
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	if (wildcard || ts_node_is_null(path))
		return;
	if (scan_quality__dc_kind(c, path) == DK_SCOPED_IDENT)
		path = ts_node_child_by_field_id(path, c->f_name);
	if (scan_quality__dc_kind(c, path) == DK_IDENT)
		scan_quality__dc_cand(c, DEAD_UNUSED_IMPORT, path, f->node, 0, (uint32_t)c->len);
}

static void enter(dc_ctx *c, dc_frame *f, dc_frame *parent)
{
	switch (f->kind) {
	case DK_BLOCK: case DK_SWITCH_CASE:
		f->block = true;
		break;
	case DK_IMPORT: case DK_PACKAGE:
		imports(c, f);
		break;
	case DK_METHOD:
		method(c, f, parent);
		break;
	case DK_CONSTRUCTOR: case DK_LAMBDA:
		f->fn = scan_quality__dc_scope(c, f->node, (TSNode){ 0 }, 0);
		break;
	case DK_CLASS:
		f->fn = f->cls = scan_quality__dc_scope(c, f->node, ts_node_child_by_field_id(f->node, c->f_name), DC_SCOPE_CLASS);
		break;
	case DK_DECLARATOR:
		declarator(c, f, parent);
		break;
	default:
		break;
	}
}

/* obj.m(...) and m(...): the name is the callee. */
static bool is_call(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand)
{
	(void)grand;
	return parent && parent->kind == DK_CALL && leaf->field == c->f_name;
}

static void finish(dc_ctx *c)
{
	if (!(c->aux & JAVA_NATIVE))
		return;
	for (size_t i = 0; i < c->ncands; i++)
		if (c->cands[i].kind == DEAD_UNUSED_PRIVATE_FUNCTION || c->cands[i].kind == DEAD_UNUSED_PARAMETER)
			c->cands[i].dropped = true;
}

const dc_lang scan_quality__dc_java = {
	.kinds = kinds,
	.stmt = stmt,
	.enter = enter,
	.is_call = is_call,
	.finish = finish,
	.suppress_strings = true,
};
