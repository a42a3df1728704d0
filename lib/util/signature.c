/* lib/util/signature.c - Standard Webhooks signatures: the one HMAC a delivery is signed and verified with */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/signature.h"

int scan_util__base64_decode(unsigned char *out, size_t cap, const char *in, size_t n)
{
	unsigned char buf[SCAN_BASE64_TEXT_MAX];
	int got;
	size_t pad = 0;

	if (!n || n % 4 || n > sizeof(buf) || (n / 4) * 3 > cap + 2)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char c = in[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' ||
		      (c == '=' && i >= n - 2)))
			return -1;
	}
	pad = in[n - 1] == '=' ? (in[n - 2] == '=' ? 2 : 1) : 0;
	if ((got = EVP_DecodeBlock(buf, (const unsigned char *)in, (int)n)) < 0 || (size_t)got < pad)
		return -1;
	got -= (int)pad;
	if ((size_t)got > cap)
		return -1;
	memcpy(out, buf, (size_t)got);
	explicit_bzero(buf, sizeof(buf));
	return got;
}

int scan_util__base64_encode(char *out, size_t cap, const unsigned char *in, size_t n)
{
	if (n > (size_t)1 << 20 || cap < 4 * ((n + 2) / 3) + 1)
		return -1;
	return EVP_EncodeBlock((unsigned char *)out, in, (int)n);
}

int scan_util__webhook_mac(unsigned char mac[32], const char *secret, const char *id, const char *timestamp,
                           const void *body, size_t len)
{
	unsigned char key[256];
	unsigned mac_len = 0;
	int key_len, rc = 0;
	size_t prefix;
	char *content;

	if (!strncmp(secret, "whsec_", 6)) {
		if ((key_len = scan_util__base64_decode(key, sizeof(key), secret + 6, strlen(secret + 6))) <= 0)
			return scan_util__error(SCAN_EINVAL, "the whsec_ secret is not base64");
	} else {
		key_len = (int)strlen(secret);
		if ((size_t)key_len > sizeof(key))
			return scan_util__error(SCAN_EINVAL, "the secret is longer than %zu bytes", sizeof(key));
		memcpy(key, secret, (size_t)key_len);
	}
	/* The signed content is "<id>.<timestamp>.<body>": one buffer, one HMAC. */
	prefix = strlen(id) + strlen(timestamp) + 2;
	if (!(content = malloc(prefix + len + 1))) {
		explicit_bzero(key, sizeof(key));
		return scan_error__oom();
	}
	snprintf(content, prefix + 1, "%s.%s.", id, timestamp);
	if (len)
		memcpy(content + prefix, body, len);
	if (!HMAC(EVP_sha256(), key, key_len, (const unsigned char *)content, prefix + len, mac, &mac_len) ||
	    mac_len != 32)
		rc = scan_util__error(SCAN_EIO, "cannot compute the signature");
	explicit_bzero(key, sizeof(key));
	free(content);
	return rc;
}
