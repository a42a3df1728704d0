/* lib/sast/taint_lang.c - what each grammar's node kinds do to data, for the taint engine */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "parse/language.h"
#include "sast/taint.h"

typedef struct {
	const char *kind;
	taint_role role;
} kind_role;

/*
 * By kind name, from the pinned grammars' node-types.json (`rampart rules
 * tree FILE` shows them). A kind a grammar lacks is ignored; a kind left
 * out here is an expression tainted by its parts, which errs towards a
 * finding, never towards silence.
 */
static const kind_role common[] = {
	{ "comment", TR_CLEAN }, { "line_comment", TR_CLEAN }, { "block_comment", TR_CLEAN },
	{ "type_identifier", TR_CLEAN }, { "predefined_type", TR_CLEAN }, { "integral_type", TR_CLEAN },
	{ "generic_type", TR_CLEAN }, { "type_arguments", TR_CLEAN }, { "type_annotation", TR_CLEAN },
	{ "annotation", TR_CLEAN }, { "marker_annotation", TR_CLEAN }, { "decorator", TR_CLEAN },
	{ "import_statement", TR_CLEAN }, { "import_from_statement", TR_CLEAN }, { "import_declaration", TR_CLEAN },
	{ "package_declaration", TR_CLEAN }, { "using_directive", TR_CLEAN }, { "namespace_use_declaration", TR_CLEAN },
	{ "return_statement", TR_RETURN },
	{ "if_statement", TR_IF }, { "else_clause", TR_ELSE }, { "while_statement", TR_LOOP },
	{ "do_statement", TR_LOOP }, { "for_statement", TR_LOOP },
	{ "identifier", TR_IDENT }, { "this", TR_SELF }, { "self", TR_SELF },
	{ "class_body", TR_BLOCKFUNC }, { "class_declaration", TR_BLOCKFUNC }, { "class_definition", TR_BLOCKFUNC },
	{ NULL, TR_NONE },
};

static const kind_role python[] = {
	{ "function_definition", TR_FUNC }, { "lambda", TR_LAMBDA },
	{ "assignment", TR_ASSIGN }, { "augmented_assignment", TR_AUGASSIGN },
	{ "elif_clause", TR_ELIF }, { "conditional_expression", TR_TERNARY },
	{ "for_statement", TR_FOREACH }, { "for_in_clause", TR_FOREACH },
	{ "call", TR_CALL }, { "attribute", TR_MEMBER }, { "subscript", TR_SUBSCRIPT },
	{ "list", TR_LIST }, { "tuple", TR_LIST }, { "dictionary", TR_DICT }, { "pair", TR_PAIR },
	{ "keyword_argument", TR_NONE },
	{ NULL, TR_NONE },
};

static const kind_role javascript[] = {
	{ "function_declaration", TR_FUNC }, { "method_definition", TR_FUNC },
	{ "generator_function_declaration", TR_FUNC },
	{ "arrow_function", TR_LAMBDA }, { "function_expression", TR_LAMBDA }, { "function", TR_LAMBDA },
	{ "assignment_expression", TR_ASSIGN }, { "variable_declarator", TR_ASSIGN },
	{ "augmented_assignment_expression", TR_AUGASSIGN },
	{ "ternary_expression", TR_TERNARY },
	{ "for_in_statement", TR_FOREACH },
	{ "call_expression", TR_CALL }, { "new_expression", TR_NEW },
	{ "member_expression", TR_MEMBER }, { "subscript_expression", TR_SUBSCRIPT },
	{ "shorthand_property_identifier", TR_IDENT },
	{ "array", TR_LIST }, { "object", TR_DICT }, { "pair", TR_PAIR },
	{ "property_identifier", TR_CLEAN },
	{ NULL, TR_NONE },
};

static const kind_role java[] = {
	{ "method_declaration", TR_FUNC }, { "constructor_declaration", TR_FUNC },
	{ "lambda_expression", TR_LAMBDA },
	{ "assignment_expression", TR_ASSIGN }, { "variable_declarator", TR_ASSIGN },
	{ "ternary_expression", TR_TERNARY },
	{ "enhanced_for_statement", TR_FOREACH },
	{ "method_invocation", TR_CALL }, { "object_creation_expression", TR_NEW },
	{ "field_access", TR_MEMBER }, { "array_access", TR_SUBSCRIPT },
	{ "array_initializer", TR_LIST },
	{ NULL, TR_NONE },
};

