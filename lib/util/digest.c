/* lib/util/digest.c - SHA-256 and hex */
#include <openssl/evp.h>
#include "util/digest.h"

void scan__hex(char *out, const unsigned char *bytes, size_t n)
{
	static const char hex[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[bytes[i] >> 4];
		out[2 * i + 1] = hex[bytes[i] & 15];
	}
	out[2 * n] = '\0';
}

void scan__sha256_hex(char out[65], const void *data, size_t len)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL);
	scan__hex(out, md, 32);
}
