/* lib/analyzers/hygiene.c - repository hygiene: conflict markers, Trojan Source, committed binaries */
#define _GNU_SOURCE /* memmem */
#include <string.h>
#include "analyzers/analyzer.h"
#include "scan/buf.h"

#define HYGIENE_BLOCK_LINES 12            /* of a conflict kept as its snippet */
#define HYGIENE_LARGE_BINARY ((uint64_t)5 << 20)

typedef struct {
	const unsigned char *p, *end;
	uint32_t lineno;
} line_iter;

static bool next_line(line_iter *it, const unsigned char **line, size_t *len)
{
	const unsigned char *nl;

	if (it->p >= it->end)
		return false;
	nl = memchr(it->p, '\n', (size_t)(it->end - it->p));
	*line = it->p;
	*len = nl ? (size_t)(nl - it->p) : (size_t)(it->end - it->p);
	it->p = nl ? nl + 1 : it->end;
	it->lineno++;
	return true;
}

/* A conflict marker is exactly seven of c at the line start, then a space or the line end. */
static bool is_marker(const unsigned char *line, size_t len, unsigned char c, bool needs_end)
{
	if (len < 7)
		return false;
	for (int i = 0; i < 7; i++)
		if (line[i] != c)
			return false;
	if (len == 7 || (len == 8 && line[7] == '\r'))
		return true;
	return !needs_end && line[7] == ' ';
}

static int check_conflicts(const scan_file *f, scan_sink *sink)
{
	line_iter it = { f->data, f->data + f->len, 0 };
	const unsigned char *line, *block = NULL;
	size_t len;
	uint32_t start = 0;
	int state = 0, rc = 0;
	/* Docs about git show markers on purpose; a real conflict there is rarer. */
	unsigned confidence = scan_lang__is_code(f->lang) || f->lang == SCAN_LANG_UNKNOWN ? 95 : 70;

	/* Nearly every file has no marker: one vectorised search settles it. */
	if (!memmem(f->data, f->len, "<<<<<<<", 7))
		return 0;
	while (next_line(&it, &line, &len)) {
		if (is_marker(line, len, '<', false)) {
			state = 1;
			start = it.lineno;
			block = line;
		} else if (state == 1 && is_marker(line, len, '=', true)) {
			state = 2;
		} else if (state == 2 && is_marker(line, len, '>', false)) {
			line_iter snip = { block, f->data + f->len, 0 };
			const unsigned char *l;
			size_t n, snip_len;
			while (snip.lineno < HYGIENE_BLOCK_LINES && snip.lineno < it.lineno - start + 1 &&
			       next_line(&snip, &l, &n))
				;
			snip_len = (size_t)(snip.p - block);
			scan_finding_draft d = {
				.rule_id = "hygiene/merge-conflict-marker",
				.title = "Unresolved merge conflict",
				.description = "The file still holds the <<<<<<< ======= >>>>>>> markers of an "
				               "unresolved merge: both sides of the conflict were committed, so the "
				               "code may not build, or may run a version nobody reviewed.",
				.remediation = "Resolve the conflict: keep the intended side, delete the three "
				               "marker lines, and run the tests before committing.",
				.severity = SCAN_SEV_MEDIUM,
				.category = SCAN_CAT_QUALITY,
				.confidence = confidence,
				.cvss_score = -1,
				.line = start,
				.end_line = it.lineno,
				.column = 1,
				.snippet = (const char *)block,
				.snippet_len = snip_len,
			};
			if ((rc = scan_analyzers__emit(sink, f->path, &d)) != 0)
				return rc;
			state = 0;
		}
	}
	return 0;
}

/*
 * Bidirectional overrides (U+202A-U+202E) and isolates (U+2066-U+2069) make
 * code display in an order other than the compiler reads it: CVE-2021-42574.
 */
static size_t bidi_at(const unsigned char *p, size_t left)
{
	if (left < 3 || p[0] != 0xE2)
		return 0;
	if (p[1] == 0x80 && p[2] >= 0xAA && p[2] <= 0xAE)
		return 3;
	if (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)
		return 3;
	return 0;
}