static const kind_role csharp[] = {
	{ "method_declaration", TR_FUNC }, { "constructor_declaration", TR_FUNC },
	{ "local_function_statement", TR_FUNC },
	{ "lambda_expression", TR_LAMBDA }, { "anonymous_method_expression", TR_LAMBDA },
	{ "assignment_expression", TR_ASSIGN }, { "variable_declarator", TR_ASSIGN },
	{ "conditional_expression", TR_TERNARY },
	{ "foreach_statement", TR_FOREACH },
	{ "invocation_expression", TR_CALL }, { "object_creation_expression", TR_NEW },
	{ "member_access_expression", TR_MEMBER }, { "element_access_expression", TR_SUBSCRIPT },
	{ "array_creation_expression", TR_LIST }, { "initializer_expression", TR_LIST },
	{ "implicit_array_creation_expression", TR_LIST },
	{ "this_expression", TR_SELF },
	{ NULL, TR_NONE },
};

static const kind_role php[] = {
	{ "function_definition", TR_FUNC }, { "method_declaration", TR_FUNC },
	{ "anonymous_function_creation_expression", TR_LAMBDA }, { "arrow_function", TR_LAMBDA },
	{ "anonymous_function", TR_LAMBDA },
	{ "assignment_expression", TR_ASSIGN }, { "augmented_assignment_expression", TR_AUGASSIGN },
	{ "else_if_clause", TR_ELIF }, { "conditional_expression", TR_TERNARY },
	{ "foreach_statement", TR_FOREACH },
	{ "function_call_expression", TR_CALL }, { "member_call_expression", TR_CALL },
	{ "scoped_call_expression", TR_CALL }, { "nullsafe_member_call_expression", TR_CALL },
	{ "object_creation_expression", TR_NEW },
	{ "member_access_expression", TR_MEMBER }, { "nullsafe_member_access_expression", TR_MEMBER },
	{ "subscript_expression", TR_SUBSCRIPT },
	{ "variable_name", TR_IDENT }, { "identifier", TR_NONE },
	{ "array_creation_expression", TR_DICT }, { "array_element_initializer", TR_PAIR },
	{ NULL, TR_NONE },
};

static const kind_role go[] = {
	{ "function_declaration", TR_FUNC }, { "method_declaration", TR_FUNC },
	{ "func_literal", TR_LAMBDA },
	{ "assignment_statement", TR_ASSIGN }, { "short_var_declaration", TR_ASSIGN }, { "var_spec", TR_ASSIGN },
	{ "const_spec", TR_ASSIGN },
	{ "range_clause", TR_FOREACH },
	{ "call_expression", TR_CALL },
	{ "selector_expression", TR_MEMBER }, { "index_expression", TR_SUBSCRIPT },
	{ "composite_literal", TR_LIST }, { "literal_value", TR_LIST }, { "keyed_element", TR_PAIR },
	{ "field_identifier", TR_CLEAN }, { "package_identifier", TR_CLEAN },
	{ NULL, TR_NONE },
};

static const kind_role ruby[] = {
	{ "method", TR_FUNC }, { "singleton_method", TR_FUNC },
	{ "lambda", TR_LAMBDA }, { "block", TR_LAMBDA }, { "do_block", TR_LAMBDA },
	{ "assignment", TR_ASSIGN }, { "operator_assignment", TR_AUGASSIGN },
	{ "if", TR_IF }, { "unless", TR_IF }, { "elsif", TR_ELIF }, { "else", TR_ELSE },
	{ "if_modifier", TR_IF }, { "unless_modifier", TR_IF },
	{ "conditional", TR_TERNARY }, { "while", TR_LOOP }, { "until", TR_LOOP }, { "for", TR_FOREACH },
	{ "return", TR_RETURN },
	{ "call", TR_CALL }, { "element_reference", TR_SUBSCRIPT },
	{ "instance_variable", TR_IDENT }, { "constant", TR_NONE },
	{ "array", TR_LIST }, { "hash", TR_DICT }, { "pair", TR_PAIR },
	{ "class", TR_BLOCKFUNC }, { "module", TR_BLOCKFUNC },
	{ NULL, TR_NONE },
};

