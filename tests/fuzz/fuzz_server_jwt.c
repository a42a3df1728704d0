/* tests/fuzz/fuzz_server_jwt.c - the server's token verifier on arbitrary bytes, and sign/verify round trips */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "auth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const unsigned char key[SRV_JWT_KEY_BYTES] = "fuzz-key-fuzz-key-fuzz-key-0123";

/*
 * Arbitrary text is refused unless it is a token this key signed, with
 * the claims a signed one has; a token signed here from claims the input
 * chooses verifies to the same claims, and stops verifying when any one
 * byte of it changes.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	scan_buf tok = SCAN_BUF_INIT;
	srv_claims c, back;
	const char *why;
	time_t now = 1800000000;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (srv_jwt_verify(&back, key, text, now, &why) == 0) {
		if (back.exp <= now || !back.sub || why)
			abort();
	} else if (!why) {
		abort();
	}
	free(text);

	memset(&c, 0, sizeof(c));
	{
		uint64_t h = 0;
		for (size_t i = 0; i < size && i < 16; i++)
			h = h * 31 + data[i];
		c.sub = (int64_t)(h & 0xffffff) + 1;
	}
	c.org = (int64_t)(size % 1000) + 1;
	c.iat = c.nbf = now - 10;
	c.exp = now + 3600;
	memset(c.jti, 'a', 32);
	c.jti[32] = '\0';
	if (srv_jwt_sign(&tok, key, &c) == 0) {
		if (srv_jwt_verify(&back, key, tok.ptr, now, &why) != 0 || back.sub != c.sub || back.org != c.org ||
		    back.exp != c.exp)
			abort();
		if (tok.size) {
			size_t at = size ? data[0] % tok.size : 0;
			char was = tok.ptr[at];
			tok.ptr[at] = was == 'A' ? 'B' : 'A';
			if (srv_jwt_verify(&back, key, tok.ptr, now, &why) == 0)
				abort();
			tok.ptr[at] = was;
		}
	}
	scan_buf_dispose(&tok);
	return 0;
}
