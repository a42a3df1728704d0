/* lib/secrets/judge.c - is it a real credential: entropy, structure, placeholders, lookups */
#define _GNU_SOURCE /* memmem, strcasestr */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "secrets/engine.h"

#define PEM_BODY_MAX 65536
#define PEM_BODY_MIN 64

double scan_secrets__entropy(const unsigned char *s, size_t len)
{
	unsigned counts[256] = { 0 };
	double h = 0;

	if (!len)
		return 0;
	for (size_t i = 0; i < len; i++)
		counts[s[i]]++;
	for (int c = 0; c < 256; c++)
		if (counts[c]) {
			double p = (double)counts[c] / (double)len;
			h -= p * log2(p);
		}
	return h;
}

static const char base62[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

static int base62_value(unsigned char c)
{
	const char *p = c ? strchr(base62, c) : NULL;

	return p ? (int)(p - base62) : -1;
}

/*
 * prefix_ + random + 6 base62 digits of CRC32 (GitHub's and npm's format).
 * Published descriptions differ on whether the prefix is inside the CRC, so
 * either is accepted: a random string passes by chance once in 2^31.
 */
static int valid_crc32_base62(const unsigned char *s, size_t len)
{
	const unsigned char *us = memchr(s, '_', len), *body;
	size_t blen, rlen;
	uint64_t want = 0;

	if (!us)
		return 0;
	body = us + 1;
	blen = len - (size_t)(body - s);
	if (blen < 7)
		return 0;
	rlen = blen - 6;
	for (size_t i = 0; i < 6; i++) {
		int v = base62_value(body[rlen + i]);
		if (v < 0)
			return 0;
		want = want * 62 + (uint64_t)v;
	}
	if (want > UINT32_MAX)
		return 0;
	if (crc32(0, body, (uInt)rlen) == want)
		return 1;
	return crc32(0, s, (uInt)(len - 6)) == want;
}

/* base64 or base64url (no padding needed) into out; returns decoded length or -1. */
static long b64_decode(unsigned char *out, const unsigned char *s, size_t len)
{
	uint32_t acc = 0;
	int bits = 0;
	long n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		int v;
		if (c >= 'A' && c <= 'Z') v = c - 'A';
		else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
		else if (c >= '0' && c <= '9') v = c - '0' + 52;
		else if (c == '+' || c == '-') v = 62;
		else if (c == '/' || c == '_') v = 63;
		else if (c == '=') break;
		else return -1;
		acc = (acc << 6) | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (unsigned char)(acc >> bits);
		}
	}
	return n;
}

static bool json_object_with(const unsigned char *s, size_t len, const char *key)
{
	unsigned char *buf;
	long n;
	cJSON *j;
	bool ok;

	if (len > 8192 || !(buf = malloc(len)))
		return false;
	n = b64_decode(buf, s, len);
	j = n > 0 ? cJSON_ParseWithLength((const char *)buf, (size_t)n) : NULL;
	ok = cJSON_IsObject(j) && (!key || cJSON_IsString(cJSON_GetObjectItem(j, key)));
	cJSON_Delete(j);
	free(buf);
	return ok;
}

static int valid_jwt(const unsigned char *s, size_t len)
{
	const unsigned char *d1 = memchr(s, '.', len), *d2;

	if (!d1 || !(d2 = memchr(d1 + 1, '.', len - (size_t)(d1 + 1 - s))))
		return 0;
	return json_object_with(s, (size_t)(d1 - s), "alg") &&
	       json_object_with(d1 + 1, (size_t)(d2 - d1 - 1), NULL);
}

/*
 * The match is the BEGIN line. A real key has the matching END line within
 * reach and a base64 body between (after optional RFC 1421 headers); a
 * template with "..." or a truncated example has not. The secret then
 * spans the whole block.
 */
