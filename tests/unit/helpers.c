/* tests/unit/helpers.c */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "helpers.h"

char *th_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *p;

	if (!base || !*base)
		base = "/tmp";
	p = th_join(base, "rampart-test-XXXXXX");
	if (!mkdtemp(p)) {
		perror("mkdtemp");
		abort();
	}
	return p;
}

char *th_join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (!p)
		abort();
	snprintf(p, n, "%s/%s", a, b);
	return p;
}

static void mkparents(char *path)
{
	for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			perror(path);
			abort();
		}
		*s = '/';
	}
}

void th_write_bytes(const char *dir, const char *rel, const void *data, size_t len)
{
	char *p = th_join(dir, rel);
	FILE *f;

	mkparents(p);
	if (!(f = fopen(p, "wb")) || fwrite(data, 1, len, f) != len) {
		perror(p);
		abort();
	}
	fclose(f);
	free(p);
}

void th_write(const char *dir, const char *rel, const char *content)
{
	th_write_bytes(dir, rel, content, strlen(content));
}

char *th_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 4096) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb)
				abort();
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void th_rmtree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}
