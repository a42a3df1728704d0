/* lib/provider/provider_int.h - what the provider files share: names and API roots */
#ifndef SCAN_PROVIDER_PROVIDER_INT_H
#define SCAN_PROVIDER_PROVIDER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/provider.h"

/* "GitHub", "GitLab", "Bitbucket": for messages. */
const char *scan_provider__title(scan_provider p);
/*
 * The API root to call: given (NULL: the hosted service's), an http or
 * https URL without query, fragment, spaces or credentials, its trailing
 * '/' dropped; *http when it is plain http (a provider on this machine, a
 * test). SCAN_EINVAL otherwise.
 */
int scan_provider__api_root(char *out, size_t outlen, scan_provider p, const char *given, bool *http);

#endif
