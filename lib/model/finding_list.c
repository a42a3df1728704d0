/* lib/model/finding_list.c - the finding list: building, merging, sorting, and the fingerprint */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "model/finding_list.h"
#include "util/digest.h"
#include "util/error.h"
#include "scan/array.h"


bool scan_finding_counts(const scan_finding *f)
{
	return !f->user_marked_fp && !f->suppressed && (!f->in_test || f->category == SCAN_CAT_SECRET);
}

void scan_fingerprint(char out[SCAN_FINGERPRINT_LEN + 1], const char *file_path,
                      const char *rule_id, const char *snippet)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	const char *p, *run;

	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
		abort(); /* OpenSSL without SHA-256 is not a state to limp on in */
	EVP_DigestUpdate(ctx, file_path, strlen(file_path));
	EVP_DigestUpdate(ctx, "|", 1);
	EVP_DigestUpdate(ctx, rule_id, strlen(rule_id));
	EVP_DigestUpdate(ctx, "|", 1);
	/* Whitespace is dropped, so feed the runs between it. */
	for (p = snippet ? snippet : ""; *p;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\v' || *p == '\f')
			p++;
		run = p;
		while (*p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\v' || *p == '\f'))
			p++;
		if (p > run)
			EVP_DigestUpdate(ctx, run, (size_t)(p - run));
	}
	EVP_DigestFinal_ex(ctx, md, &mdlen);
	EVP_MD_CTX_free(ctx);
	scan_util__hex(out, md, SCAN_FINGERPRINT_LEN / 2);
}

scan_finding_sca *scan_model__finding_sca_copy(scan_arena *a, const scan_finding_sca *src)
{
	scan_finding_sca *c = scan_arena__alloc(a, sizeof(*c));
	const char **fields[] = { &c->vuln_id, &c->cve_id, &c->aliases, &c->ecosystem, &c->package_name,
	                          &c->installed_version, &c->fixed_version, &c->purl, &c->priority_label,
	                          &c->cvss_vector, &c->rated_by };

	if (!c)
		return NULL;
	*c = *src;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (*fields[i] && !(*fields[i] = scan_arena__strdup(a, *fields[i])))
			return NULL;
	return c;
}

scan_finding_list *scan_model__finding_list_new(void)
{
	return calloc(1, sizeof(scan_finding_list));
}

scan_finding *scan_model__finding_list_push(scan_finding_list *l)
{
	scan_finding *f;

	if (scan_array_reserve(&l->items, &l->cap, l->count + 1, sizeof(*l->items)) != 0)
		return NULL;
	f = &l->items[l->count++];
	memset(f, 0, sizeof(*f));
	f->cvss_score = -1.0;
	f->in_head = true;
	return f;
}

int scan_model__finding_list_absorb(scan_finding_list *dst, scan_finding_list *src)
{
	if (!src->count) {
		scan_arena__absorb(&dst->arena, &src->arena);
		return 0;
	}
	if (scan_array_reserve(&dst->items, &dst->cap, dst->count + src->count, sizeof(*dst->items)) != 0)
		return SCAN_ENOMEM;
	memcpy(dst->items + dst->count, src->items, src->count * sizeof(*src->items));
	dst->count += src->count;
	src->count = 0;
	scan_arena__absorb(&dst->arena, &src->arena);
	return 0;
}

static int cmp_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int cmp_finding(const void *pa, const void *pb)
{
	const scan_finding *a = pa, *b = pb;
	int c;

	if ((c = cmp_str(a->file_path, b->file_path)) != 0)
		return c;
	if (a->line_number != b->line_number)
		return a->line_number < b->line_number ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	if ((c = cmp_str(a->rule_id, b->rule_id)) != 0)
		return c;
	return strcmp(a->fingerprint, b->fingerprint);
}

void scan_model__finding_list_sort(scan_finding_list *l)
{
	if (l->count > 1)
		qsort(l->items, l->count, sizeof(*l->items), cmp_finding);
}

scan_finding *scan_model__finding_list_at(scan_finding_list *l, size_t i)
{
	return &l->items[i];
}

size_t scan_finding_list_count(const scan_finding_list *l)
{
	return l ? l->count : 0;
}

const scan_finding *scan_finding_list_get(const scan_finding_list *l, size_t i)
{
	return &l->items[i];
}

void scan_finding_list_free(scan_finding_list *l)
{
	if (!l)
		return;
	free(l->items);
	scan_arena__dispose(&l->arena);
	free(l);
}
