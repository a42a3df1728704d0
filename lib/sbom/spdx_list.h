/*
 * lib/sbom/spdx_list.h - the shape of the generated SPDX license table, and
 * the lookup keys of license names and URLs.
 *
 * The SPDX license list is not in the repository: gen_spdx_table reads the
 * list's JSON at build time and writes spdx_table.h, which only license.c
 * includes. Both sides compute name and URL keys with the functions below,
 * so a key the generator wrote is the key license.c looks for. Everything
 * here is static: the header is compiled into the generator and into
 * license.c, nowhere else.
 */
#ifndef SCAN_SBOM_SPDX_LIST_H
#define SCAN_SBOM_SPDX_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define SCAN_SPDX_DEPRECATED 1u  /* isDeprecatedLicenseId */
#define SCAN_SPDX_OSI 2u         /* isOsiApproved */

/* One identifier of the license or exception list; sorted by scan_spdx__idcmp. */
typedef struct {
	const char *id;
	unsigned char flags;         /* SCAN_SPDX_* */
} scan_spdx_entry;

/* A name or seeAlso URL key and the license (index into the license table) it names. */
typedef struct {
	const char *key;
	unsigned short license;
} scan_spdx_key;

/* A key longer than this is not a name anyone types: not indexed, not looked up. */
#define SCAN_SPDX_KEY_MAX 256

static inline char scan_spdx__lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* SPDX identifiers match case-insensitively (SPDX 2.3 Annex D.2); ASCII only, locale-free. */
static inline int scan_spdx__idncmp(const char *a, size_t alen, const char *b)
{
	size_t i;

	for (i = 0; i < alen && b[i]; i++) {
		int d = (unsigned char)scan_spdx__lower(a[i]) - (unsigned char)scan_spdx__lower(b[i]);
		if (d)
			return d;
	}
	if (i < alen)
		return 1;
	return b[i] ? -1 : 0;
}

static inline int scan_spdx__idcmp(const char *a, const char *b)
{
	return scan_spdx__idncmp(a, strlen(a), b);
}

static inline bool scan_spdx__is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool scan_spdx__is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Appends word (len bytes) and a separating blank; false when out is full. */
static inline bool scan_spdx__key_word(char *out, size_t cap, size_t *n, const char *w, size_t len)
{
	static const char *const stop[] = { "the", "license", "licence", "licenses", "licences",
	                                    "licensed", "version", "v", NULL };

	for (size_t i = 0; stop[i]; i++)
		if (strlen(stop[i]) == len && !memcmp(stop[i], w, len))
			return true;
	if (*n + (*n > 0) + len + 1 > cap)
		return false;
	if (*n > 0)
		out[(*n)++] = ' ';
	memcpy(out + *n, w, len);
	*n += len;
	out[*n] = '\0';
	return true;
}

/*
 * A version word without trailing ".0" groups, so "2.0", "2" and "2.0.0"
 * compare equal ("Apache License 2.0" and "Apache 2" are one name); a
 * trailing '+' stays.
 */
static inline bool scan_spdx__key_version(char *out, size_t cap, size_t *n, const char *w, size_t len)
{
	size_t end = len, plus = len && w[len - 1] == '+';

	end -= plus;
	while (end > 2 && w[end - 2] == '.' && w[end - 1] == '0')
		end -= 2;
	if (!plus)
		return scan_spdx__key_word(out, cap, n, w, end);
	if (*n + (*n > 0) + end + 2 > cap)
		return false;
	if (*n > 0)
		out[(*n)++] = ' ';
	memcpy(out + *n, w, end);
	*n += end;
	out[(*n)++] = '+';
	out[*n] = '\0';
	return true;
}

static inline bool scan_spdx__is_version(const char *w, size_t len)
{
	size_t i = 0;

	if (!len || !scan_spdx__is_digit(w[0]))
		return false;
	while (i < len && (scan_spdx__is_digit(w[i]) || w[i] == '.'))
		i++;
	return i == len || (i == len - 1 && w[i] == '+');
}

