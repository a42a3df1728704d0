/* lib/quality/lang.c - what each grammar's node kinds mean to the metrics */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "parse/language.h"
#include "quality/quality.h"

typedef struct {
	const char *kind;
	q_role role;
} q_kind;

#define END { NULL, Q_NONE }

static const q_kind python[] = {
	{ "function_definition", Q_FUNC }, { "lambda", Q_LAMBDA },
	{ "if_statement", Q_IF }, { "elif_clause", Q_ELIF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "match_statement", Q_SWITCH }, { "case_clause", Q_CASE },
	{ "except_clause", Q_CATCH }, { "conditional_expression", Q_TERNARY },
	{ "boolean_operator", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "comment", Q_COMMENT }, { "parameters", Q_PARAMS }, END
};

/* JavaScript, TypeScript and TSX share these kinds. */
static const q_kind javascript[] = {
	{ "function_declaration", Q_FUNC }, { "generator_function_declaration", Q_FUNC },
	{ "method_definition", Q_FUNC },
	{ "function_expression", Q_LAMBDA }, { "generator_function", Q_LAMBDA }, { "arrow_function", Q_LAMBDA },
	{ "if_statement", Q_IF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "for_in_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "do_statement", Q_LOOP },
	{ "switch_statement", Q_SWITCH }, { "switch_case", Q_CASE },
	{ "catch_clause", Q_CATCH }, { "ternary_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "break_statement", Q_JUMP }, { "continue_statement", Q_JUMP },
	{ "comment", Q_COMMENT }, { "formal_parameters", Q_PARAMS }, END
};

static const q_kind java[] = {
	{ "method_declaration", Q_FUNC }, { "constructor_declaration", Q_FUNC },
	{ "compact_constructor_declaration", Q_FUNC }, { "lambda_expression", Q_LAMBDA },
	{ "if_statement", Q_IF },
	{ "for_statement", Q_LOOP }, { "enhanced_for_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "do_statement", Q_LOOP },
	{ "switch_expression", Q_SWITCH }, { "switch_label", Q_CASE },
	{ "catch_clause", Q_CATCH }, { "ternary_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "break_statement", Q_JUMP }, { "continue_statement", Q_JUMP },
	{ "line_comment", Q_COMMENT }, { "block_comment", Q_COMMENT }, { "formal_parameters", Q_PARAMS }, END
};

static const q_kind go[] = {
	{ "function_declaration", Q_FUNC }, { "method_declaration", Q_FUNC }, { "func_literal", Q_LAMBDA },
	{ "if_statement", Q_IF }, { "for_statement", Q_LOOP },
	{ "expression_switch_statement", Q_SWITCH }, { "type_switch_statement", Q_SWITCH },
	{ "select_statement", Q_SWITCH },
	{ "expression_case", Q_CASE }, { "type_case", Q_CASE }, { "communication_case", Q_CASE },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "break_statement", Q_JUMP }, { "continue_statement", Q_JUMP }, { "goto_statement", Q_GOTO },
	{ "comment", Q_COMMENT }, { "parameter_list", Q_PARAMS }, END
};

static const q_kind c[] = {
	{ "function_definition", Q_FUNC },
	{ "if_statement", Q_IF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "while_statement", Q_LOOP }, { "do_statement", Q_LOOP },
	{ "switch_statement", Q_SWITCH }, { "case_statement", Q_CASE },
	{ "seh_except_clause", Q_CATCH }, { "conditional_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "goto_statement", Q_GOTO },
	{ "comment", Q_COMMENT }, { "parameter_list", Q_PARAMS }, END
};

static const q_kind cpp[] = {
	{ "function_definition", Q_FUNC }, { "lambda_expression", Q_LAMBDA },
	{ "if_statement", Q_IF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "for_range_loop", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "do_statement", Q_LOOP },
	{ "switch_statement", Q_SWITCH }, { "case_statement", Q_CASE },
	{ "catch_clause", Q_CATCH }, { "seh_except_clause", Q_CATCH }, { "conditional_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "goto_statement", Q_GOTO },
	{ "comment", Q_COMMENT }, { "parameter_list", Q_PARAMS }, END
};

static const q_kind csharp[] = {
	{ "method_declaration", Q_FUNC }, { "constructor_declaration", Q_FUNC },
	{ "local_function_statement", Q_FUNC }, { "accessor_declaration", Q_FUNC },
	{ "lambda_expression", Q_LAMBDA }, { "anonymous_method_expression", Q_LAMBDA },
	{ "if_statement", Q_IF },
	{ "for_statement", Q_LOOP }, { "foreach_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "do_statement", Q_LOOP },
	{ "switch_statement", Q_SWITCH }, { "switch_expression", Q_SWITCH },
	{ "switch_section", Q_CASE }, { "switch_expression_arm", Q_CASE },
	{ "catch_clause", Q_CATCH }, { "conditional_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "goto_statement", Q_GOTO },
	{ "comment", Q_COMMENT }, { "parameter_list", Q_PARAMS }, END
};

static const q_kind ruby[] = {
	{ "method", Q_FUNC }, { "singleton_method", Q_FUNC },
	{ "lambda", Q_LAMBDA }, { "block", Q_LAMBDA }, { "do_block", Q_LAMBDA },
	{ "if", Q_IF }, { "unless", Q_IF }, { "if_modifier", Q_IF }, { "unless_modifier", Q_IF },
	{ "elsif", Q_ELIF }, { "else", Q_ELSE },
	{ "while", Q_LOOP }, { "until", Q_LOOP }, { "for", Q_LOOP },
	{ "while_modifier", Q_LOOP }, { "until_modifier", Q_LOOP },
	{ "case", Q_SWITCH }, { "case_match", Q_SWITCH }, { "when", Q_CASE }, { "in_clause", Q_CASE },
	{ "rescue", Q_CATCH }, { "rescue_modifier", Q_CATCH }, { "conditional", Q_TERNARY },
	{ "binary", Q_BINARY }, { "parenthesized_statements", Q_PAREN },
	{ "comment", Q_COMMENT }, { "method_parameters", Q_PARAMS }, END
};

static const q_kind php[] = {
	{ "function_definition", Q_FUNC }, { "method_declaration", Q_FUNC },
	{ "anonymous_function", Q_LAMBDA }, { "arrow_function", Q_LAMBDA },
	{ "if_statement", Q_IF }, { "else_if_clause", Q_ELIF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "foreach_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "do_statement", Q_LOOP },
	{ "switch_statement", Q_SWITCH }, { "match_expression", Q_SWITCH },
	{ "case_statement", Q_CASE }, { "match_conditional_expression", Q_CASE },
	{ "catch_clause", Q_CATCH }, { "conditional_expression", Q_TERNARY },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "break_statement", Q_JUMP }, { "continue_statement", Q_JUMP }, /* break 2: out of two loops */
	{ "goto_statement", Q_GOTO },
	{ "comment", Q_COMMENT }, { "formal_parameters", Q_PARAMS }, END
};

static const q_kind kotlin[] = {
	{ "function_declaration", Q_FUNC }, { "secondary_constructor", Q_FUNC },
	{ "anonymous_function", Q_LAMBDA }, { "lambda_literal", Q_LAMBDA },
	{ "if_expression", Q_IF },
	{ "for_statement", Q_LOOP }, { "while_statement", Q_LOOP }, { "do_while_statement", Q_LOOP },
	{ "when_expression", Q_SWITCH }, { "when_entry", Q_CASE },
	{ "catch_block", Q_CATCH },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "line_comment", Q_COMMENT }, { "block_comment", Q_COMMENT },
	{ "function_value_parameters", Q_PARAMS }, END
};

static const q_kind rust[] = {
	{ "function_item", Q_FUNC }, { "closure_expression", Q_LAMBDA },
	{ "if_expression", Q_IF }, { "else_clause", Q_ELSE },
	{ "for_expression", Q_LOOP }, { "while_expression", Q_LOOP }, { "loop_expression", Q_LOOP },
	{ "match_expression", Q_SWITCH }, { "match_arm", Q_CASE },
	{ "binary_expression", Q_BINARY }, { "parenthesized_expression", Q_PAREN },
	{ "break_expression", Q_JUMP }, { "continue_expression", Q_JUMP },
	{ "line_comment", Q_COMMENT }, { "block_comment", Q_COMMENT }, { "parameters", Q_PARAMS }, END
};

static const q_kind bash[] = {
	{ "function_definition", Q_FUNC },
	{ "if_statement", Q_IF }, { "elif_clause", Q_ELIF }, { "else_clause", Q_ELSE },
	{ "for_statement", Q_LOOP }, { "c_style_for_statement", Q_LOOP }, { "while_statement", Q_LOOP },
	{ "case_statement", Q_SWITCH }, { "case_item", Q_CASE },
	{ "ternary_expression", Q_TERNARY }, { "binary_expression", Q_BINARY },
	{ "comment", Q_COMMENT }, END
};

typedef struct {
	const q_kind *kinds;
	const char *label;           /* the kind of a jump's label */
} q_spec;

static const q_spec *spec_of(scan_lang l)
{
	static const q_spec specs[SCAN_LANG__COUNT] = {
		[SCAN_LANG_PYTHON] = { python, NULL },
		[SCAN_LANG_JAVASCRIPT] = { javascript, "statement_identifier" },
		[SCAN_LANG_TYPESCRIPT] = { javascript, "statement_identifier" },
		[SCAN_LANG_TSX] = { javascript, "statement_identifier" },
		[SCAN_LANG_JAVA] = { java, "identifier" },
		[SCAN_LANG_GO] = { go, "label_name" },
		[SCAN_LANG_C] = { c, NULL },
		[SCAN_LANG_CPP] = { cpp, NULL },
		[SCAN_LANG_CSHARP] = { csharp, NULL },
		[SCAN_LANG_RUBY] = { ruby, NULL },
		[SCAN_LANG_PHP] = { php, NULL },
		[SCAN_LANG_KOTLIN] = { kotlin, "label" },
		[SCAN_LANG_RUST] = { rust, "label" },
		[SCAN_LANG_BASH] = { bash, NULL },
	};
	return l > 0 && l < SCAN_LANG__COUNT && specs[l].kinds ? &specs[l] : NULL;
}

/* Import lists repeat in every file and are no one's copy-paste. */
static bool is_import(const char *kind)
{
	return strstr(kind, "import") || !strcmp(kind, "preproc_include") || !strcmp(kind, "using_directive") ||
	       !strcmp(kind, "use_declaration") || !strcmp(kind, "namespace_use_declaration") ||
	       !strcmp(kind, "package_clause") || !strcmp(kind, "package_declaration");
}

/*
 * Kinds named like literals that hold code or a row of literals: their
 * tokens are compared one by one, not as one value (a Go closure, a Kotlin
 * lambda, a struct literal, strings written next to each other).
 */
static const char *const not_one_literal[] = {
	"concatenated_string", "chained_string", "func_literal", "lambda_literal", "composite_literal",
	"literal_value", "literal_element", "compound_literal_expression", "collection_literal",
	"object_literal", "list_literal", NULL,
};

static bool is_literal(const char *kind)
{
	for (const char *const *k = not_one_literal; *k; k++)
		if (!strcmp(kind, *k))
			return false;
	return strstr(kind, "string") || strstr(kind, "literal") || strstr(kind, "number") ||
	       strstr(kind, "integer") || strstr(kind, "float") || !strcmp(kind, "heredoc_body");
}

static q_tok token_class(const TSLanguage *ts, TSSymbol sym, uint8_t role)
{
	const char *kind = ts_language_symbol_name(ts, sym);
	if (ts_language_symbol_type(ts, sym) != TSSymbolTypeRegular || !kind)
		return Q_TOK_PLAIN;
	if (role == Q_COMMENT || is_import(kind))
		return Q_TOK_SKIP;
	if (is_literal(kind))
		return Q_TOK_LITERAL;
	if (strstr(kind, "identifier") || !strcmp(kind, "name") || !strcmp(kind, "constant") ||
	    !strcmp(kind, "variable_name"))
		return Q_TOK_IDENT;
	return Q_TOK_PLAIN;
}

static q_lang langs[SCAN_LANG__COUNT];
static pthread_once_t langs_once = PTHREAD_ONCE_INIT;

static void build(void)
{
	for (int l = 1; l < SCAN_LANG__COUNT; l++) {
		const q_spec *s = spec_of((scan_lang)l);
		const TSLanguage *ts = s ? scan_parse__ts_language((scan_lang)l) : NULL;
		q_lang *q = &langs[l];
		if (!ts)
			continue;
		q->nsym = ts_language_symbol_count(ts);
		if (!(q->role = calloc(q->nsym ? q->nsym : 1, 1)))
			continue; /* no table: the language gets no metrics, as if unknown */
		for (const q_kind *k = s->kinds; k->kind; k++) {
			TSSymbol sym = ts_language_symbol_for_name(ts, k->kind, (uint32_t)strlen(k->kind), true);
			if (sym && sym < q->nsym)
				q->role[sym] = (uint8_t)k->role;
		}
		if (!(q->tok = calloc(q->nsym ? q->nsym : 1, 1))) {
			free(q->role);
			q->role = NULL;
			continue;
		}
		for (TSSymbol sym = 1; sym < q->nsym; sym++)
			q->tok[sym] = (uint8_t)token_class(ts, sym, q->role[sym]);
		if (s->label)
			q->label = ts_language_symbol_for_name(ts, s->label, (uint32_t)strlen(s->label), true);
		q->kotlin_labels = l == SCAN_LANG_KOTLIN;
		q->ts = ts;
	}
}

const q_lang *scan_quality__lang(scan_lang l)
{
	pthread_once(&langs_once, build);
	return l > 0 && l < SCAN_LANG__COUNT && langs[l].ts ? &langs[l] : NULL;
}

size_t scan_quality__lang_check(scan_lang l, const char **missing, size_t max)
{
	const q_spec *s = spec_of(l);
	const TSLanguage *ts = s ? scan_parse__ts_language(l) : NULL;
	size_t n = 0;
	if (!ts)
		return 0;
	for (const q_kind *k = s->kinds; k->kind; k++)
		if (!ts_language_symbol_for_name(ts, k->kind, (uint32_t)strlen(k->kind), true) && n < max)
			missing[n++] = k->kind;
	if (s->label && !ts_language_symbol_for_name(ts, s->label, (uint32_t)strlen(s->label), true) && n < max)
		missing[n++] = s->label;
	return n;
}
