/* server/auth.h - credentials: passwords, signed tokens, API keys, and the principal they name */
#ifndef RAMPART_SERVER_AUTH_H
#define RAMPART_SERVER_AUTH_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include "scan/buf.h"
#include "scan/tenant.h"

/* ---- passwords (password.c): Argon2id through libsodium ---- */

/* 0, or -1 (out of memory, or libsodium could not start). out: crypto_pwhash_STRBYTES. */
int srv_password_hash(char *out, size_t outlen, const char *password);
/* Whether password matches the stored hash; a NULL hash matches nothing, in the same time. */
bool srv_password_check(const char *stored, const char *password);
#define SRV_PASSWORD_HASH_MAX 128

/* ---- signed tokens (jwt.c): JWT with HS256 only ---- */

#define SRV_JWT_KEY_BYTES 32
#define SRV_JWT_SKEW 60          /* seconds of clock difference tolerated on iat and nbf */
#define SRV_JWT_MAX 4096         /* bytes of a token we look at */
#define SRV_JWT_AUDIENCE "rampart"

typedef struct {
	int64_t sub;                 /* the user */
	int64_t org;
	time_t iat, nbf, exp;
	char jti[33];                /* 32 hex digits */
	int64_t sv;                  /* the user's session version when signed: signing out raises it */
} srv_claims;

int srv_jwt_sign(scan_buf *out, const unsigned char key[SRV_JWT_KEY_BYTES], const srv_claims *c);
/*
 * 0 when token is a JWT this server signed with key, with alg HS256 (the
 * header is compared whole: "none" and every other algorithm are refused),
 * aud "rampart", not before nbf/iat (less the skew) and not after exp.
 * -1 otherwise; *why names the reason for the log (never for the client).
 */
int srv_jwt_verify(srv_claims *c, const unsigned char key[SRV_JWT_KEY_BYTES], const char *token, time_t now,
                   const char **why);

/* ---- API keys (apikey.c) ---- */

/*
 * "rmp_" and 40 characters of [0-9A-Za-z] (238 bits): the prefix lets
 * secret scanners (and ours) recognise a leaked key. The first
 * SRV_KEY_PREFIX_LEN characters are the public lookup part shown in lists.
 */
#define SRV_KEY_LEN 44
#define SRV_KEY_PREFIX_LEN 12
int srv_key_new(char out[SRV_KEY_LEN + 1]);
/* SHA-256 of the key in hex, the only form the store keeps. */
void srv_key_hash(char out[65], const char *key);
/* Whether s has the shape of one of our keys (checked before any lookup). */
bool srv_key_shape(const char *s);

/* Random hex (request ids, token ids): 2 * n digits and a NUL into out. */
void srv_random_hex(char *out, size_t n);
/* Base64url without padding: encode appends; decode 0 or -1. */
void srv_b64url_encode(scan_buf *out, const unsigned char *p, size_t n);
int srv_b64url_decode(scan_buf *out, const char *s, size_t n);

#endif