/*
 * The key of a license name: lowercase ASCII words of letters, digits, '.'
 * and '+', everything else separating them; "the", "license", "version"
 * and a lone "v" dropped; "gplv2", "lgpl2.1" and "v2" split into family
 * and version; versions without trailing ".0". "GNU General Public
 * License v2.0 only" and "GNU General Public License, version 2 only" are
 * both "gnu general public 2 only". Writes a NUL-terminated key to out and
 * returns its length; 0 when nothing is left or the key would not fit.
 */
static inline size_t scan_spdx__name_key(char *out, size_t cap, const char *s, size_t len)
{
	char word[SCAN_SPDX_KEY_MAX];
	size_t n = 0, i = 0;

	if (!cap)
		return 0;
	out[0] = '\0';
	while (i < len) {
		size_t wl = 0, start, end, split;

		while (i < len && !(scan_spdx__is_alpha(s[i]) || scan_spdx__is_digit(s[i]) || s[i] == '.' ||
		                    s[i] == '+'))
			i++;
		start = i;
		while (i < len && (scan_spdx__is_alpha(s[i]) || scan_spdx__is_digit(s[i]) || s[i] == '.' ||
		                   s[i] == '+'))
			i++;
		if (i - start >= sizeof(word))
			return 0;
		for (size_t k = start; k < i; k++)
			word[wl++] = scan_spdx__lower(s[k]);
		/* Dots around a word are punctuation ("v. 2.0", "etc."). */
		end = wl;
		start = 0;
		while (start < end && word[start] == '.')
			start++;
		while (end > start && word[end - 1] == '.')
			end--;
		if (start == end)
			continue;
		/* "v2.0" is a version. */
		if (word[start] == 'v' && end - start > 1 && scan_spdx__is_version(word + start + 1, end - start - 1))
			start++;
		if (scan_spdx__is_version(word + start, end - start)) {
			if (!scan_spdx__key_version(out, cap, &n, word + start, end - start))
				return 0;
			continue;
		}
		/* "gplv2", "lgpl2.1", "cc0": letters, then a version. */
		split = start;
		while (split < end && scan_spdx__is_alpha(word[split]))
			split++;
		if (split - start >= 2 && split < end && scan_spdx__is_version(word + split, end - split)) {
			size_t letters = split - start;
			if (letters >= 3 && word[split - 1] == 'v')
				letters--;
			if (!scan_spdx__key_word(out, cap, &n, word + start, letters) ||
			    !scan_spdx__key_version(out, cap, &n, word + split, end - split))
				return 0;
			continue;
		}
		if (!scan_spdx__key_word(out, cap, &n, word + start, end - start))
			return 0;
	}
	return n;
}

static inline bool scan_spdx__has_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);
	return len >= n && !memcmp(s + len - n, suffix, n);
}

/*
 * The key of a license URL: lowercase, without the scheme, "www.", a
 * fragment, trailing slashes and a trailing .html/.htm/.txt/.php/.json, so
 * "http://www.apache.org/licenses/LICENSE-2.0.txt" and
 * "https://apache.org/licenses/LICENSE-2.0" are one URL. Only http(s)
 * URLs without blanks have a key; returns 0 for anything else.
 */
static inline size_t scan_spdx__url_key(char *out, size_t cap, const char *s, size_t len)
{
	static const char *const ext[] = { ".html", ".htm", ".txt", ".php", ".json", NULL };
	size_t n = 0, skip;

	if (len >= 8 && !scan_spdx__idncmp(s, 8, "https://"))
		skip = 8;
	else if (len >= 7 && !scan_spdx__idncmp(s, 7, "http://"))
		skip = 7;
	else
		return 0;
	s += skip;
	len -= skip;
	if (len >= 4 && !scan_spdx__idncmp(s, 4, "www."))
		s += 4, len -= 4;
	for (size_t i = 0; i < len && s[i] != '#'; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c <= ' ' || c == 0x7f || n + 1 >= cap)
			return 0;
		out[n++] = scan_spdx__lower((char)c);
	}
	while (n && out[n - 1] == '/')
		n--;
	for (size_t k = 0; ext[k]; k++)
		if (scan_spdx__has_suffix(out, n, ext[k])) {
			n -= strlen(ext[k]);
			break;
		}
	while (n && out[n - 1] == '/')
		n--;
	out[n] = '\0';
	return n;
}

#endif
