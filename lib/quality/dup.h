/* lib/quality/dup.h - token-based clone detection across a scan (internal) */
#ifndef SCAN_QUALITY_DUP_H
#define SCAN_QUALITY_DUP_H

#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>
#include "walk/lang.h"

/* SonarQube's defaults: a duplicated block has at least 100 tokens over at least 10 lines. */
#define DUP_MIN_TOKENS 100
#define DUP_MIN_LINES 10

/*
 * Winnowing: of every DUP_WINNOW windows in a row only the one with the least
 * hash is indexed (every window is still looked up), which keeps the index to
 * about two entries in five tokens. A copy of DUP_MIN_TOKENS + DUP_WINNOW - 1
 * tokens or more is always found; a shorter one when one of its windows was
 * indexed, as most are.
 */
#define DUP_WINNOW 4

/*
 * One token. The low two bits of hash say what it is: DUP_ID for an
 * identifier, DUP_LIT for a literal, 0 for anything else; the rest hashes its
 * text. Matching compares keys, in which every identifier is the same and every
 * literal too, so renamed copies match; the whole hash tells an exact copy.
 */
typedef struct {
	uint32_t hash;
	uint32_t line;
} dup_token;

#define DUP_ID 1u
#define DUP_LIT 2u

static inline uint32_t scan_dup__key(uint32_t hash)
{
	return hash & 3u ? hash & 3u : hash;
}

typedef struct {
	const char *path;
	dup_token *t;
	uint32_t n;
} dup_file;

/* Token b_start.. of file b repeats token a_start.. of file a (a before b), len tokens. */
typedef struct {
	uint32_t a, a_start, b, b_start, len;
} dup_clone;

/* The tokens of a parsed file (comments and import lists left out); *out is malloc'd. */
int scan_dup__tokens(dup_token **out, uint32_t *n, scan_lang l, const TSTree *tree, const char *src, size_t len);

/*
 * Clones among files (in that order), each reported once where it repeats
 * an earlier block: a rolling hash over the keys of every window of
 * DUP_MIN_TOKENS tokens finds candidates, which are checked token by token
 * and extended as far as they go. A window of few token kinds or many
 * literals (a table of constants, a run of one-line accessors) matches only
 * an exact copy: with names and values normalised, any two such tables look
 * alike. *out is malloc'd.
 */
int scan_dup__find(const dup_file *files, size_t nfiles, dup_clone **out, size_t *nout);

#endif
