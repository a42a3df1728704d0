/* tests/unit/helpers.h - sandboxes and files for unit tests */
#ifndef RAMPART_TEST_HELPERS_H
#define RAMPART_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

/* A fresh private directory under $TMPDIR; malloc'd absolute path. */
char *th_tmpdir(void);
/* Writes content to dir/rel, creating parent directories. */
void th_write(const char *dir, const char *rel, const char *content);
void th_write_bytes(const char *dir, const char *rel, const void *data, size_t len);
/* malloc'd contents of path, NUL-terminated; NULL when it cannot be read. */
char *th_read(const char *path, size_t *len);
/* rm -rf without following symlinks. */
void th_rmtree(const char *dir);
/* malloc'd "a/b". */
char *th_join(const char *a, const char *b);

#endif
