/* lib/feeds/feeds_int.h - shared by the feed readers (osv.c, kev.c, epss.c, zip.c) */
#ifndef SCAN_SCA_FEEDS_INT_H
#define SCAN_SCA_FEEDS_INT_H

#include <stddef.h>
#include "scan/common.h"

/* Nesting and value count of one feed JSON document (cJSON needs ~80 bytes a value). */
#define SCAN_FEED_JSON_DEPTH_MAX 64

/*
 * Parse a feed's JSON document of len bytes (at most max_bytes, at most
 * max_values values) into *out (the caller's, cJSON_Delete). Before cJSON
 * sees it, a linear scan refuses nesting deeper than
 * SCAN_FEED_JSON_DEPTH_MAX and "\u0000" (which cJSON would silently cut a
 * string at); afterwards duplicate keys and trailing bytes are refused.
 * Messages start with "<origin>: ". Returns 0, SCAN_EPARSE, SCAN_ELIMIT or
 * SCAN_ENOMEM.
 */
struct cJSON;
int scan_feeds__feed_json(const char *text, size_t len, size_t max_bytes, size_t max_values,
                          const char *origin, struct cJSON **out);

#endif
