/* server/jwt.c - signed tokens: JWT (RFC 7519) with HS256, and nothing else */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "auth.h"
#include "scan/json.h"

/*
 * The one header this server writes and accepts, compared whole after
 * decoding: a token that names another algorithm ("none", RS256 with our
 * key as a public key, ...) or adds header fields is not ours.
 */
static const char header_json[] = "{\"alg\":\"HS256\",\"typ\":\"JWT\"}";

static void mac(unsigned char out[32], const unsigned char key[SRV_JWT_KEY_BYTES], const char *data, size_t n)
{
	unsigned int len = 32;

	HMAC(EVP_sha256(), key, SRV_JWT_KEY_BYTES, (const unsigned char *)data, n, out, &len);
}

int srv_jwt_sign(scan_buf *out, const unsigned char key[SRV_JWT_KEY_BYTES], const srv_claims *c)
{
	scan_buf payload = SCAN_BUF_INIT;
	scan_json w;
	unsigned char sig[32];
	size_t start = out->size;
	int rc;

	scan_json_init(&w, &payload, false);
	scan_json_open(&w, NULL, '{');
	scan_json_int(&w, "sub", c->sub);
	scan_json_int(&w, "org", c->org);
	scan_json_str(&w, "aud", SRV_JWT_AUDIENCE);
	scan_json_int(&w, "iat", (long long)c->iat);
	scan_json_int(&w, "nbf", (long long)c->nbf);
	scan_json_int(&w, "exp", (long long)c->exp);
	scan_json_str(&w, "jti", c->jti);
	scan_json_int(&w, "sv", c->sv);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0) {
		scan_buf_dispose(&payload);
		return rc;
	}
	srv_b64url_encode(out, (const unsigned char *)header_json, sizeof(header_json) - 1);
	scan_buf_putc(out, '.');
	srv_b64url_encode(out, (const unsigned char *)payload.ptr, payload.size);
	scan_buf_dispose(&payload);
	if ((rc = scan_buf_failed(out)) != 0)
		return rc;
	mac(sig, key, out->ptr + start, out->size - start);
	scan_buf_putc(out, '.');
	srv_b64url_encode(out, sig, sizeof(sig));
	OPENSSL_cleanse(sig, sizeof(sig));
	return scan_buf_failed(out);
}

static bool int_claim(const cJSON *o, const char *name, int64_t *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsNumber(v) || v->valuedouble != (double)(int64_t)v->valuedouble)
		return false;
	*out = (int64_t)v->valuedouble;
	return true;
}

int srv_jwt_verify(srv_claims *c, const unsigned char key[SRV_JWT_KEY_BYTES], const char *token, time_t now,
                   const char **why)
{
	const char *dot1, *dot2;
	scan_buf part = SCAN_BUF_INIT;
	unsigned char want[32];
	cJSON *payload = NULL;
	const cJSON *aud, *jti;
	int64_t sub, org, iat, nbf, exp, sv;
	size_t n = strlen(token);
	int rc = -1;

	memset(c, 0, sizeof(*c));
	*why = "malformed";
	if (n > SRV_JWT_MAX || !(dot1 = memchr(token, '.', n)) ||
	    !(dot2 = memchr(dot1 + 1, '.', n - (size_t)(dot1 + 1 - token))) || strchr(dot2 + 1, '.'))
		goto done;
	if (srv_b64url_decode(&part, token, (size_t)(dot1 - token)) != 0 || part.size != sizeof(header_json) - 1 ||
	    memcmp(part.ptr, header_json, part.size) != 0) {
		*why = "not an HS256 token of this server";
		goto done;
	}
	/* The signature before anything else of the payload is believed. */
	scan_buf_clear(&part);
	if (srv_b64url_decode(&part, dot2 + 1, strlen(dot2 + 1)) != 0 || part.size != sizeof(want))
		goto done;
	mac(want, key, token, (size_t)(dot2 - token));
	if (CRYPTO_memcmp(want, part.ptr, sizeof(want)) != 0) {
		*why = "bad signature";
		goto done;
	}
	scan_buf_clear(&part);
	if (srv_b64url_decode(&part, dot1 + 1, (size_t)(dot2 - dot1 - 1)) != 0 ||
	    !(payload = cJSON_ParseWithLength(part.ptr, part.size)) || !cJSON_IsObject(payload))
		goto done;
	aud = cJSON_GetObjectItemCaseSensitive(payload, "aud");
	jti = cJSON_GetObjectItemCaseSensitive(payload, "jti");
	if (!int_claim(payload, "sub", &sub) || !int_claim(payload, "org", &org) || !int_claim(payload, "iat", &iat) ||
	    !int_claim(payload, "nbf", &nbf) || !int_claim(payload, "exp", &exp) || !int_claim(payload, "sv", &sv) ||
	    !cJSON_IsString(aud) ||
	    strcmp(aud->valuestring, SRV_JWT_AUDIENCE) || !cJSON_IsString(jti) || strlen(jti->valuestring) != 32) {
		*why = "claims missing or of the wrong type";
		goto done;
	}
	if (nbf > now + SRV_JWT_SKEW || iat > now + SRV_JWT_SKEW) {
		*why = "not valid yet";
		goto done;
	}
	if (exp <= now) {
		*why = "expired";
		goto done;
	}
	c->sub = sub, c->org = org, c->iat = (time_t)iat, c->nbf = (time_t)nbf, c->exp = (time_t)exp, c->sv = sv;
	memcpy(c->jti, jti->valuestring, 33);
	*why = NULL;
	rc = 0;
done:
	cJSON_Delete(payload);
	scan_buf_dispose(&part);
	return rc;
}
