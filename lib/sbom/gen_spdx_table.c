/*
 * lib/sbom/gen_spdx_table.c - build-time generator of the SPDX license table
 *
 *   gen_spdx_table LICENSES_JSON EXCEPTIONS_JSON OUTPUT_H
 *
 * Reads the SPDX license list (licenses.json and exceptions.json of
 * spdx/license-list-data) and writes a C header with four sorted tables:
 * license ids with their deprecated and OSI-approved flags, exception ids,
 * and the name and seeAlso-URL keys of every license that is not
 * deprecated (a deprecated id shares its name with its replacement, and
 * the normaliser should name the replacement). The list's data stays out
 * of the repository: the build runs this on the list it is given.
 *
 * Not part of libscan: it has a main() and is built as a host tool.
 */
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sbom/spdx_list.h"

#define GEN_INPUT_MAX ((long)32 << 20)
#define GEN_ENTRIES_MAX 60000  /* indexes are unsigned short */

typedef struct {
	char *id;
	unsigned flags;
} gen_entry;

typedef struct {
	char *key;
	unsigned license;
} gen_key;

typedef struct {
	gen_entry *licenses, *exceptions;
	size_t nlicenses, nexceptions;
	gen_key *keys[2]; /* names, urls */
	size_t nkeys[2], capkeys[2];
	char version[64];
} gen_state;

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "gen_spdx_table: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static cJSON *read_json(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long size;
	cJSON *root;

	if (!f)
		die("cannot open '%s'", path);
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || size > GEN_INPUT_MAX || fseek(f, 0, SEEK_SET))
		die("cannot read '%s' (or it is too large)", path);
	if (!(text = malloc((size_t)size + 1)))
		die("out of memory reading '%s'", path);
	if (fread(text, 1, (size_t)size, f) != (size_t)size)
		die("cannot read '%s'", path);
	text[size] = '\0';
	fclose(f);
	if (!(root = cJSON_ParseWithLength(text, (size_t)size)))
		die("'%s' is not JSON", path);
	free(text);
	return root;
}

static char *dup_str(const char *s)
{
	size_t n = strlen(s);
	char *d = malloc(n + 1);

	if (!d)
		die("%s", "out of memory");
	memcpy(d, s, n + 1);
	return d;
}

/* An identifier as SPDX defines idstring: letters, digits, '-', '.' (and '+' of the old "GPL-2.0+"). */
static void check_id(const char *id)
{
	if (!*id)
		die("%s", "empty identifier");
	for (const char *p = id; *p; p++)
		if (!(scan_spdx__is_alpha(*p) || scan_spdx__is_digit(*p) || *p == '-' || *p == '.' || *p == '+'))
			die("identifier '%s' has a character SPDX ids do not use", id);
}

static int cmp_entry(const void *a, const void *b)
{
	return scan_spdx__idcmp(((const gen_entry *)a)->id, ((const gen_entry *)b)->id);
}

static int cmp_key(const void *a, const void *b)
{
	const gen_key *x = a, *y = b;
	int d = strcmp(x->key, y->key);

	if (d)
		return d;
	return x->license < y->license ? -1 : x->license > y->license;
}

static void add_key(gen_state *st, int which, const char *key, unsigned license)
{
	if (st->nkeys[which] == st->capkeys[which]) {
		size_t cap = st->capkeys[which] ? 2 * st->capkeys[which] : 1024;
		gen_key *k = realloc(st->keys[which], cap * sizeof(*k));
		if (!k)
			die("%s", "out of memory");
		st->keys[which] = k;
		st->capkeys[which] = cap;
	}
	st->keys[which][st->nkeys[which]].key = dup_str(key);
	st->keys[which][st->nkeys[which]].license = license;
	st->nkeys[which]++;
}

static gen_entry *read_list(cJSON *root, const char *array, const char *idfield, size_t *count)
{
	cJSON *items = cJSON_GetObjectItemCaseSensitive(root, array), *it;
	gen_entry *out;
	size_t n = 0;

	if (!cJSON_IsArray(items))
		die("no '%s' array", array);
	if ((size_t)cJSON_GetArraySize(items) > GEN_ENTRIES_MAX)
		die("too many entries in '%s'", array);
	if (!(out = calloc((size_t)cJSON_GetArraySize(items) + 1, sizeof(*out))))
		die("%s", "out of memory");
	cJSON_ArrayForEach(it, items) {
		cJSON *id = cJSON_GetObjectItemCaseSensitive(it, idfield);
		if (!cJSON_IsString(id))
			die("an entry of '%s' has no string id", array);
		check_id(id->valuestring);
		out[n].id = dup_str(id->valuestring);
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "isDeprecatedLicenseId")))
			out[n].flags |= SCAN_SPDX_DEPRECATED;
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "isOsiApproved")))
			out[n].flags |= SCAN_SPDX_OSI;
		n++;
	}
	qsort(out, n, sizeof(*out), cmp_entry);
	for (size_t i = 1; i < n; i++)
		if (!scan_spdx__idcmp(out[i - 1].id, out[i].id))
			die("identifier '%s' is listed twice (ids compare case-insensitively)", out[i].id);
	*count = n;
	return out;
}

