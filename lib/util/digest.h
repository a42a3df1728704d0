/* lib/util/digest.h - SHA-256 and hex, the way every part of libscan writes them */
#ifndef SCAN_UTIL_DIGEST_H
#define SCAN_UTIL_DIGEST_H

#include <stddef.h>

/* n bytes as 2n lowercase hex digits and a NUL. */
void scan_util__hex(char *out, const unsigned char *bytes, size_t n);
/* SHA-256 of data as 64 lowercase hex digits and a NUL. */
void scan_util__sha256_hex(char out[65], const void *data, size_t len);
/*
 * SHA-256 of the regular file at path (a link is refused), read in chunks
 * (not mapped, so a file truncated meanwhile cannot fault). 0, or -1 when it
 * cannot be read.
 */
int scan_util__sha256_file_hex(char out[65], const char *path);
/* SHA-256 of what is left to read from fd. 0, or -1 on a read error. */
int scan_util__sha256_fd_hex(char out[65], int fd);

#endif
