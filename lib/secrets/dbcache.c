/*
 * lib/secrets/dbcache.c - keep the compiled Hyperscan database between runs.
 * Compiling the built-in pack takes most of a second; loading it, a few ms.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/buf.h"
#include "secrets/engine_int.h"
#include "util/rulefiles.h"

#define CACHE_MAGIC "RAMPHS01"
#define CACHE_FILE_MAX ((size_t)256 << 20)

/* The whole file, if it is ours and nobody else could have written it. */
static unsigned char *read_trusted(const char *path, size_t *len)
{
	struct stat st;
	char *buf = NULL;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return NULL;
	/* Owner and mode first, then the one bounded reader (which wants a regular file). */
	if (fstat(fd, &st) != 0 || st.st_uid != geteuid() || (st.st_mode & 022) ||
	    scan_util__read_fd(&buf, len, fd, path, CACHE_FILE_MAX) != 0)
		buf = NULL;
	close(fd);
	return (unsigned char *)buf;
}

int scan_secrets__db_cache_load(scan_secret_engine *e, const char *cache_dir, const char *key)
{
	scan_buf path = SCAN_BUF_INIT;
	unsigned char *data = NULL;
	size_t len = 0, n = e->set->count, head;
	uint32_t count;
	hs_database_t *db = NULL;
	int rc = -1;

	if (!cache_dir || *cache_dir != '/' || scan_buf_printf(&path, "%s/hs-%s.db", cache_dir, key) != 0)
		goto done;
	if (!(data = read_trusted(path.ptr, &len)))
		goto done;
	/* magic, rule count, one in_hs byte per rule, then Hyperscan's own serialization */
	head = 8 + 4 + n;
	if (len < head || memcmp(data, CACHE_MAGIC, 8))
		goto done;
	memcpy(&count, data + 8, 4);
	if (count != n)
		goto done;
	/* hs_deserialize checks the version, platform and integrity of what follows. */
	if (hs_deserialize_database((const char *)data + head, len - head, &db) != HS_SUCCESS)
		goto done;
	e->db = db;
	e->hs_rules = 0;
	for (size_t i = 0; i < n; i++) {
		e->rules[i].in_hs = data[12 + i] != 0;
		e->hs_rules += e->rules[i].in_hs;
	}
	rc = 0;
done:
	free(data);
	scan_buf_dispose(&path);
	return rc;
}

void scan_secrets__db_cache_save(const scan_secret_engine *e, const char *cache_dir, const char *key)
{
	scan_buf dir = SCAN_BUF_INIT, tmp = SCAN_BUF_INIT, path = SCAN_BUF_INIT, head = SCAN_BUF_INIT;
	char *bytes = NULL;
	size_t len = 0;
	uint32_t count = (uint32_t)e->set->count;
	int fd = -1;

	if (!cache_dir || *cache_dir != '/' || !e->db || scan_buf_puts(&dir, cache_dir) != 0)
		goto done;
	if (hs_serialize_database(e->db, &bytes, &len) != HS_SUCCESS)
		goto done;
	/* mkdir -p, private: the database says which credentials we look for. */
	for (char *s = strchr(dir.ptr + 1, '/'); ; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		if (mkdir(dir.ptr, 0700) != 0 && errno != EEXIST)
			goto done;
		if (!s)
			break;
		*s = '/';
	}
	scan_buf_printf(&path, "%s/hs-%s.db", dir.ptr, key);
	scan_buf_printf(&tmp, "%s/.hs-%s.XXXXXX", dir.ptr, key);
	scan_buf_put(&head, CACHE_MAGIC, 8);
	scan_buf_put(&head, &count, 4);
	for (size_t i = 0; i < e->set->count; i++)
		scan_buf_putc(&head, e->rules[i].in_hs ? 1 : 0);
	if (scan_buf_failed(&path) || scan_buf_failed(&tmp) || scan_buf_failed(&head))
		goto done;
	if ((fd = mkstemp(tmp.ptr)) < 0)
		goto done;
	if (write(fd, head.ptr, head.size) != (ssize_t)head.size || write(fd, bytes, len) != (ssize_t)len ||
	    fsync(fd) != 0) {
		close(fd);
		unlink(tmp.ptr);
		goto done;
	}
	close(fd);
	if (rename(tmp.ptr, path.ptr) != 0)
		unlink(tmp.ptr);
done:
	free(bytes);
	scan_buf_dispose(&dir);
	scan_buf_dispose(&tmp);
	scan_buf_dispose(&path);
	scan_buf_dispose(&head);
}
