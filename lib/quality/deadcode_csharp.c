/* lib/quality/deadcode_csharp.c - C#'s dead-code rules */
#include <string.h>
#include "quality/deadcode.h"

static const struct dc_kind_name kinds[] = {
	{ "block", DK_BLOCK }, { "switch_section", DK_SWITCH_CASE },
	{ "method_declaration", DK_METHOD }, { "constructor_declaration", DK_CONSTRUCTOR },
	{ "destructor_declaration", DK_CONSTRUCTOR }, { "operator_declaration", DK_CONSTRUCTOR },
	{ "conversion_operator_declaration", DK_CONSTRUCTOR }, { "accessor_declaration", DK_CONSTRUCTOR },
	{ "local_function_statement", DK_LOCAL_FUNCTION }, { "lambda_expression", DK_LAMBDA },
	{ "anonymous_method_expression", DK_LAMBDA },
	{ "class_declaration", DK_CLASS }, { "struct_declaration", DK_CLASS }, { "record_declaration", DK_CLASS },
	{ "interface_declaration", DK_TYPE_DECL }, { "declaration_list", DK_CLASS_BODY },
	{ "modifier", DK_MODIFIER }, { "attribute_list", DK_ANNOTATION },
	{ "explicit_interface_specifier", DK_EXPLICIT_IFACE },
	{ "parameter", DK_PARAM }, { "local_declaration_statement", DK_LOCAL_DECL },
	{ "variable_declaration", DK_VAR_DECL }, { "variable_declarator", DK_DECLARATOR },
	{ "invocation_expression", DK_CALL }, { "member_access_expression", DK_MEMBER },
	{ "return_statement", DK_RETURN }, { "throw_statement", DK_THROW },
	{ "break_statement", DK_BREAK }, { "continue_statement", DK_CONTINUE },
	{ "yield_statement", DK_YIELD_STMT }, { "labeled_statement", DK_LABELED },
	{ "empty_statement", DK_EMPTY }, { "expression_statement", DK_EXPR_STMT },
	{ "arrow_expression_clause", DK_ARROW_BODY }, { "throw_expression", DK_THROW_EXPR },
	{ "using_directive", DK_IMPORT }, { "identifier", DK_IDENT }, { "preproc_pragma", DK_PREPROC },
	{ NULL, DK_NONE }
};

/* Frame scratch of a type and its body: other parts of it, or anyone, may call its methods. */
#define CS_OPEN 1u
/* Frame scratch of a variable declaration: a plain local (not using, not fixed, not a field). */
#define CS_LOCAL 2u

/*
 * Called by name, usually written without an access modifier (so private):
 * the entry point, and the messages the Unity engine sends a MonoBehaviour.
 */
static const char *const engine_messages[] = {
	"Awake", "Start", "Update", "FixedUpdate", "LateUpdate", "Reset", "OnValidate", "OnGUI",
	"OnEnable", "OnDisable", "OnDestroy", "Main", NULL
};

/* Analyzer ids of unused-code warnings: a #pragma or [SuppressMessage] naming one means the author chose. */
static const char *const suppressions[] = {
	"IDE0051", "IDE0052", "IDE0059", "IDE0060", "CS0168", "CS0219", "CA1801", "CA1811", "CA1823",
	"RCS1163", "RCS1213", "S1144", "S1172", "S1481", NULL
};

static dc_stmt stmt(dc_ctx *c, const dc_frame *block, const dc_frame *f)
{
	(void)block;
	if (f->in_raw || (scan_quality__dc_flags(c, f->sym) & DC_SYM_RAW))
		return DC_RESET; /* #if: the code around may be compiled in or out */
	if (!(scan_quality__dc_flags(c, f->sym) & DC_SYM_STMT))
		return DC_NOT_STMT; /* case labels and patterns */
	switch (f->kind) {
	case DK_RETURN: case DK_THROW: case DK_BREAK: case DK_CONTINUE:
		return DC_JUMP;
	case DK_YIELD_STMT: {
		TSNode kw = ts_node_child(f->node, 1);
		return !ts_node_is_null(kw) && scan_quality__dc_text_is(c, kw, "break") ? DC_JUMP : DC_STMT;
	}
	case DK_LABELED:
		return DC_RESET;
	case DK_EMPTY: case DK_LOCAL_FUNCTION:
		return DC_SKIP; /* local functions are callable from anywhere in their block */
	default:
		return DC_STMT;
	}
}