static const kind_role c_kinds[] = {
	{ "function_definition", TR_FUNC },
	{ "assignment_expression", TR_ASSIGN }, { "init_declarator", TR_ASSIGN },
	{ "conditional_expression", TR_TERNARY },
	{ "call_expression", TR_CALL },
	{ "field_expression", TR_MEMBER }, { "subscript_expression", TR_SUBSCRIPT },
	{ "initializer_list", TR_LIST },
	{ "field_identifier", TR_CLEAN }, { "primitive_type", TR_CLEAN }, { "sized_type_specifier", TR_CLEAN },
	{ "sizeof_expression", TR_CLEAN }, { "preproc_include", TR_CLEAN }, { "type_descriptor", TR_CLEAN },
	{ NULL, TR_NONE },
};

/* C++: C's kinds, and these */
static const kind_role cpp[] = {
	{ "lambda_expression", TR_LAMBDA }, { "new_expression", TR_NEW },
	{ "for_range_loop", TR_FOREACH }, { "namespace_identifier", TR_CLEAN }, { "template_argument_list", TR_CLEAN },
	{ "class_specifier", TR_BLOCKFUNC }, { "struct_specifier", TR_BLOCKFUNC },
	{ NULL, TR_NONE },
};

static const kind_role rust[] = {
	{ "function_item", TR_FUNC }, { "closure_expression", TR_LAMBDA },
	{ "let_declaration", TR_ASSIGN }, { "let_condition", TR_ASSIGN }, { "assignment_expression", TR_ASSIGN },
	{ "compound_assignment_expr", TR_AUGASSIGN },
	{ "if_expression", TR_IF }, { "while_expression", TR_LOOP }, { "loop_expression", TR_LOOP },
	{ "for_expression", TR_FOREACH }, { "return_expression", TR_RETURN },
	{ "call_expression", TR_CALL }, { "field_expression", TR_MEMBER }, { "index_expression", TR_SUBSCRIPT },
	{ "array_expression", TR_LIST }, { "tuple_expression", TR_LIST },
	{ "field_identifier", TR_CLEAN }, { "primitive_type", TR_CLEAN }, { "scoped_type_identifier", TR_CLEAN },
	{ "use_declaration", TR_CLEAN }, { "attribute_item", TR_CLEAN }, { "lifetime", TR_CLEAN },
	{ "impl_item", TR_BLOCKFUNC }, { "trait_item", TR_BLOCKFUNC }, { "mod_item", TR_BLOCKFUNC },
	{ NULL, TR_NONE },
};

/* Bash: a command is a call by name, $x and ${x} read the variable x */
static const kind_role bash[] = {
	{ "function_definition", TR_FUNC },
	{ "variable_assignment", TR_ASSIGN },
	{ "if_statement", TR_IF }, { "elif_clause", TR_ELIF }, { "while_statement", TR_LOOP },
	{ "for_statement", TR_FOREACH }, { "c_style_for_statement", TR_LOOP },
	{ "command", TR_CALL }, { "variable_name", TR_IDENT },
	{ "command_name", TR_CLEAN }, { "test_operator", TR_CLEAN }, { "file_redirect", TR_NONE },
	{ NULL, TR_NONE },
};

/*
 * Kotlin's grammar names few fields: a call is its callee and its
 * value_arguments, a navigation its object and its last identifier. These
 * give the engine the fields it asks for, by the child's kind or position.
 */
typedef struct {
	const char *parent, *field;
	const char *kind;   /* the first named child of this kind; NULL: by index */
	int index;          /* named child; -1: the last */
} field_alias;

