/* lib/util/rulefiles.c - bounded reads of a file, and the YAML files of a rules directory in a stable order */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/buf.h"
#include "util/error.h"
#include "util/rulefiles.h"

#define RULE_DIR_DEPTH_MAX 8

int scan__read_rule_file(char **out, size_t *len, const char *path)
{
	return scan__read_file(out, len, path, SCAN_RULE_FILE_MAX);
}

int scan__read_file(char **out, size_t *len, const char *path, size_t max)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

	if (fd < 0)
		return scan__error(SCAN_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > max) {
		close(fd);
		return scan__error(SCAN_EINVAL, "'%s' is not a regular file under %zu MiB", path, max >> 20);
	}
	if (!(buf = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return scan__error_oom();
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
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
		return scan__error(errno == ENOENT ? SCAN_ENOTFOUND : SCAN_EIO, "cannot open rules directory '%s': %s",
		                   dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (count == cap) {
			char **nn = realloc(names, (cap = cap ? cap * 2 : 32) * sizeof(*nn));
			if (!nn) {
				rc = scan__error_oom();
				goto done;
			}
			names = nn;
		}
		if (!(names[count] = strdup(e->d_name))) {
			rc = scan__error_oom();
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
			rc = scan__error_oom();
		} else if (lstat(path.ptr, &st) != 0) {
			rc = 0; /* vanished while we listed: nothing to load */
		} else if (S_ISDIR(st.st_mode)) {
			if (recursive && depth < RULE_DIR_DEPTH_MAX)
				rc = each(path.ptr, depth + 1, recursive, fn, ud);
		} else if (S_ISREG(st.st_mode) && is_yaml(names[i])) {
			char *text = NULL;
			size_t len = 0;
			if ((rc = scan__read_rule_file(&text, &len, path.ptr)) == 0)
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

int scan__rule_files_each_embedded(const scan_embedded_rule_file *files, size_t count, scan_rule_file_fn fn, void *ud)
{
	int rc = 0;
	for (size_t i = 0; i < count && !rc; i++)
		rc = fn(ud, files[i].text, files[i].len, files[i].name);
	return rc;
}

int scan__rule_files_each(const char *dir, bool recursive, scan_rule_file_fn fn, void *ud)
{
	struct stat st;
	/* a single rule file works where a directory is expected */
	if (stat(dir, &st) == 0 && S_ISREG(st.st_mode)) {
		char *text = NULL;
		size_t len = 0;
		int rc = scan__read_rule_file(&text, &len, dir);
		if (!rc)
			rc = fn(ud, text, len, dir);
		free(text);
		return rc;
	}
	return each(dir, 0, recursive, fn, ud);
}