static int valid_pem(const unsigned char *s, size_t slen, const unsigned char *data, size_t len, size_t *secret_end)
{
	const unsigned char *begin = memmem(s, slen, "-----BEGIN ", 11), *label, *label_end, *p, *end;
	char endline[128];
	size_t body = 0, llen, limit;
	const unsigned char *stop = data + len;

	if (!begin)
		return 0;
	label = begin + 11;
	label_end = memmem(label, (size_t)(stop - label), "-----", 5);
	if (!label_end || (llen = (size_t)(label_end - label)) > 80 || !memmem(label, llen, "PRIVATE KEY", 11))
		return 0;
	snprintf(endline, sizeof(endline), "-----END %.*s-----", (int)llen, (const char *)label);
	p = label_end + 5;
	limit = (size_t)(stop - p) < PEM_BODY_MAX ? (size_t)(stop - p) : PEM_BODY_MAX;
	end = memmem(p, limit, endline, strlen(endline));
	if (!end)
		return 0;
	for (const unsigned char *q = p; q < end; q++) {
		if ((*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') ||
		    *q == '+' || *q == '/' || *q == '=')
			body++;
		else if (*q == '.' && q + 2 < end && q[1] == '.' && q[2] == '.')
			return 0; /* "..." elision: an example, not a key */
	}
	if (body < PEM_BODY_MIN)
		return 0;
	*secret_end = (size_t)(end - data) + strlen(endline);
	return 1;
}

static int valid_aws_key_id(const unsigned char *s, size_t len)
{
	static const char *const prefixes[] = { "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA",
	                                        "ANPA", "ANVA", "APKA", "AROA", "ASCA" };
	bool known = false;

	if (len != 20)
		return 0;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		known |= !memcmp(s, prefixes[i], 4);
	if (!known)
		return 0;
	for (size_t i = 4; i < len; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '2' && s[i] <= '7')))
			return 0;
	return 1;
}

static int valid_base64(const unsigned char *s, size_t len)
{
	unsigned char *buf = malloc(len + 1);
	long n;
	int printable = 0;

	if (!buf)
		return 0;
	n = b64_decode(buf, s, len);
	for (long i = 0; i < n; i++)
		printable += buf[i] >= 0x20 && buf[i] < 0x7F;
	free(buf);
	/* user:password is text; random bytes that happen to be base64 are not. */
	return n >= 3 && printable * 10 >= n * 9;
}

int scan_secrets__validate(scan_secret_validator v, const unsigned char *secret, size_t slen,
                           const unsigned char *data, size_t len, size_t *secret_end)
{
	switch (v) {
	case SECRET_VALIDATOR_NONE: return 1;
	case SECRET_VALIDATOR_CRC32_BASE62: return valid_crc32_base62(secret, slen);
	case SECRET_VALIDATOR_JWT: return valid_jwt(secret, slen);
	case SECRET_VALIDATOR_PEM_PRIVATE_KEY: return valid_pem(secret, slen, data, len, secret_end);
	case SECRET_VALIDATOR_AWS_KEY_ID: return valid_aws_key_id(secret, slen);
	case SECRET_VALIDATOR_BASE64: return valid_base64(secret, slen);
	}
	return 0;
}

static bool contains_nocase(const unsigned char *s, size_t len, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; i + w <= len; i++)
		if (!strncasecmp((const char *)s + i, word, w))
			return true;
	return false;
}