typedef struct {
	bool access, priv, protect, attributed, open;
} cs_mods;

/* The modifiers and attributes of a declaration (its direct children). */
static cs_mods modifiers(dc_ctx *c, TSNode decl)
{
	static const char *const opening[] = { "partial", "extern", "abstract", "virtual", "override", NULL };
	cs_mods m = { false, false, false, false, false };
	TSTreeCursor cur = ts_tree_cursor_new(decl);

	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			uint8_t kind = scan_quality__dc_kind(c, k);
			if (kind == DK_ANNOTATION) {
				m.attributed = true;
			} else if (kind == DK_EXPLICIT_IFACE) {
				m.open = true;
			} else if (kind == DK_MODIFIER) {
				if (scan_quality__dc_text_is(c, k, "private"))
					m.access = m.priv = true;
				else if (scan_quality__dc_text_is(c, k, "protected"))
					m.access = m.protect = true;
				else if (scan_quality__dc_text_is(c, k, "public") || scan_quality__dc_text_is(c, k, "internal"))
					m.access = true;
				if (scan_quality__dc_text_in(c, k, opening))
					m.open = true;
			}
		} while (ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return m;
}

static bool engine_message(const dc_ctx *c, TSNode name)
{
	if (scan_quality__dc_text_in(c, name, engine_messages))
		return true;
	/* OnTriggerEnter, OnCollisionExit, OnMouseDown, ... and event handlers wired in a designer */
	return scan_quality__dc_text_starts(c, name, "On") && ts_node_end_byte(name) - ts_node_start_byte(name) > 2 &&
	       c->src[ts_node_start_byte(name) + 2] >= 'A' && c->src[ts_node_start_byte(name) + 2] <= 'Z';
}

static bool attributed_param(dc_ctx *c, TSNode param)
{
	return modifiers(c, param).attributed;
}

/* (object sender, EventArgs e): the event's signature, whoever wires it up (a designer file, XAML). */
static bool event_handler(const dc_ctx *c, TSNode method)
{
	TSNode ps = ts_node_child_by_field_id(method, c->f_parameters);
	TSNode first = ts_node_is_null(ps) ? ps : ts_node_named_child(ps, 0);
	return scan_quality__dc_kind(c, first) == DK_PARAM &&
	       scan_quality__dc_text_is(c, ts_node_child_by_field_id(first, c->f_name), "sender");
}

static void method(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	TSNode body = ts_node_child_by_field_id(f->node, c->f_body);
	cs_mods m = modifiers(c, f->node);

	f->fn = scan_quality__dc_scope(c, f->node, name, 0);
	/* private, or no access modifier in a class or struct; not private protected */
	if (f->fn < 0 || !parent || parent->kind != DK_CLASS_BODY || (parent->aux & CS_OPEN) || f->in_raw ||
	    (m.access && !m.priv) || m.protect || m.attributed || m.open || ts_node_is_null(name) ||
	    ts_node_is_null(body) || engine_message(c, name))
		return;
	scan_quality__dc_cand(c, DEAD_UNUSED_PRIVATE_FUNCTION, name, name, 0, (uint32_t)c->len);
	if (!scan_quality__dc_stub_body(c, body) && !event_handler(c, f->node))
		scan_quality__dc_params(c, f->node, f->fn, attributed_param);
}

