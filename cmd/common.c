/* cmd/common.c - errors, exit codes, colour, atomic output, opening the store */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

int cli_exit_for(int rc)
{
	return rc == 0 ? EXIT_OK : EXIT_ERROR;
}

int cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("rampart: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_ERROR;
}

int cli_error_lib(int rc)
{
	const scan_error *e = scan_error_last();

	cli_error("%s", e->code && *e->message ? e->message : "internal error");
	return cli_exit_for(rc);
}

bool cli_use_color(FILE *f)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (no && *no)
		return false;
	if (term && !strcmp(term, "dumb"))
		return false;
	return isatty(fileno(f));
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int cli_emit(const scan_buf *buf, const char *path)
{
	scan_buf tmp = SCAN_BUF_INIT;
	int fd = -1, rc = EXIT_OK;

	if (!path || !strcmp(path, "-")) {
		if (write_all(STDOUT_FILENO, buf->ptr, buf->size) != 0)
			return cli_error("cannot write to standard output: %s", strerror(errno));
		return EXIT_OK;
	}
	/* A reader of the file never sees half a report: write beside it, then rename. */
	scan_buf_printf(&tmp, "%s.tmp-XXXXXX", path);
	if (scan_buf_failed(&tmp)) {
		rc = cli_error("output path too long");
		goto done;
	}
	if ((fd = mkstemp(tmp.ptr)) < 0) {
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
	if (write_all(fd, buf->ptr, buf->size) != 0 || fsync(fd) != 0) {
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
	fchmod(fd, 0644);
	close(fd);
	fd = -1;
	if (rename(tmp.ptr, path) != 0) {
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
done:
	if (fd >= 0)
		close(fd);
	if (rc)
		unlink(tmp.ptr);
	scan_buf_dispose(&tmp);
	return rc;
}

int cli_emit_doc(const cli_doc *doc, cli_format format, const char *path)
{
	scan_buf out = CLI_REPORT_BUF_INIT;
	int rc;

	if (format == FORMAT_JSON) {
		rc = cli_write_json(&out, doc);
	} else if (format == FORMAT_SARIF) {
		rc = cli_write_sarif(&out, doc);
	} else {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		rc = mem ? cli_write_text(mem, doc, false) : SCAN_ENOMEM;
		if (mem)
			fclose(mem);
		if (!rc)
			rc = scan_buf_put(&out, text, len);
		free(text);
	}
	if (rc || scan_buf_failed(&out))
		rc = cli_error("cannot build the report: %s", rc == SCAN_ELIMIT ? "too large" : "out of memory");
	else
		rc = cli_emit(&out, path);
	scan_buf_dispose(&out);
	return rc;
}

int cli_open_store(scan_store **out, const char *db_path)
{
	int rc = scan_store_open(out, db_path);

	return rc ? cli_error_lib(rc) : EXIT_OK;
}

int cli_read_file(char **text, size_t *len, const char *path, size_t max, bool missing_ok)
{
	scan_buf b = SCAN_BUF_INIT;
	char chunk[65536];
	size_t n;
	int err;
	FILE *f = fopen(path, "rb");

	*text = NULL;
	*len = 0;
	if (!f) {
		if (errno == ENOENT && missing_ok)
			return EXIT_OK;
		return cli_error("cannot open '%s': %s", path, strerror(errno));
	}
	scan_buf_init(&b, max);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (scan_buf_put(&b, chunk, n))
			break;
	err = ferror(f) ? SCAN_EIO : scan_buf_failed(&b);
	fclose(f);
	if (err) {
		scan_buf_dispose(&b);
		if (err == SCAN_ELIMIT)
			return cli_error("cannot read '%s': larger than %zu KiB", path, max >> 10);
		return cli_error("cannot read '%s': %s", path, err == SCAN_EIO ? "read error" : "out of memory");
	}
	*len = b.size;
	if (!(*text = scan_buf_detach(&b)))
		return cli_error("out of memory");
	return EXIT_OK;
}

void cli_warn_sca_problems(const scan_result *r, bool whole_scan)
{
	size_t n;
	const scan_sca_problem *p = scan_result_sca_problems(r, &n);

	for (size_t i = 0; i < n; i++)
		if (!p[i].file) {
			if (whole_scan)
				fprintf(stderr, "rampart: warning: %s\n", p[i].message);
		} else if (p[i].line) {
			fprintf(stderr, "rampart: warning: %s:%u: %s\n", p[i].file, p[i].line, p[i].message);
		} else {
			fprintf(stderr, "rampart: warning: %s: %s\n", p[i].file, p[i].message);
		}
}
