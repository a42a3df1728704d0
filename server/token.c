/* server/token.c - the bytes of credentials: random ids, API keys, base64url */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <stdlib.h>
#include <string.h>
#include "auth.h"

static const char hexdigits[] = "0123456789abcdef";

void srv_random_hex(char *out, size_t n)
{
	unsigned char b[64];

	if (n > sizeof(b))
		n = sizeof(b);
	if (RAND_bytes(b, (int)n) != 1)
		abort(); /* no randomness: nothing this server issues could be trusted */
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hexdigits[b[i] >> 4];
		out[2 * i + 1] = hexdigits[b[i] & 15];
	}
	out[2 * n] = '\0';
	OPENSSL_cleanse(b, sizeof(b));
}

int srv_key_new(char out[SRV_KEY_LEN + 1])
{
	static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	unsigned char b[64];
	size_t n = 0, i = sizeof(b);

	memcpy(out, "rmp_", 4);
	/* Rejection sampling keeps every character equally likely: 248 = 4 * 62. */
	while (n < SRV_KEY_LEN - 4) {
		if (i == sizeof(b)) {
			if (RAND_bytes(b, sizeof(b)) != 1)
				return -1;
			i = 0;
		}
		if (b[i] < 248)
			out[4 + n++] = alphabet[b[i] % 62];
		i++;
	}
	out[SRV_KEY_LEN] = '\0';
	OPENSSL_cleanse(b, sizeof(b));
	return 0;
}

bool srv_key_shape(const char *s)
{
	size_t n = strlen(s);

	if (n != SRV_KEY_LEN || strncmp(s, "rmp_", 4) != 0)
		return false;
	for (size_t i = 4; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
			return false;
	return true;
}

void srv_key_hash(char out[65], const char *key)
{
	unsigned char d[SHA256_DIGEST_LENGTH];

	SHA256((const unsigned char *)key, strlen(key), d);
	for (size_t i = 0; i < sizeof(d); i++) {
		out[2 * i] = hexdigits[d[i] >> 4];
		out[2 * i + 1] = hexdigits[d[i] & 15];
	}
	out[64] = '\0';
}

static const char b64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void srv_b64url_encode(scan_buf *out, const unsigned char *p, size_t n)
{
	size_t i = 0;

	for (; i + 3 <= n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		scan_buf_putc(out, b64url[v >> 18]);
		scan_buf_putc(out, b64url[(v >> 12) & 63]);
		scan_buf_putc(out, b64url[(v >> 6) & 63]);
		scan_buf_putc(out, b64url[v & 63]);
	}
	if (n - i == 1) {
		uint32_t v = (uint32_t)p[i] << 16;
		scan_buf_putc(out, b64url[v >> 18]);
		scan_buf_putc(out, b64url[(v >> 12) & 63]);
	} else if (n - i == 2) {
		uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8;
		scan_buf_putc(out, b64url[v >> 18]);
		scan_buf_putc(out, b64url[(v >> 12) & 63]);
		scan_buf_putc(out, b64url[(v >> 6) & 63]);
	}
}

static int b64_value(char c)
{
	const char *p = c ? strchr(b64url, c) : NULL;

	return p ? (int)(p - b64url) : -1;
}

int srv_b64url_decode(scan_buf *out, const char *s, size_t n)
{
	uint32_t acc = 0;
	unsigned bits = 0;

	if (n % 4 == 1)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int v = b64_value(s[i]);
		if (v < 0)
			return -1;
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			scan_buf_putc(out, (char)((acc >> bits) & 0xff));
		}
	}
	/* Leftover bits must be zero: one encoding per byte string. */
	if (acc & ((1u << bits) - 1))
		return -1;
	return scan_buf_failed(out) ? -1 : 0;
}
