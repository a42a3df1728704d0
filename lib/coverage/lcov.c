/* lib/coverage/lcov.c - LCOV tracefiles (lcov --capture, geninfo, c8, istanbul lcovonly) */
#include <string.h>
#include "coverage/coverage_int.h"
#include "util/error.h"

/*
 * TN:<test name>
 * SF:<path>
 * FN:/FNDA:/BRDA:/LF:/LH:...        (ignored: functions, branches, totals)
 * DA:<line>,<hits>[,<checksum>]
 * end_of_record
 * A cursor over lines of bounded length. Records this parser doesn't use are
 * skipped by shape ("KEY:"), so newer lcov records don't break it; anything
 * else is an error, so a binary or a different format isn't read as empty.
 * A tracefile cut short (no end_of_record after its last SF) is refused, as
 * the coverage of its last file would be incomplete.
 */

static bool has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && !memcmp(s, prefix, n);
}

/* "KEY:" with KEY of upper-case letters, digits or '_' (VER:, FNL:, ...). */
static bool is_record(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
		i++;
	return i > 0 && i < len && s[i] == ':';
}

/* s[0..len) is what follows "DA:". */
static int parse_da(scan_coverage__builder *b, const char *s, size_t len, unsigned long where)
{
	const char *comma = memchr(s, ',', len), *hits_end;
	uint64_t line, hits;

	if (!comma || !scan_util__parse_u64(s, (size_t)(comma - s), &line))
		return scan_coverage__fail(b, SCAN_EPARSE, where, "malformed DA record (expected DA:<line>,<hits>)");
	len -= (size_t)(comma + 1 - s);
	s = comma + 1;
	/* An optional checksum follows the hits; its content doesn't matter. */
	hits_end = memchr(s, ',', len);
	if (!scan_util__parse_u64(s, hits_end ? (size_t)(hits_end - s) : len, &hits))
		return scan_coverage__fail(b, SCAN_EPARSE, where, "malformed DA record (hits is not a whole number >= 0)");
	return scan_coverage__add_line(b, line, hits, where);
}

int scan_coverage__parse_lcov(scan_coverage__builder *b, const char *data, size_t len)
{
	size_t pos = 0;
	unsigned long lineno = 0, open_at = 0;
	bool in_file = false;
	int rc = 0;

	if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len && !rc) {
		const char *s = data + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;

		pos += n + (nl != NULL);
		lineno++;
		if (n && s[n - 1] == '\r')
			n--;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n > SCAN_COV_LCOV_LINE_MAX)
			return scan_coverage__fail(b, SCAN_ELIMIT, lineno, "line longer than %d bytes", SCAN_COV_LCOV_LINE_MAX);
		if (memchr(s, '\0', n))
			return scan_coverage__fail(b, SCAN_EPARSE, lineno, "NUL byte in a tracefile");
		if (!n)
			continue;
		if (has_prefix(s, n, "SF:")) {
			/* lcov itself starts a new file on SF without the previous end_of_record. */
			rc = scan_coverage__add_file(b, s + 3, n - 3, lineno);
			in_file = true;
			open_at = lineno;
		} else if (has_prefix(s, n, "DA:")) {
			rc = in_file ? parse_da(b, s + 3, n - 3, lineno)
			             : scan_coverage__fail(b, SCAN_EPARSE, lineno, "DA record outside an SF record");
		} else if (n == strlen("end_of_record") && has_prefix(s, n, "end_of_record")) {
			in_file = false;
		} else if (!is_record(s, n)) {
			rc = scan_coverage__fail(b, SCAN_EPARSE, lineno, "not an LCOV record");
		}
	}
	if (!rc && in_file)
		rc = scan_coverage__fail(b, SCAN_EPARSE, open_at, "SF record without end_of_record (truncated tracefile?)");
	return rc;
}
