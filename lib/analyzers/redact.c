/* lib/analyzers/redact.c - mask every credential in a finding's text, whichever analyzer made it */
#include <stdlib.h>
#include <string.h>
#include "analyzers/redact.h"
#include "scan/array.h"
#include "util/error.h"

/* A cut credential still leaks: a fragment this long at either end of a text is masked. */
#define REDACT_FRAGMENT_MIN 6
/* A sensitive capture shorter than this is not looked for (it would mask ordinary words). */
#define REDACT_EXTRA_MIN 4
#define REDACT_STORE_MAX ((size_t)64 << 20)
#define REDACT_MASK_MAX 96

typedef struct {
	size_t off, len;          /* the value, in bytes */
	size_t mask_off, mask_len; /* its masked form, in bytes */
} redact_value;

struct scan_redactor {
	const scan_secret_engine *engine;
	scan_secret_scratch *scratch;
	const char *path;
	const unsigned char *data;
	size_t len;
	bool file_done;           /* the current file's credentials are the first nfile values */
	size_t nfile, file_bytes;
	redact_value *vals;
	size_t nvals, cap;
	scan_buf bytes;           /* values and masks */
	scan_buf joined;          /* no file: one finding's texts */
	uint8_t first[32];        /* first bytes of the values: a bitmap */
};

int scan_analyzers__redactor_new(scan_redactor **out, const scan_secret_engine *e)
{
	scan_redactor *r = calloc(1, sizeof(*r));
	int rc;

	*out = NULL;
	if (!r)
		return scan_error__oom();
	r->engine = e;
	scan_buf_init(&r->bytes, REDACT_STORE_MAX);
	scan_buf_init(&r->joined, REDACT_STORE_MAX);
	if ((rc = scan_secrets__scratch_new(&r->scratch, e)) != 0) {
		scan_analyzers__redactor_free(r);
		return rc;
	}
	*out = r;
	return 0;
}

void scan_analyzers__redactor_free(scan_redactor *r)
{
	if (!r)
		return;
	scan_secrets__scratch_free(r->scratch);
	scan_buf_dispose(&r->bytes);
	scan_buf_dispose(&r->joined);
	free(r->vals);
	free(r);
}

void scan_analyzers__redactor_set_file(scan_redactor *r, const char *path, const unsigned char *data, size_t len)
{
	r->path = path;
	r->data = data;
	r->len = len;
	r->file_done = false;
}

static int add_value(scan_redactor *r, const unsigned char *v, size_t len)
{
	char mask[REDACT_MASK_MAX];
	size_t mlen;

	for (size_t i = 0; i < r->nvals; i++)
		if (r->vals[i].len == len && !memcmp(r->bytes.ptr + r->vals[i].off, v, len))
			return 0;
	if (scan_array_reserve(&r->vals, &r->cap, r->nvals + 1, sizeof(*r->vals)))
		return SCAN_ENOMEM;
	mlen = scan_secrets__mask(mask, sizeof(mask), v, len);
	r->vals[r->nvals].off = r->bytes.size;
	r->vals[r->nvals].len = len;
	scan_buf_put(&r->bytes, v, len);
	r->vals[r->nvals].mask_off = r->bytes.size;
	r->vals[r->nvals].mask_len = mlen;
	scan_buf_put(&r->bytes, mask, mlen);
	if (scan_buf_failed(&r->bytes))
		return scan_util__error(SCAN_ENOMEM, "too many credentials to mask in '%s'", r->path ? r->path : "a finding");
	r->nvals++;
	return 0;
}

static int on_credential(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	return add_value(payload, in->data + m->start, m->end - m->start);
}

static int find_credentials(scan_redactor *r, const unsigned char *data, size_t len)
{
	scan_secret_input in = { r->path ? r->path : "", data, len, true };

	return scan_secrets__scan(r->engine, r->scratch, &in, on_credential, r);
}

/* Longer values first, so a credential holding a shorter one is masked whole. */
static int cmp_len_desc(const void *a, const void *b)
{
	const redact_value *x = a, *y = b;

	return x->len < y->len ? 1 : x->len > y->len ? -1 : 0;
}

