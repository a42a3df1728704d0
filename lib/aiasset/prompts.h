/* lib/aiasset/prompts.h - prompt and agent-instruction files, and characters a reader cannot see in them */
#ifndef SCAN_AIASSET_PROMPTS_H
#define SCAN_AIASSET_PROMPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	SCAN_PROMPT_FILE_NONE = 0,
	SCAN_PROMPT_FILE_PROMPT,        /* files under prompts/, *.prompt, *.prompty */
	SCAN_PROMPT_FILE_INSTRUCTIONS,  /* AGENTS.md, CLAUDE.md, .cursorrules, copilot-instructions.md, SKILL.md, ... */
} scan_prompt_file;

/* What path is, by its name and directory. */
scan_prompt_file scan_aiasset__prompt_file(const char *path);

typedef struct {
	unsigned line, column;    /* 1-based; the column counts code points */
	uint32_t codepoint;
	const char *kind;         /* "bidirectional control", "zero-width", "tag character", "invisible operator" */
} scan_hidden_char;

/*
 * The first character in UTF-8 text a person reading it would not see but
 * a model reads: bidirectional controls (U+202A-202E, U+2066-2069), zero
 * widths (U+200B-200D, U+2060, U+FEFF past the start), invisible math
 * operators (U+2061-2064) and tag characters (U+E0000-E007F, which spell
 * hidden ASCII). *count is how many there are in all. Malformed UTF-8 is
 * skipped a byte at a time.
 */
bool scan_aiasset__hidden_char(const char *text, size_t len, scan_hidden_char *first, size_t *count);

#endif
