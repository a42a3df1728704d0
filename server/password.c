/* server/password.c - passwords hashed with Argon2id (libsodium) */
#include <pthread.h>
#include <sodium.h>
#include <string.h>
#include "auth.h"

/*
 * libsodium's "interactive" limits: about 64 MiB and a few tenths of a
 * second per hash, which bounds what a stolen database is worth while a
 * sign-in stays quick; the login route's rate limit bounds the memory.
 */
int srv_password_hash(char *out, size_t outlen, const char *password)
{
	if (outlen < crypto_pwhash_STRBYTES || sodium_init() < 0)
		return -1;
	return crypto_pwhash_str_alg(out, password, strlen(password), crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                             crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) ? -1 : 0;
}

/* An unknown user costs a hash too, so timing does not tell which emails exist. */
static char dummy[crypto_pwhash_STRBYTES];
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;

static void dummy_init(void)
{
	if (srv_password_hash(dummy, sizeof(dummy), "rampart-no-such-user") != 0)
		dummy[0] = '\0';
}

bool srv_password_check(const char *stored, const char *password)
{
	if (sodium_init() < 0)
		return false;
	if (!stored) {
		pthread_once(&dummy_once, dummy_init);
		/* Its answer does not matter, only the time it takes. */
		bool ignored = dummy[0] && crypto_pwhash_str_verify(dummy, password, strlen(password)) == 0;
		(void)ignored;
		return false;
	}
	if (strncmp(stored, "$argon2id$", 10) != 0)
		return false;
	return crypto_pwhash_str_verify(stored, password, strlen(password)) == 0;
}
