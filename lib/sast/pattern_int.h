/* lib/sast/pattern_int.h - a compiled code-like pattern, shared by the compiler and the matcher */
#ifndef SCAN_SAST_PATTERN_INT_H
#define SCAN_SAST_PATTERN_INT_H

#include "sast/sast.h"

typedef enum {
	PN_NODE,        /* a grammar node: same symbol, children matched in order (or as a set) */
	PN_LEAF,        /* a token: same symbol and text */
	PN_MV,          /* $X: any one node */
	PN_MV_SEQ,      /* $...X: any run of siblings, bound */
	PN_ELLIPSIS,    /* ...: any run of siblings */
	PN_STRING,      /* a string literal, compared by value whatever the quotes */
	PN_STRING_ANY,  /* "...": any constant string */
	PN_STRING_MV,   /* "$X": any string, bound */
} sast_pn_type;

struct sast_pnode {
	uint8_t type;
	bool unordered;
	TSSymbol sym;
	int16_t mv;               /* -1: $_ (matches, binds nothing) */
	uint32_t nkids;
	sast_pnode **kids;
	const char *text;         /* PN_LEAF: token; PN_STRING: value without quotes */
	uint32_t len;
};

struct sast_pattern {
	scan_lang lang;
	sast_pnode *root;         /* NULL for a statement sequence */
	sast_pnode **seq;
	uint32_t nseq;
	scan_arena arena;
};

/* The value of a string literal: its text without prefixes and quotes. */
void scan_sast__string_value(const char *s, size_t len, const char **v, size_t *vlen);

#endif