static const kind_role kotlin[] = {
	{ "function_declaration", TR_FUNC }, { "secondary_constructor", TR_FUNC },
	{ "lambda_literal", TR_LAMBDA }, { "anonymous_function", TR_LAMBDA },
	{ "property_declaration", TR_ASSIGN }, { "assignment", TR_ASSIGN },
	{ "if_expression", TR_IF }, { "for_statement", TR_FOREACH }, { "do_while_statement", TR_LOOP },
	{ "call_expression", TR_CALL }, { "navigation_expression", TR_MEMBER }, { "index_expression", TR_SUBSCRIPT },
	{ "return_expression", TR_RETURN }, { "this_expression", TR_SELF },
	{ "user_type", TR_CLEAN }, { "nullable_type", TR_CLEAN }, { "modifiers", TR_CLEAN },
	{ "parameter_modifiers", TR_CLEAN }, { "import", TR_CLEAN }, { "package_header", TR_CLEAN },
	{ "object_declaration", TR_BLOCKFUNC }, { "companion_object", TR_BLOCKFUNC },
	{ "when_subject", TR_CLEAN }, /* when (x) { ... }: its value is its branches', not x */
	{ NULL, TR_NONE },
};

static const field_alias kotlin_fields[] = {
	{ "function_declaration", "parameters", "function_value_parameters", 0 },
	{ "function_declaration", "body", "function_body", 0 },
	{ "secondary_constructor", "parameters", "function_value_parameters", 0 },
	{ "secondary_constructor", "body", "block", 0 },
	{ "anonymous_function", "parameters", "function_value_parameters", 0 },
	{ "anonymous_function", "body", "function_body", 0 },
	{ "lambda_literal", "parameters", "lambda_parameters", 0 },
	{ "call_expression", "function", NULL, 0 },
	{ "call_expression", "arguments", "value_arguments", 0 },
	{ "call_expression", "block", "annotated_lambda", 0 },
	{ "navigation_expression", "object", NULL, 0 },
	{ "navigation_expression", "property", NULL, -1 },
	{ "property_declaration", "left", "variable_declaration", 0 },
	{ "property_declaration", "right", NULL, -1 },
	{ "for_statement", "left", NULL, 0 },
	{ "for_statement", "right", NULL, 1 },
	{ "for_statement", "body", "block", 0 },
	{ "parameter", "type", "user_type", 0 },
	{ NULL, NULL, NULL, 0 },
};

/* Conversions to a number: what comes out cannot carry an injection. */
static const char *const numeric_python[] = { "int", "float", "bool", "len", "abs", "round", "ord", "hash", NULL };
static const char *const numeric_js[] = { "parseInt", "parseFloat", "Number", "Boolean", "isNaN", "Math.floor", "floor",
	                                  "ceil", "round", "trunc", NULL };
static const char *const numeric_java[] = { "parseInt", "parseLong", "parseDouble", "parseFloat", "parseBoolean",
	                                    "parseShort", "parseByte", "size", "length", "hashCode", NULL };
static const char *const numeric_csharp[] = { "Parse", "ToInt32", "ToInt64", "ToDouble", "ToBoolean", "Count", NULL };
static const char *const numeric_php[] = { "intval", "floatval", "boolval", "count", "strlen", "abs", "is_numeric",
	                                   NULL };
static const char *const numeric_go[] = { "Atoi", "ParseInt", "ParseFloat", "ParseBool", "ParseUint", "len", NULL };
static const char *const numeric_ruby[] = { "to_i", "to_f", "Integer", "Float", "length", "size", "count", NULL };
static const char *const numeric_c[] = { "atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll", "strtoull",
	                                 "strtod", "strtof", "strlen", "stoi", "stol", "stoll", "stoul", "stod", "size",
	                                 "length", NULL };
static const char *const numeric_kotlin[] = { "toInt", "toLong", "toDouble", "toFloat", "toShort", "toByte",
	                                      "toBoolean", "toIntOrNull", "toLongOrNull", "parseInt", "parseLong",
	                                      "size", "length", "count", NULL };
static const char *const numeric_rust[] = { "len", "parse", "count", "is_empty", NULL };