static void declarator(dc_ctx *c, dc_frame *f, const dc_frame *parent)
{
	TSNode name = ts_node_child_by_field_id(f->node, c->f_name);
	const dc_scope *s;
	dc_cand *d;

	if (!parent || parent->kind != DK_VAR_DECL || !(parent->aux & CS_LOCAL) || f->fn < 0 || f->in_raw)
		return;
	s = &c->scopes[f->fn];
	if ((s->flags & DC_SCOPE_CLASS) || scan_quality__dc_kind(c, name) != DK_IDENT || scan_quality__dc_unused_by_name(c, name))
		return;
	if ((d = scan_quality__dc_cand(c, DEAD_UNUSED_LOCAL, name, name, s->sb, s->eb)))
		d->ignore = DC_OCC_COMMENT | DC_OCC_STRING, d->fn = f->fn;
}

/* local_declaration_statement without `using`: its variables are plain locals. */
static bool plain_local(const dc_ctx *c, TSNode stmt_node)
{
	TSTreeCursor cur = ts_tree_cursor_new(stmt_node);
	bool plain = true;
	if (ts_tree_cursor_goto_first_child(&cur)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&cur);
			if (!ts_node_is_named(k) && scan_quality__dc_text_is(c, k, "using"))
				plain = false;
		} while (plain && ts_tree_cursor_goto_next_sibling(&cur));
	}
	ts_tree_cursor_delete(&cur);
	return plain;
}

static bool pragma_mentions(const dc_ctx *c, const dc_frame *f, const char *what)
{
	size_t k = strlen(what);
	for (uint32_t i = f->sb; i + k <= f->eb && i + k <= c->len; i++)
		if (!memcmp(c->src + i, what, k))
			return true;
	return false;
}

static void enter(dc_ctx *c, dc_frame *f, dc_frame *parent)
{
	switch (f->kind) {
	case DK_BLOCK: case DK_SWITCH_CASE:
		f->block = true;
		break;
	case DK_IMPORT:
		f->in_import = true;
		break;
	case DK_PREPROC:
		/* #pragma warning disable 162 (CS0162, unreachable code) */
		if (pragma_mentions(c, f, "162"))
			c->suppress_unreachable = true;
		break;
	case DK_CLASS: case DK_TYPE_DECL:
		f->fn = f->cls = scan_quality__dc_scope(c, f->node, ts_node_child_by_field_id(f->node, c->f_name), DC_SCOPE_CLASS);
		if (f->kind == DK_TYPE_DECL || modifiers(c, f->node).open)
			f->aux = CS_OPEN; /* an interface's members are public; a partial class has other parts */
		break;
	case DK_CLASS_BODY:
		f->aux = parent ? parent->aux : 0;
		break;
	case DK_METHOD:
		method(c, f, parent);
		break;
	case DK_CONSTRUCTOR: case DK_LAMBDA: case DK_LOCAL_FUNCTION:
		f->fn = scan_quality__dc_scope(c, f->node, (TSNode){ 0 }, 0);
		break;
	case DK_VAR_DECL:
		if (parent && parent->kind == DK_LOCAL_DECL && plain_local(c, parent->node))
			f->aux = CS_LOCAL;
		break;
	case DK_DECLARATOR:
		declarator(c, f, parent);
		break;
	default:
		break;
	}
}

/* F(...) and x.F(...): the name is the callee. */
static bool is_call(const dc_ctx *c, const dc_frame *leaf, const dc_frame *parent, const dc_frame *grand)
{
	return scan_quality__dc_is_callee(c, leaf, parent, grand, c->f_name);
}

static void finish(dc_ctx *c)
{
	for (const char *const *s = suppressions; *s; s++)
		if (scan_quality__dc_mentions(c, *s, 0, (uint32_t)c->len, DC_OCC_COMMENT))
			c->suppress_unused = true;
}

const dc_lang scan_quality__dc_csharp = {
	.kinds = kinds,
	.stmt = stmt,
	.enter = enter,
	.is_call = is_call,
	.finish = finish,
	.suppress_strings = true,
};