int scan_analyzers__redactor_prepare(scan_redactor *r, const char *const *texts, const size_t *lens, size_t n,
                                     const scan_slice *extra, size_t nextra)
{
	int rc;

	if (r->data) {
		if (!r->file_done) {
			r->nvals = 0;
			scan_buf_clear(&r->bytes);
			if ((rc = find_credentials(r, r->data, r->len)) != 0)
				return rc;
			r->file_done = true;
			r->nfile = r->nvals;
			r->file_bytes = r->bytes.size;
		}
		r->nvals = r->nfile;
		scan_buf_truncate(&r->bytes, r->file_bytes);
	} else {
		r->nvals = 0;
		scan_buf_clear(&r->bytes);
		scan_buf_clear(&r->joined);
		for (size_t i = 0; i < n; i++) {
			if (!texts[i])
				continue;
			scan_buf_put(&r->joined, texts[i], lens[i]);
			scan_buf_putc(&r->joined, '\n');
		}
		if (scan_buf_failed(&r->joined))
			return scan_error__oom();
		if ((rc = find_credentials(r, (const unsigned char *)r->joined.ptr, r->joined.size)) != 0)
			return rc;
	}
	for (size_t i = 0; i < nextra; i++)
		if (extra[i].len >= REDACT_EXTRA_MIN && (rc = add_value(r, (const unsigned char *)extra[i].s, extra[i].len)) != 0)
			return rc;
	if (r->nvals > 1)
		qsort(r->vals, r->nvals, sizeof(*r->vals), cmp_len_desc);
	memset(r->first, 0, sizeof(r->first));
	for (size_t i = 0; i < r->nvals; i++) {
		unsigned char c = (unsigned char)r->bytes.ptr[r->vals[i].off];
		r->first[c >> 3] |= (uint8_t)(1u << (c & 7));
	}
	return 0;
}

/* The value matching s[i..n) at i, whole or cut by the end of s; NULL if none. */
static const redact_value *value_at(const scan_redactor *r, const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];

	if (!(r->first[c >> 3] & (1u << (c & 7))))
		return NULL;
	for (size_t k = 0; k < r->nvals; k++) {
		const redact_value *v = &r->vals[k];
		size_t left = n - i, cmp = v->len <= left ? v->len : left;
		if ((cmp == v->len || cmp >= REDACT_FRAGMENT_MIN) && !memcmp(s + i, r->bytes.ptr + v->off, cmp))
			return v;
	}
	return NULL;
}

/* How long a value's tail s starts with (a text cut inside a credential); 0 if none. */
static size_t tail_at_start(const scan_redactor *r, const char *s, size_t n)
{
	for (size_t k = 0; k < r->nvals; k++) {
		const redact_value *v = &r->vals[k];
		for (size_t t = v->len - 1; t >= REDACT_FRAGMENT_MIN && t < v->len; t--)
			if (t <= n && !memcmp(s, r->bytes.ptr + v->off + v->len - t, t))
				return t;
	}
	return 0;
}

int scan_analyzers__redact(scan_redactor *r, scan_buf *out, const char *s, size_t n, bool *changed)
{
	size_t i = 0, plain = 0;

	scan_buf_clear(out);
	*changed = false;
	if (r->nvals && (i = tail_at_start(r, s, n)) != 0) {
		scan_buf_puts(out, "****");
		plain = i;
		*changed = true;
	}
	while (r->nvals && i < n) {
		const redact_value *v = value_at(r, s, i, n);
		if (!v) {
			i++;
			continue;
		}
		scan_buf_put(out, s + plain, i - plain);
		scan_buf_put(out, r->bytes.ptr + v->mask_off, v->mask_len);
		i += v->len < n - i ? v->len : n - i;
		plain = i;
		*changed = true;
	}
	scan_buf_put(out, s + plain, n - plain);
	return scan_buf_failed(out) ? scan_error__oom() : 0;
}
