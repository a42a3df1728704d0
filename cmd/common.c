/* cmd/common.c - errors, exit codes, colour, quoting for a terminal, checked output, opening the store, reading a file */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "scan/file.h"

int cli_exit_for(int rc)
{
	return rc == 0 ? EXIT_OK : EXIT_ERROR;
}

/* One line on stderr: prefix, then the message with whatever it quotes made safe for a terminal. */
static void vreport(const char *prefix, const char *fmt, va_list ap) SCAN_PRINTF(2, 0);
static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	scan_buf msg = SCAN_BUF_INIT, line = SCAN_BUF_INIT;

	scan_buf_vprintf(&msg, fmt, ap);
	scan_buf_puts(&line, prefix);
	cli_buf_put_safe(&line, scan_buf_failed(&msg) ? "out of memory formatting a message" : msg.ptr);
	scan_buf_putc(&line, '\n');
	fputs(scan_buf_failed(&line) ? "rampart: error: out of memory\n" : line.ptr, stderr);
	scan_buf_dispose(&msg);
	scan_buf_dispose(&line);
}

int cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("rampart: error: ", fmt, ap);
	va_end(ap);
	return EXIT_ERROR;
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("rampart: warning: ", fmt, ap);
	va_end(ap);
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

void cli_buf_put_safe(scan_buf *out, const char *s)
{
	scan_buf_put_printable(out, s ? s : "", s ? strlen(s) : 0);
}

void cli_put_safe(FILE *f, const char *s)
{
	scan_buf b = SCAN_BUF_INIT;

	cli_buf_put_safe(&b, s);
	fputs(b.ptr, f);
	scan_buf_dispose(&b);
}

const char *cli_safe(scan_buf *scratch, const char *s)
{
	scan_buf_clear(scratch);
	cli_buf_put_safe(scratch, s);
	return scan_buf_failed(scratch) ? "?" : scratch->ptr;
}

/* ---- checked output ---- */

static bool stdout_reported;

/*
 * Reports a failed write to standard output, once however often it fails.
 * err 0: the stream only says it failed earlier (stdio keeps no errno).
 */
static int stdout_failed(int err)
{
	if (stdout_reported)
		return EXIT_ERROR;
	stdout_reported = true;
	return cli_error("cannot write to standard output: %s", err ? strerror(err) : "write error");
}

int cli_finish(int rc)
{
	int err = 0;
	bool bad = false;

	if (fflush(stdout) != 0) {
		bad = true;
		err = errno;
	}
	if (ferror(stdout))
		bad = true;
	/* A closed standard output that nothing was written to is no failure. */
	if (fclose(stdout) != 0 && !bad && errno != EBADF) {
		bad = true;
		err = errno;
	}
	return bad ? stdout_failed(err) : rc;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* A character device or a FIFO (-o /dev/null, -o >(gzip)): written through, never replaced. */
static int write_through(const scan_buf *buf, const char *path)
{
	struct stat sb;
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC), rc;

	if (fd < 0)
		return cli_error("cannot write '%s': %s", path, strerror(errno));
	if (fstat(fd, &sb) != 0 || !(S_ISCHR(sb.st_mode) || S_ISFIFO(sb.st_mode))) {
		close(fd);
		return cli_error("cannot write '%s': it changed while it was opened", path);
	}
	rc = write_all(fd, buf->ptr, buf->size);
	if (close(fd) != 0 && !rc)
		rc = -1;
	return rc ? cli_error("cannot write '%s': %s", path, strerror(errno)) : EXIT_OK;
}

/* In place, for a file whose owner a new file could not keep: not atomic, but still its owner's. */
static int write_in_place(const scan_buf *buf, const char *path, const struct stat *was)
{
	struct stat sb;
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC), rc;

	if (fd < 0)
		return cli_error("cannot write '%s': %s", path, strerror(errno));
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_ino != was->st_ino || sb.st_dev != was->st_dev) {
		close(fd);
		return cli_error("cannot write '%s': it changed while it was opened", path);
	}
	rc = ftruncate(fd, 0) != 0 || write_all(fd, buf->ptr, buf->size) != 0 || fsync(fd) != 0 ? -1 : 0;
	if (close(fd) != 0 && !rc)
		rc = -1;
	return rc ? cli_error("cannot write '%s': %s", path, strerror(errno)) : EXIT_OK;
}

/*
 * A regular file, or none yet: written beside it and renamed over it, so a
 * reader never sees half a report and a full disk leaves the old one. An
 * existing file keeps its mode and owner (was: its lstat).
 */
