/* lib/secrets/verify.h - live verification of a found credential */
#ifndef SCAN_SECRETS_VERIFY_H
#define SCAN_SECRETS_VERIFY_H

#include "secrets/rules.h"

typedef enum {
	SECRET_VERIFY_UNKNOWN = 0,  /* no verify block, no answer, or an answer in neither list */
	SECRET_VERIFY_LIVE,
	SECRET_VERIFY_DEAD,
} scan_secret_verdict;

/*
 * One request as the rule's verify block describes, within timeout_ms; no
 * redirects are followed. The secret is sent to the rule's URL only, and is
 * wiped from every buffer afterwards. *status (may be NULL) gets the HTTP
 * status, 0 when there was none.
 */
scan_secret_verdict scan_secrets__verify(const scan_secret_rule *r, const unsigned char *secret, size_t len,
                                         long timeout_ms, long *status);
const char *scan_secrets__verdict_name(scan_secret_verdict v);

#endif
