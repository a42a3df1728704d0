/* lib/parse/language.c - scan_lang to tree-sitter grammar */
#include "parse/language.h"

/* Entry points of the grammars compiled from their npm packages. */
const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_javascript(void);
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
const TSLanguage *tree_sitter_java(void);
const TSLanguage *tree_sitter_go(void);
const TSLanguage *tree_sitter_c(void);
const TSLanguage *tree_sitter_cpp(void);
const TSLanguage *tree_sitter_c_sharp(void);
const TSLanguage *tree_sitter_ruby(void);
const TSLanguage *tree_sitter_php(void);
const TSLanguage *tree_sitter_kotlin(void);
const TSLanguage *tree_sitter_rust(void);
const TSLanguage *tree_sitter_bash(void);
const TSLanguage *tree_sitter_hcl(void);
const TSLanguage *tree_sitter_yaml(void);
const TSLanguage *tree_sitter_json(void);

const TSLanguage *scan_parse__ts_language(scan_lang l)
{
	switch (l) {
	case SCAN_LANG_PYTHON: return tree_sitter_python();
	case SCAN_LANG_JAVASCRIPT: return tree_sitter_javascript();
	case SCAN_LANG_TYPESCRIPT: return tree_sitter_typescript();
	case SCAN_LANG_TSX: return tree_sitter_tsx();
	case SCAN_LANG_JAVA: return tree_sitter_java();
	case SCAN_LANG_GO: return tree_sitter_go();
	case SCAN_LANG_C: return tree_sitter_c();
	case SCAN_LANG_CPP: return tree_sitter_cpp();
	case SCAN_LANG_CSHARP: return tree_sitter_c_sharp();
	case SCAN_LANG_RUBY: return tree_sitter_ruby();
	case SCAN_LANG_PHP: return tree_sitter_php();
	case SCAN_LANG_KOTLIN: return tree_sitter_kotlin();
	case SCAN_LANG_RUST: return tree_sitter_rust();
	case SCAN_LANG_BASH: return tree_sitter_bash();
	case SCAN_LANG_HCL: return tree_sitter_hcl();
	case SCAN_LANG_YAML: return tree_sitter_yaml();
	case SCAN_LANG_JSON: return tree_sitter_json();
	default: return NULL;
	}
}