static int check_bidi(const scan_file *f, scan_sink *sink)
{
	line_iter it = { f->data, f->data + f->len, 0 };
	const unsigned char *line;
	size_t len;
	int rc = 0;
	scan_buf snippet = SCAN_BUF_INIT;

	/* Quick reject: no 0xE2 lead byte, no bidi control. */
	if (!memchr(f->data, 0xE2, f->len))
		return 0;
	while (next_line(&it, &line, &len)) {
		size_t col = 0;
		for (size_t i = 0; i < len; i++)
			if (bidi_at(line + i, len - i)) {
				col = i + 1;
				break;
			}
		if (!col)
			continue;
		/* The snippet shows each control as <U+XXXX> so no output renders it. */
		scan_buf_clear(&snippet);
		for (size_t i = 0; i < len;) {
			size_t n = bidi_at(line + i, len - i);
			if (n) {
				unsigned cp = line[i + 1] == 0x80 ? 0x2000u + (line[i + 2] - 0x80u) : 0x2040u + (line[i + 2] - 0x80u);
				scan_buf_printf(&snippet, "<U+%04X>", cp);
				i += n;
			} else {
				scan_buf_putc(&snippet, (char)line[i++]);
			}
		}
		if ((rc = scan_buf_failed(&snippet)) != 0)
			break;
		scan_finding_draft d = {
			.rule_id = "hygiene/bidi-control-character",
			.title = "Bidirectional control character in source code (Trojan Source)",
			.description = "A Unicode bidirectional override or isolate character makes this line "
			               "display differently from how the compiler or interpreter reads it, "
			               "which can hide malicious logic from reviewers (CVE-2021-42574).",
			.remediation = "Remove the control character, or spell it as an escape sequence inside "
			               "the string literal that needs it.",
			.cwe_id = "CWE-451",
			.severity = SCAN_SEV_HIGH,
			.category = SCAN_CAT_SECURITY,
			.confidence = 90,
			.cvss_score = -1,
			.line = it.lineno,
			.end_line = it.lineno,
			.column = (uint32_t)col,
			.snippet = snippet.ptr,
			.snippet_len = snippet.size,
		};
		if ((rc = scan_analyzers__emit(sink, f->path, &d)) != 0)
			break;
	}
	scan_buf_dispose(&snippet);
	return rc;
}

static const char *executable_format(const unsigned char *h, size_t n)
{
	if (n >= 4 && h[0] == 0x7F && h[1] == 'E' && h[2] == 'L' && h[3] == 'F')
		return "ELF";
	if (n >= 4 && ((h[0] == 0xFE && h[1] == 0xED && h[2] == 0xFA && (h[3] == 0xCE || h[3] == 0xCF)) ||
	               ((h[0] == 0xCE || h[0] == 0xCF) && h[1] == 0xFA && h[2] == 0xED && h[3] == 0xFE)))
		return "Mach-O";
	if (n >= 0x40 && h[0] == 'M' && h[1] == 'Z') {
		uint32_t off = (uint32_t)h[0x3C] | (uint32_t)h[0x3D] << 8 | (uint32_t)h[0x3E] << 16 |
		               (uint32_t)h[0x3F] << 24;
		if (off <= n - 4 && !memcmp(h + off, "PE\0\0", 4))
			return "PE";
	}
	return NULL;
}

static int check_binary(const scan_file *f, scan_sink *sink)
{
	const char *fmt = executable_format(f->head, f->head_len);
	int rc;

	if (fmt) {
		scan_finding_draft d = {
			.rule_id = "hygiene/committed-executable",
			.title = "Compiled executable committed to the repository",
			.description = "The repository holds a compiled program or library. Nobody can review "
			               "what it does, it is not rebuilt from the reviewed source, and it is a "
			               "known hiding place for supply-chain backdoors.",
			.remediation = "Build the binary from source in CI, or fetch it from a release with a "
			               "pinned checksum; remove it from the repository.",
			.severity = SCAN_SEV_MEDIUM,
			.category = SCAN_CAT_SECURITY,
			.confidence = 90,
			.cvss_score = -1,
			.snippet = fmt,
			.snippet_len = strlen(fmt),
		};
		if ((rc = scan_analyzers__emit(sink, f->path, &d)) != 0)
			return rc;
	}
	if (f->size >= HYGIENE_LARGE_BINARY) {
		scan_finding_draft d = {
			.rule_id = "hygiene/large-binary",
			.title = "Large binary file committed to the repository",
			.description = "A binary file of 5 MiB or more is committed. Every clone downloads it "
			               "forever, even after it is deleted, and its content cannot be reviewed.",
			.remediation = "Store large binaries in Git LFS or an artifact store and keep a pointer "
			               "or a download step with a checksum in the repository.",
			.severity = SCAN_SEV_LOW,
			.category = SCAN_CAT_QUALITY,
			.confidence = 90,
			.cvss_score = -1,
		};
		if ((rc = scan_analyzers__emit(sink, f->path, &d)) != 0)
			return rc;
	}
	return 0;
}

static int hygiene_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	int rc;

	(void)state;
	(void)wstate;
	if (f->is_binary)
		return check_binary(f, sink);
	if (!f->data)
		return 0;
	if ((rc = check_conflicts(f, sink)) != 0)
		return rc;
	if (scan_lang__is_code(f->lang))
		return check_bidi(f, sink);
	return 0;
}

const scan_analyzer scan_analyzers__analyzer_hygiene = {
	.info = {
		.name = "hygiene",
		.version = "1.0.0",
		.description = "unresolved merge conflicts, Trojan Source bidi characters, committed "
		               "executables and large binaries",
		.default_enabled = true,
	},
	.wants = SCAN_WANT_TEXT | SCAN_WANT_BINARY | SCAN_WANT_TOO_LARGE,
	.file = hygiene_file,
};
