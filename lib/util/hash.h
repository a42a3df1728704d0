/* lib/util/hash.h - the one hash function: FNV-1a, 64-bit (and 32-bit where a table keeps 32) */
#ifndef SCAN_UTIL_HASH_H
#define SCAN_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

/*
 * For hash tables only, never for anything an attacker must not forge.
 * The one map (include/scan/map.h) seeds it with a random value drawn once
 * per process, so a scanned file cannot plan bucket collisions. The other
 * users hash without a table of their own: npm's folder prefixes
 * (lockfile/js_common.c, keyed in the map by the hash) and the clone
 * finder's rolling window fingerprints (quality/dup.c, an index of 16-byte
 * windows with a bucket array sized once; a map entry per window would
 * take four times the memory on the largest repositories).
 */
#define SCAN_HASH_SEED 1469598103934665603ull /* FNV-1a's offset basis */
#define SCAN_HASH32_SEED 2166136261u

static inline uint64_t scan_hash__byte(uint64_t h, unsigned char c)
{
	return (h ^ c) * 1099511628211ull;
}

static inline uint64_t scan_hash__bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = scan_hash__byte(h, p[i]);
	return h;
}

static inline uint32_t scan_hash__bytes32(uint32_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

#endif