static size_t find_license(const gen_state *st, const char *id)
{
	size_t lo = 0, hi = st->nlicenses;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = scan_spdx__idcmp(id, st->licenses[mid].id);
		if (!d)
			return mid;
		if (d < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	die("license '%s' vanished", id);
}

/* Names and URLs of the licenses that are not deprecated, against the sorted table. */
static void read_keys(gen_state *st, cJSON *root)
{
	cJSON *it;
	char key[SCAN_SPDX_KEY_MAX];

	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(root, "licenses")) {
		cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "licenseId");
		cJSON *name = cJSON_GetObjectItemCaseSensitive(it, "name"), *url;
		unsigned idx;

		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "isDeprecatedLicenseId")))
			continue;
		idx = (unsigned)find_license(st, id->valuestring);
		if (cJSON_IsString(name) && scan_spdx__name_key(key, sizeof(key), name->valuestring,
		                                                strlen(name->valuestring)))
			add_key(st, 0, key, idx);
		cJSON_ArrayForEach(url, cJSON_GetObjectItemCaseSensitive(it, "seeAlso")) {
			if (cJSON_IsString(url) &&
			    scan_spdx__url_key(key, sizeof(key), url->valuestring, strlen(url->valuestring)))
				add_key(st, 1, key, idx);
		}
	}
	for (int w = 0; w < 2; w++) {
		size_t n = 0;
		qsort(st->keys[w], st->nkeys[w], sizeof(gen_key), cmp_key);
		/* The same URL twice for one license (http and https) is one entry. */
		for (size_t i = 0; i < st->nkeys[w]; i++) {
			if (n && !cmp_key(&st->keys[w][n - 1], &st->keys[w][i])) {
				free(st->keys[w][i].key);
				continue;
			}
			st->keys[w][n++] = st->keys[w][i];
		}
		st->nkeys[w] = n;
	}
}

/* A C string literal: printable ASCII as is, the rest (and '?', for trigraphs) as octal escapes. */
static void put_literal(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f || *p == '?')
			fprintf(f, "\\%03o", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void write_entries(FILE *f, const char *name, const gen_entry *e, size_t n)
{
	fprintf(f, "static const scan_spdx_entry %s[%zu] = {\n", name, n);
	for (size_t i = 0; i < n; i++) {
		fputs("\t{ ", f);
		put_literal(f, e[i].id);
		fprintf(f, ", %u },\n", e[i].flags);
	}
	fputs("};\n\n", f);
}

static void write_keys(FILE *f, const char *name, const gen_key *k, size_t n)
{
	fprintf(f, "static const scan_spdx_key %s[%zu] = {\n", name, n);
	for (size_t i = 0; i < n; i++) {
		fputs("\t{ ", f);
		put_literal(f, k[i].key);
		fprintf(f, ", %u },\n", k[i].license);
	}
	fputs("};\n\n", f);
}

int main(int argc, char **argv)
{
	gen_state st;
	cJSON *lic, *exc, *ver;
	FILE *f;

	memset(&st, 0, sizeof(st));
	if (argc != 4) {
		fprintf(stderr, "usage: gen_spdx_table LICENSES_JSON EXCEPTIONS_JSON OUTPUT_H\n");
		return 2;
	}
	lic = read_json(argv[1]);
	exc = read_json(argv[2]);
	st.licenses = read_list(lic, "licenses", "licenseId", &st.nlicenses);
	st.exceptions = read_list(exc, "exceptions", "licenseExceptionId", &st.nexceptions);
	if (!st.nlicenses || !st.nexceptions)
		die("%s", "empty license or exception list");
	read_keys(&st, lic);
	ver = cJSON_GetObjectItemCaseSensitive(lic, "licenseListVersion");
	snprintf(st.version, sizeof(st.version), "%s", cJSON_IsString(ver) ? ver->valuestring : "unknown");

	if (!(f = fopen(argv[3], "w")))
		die("cannot write '%s'", argv[3]);
	fputs("/* Generated by lib/sbom/gen_spdx_table.c from the SPDX license list: do not edit. */\n", f);
	fputs("#ifndef SCAN_SBOM_SPDX_TABLE_H\n#define SCAN_SBOM_SPDX_TABLE_H\n\n#include \"sbom/spdx_list.h\"\n\n", f);
	fputs("#define SCAN_SPDX_LIST_VERSION ", f);
	put_literal(f, st.version);
	fputs("\n\n", f);
	write_entries(f, "scan_spdx__licenses", st.licenses, st.nlicenses);
	write_entries(f, "scan_spdx__exceptions", st.exceptions, st.nexceptions);
	write_keys(f, "scan_spdx__names", st.keys[0], st.nkeys[0]);
	write_keys(f, "scan_spdx__urls", st.keys[1], st.nkeys[1]);
	fputs("#endif\n", f);
	if (fclose(f) != 0)
		die("cannot write '%s'", argv[3]);
	cJSON_Delete(lic);
	cJSON_Delete(exc);
	for (size_t i = 0; i < st.nlicenses; i++)
		free(st.licenses[i].id);
	for (size_t i = 0; i < st.nexceptions; i++)
		free(st.exceptions[i].id);
	for (int w = 0; w < 2; w++) {
		for (size_t i = 0; i < st.nkeys[w]; i++)
			free(st.keys[w][i].key);
		free(st.keys[w]);
	}
	free(st.licenses);
	free(st.exceptions);
	return 0;
}