bool scan_secrets__is_placeholder(const unsigned char *s, size_t len)
{
	static const char *const words[] = {
		"xxxx", "****", "example", "changeme", "change_me", "change-me", "placeholder",
		"redacted", "dummy", "your_", "your-", "yourkey", "yourtoken", "yoursecret", "insert_",
		"replace_me", "replaceme", "<", ">", "${", "{{", "%(", "$(", "000000000", "123456789",
		"abcdefgh", "fake", "sample", "notreal", "not_real", "not-a-real", "todo", "...",
		"\xE2\x80\xA6", /* U+2026, an elided value */
		/* jwt.io's documented example token: its signature and payload */
		"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
		"eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",
		/* the Azure storage emulator's well-known account key, published by Microsoft */
		"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
	};
	unsigned counts[256] = { 0 };
	unsigned most = 0;

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (contains_nocase(s, len, words[i]))
			return true;
	/* "aaaaaaaaaaaa" or "ghp_000000000000000000000000000000000000" */
	for (size_t i = 0; i < len; i++)
		if (++counts[s[i]] > most)
			most = counts[s[i]];
	return len && most * 10 >= len * 6;
}

static bool all_in(const unsigned char *s, size_t len, const char *set)
{
	for (size_t i = 0; i < len; i++)
		if (!s[i] || !strchr(set, s[i]))
			return false;
	return true;
}

bool scan_secrets__is_lookup_or_hash(const unsigned char *s, size_t len)
{
	static const char *const lookups[] = {
		"environ", "getenv", "process.env", "env[", "env.", "env:", "secrets.", "vault:", "ssm:",
		"arn:aws:", "secretsmanager", "keyvault", "://", "(", ")", "sha512-", "sha384-", "sha256-",
		"sha1-", "$2a$", "$2b$", "$2y$", "$argon2", "$pbkdf2", "$6$", "$5$",
		".apps.googleusercontent.com", /* an OAuth client id is public */
	};
	static const char hex[] = "0123456789abcdefABCDEF";

	for (size_t i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++)
		if (contains_nocase(s, len, lookups[i]))
			return true;
	/*
	 * A SHA-256 or SHA-512 digest is a checksum, not a key. Shorter hex is
	 * not judged here: many API keys are 32 or 40 hex digits, and a generic
	 * rule has already required a secret-like name before it.
	 */
	if ((len == 64 || len == 128) && all_in(s, len, hex))
		return true;
	/* A UUID is an identifier far more often than a key. */
	if (len == 36 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-') {
		bool uuid = true;
		for (size_t i = 0; i < len && uuid; i++)
			uuid = (i == 8 || i == 13 || i == 18 || i == 23) ? true : strchr(hex, s[i]) != NULL;
		if (uuid)
			return true;
	}
	/* A dotted or slashed word list is a name or a path, not a password. */
	if (all_in(s, len, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.-/"))
		return true;
	return false;
}

bool scan_secrets__is_test_path(const char *path)
{
	static const char *const dirs[] = { "test/", "tests/", "spec/", "specs/", "fixtures/", "fixture/",
	                                    "testdata/", "__tests__/", "examples/", "example/", "mocks/",
	                                    "__mocks__/", "samples/" };
	static const char *const names[] = { "_test.", ".test.", ".spec.", "_spec.", "test_", ".example",
	                                     ".sample", ".template", "mock" };
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		const char *p = strstr(path, dirs[i]);
		if (p && (p == path || p[-1] == '/'))
			return true;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strstr(base, names[i]))
			return true;
	return false;
}

size_t scan_secrets__mask(char *out, size_t outsz, const unsigned char *s, size_t len)
{
	size_t keep = len / 4 < 4 ? len / 4 : 4, n = 0;

	/* A private key shows its BEGIN line, which names the kind and nothing secret. */
	if (len > 11 && !memcmp(s, "-----BEGIN ", 11)) {
		const unsigned char *e = memmem(s + 11, len - 11, "-----", 5);
		keep = e ? (size_t)(e + 5 - s) : 11;
	}
	for (size_t i = 0; i < keep && n + 1 < outsz; i++)
		out[n++] = (s[i] >= 0x20 && s[i] < 0x7F) ? (char)s[i] : '?';
	for (int i = 0; i < 4 && n + 1 < outsz; i++)
		out[n++] = '*';
	if (outsz)
		out[n < outsz ? n : outsz - 1] = '\0';
	return n;
}
