/* lib/model/purl.c - package URLs and lookup keys, the identity lockfiles, SBOMs and advisories share */
#include <ctype.h>
#include <string.h>
#include "model/purl.h"
#include "scan/buf.h"
#include "util/error.h"

/*
 * pkg:type/namespace/name@version per the purl specification: each
 * segment percent-encoded except unreserved characters (and ':', which the
 * specification leaves readable), names normalised where the type demands
 * it (PyPI per PEP 503, npm and Composer lowercased).
 */
static void put_encoded(scan_buf *b, const char *s, size_t len, int fold)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (fold == 'l')
			c = (unsigned char)tolower(c);
		if (isalnum(c) || c == '.' || c == '-' || c == '_' || c == '~' || c == ':') {
			scan_buf_putc(b, (char)c);
		} else {
			scan_buf_putc(b, '%');
			scan_buf_putc(b, hex[c >> 4]);
			scan_buf_putc(b, hex[c & 15]);
		}
	}
}

/* PEP 503: lowercase, runs of '-', '_' and '.' become one '-'. */
static void put_pep503(scan_buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '-' || *s == '_' || *s == '.') {
			while (s[1] == '-' || s[1] == '_' || s[1] == '.')
				s++;
			scan_buf_putc(b, '-');
		} else {
			put_encoded(b, s, 1, 'l');
		}
	}
}

/* Segments separated by '/', each encoded; the last is the name. */
static void put_path(scan_buf *b, const char *s, int fold)
{
	while (*s) {
		size_t len = strcspn(s, "/");
		put_encoded(b, s, len, fold);
		s += len;
		if (*s == '/') {
			scan_buf_putc(b, '/');
			s++;
		}
	}
}

int scan_model__purl(scan_arena *a, scan_ecosystem eco, const char *name, const char *version,
                     const char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	const char *colon;

	scan_buf_init(&b, 4 * SCAN_SCA_NAME_MAX + 4 * SCAN_SCA_VERSION_MAX);
	switch (eco) {
	case SCAN_ECO_NPM:
		scan_buf_puts(&b, "pkg:npm/");
		put_path(&b, name, 'l');
		break;
	case SCAN_ECO_PYPI:
		scan_buf_puts(&b, "pkg:pypi/");
		put_pep503(&b, name);
		break;
	case SCAN_ECO_GO:
		scan_buf_puts(&b, "pkg:golang/");
		put_path(&b, name, 0);
		break;
	case SCAN_ECO_CARGO:
		scan_buf_puts(&b, "pkg:cargo/");
		put_encoded(&b, name, strlen(name), 0);
		break;
	case SCAN_ECO_MAVEN:
		scan_buf_puts(&b, "pkg:maven/");
		if ((colon = strchr(name, ':'))) {
			put_encoded(&b, name, (size_t)(colon - name), 0);
			scan_buf_putc(&b, '/');
			name = colon + 1;
		}
		put_encoded(&b, name, strlen(name), 0);
		break;
	case SCAN_ECO_RUBYGEMS:
		scan_buf_puts(&b, "pkg:gem/");
		put_encoded(&b, name, strlen(name), 0);
		break;
	case SCAN_ECO_NUGET:
		scan_buf_puts(&b, "pkg:nuget/");
		put_encoded(&b, name, strlen(name), 0);
		break;
	case SCAN_ECO_PACKAGIST:
		scan_buf_puts(&b, "pkg:composer/");
		put_path(&b, name, 'l');
		break;
	case SCAN_ECO_DEBIAN:
		scan_buf_puts(&b, "pkg:deb/debian/");
		put_encoded(&b, name, strlen(name), 0);
		break;
	case SCAN_ECO_ALPINE:
		scan_buf_puts(&b, "pkg:apk/alpine/");
		put_encoded(&b, name, strlen(name), 0);
		break;
	default:
		scan_buf_dispose(&b);
		return scan_util__error(SCAN_EINVAL, "unknown ecosystem %d", (int)eco);
	}
	if (version) {
		scan_buf_putc(&b, '@');
		put_encoded(&b, version, strlen(version), 0);
	}
	if (scan_buf_failed(&b)) {
		scan_buf_dispose(&b);
		return scan_error__oom();
	}
	*out = scan_arena__strndup(a, b.ptr, b.size);
	scan_buf_dispose(&b);
	return *out ? 0 : scan_error__oom();
}

int scan_model__name_key(scan_arena *a, scan_ecosystem eco, const char *name, const char **out)
{
	scan_buf b = SCAN_BUF_INIT;
	const char *s;

	scan_buf_init(&b, 2 * SCAN_SCA_NAME_MAX);
	switch (eco) {
	case SCAN_ECO_PYPI:
		for (s = name; *s; s++) {
			if (*s == '-' || *s == '_' || *s == '.') {
				while (s[1] == '-' || s[1] == '_' || s[1] == '.')
					s++;
				scan_buf_putc(&b, '-');
			} else {
				scan_buf_putc(&b, (char)tolower((unsigned char)*s));
			}
		}
		break;
	case SCAN_ECO_CARGO:
		for (s = name; *s; s++)
			scan_buf_putc(&b, *s == '_' ? '-' : (char)tolower((unsigned char)*s));
		break;
	case SCAN_ECO_NPM:
	case SCAN_ECO_NUGET:
	case SCAN_ECO_PACKAGIST:
		for (s = name; *s; s++)
			scan_buf_putc(&b, (char)tolower((unsigned char)*s));
		break;
	default:
		scan_buf_puts(&b, name);
		break;
	}
	if (scan_buf_failed(&b)) {
		scan_buf_dispose(&b);
		return scan_util__error(SCAN_ELIMIT, "package name too long");
	}
	*out = scan_arena__strndup(a, b.ptr, b.size);
	scan_buf_dispose(&b);
	return *out ? 0 : scan_error__oom();
}
