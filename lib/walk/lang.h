/* lib/walk/lang.h - language of a file from its name or shebang */
#ifndef SCAN_WALK_LANG_H
#define SCAN_WALK_LANG_H

#include <stddef.h>

typedef enum {
	SCAN_LANG_UNKNOWN = 0,
	SCAN_LANG_PYTHON, SCAN_LANG_JAVASCRIPT, SCAN_LANG_TYPESCRIPT, SCAN_LANG_TSX,
	SCAN_LANG_JAVA, SCAN_LANG_GO, SCAN_LANG_C, SCAN_LANG_CPP, SCAN_LANG_CSHARP,
	SCAN_LANG_RUBY, SCAN_LANG_PHP, SCAN_LANG_KOTLIN, SCAN_LANG_RUST, SCAN_LANG_BASH,
	SCAN_LANG_HCL, SCAN_LANG_YAML, SCAN_LANG_JSON, SCAN_LANG_DOCKERFILE,
	SCAN_LANG_MAKEFILE, SCAN_LANG_XML, SCAN_LANG_TOML, SCAN_LANG_MARKDOWN,
	SCAN_LANG_HTML, SCAN_LANG_CSS, SCAN_LANG_SQL, SCAN_LANG_PERL, SCAN_LANG_SWIFT,
	SCAN_LANG_SCALA, SCAN_LANG_LUA, SCAN_LANG_POWERSHELL, SCAN_LANG_TEXT,
	SCAN_LANG__COUNT
} scan_lang;

/*
 * By file name (Dockerfile, Makefile, ...), then extension, then - when the
 * name says nothing - a "#!" first line in head (may be NULL).
 */
scan_lang scan_lang__detect(const char *path, const unsigned char *head, size_t head_len);
const char *scan_lang__name(scan_lang l);
/* True for languages that are program source (not data, docs or text). */
int scan_lang__is_code(scan_lang l);

#endif
