/* include/scan/seal.h - secrets kept for a while: key files, and values sealed under a key */
#ifndef SCAN_SEAL_H
#define SCAN_SEAL_H

#include "common.h"

#define SCAN_SEAL_KEY_BYTES 32

/*
 * A key of len random bytes in the file at path: read when it exists
 * (it must be a regular file of this user, readable by no one else, of
 * exactly len bytes, reached without a symbolic link), made with mode
 * 0600 when it does not and create is set. 0, or SCAN_EIO / SCAN_EINVAL
 * with the reason; the key is never in a message.
 */
SCAN_EXTERN int scan_key_file(unsigned char *key, size_t len, const char *path, bool create);

/*
 * plain sealed under key with AES-256-GCM and a random nonce, as hex
 * (*out malloc'd): what a database may hold for a while without holding
 * the secret. scan_unseal() opens it: SCAN_EINVAL when it was sealed
 * under another key or altered. The caller clears and frees *out.
 */
SCAN_EXTERN int scan_seal(char **out, const unsigned char key[SCAN_SEAL_KEY_BYTES], const char *plain);
SCAN_EXTERN int scan_unseal(char **out, const unsigned char key[SCAN_SEAL_KEY_BYTES], const char *sealed);

#endif