static taint_lang langs[SCAN_LANG__COUNT];
static const TSLanguage *aliased; /* the one grammar with field aliases */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void assign(taint_lang *tl, const kind_role *table)
{
	uint32_t n = ts_language_symbol_count(tl->ts);

	for (const kind_role *k = table; k->kind; k++)
		for (uint32_t s = 0; s < n; s++) {
			const char *name = ts_language_symbol_name(tl->ts, (TSSymbol)s);
			if (name && ts_language_symbol_type(tl->ts, (TSSymbol)s) == TSSymbolTypeRegular && !strcmp(name, k->kind))
				tl->role[s] = (uint8_t)k->role;
		}
}

static void setup(scan_lang l, const kind_role *table, const kind_role *more, const char *const *numeric)
{
	taint_lang *tl = &langs[l];

	if (!(tl->ts = scan_parse__ts_language(l)))
		return;
	if (!(tl->role = calloc(ts_language_symbol_count(tl->ts) + 1, 1))) {
		tl->ts = NULL;
		return;
	}
	assign(tl, common);
	assign(tl, table);
	if (more)
		assign(tl, more);
	tl->numeric = numeric;
	tl->ternary_python = l == SCAN_LANG_PYTHON;
	tl->implicit_return = l == SCAN_LANG_RUBY || l == SCAN_LANG_RUST;
	tl->ruby_new = l == SCAN_LANG_RUBY;
	tl->shift_appends = l == SCAN_LANG_RUBY || l == SCAN_LANG_CPP;
	tl->if_value = l == SCAN_LANG_KOTLIN || l == SCAN_LANG_RUST;
	tl->dollar_names = l == SCAN_LANG_KOTLIN;
	tl->else_token = l == SCAN_LANG_KOTLIN;
}

static void build(void)
{
	setup(SCAN_LANG_PYTHON, python, NULL, numeric_python);
	setup(SCAN_LANG_JAVASCRIPT, javascript, NULL, numeric_js);
	setup(SCAN_LANG_TYPESCRIPT, javascript, NULL, numeric_js);
	setup(SCAN_LANG_TSX, javascript, NULL, numeric_js);
	setup(SCAN_LANG_JAVA, java, NULL, numeric_java);
	setup(SCAN_LANG_CSHARP, csharp, NULL, numeric_csharp);
	setup(SCAN_LANG_PHP, php, NULL, numeric_php);
	setup(SCAN_LANG_GO, go, NULL, numeric_go);
	setup(SCAN_LANG_RUBY, ruby, NULL, numeric_ruby);
	setup(SCAN_LANG_C, c_kinds, NULL, numeric_c);
	setup(SCAN_LANG_CPP, c_kinds, cpp, numeric_c);
	setup(SCAN_LANG_RUST, rust, NULL, numeric_rust);
	setup(SCAN_LANG_KOTLIN, kotlin, NULL, numeric_kotlin);
	setup(SCAN_LANG_BASH, bash, NULL, NULL);
	aliased = langs[SCAN_LANG_KOTLIN].ts;
}

const taint_lang *scan_taint__lang(scan_lang lang)
{
	if ((int)lang <= 0 || lang >= SCAN_LANG__COUNT)
		return NULL;
	pthread_once(&once, build);
	return langs[lang].ts ? &langs[lang] : NULL;
}

TSNode scan_taint__field_alias(TSNode n, const char *name)
{
	const field_alias *a;
	const char *kind;

	if (ts_node_language(n) != aliased || !aliased)
		return (TSNode){ 0 };
	kind = ts_node_type(n);
	for (a = kotlin_fields; a->parent; a++) {
		uint32_t count;
		if (strcmp(a->parent, kind) || strcmp(a->field, name))
			continue;
		count = ts_node_named_child_count(n);
		if (!a->kind) {
			uint32_t i = a->index < 0 ? count - 1 : (uint32_t)a->index;
			return count && i < count ? ts_node_named_child(n, i) : (TSNode){ 0 };
		}
		for (uint32_t i = 0; i < count; i++) {
			TSNode c = ts_node_named_child(n, i);
			if (!strcmp(ts_node_type(c), a->kind))
				return c;
		}
		return (TSNode){ 0 };
	}
	return (TSNode){ 0 };
}
