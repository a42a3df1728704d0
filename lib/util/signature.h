/* lib/util/signature.h - Standard Webhooks signatures: what a delivery is signed with, both ways */
#ifndef SCAN_UTIL_SIGNATURE_H
#define SCAN_UTIL_SIGNATURE_H

#include <stddef.h>

/* The longest base64 text base64_decode takes: a signature header's worth. */
#define SCAN_BASE64_TEXT_MAX 1024

/* base64 text (n bytes, padded, standard alphabet) into out (cap bytes); the decoded length, or -1. */
int scan_util__base64_decode(unsigned char *out, size_t cap, const char *in, size_t n);
/* n bytes as padded base64 into out (cap >= 4 * ((n + 2) / 3) + 1); the text's length, or -1 when cap is short. */
int scan_util__base64_encode(char *out, size_t cap, const unsigned char *in, size_t n);

/*
 * HMAC-SHA256 over "<id>.<timestamp>.<body>" (standardwebhooks.com): the
 * key is the base64 after "whsec_" in secret, else secret's own bytes.
 * 0, SCAN_EINVAL for a secret that is neither, SCAN_ENOMEM or SCAN_EIO.
 */
int scan_util__webhook_mac(unsigned char mac[32], const char *secret, const char *id, const char *timestamp,
                           const void *body, size_t len);

#endif