static int write_replace(const scan_buf *buf, const char *path, const struct stat *was)
{
	scan_buf tmp = SCAN_BUF_INIT;
	int fd = -1, rc = EXIT_OK;
	mode_t mask;

	scan_buf_printf(&tmp, "%s.tmp-XXXXXX", path);
	if (scan_buf_failed(&tmp)) {
		rc = cli_error("output path too long");
		goto done;
	}
	if ((fd = mkstemp(tmp.ptr)) < 0) {
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
	if (was && (was->st_uid != geteuid() || was->st_gid != getegid()) &&
	    fchown(fd, was->st_uid, was->st_gid) != 0) {
		close(fd);
		fd = -1;
		unlink(tmp.ptr);
		rc = write_in_place(buf, path, was);
		goto done;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, was ? was->st_mode & 0777 : 0666 & ~mask) != 0 || write_all(fd, buf->ptr, buf->size) != 0 ||
	    fsync(fd) != 0) {
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
	if (close(fd) != 0) {
		fd = -1;
		rc = cli_error("cannot write '%s': %s", path, strerror(errno));
		goto done;
	}
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

int cli_emit(const scan_buf *buf, const char *path)
{
	struct stat sb;

	if (!path || !strcmp(path, "-")) {
		if (fwrite(buf->ptr, 1, buf->size, stdout) != buf->size || fflush(stdout) != 0)
			return stdout_failed(errno);
		return EXIT_OK;
	}
	if (lstat(path, &sb) != 0) {
		if (errno != ENOENT)
			return cli_error("cannot write '%s': %s", path, strerror(errno));
		return write_replace(buf, path, NULL);
	}
	if (S_ISLNK(sb.st_mode))
		return cli_error("refusing to write '%s': it is a symbolic link (name the file it points to)", path);
	if (S_ISREG(sb.st_mode))
		return write_replace(buf, path, &sb);
	if (S_ISCHR(sb.st_mode) || S_ISFIFO(sb.st_mode))
		return write_through(buf, path);
	return cli_error("cannot write '%s': not a regular file, character device or FIFO", path);
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

const char *cli_database_url;

int cli_store_target(const char **out, bool *own_dir, const char *db_path)
{
	const char *env = getenv("RAMPART_DATABASE_URL"), *url = cli_database_url;

	*out = db_path;
	*own_dir = false;
	if (url && db_path)
		return cli_error("--db and --database-url name two databases: give one");
	if (!url && !db_path && env && *env)
		url = env;
	if (!url)
		return db_path ? EXIT_OK : cli_default_database(out, own_dir);
	if (!scan_store_is_server(url))
		return cli_error("%s takes a postgresql:// URL", url == env ? "RAMPART_DATABASE_URL" : "--database-url");
	*out = url;
	return EXIT_OK;
}

int cli_open_store(scan_store **out, const char *db_path, bool read_only)
{
	scan_store_options opts = SCAN_STORE_OPTIONS_INIT;
	const char *target;
	bool own_dir;
	int rc;

	*out = NULL;
	if ((rc = cli_store_target(&target, &own_dir, db_path)) != EXIT_OK)
		return rc;
	opts.read_only = read_only;
	opts.create_dirs = own_dir;
	rc = scan_store_open_ext(out, target, &opts);
	return rc ? cli_error_lib(rc) : EXIT_OK;
}

int cli_open_vulndb(scan_vulndb_reader **out, scan_store *st)
{
	int rc;

	*out = NULL;
	if (st && (rc = scan_vulndb_reader_open(out, st)) != 0)
		return cli_error_lib(rc);
	return EXIT_OK;
}

int cli_read_file(char **text, size_t *len, const char *path, size_t max, unsigned int flags)
{
	int rc = scan_file_read(text, len, path, max, flags);

	return rc ? cli_error_lib(rc) : EXIT_OK;
}

#define SKIPPED_NAMED 10

void cli_warn_skipped(const scan_skipped_file *v, size_t n)
{
	if (!n)
		return;
	cli_warn("%zu file%s not (fully) analyzed; they are listed under 'skipped' in --format json", n,
	         n == 1 ? "" : "s");
	for (size_t i = 0; i < n && i < SKIPPED_NAMED; i++)
		cli_warn("  %s: %s", v[i].path, v[i].reason);
	if (n > SKIPPED_NAMED)
		cli_warn("  and %zu more", n - SKIPPED_NAMED);
}

void cli_print_skipped_note(FILE *out, size_t n)
{
	if (n)
		fprintf(out, "not fully analyzed: %zu file%s (rampart findings --format json lists them)\n", n,
		        n == 1 ? "" : "s");
}

void cli_warn_sca_problems(const scan_result *r, bool whole_scan)
{
	size_t n;
	const scan_sca_problem *p = scan_result_sca_problems(r, &n);

	for (size_t i = 0; i < n; i++)
		if (!p[i].file) {
			if (whole_scan)
				cli_warn("%s", p[i].message);
		} else if (p[i].line) {
			cli_warn("%s:%u: %s", p[i].file, p[i].line, p[i].message);
		} else {
			cli_warn("%s: %s", p[i].file, p[i].message);
		}
}

scan_audit_entry cli_local_actor(void)
{
	scan_audit_entry e;

	memset(&e, 0, sizeof(e));
	e.user_id = SCAN_STORE_LOCAL_USER;
	e.actor_email = "local@localhost";
	e.user_agent = "rampart-cli";
	return e;
}
