/* lib/util/rulefiles.c - bounded reads of a file, and the YAML files of a rules directory in a stable order */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/array.h"
#include "scan/buf.h"
#include "scan/file.h"
#include "util/beneath.h"
#include "util/error.h"
#include "util/rulefiles.h"

#define RULE_DIR_DEPTH_MAX 8

int scan_util__read_rule_file(char **out, size_t *len, const char *path)
{
	return scan_util__read_file(out, len, path, SCAN_RULE_FILE_MAX);
}

int scan_util__read_file(char **out, size_t *len, const char *path, size_t max)
{
	return scan_util__read_file_at(out, len, AT_FDCWD, path, NULL, max, SCAN_FILE_NOFOLLOW);
}

int scan_file_read(char **out, size_t *len, const char *path, size_t max, unsigned int flags)
{
	return scan_util__read_file_at(out, len, AT_FDCWD, path, NULL, max, flags);
}

/* What a file that is not a regular one is, for the message that refuses it. */
const char *scan_util__file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "a special file";
}

/* "4 MiB", "64 KiB", "100 bytes": a limit as a message states it. */
static void size_words(char *buf, size_t n, size_t bytes)
{
	if (bytes >= ((size_t)1 << 20) && !(bytes & (((size_t)1 << 20) - 1)))
		snprintf(buf, n, "%zu MiB", bytes >> 20);
	else if (bytes >= 1024 && !(bytes & 1023))
		snprintf(buf, n, "%zu KiB", bytes >> 10);
	else
		snprintf(buf, n, "%zu bytes", bytes);
}

int scan_util__read_fd(char **out, size_t *len, int fd, const char *label, size_t max)
{
	struct stat st;
	char *buf = NULL, limit[32];
	size_t got = 0;

	*out = NULL;
	*len = 0;
	if (fstat(fd, &st) != 0)
		return scan_util__error(SCAN_EIO, "cannot read '%s': %s", label, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return scan_util__error(SCAN_EINVAL, "cannot read '%s': it is %s, not a regular file", label,
		                        scan_util__file_kind(st.st_mode));
	if (st.st_size < 0 || (uint64_t)st.st_size > max) {
		size_words(limit, sizeof(limit), max);
		return scan_util__error(SCAN_ELIMIT, "cannot read '%s': larger than %s", label, limit);
	}
	if (!(buf = malloc((size_t)st.st_size + 1)))
		return scan_error__oom();
	/* At most the size fstat gave: a file that grows meanwhile is read as it was. */
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;
			free(buf);
			return scan_util__error(SCAN_EIO, "cannot read '%s': %s", label, strerror(err));
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
}

int scan_util__read_file_at(char **out, size_t *len, int dirfd, const char *path, const char *label, size_t max,
                            unsigned int flags)
{
	int fd, rc, oflags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

	*out = NULL;
	*len = 0;
	if (!label)
		label = path;
	if (flags & SCAN_FILE_NOFOLLOW)
		oflags |= O_NOFOLLOW;
	/*
	 * O_NONBLOCK: opening a FIFO with no writer returns at once, and fstat
	 * refuses it. Relative to a directory (a tree's file) no component may
	 * be a link, not only the last.
	 */
	if (dirfd != AT_FDCWD && (flags & SCAN_FILE_NOFOLLOW))
		fd = scan_util__open_beneath(dirfd, path, oflags, NULL);
	else
		fd = openat(dirfd, path, oflags);
	if (fd < 0) {
		if (errno == ENOENT && (flags & SCAN_FILE_OPTIONAL))
			return 0;
		if (errno == ELOOP && (flags & SCAN_FILE_NOFOLLOW))
			return scan_util__error(SCAN_EINVAL, "cannot read '%s': it is a symbolic link", label);
		return scan_util__error(errno == ENOENT ? SCAN_ENOTFOUND : SCAN_EIO, "cannot open '%s': %s", label,
		                        strerror(errno));
	}
	rc = scan_util__read_fd(out, len, fd, label, max);
	close(fd);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_yaml(const char *name)
{
	size_t n = strlen(name);
	return (n > 5 && !strcmp(name + n - 5, ".yaml")) || (n > 4 && !strcmp(name + n - 4, ".yml"));
}

static int each(const char *dir, unsigned depth, bool recursive, scan_rule_file_fn fn, void *ud)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t count = 0, cap = 0;
	int rc = 0;

	if (!d)
		return scan_util__error(errno == ENOENT ? SCAN_ENOTFOUND : SCAN_EIO, "cannot open rules directory '%s': %s",
		                        dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (scan_array_reserve(&names, &cap, count + 1, sizeof(*names))) {
			rc = SCAN_ENOMEM;
			goto done;
		}
		if (!(names[count] = strdup(e->d_name))) {
			rc = scan_error__oom();
			goto done;
		}
		count++;
	}
	qsort(names, count, sizeof(*names), cmp_names);
	for (size_t i = 0; i < count && !rc; i++) {
		scan_buf path = SCAN_BUF_INIT;
		struct stat st;
		scan_buf_printf(&path, "%s/%s", dir, names[i]);
		if (scan_buf_failed(&path)) {
			rc = scan_error__oom();
		} else if (lstat(path.ptr, &st) != 0) {
			rc = 0; /* vanished while we listed: nothing to load */
		} else if (S_ISDIR(st.st_mode)) {
			if (recursive && depth < RULE_DIR_DEPTH_MAX)
				rc = each(path.ptr, depth + 1, recursive, fn, ud);
		} else if (S_ISREG(st.st_mode) && is_yaml(names[i])) {
			char *text = NULL;
			size_t len = 0;
			if ((rc = scan_util__read_rule_file(&text, &len, path.ptr)) == 0)
				rc = fn(ud, text, len, path.ptr);
			free(text);
		}
		scan_buf_dispose(&path);
	}
done:
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return rc;
}

int scan_util__rule_files_each_embedded(const scan_embedded_rule_file *files, size_t count, scan_rule_file_fn fn, void *ud)
{
	int rc = 0;
	for (size_t i = 0; i < count && !rc; i++)
		rc = fn(ud, files[i].text, files[i].len, files[i].name);
	return rc;
}

int scan_util__rule_files_each(const char *dir, bool recursive, scan_rule_file_fn fn, void *ud)
{
	struct stat st;
	/* a single rule file works where a directory is expected */
	if (stat(dir, &st) == 0 && S_ISREG(st.st_mode)) {
		char *text = NULL;
		size_t len = 0;
		int rc = scan_util__read_rule_file(&text, &len, dir);
		if (!rc)
			rc = fn(ud, text, len, dir);
		free(text);
		return rc;
	}
	return each(dir, 0, recursive, fn, ud);
}
