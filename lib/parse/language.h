/* lib/parse/language.h - the tree-sitter grammar of each language Rampart parses */
#ifndef SCAN_PARSE_LANGUAGE_H
#define SCAN_PARSE_LANGUAGE_H

#include <tree_sitter/api.h>
#include "walk/lang.h"

/*
 * The grammar for l, or NULL when Rampart has none (Markdown, TOML, ...).
 * Grammars are static data: share them across threads; parsers are not.
 */
const TSLanguage *scan_parse__ts_language(scan_lang l);

#endif
