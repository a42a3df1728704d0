/* lib/aiasset/prompts.c - prompt and instruction files by name; hidden characters in them, by code point */
#include <string.h>
#include "aiasset/prompts.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

scan_prompt_file scan_aiasset__prompt_file(const char *path)
{
	static const char *const instructions[] = { "AGENTS.md", "CLAUDE.md", "GEMINI.md", ".cursorrules",
		".windsurfrules", "copilot-instructions.md", "SKILL.md", ".clinerules" };
	const char *b = base_name(path);

	for (size_t i = 0; i < sizeof(instructions) / sizeof(instructions[0]); i++)
		if (!strcmp(b, instructions[i]))
			return SCAN_PROMPT_FILE_INSTRUCTIONS;
	if (strstr(path, ".cursor/rules/") || strstr(path, ".github/instructions/") || ends_with(b, ".instructions.md") ||
	    ends_with(b, ".mdc"))
		return SCAN_PROMPT_FILE_INSTRUCTIONS;
	if (ends_with(b, ".prompt") || ends_with(b, ".prompty") || ends_with(b, ".prompt.md") || ends_with(b, ".prompt.yaml"))
		return SCAN_PROMPT_FILE_PROMPT;
	if ((!strncmp(path, "prompts/", 8) || strstr(path, "/prompts/")) &&
	    (ends_with(b, ".txt") || ends_with(b, ".md") || ends_with(b, ".yaml") || ends_with(b, ".yml") ||
	     ends_with(b, ".j2") || ends_with(b, ".jinja") || ends_with(b, ".jinja2")))
		return SCAN_PROMPT_FILE_PROMPT;
	return SCAN_PROMPT_FILE_NONE;
}

/* One UTF-8 sequence at s (n bytes left): its code point and length, or 0 for a malformed one. */
static size_t decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xE0) == 0xC0)
		len = 2, c = s[0] & 0x1F;
	else if ((s[0] & 0xF0) == 0xE0)
		len = 3, c = s[0] & 0x0F;
	else if ((s[0] & 0xF8) == 0xF0)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	*cp = c;
	return len;
}

static const char *hidden_kind(uint32_t c, bool at_start)
{
	if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C)
		return "bidirectional control";
	if ((c >= 0x200B && c <= 0x200D) || c == 0x2060 || (c == 0xFEFF && !at_start))
		return "zero-width";
	if (c >= 0x2061 && c <= 0x2064)
		return "invisible operator";
	if (c >= 0xE0000 && c <= 0xE007F)
		return "tag character";
	return NULL;
}

bool scan_aiasset__hidden_char(const char *text, size_t len, scan_hidden_char *first, size_t *count)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned line = 1, column = 0;

	*count = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp = 0;
		size_t n = decode(s + i, len - i, &cp);
		const char *kind;
		if (!n) {
			i++;
			column++;
			continue;
		}
		column++;
		if ((kind = hidden_kind(cp, i == 0)) != NULL) {
			if (!(*count)++) {
				first->line = line;
				first->column = column;
				first->codepoint = cp;
				first->kind = kind;
			}
		}
		if (cp == '\n')
			line++, column = 0;
		i += n;
	}
	return *count > 0;
}
