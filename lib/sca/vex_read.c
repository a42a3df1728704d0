/* lib/sca/vex_read.c - CycloneDX VEX and OpenVEX read into statements, and the matcher over them */
#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>
#include "model/purl.h"
#include "lockfile/lockfile.h"
#include "sca/vex_read.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/number.h"

/*
 * Both formats are JSON, read through scan_json__parse (size, depth
 * and duplicate-key checks: a VEX document that says two things about one
 * key would be read differently by different tools, and it decides which
 * findings are hidden). The formats are told apart by content, not by
 * file name: CycloneDX says bomFormat, OpenVEX names its @context.
 *
 * Statements are gathered with a key (vulnerability, product purl
 * normalised without qualifiers) and a time, and the latest of each key
 * kept; see vex_read.h for what each format contributes.
 */

#define VEX_ID_MAX 256             /* bytes of a vulnerability id */
#define VEX_JUSTIFICATION_MAX 256

typedef struct {
	int64_t sec;
	long nsec;
} vex_time;

/* A statement being gathered, with what collapsing needs. */
typedef struct {
	scan_vex_statement st;
	const char *key;           /* normalised product, "" for every product (scratch) */
	vex_time t;
	size_t order;
	bool dropped;
} vex_item;

typedef struct {
	scan_sca_doc d;            /* only its file, for messages */
	scan_arena *a;
	scan_arena scratch;
	vex_item *items;
	size_t n, cap;
} vex;

/* A product purl in the form statements are compared by. */
typedef struct {
	const char *type, *ns, *name, *version;
} vex_product;

/* ---- products ---- */

static bool folds_case(const char *type)
{
	static const char *const types[] = { "npm", "composer", "nuget", "deb", "apk", "pypi" };

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(type, types[i]))
			return true;
	return false;
}

/* s lower-cased, and for PyPI with runs of '-', '_', '.' as one '-' (PEP 503). */
static const char *fold(scan_arena *a, const char *s, bool pep503)
{
	size_t n = 0;
	char *out = scan_arena__alloc(a, strlen(s) + 1);

	if (!out)
		return NULL;
	for (; *s; s++) {
		if (pep503 && (*s == '-' || *s == '_' || *s == '.')) {
			while (s[1] == '-' || s[1] == '_' || s[1] == '.')
				s++;
			out[n++] = '-';
		} else {
			out[n++] = (char)tolower((unsigned char)*s);
		}
	}
	out[n] = '\0';
	return out;
}

static int product_of(scan_arena *a, const char *purl, bool quiet, vex_product *out)
{
	scan_purl p;
	int err = quiet ? scan_model__purl_parse_quiet(&p, purl, strlen(purl), a)
	                : scan_model__purl_parse(&p, purl, strlen(purl), a);

	if (err < 0)
		return err;
	out->type = p.type;
	out->ns = p.ns;
	out->name = p.name;
	out->version = p.version;
	if (folds_case(p.type)) {
		bool pypi = !strcmp(p.type, "pypi");
		if ((p.ns && !(out->ns = fold(a, p.ns, false))) || !(out->name = fold(a, p.name, pypi)))
			return quiet ? SCAN_ENOMEM : scan_error__oom();
	}
	/* npm scopes are written with and without their '@'. */
	if (!strcmp(p.type, "npm") && out->ns && out->ns[0] == '@')
		out->ns++;
	return 0;
}

static bool same_str(const char *x, const char *y)
{
	return (!x && !y) || (x && y && !strcmp(x, y));
}

/* ---- timestamps ---- */

static bool digits(const char *s, int n, int *out)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return true;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar. */
static int64_t days_from_civil(int y, int m, int d)
{
	int64_t yy = y - (m <= 2);
	int64_t era = (yy >= 0 ? yy : yy - 399) / 400;
	int64_t yoe = yy - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

/* RFC 3339 ("2023-01-08T18:02:03.647787998-06:00"; a bare date is its midnight UTC). */
static bool parse_time(const char *s, vex_time *out)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, mo, d, h = 0, mi = 0, se = 0, oh = 0, om = 0, sign = 0;
	long ns = 0;
	size_t i;

	if (strlen(s) < 10 || !digits(s, 4, &y) || s[4] != '-' || !digits(s + 5, 2, &mo) || s[7] != '-' ||
	    !digits(s + 8, 2, &d) || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1])
		return false;
	if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
		return false;
	i = 10;
	if (s[i]) {
		if (!(s[i] == 'T' || s[i] == 't' || s[i] == ' ') || strlen(s + i) < 9 || !digits(s + i + 1, 2, &h) ||
		    s[i + 3] != ':' || !digits(s + i + 4, 2, &mi) || s[i + 6] != ':' || !digits(s + i + 7, 2, &se) ||
		    h > 23 || mi > 59 || se > 60)
			return false;
		i += 9;
		if (s[i] == '.') {
			long scale = 100000000;
			if (s[++i] < '0' || s[i] > '9')
				return false;
			for (; s[i] >= '0' && s[i] <= '9'; i++, scale /= 10)
				ns += scale ? (s[i] - '0') * scale : 0;
		}
		if (s[i] == 'Z' || s[i] == 'z') {
			i++;
		} else if (s[i] == '+' || s[i] == '-') {
			sign = s[i] == '-' ? -1 : 1;
			if (!digits(s + i + 1, 2, &oh) || s[i + 3] != ':' || !digits(s + i + 4, 2, &om) || oh > 23 || om > 59)
				return false;
			i += 6;
		} else {
			return false;
		}
		if (s[i])
			return false;
	}
	out->sec = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se - sign * (oh * 3600 + om * 60);
	out->nsec = ns;
	return true;
}

static int time_cmp(vex_time x, vex_time y)
{
	if (x.sec != y.sec)
		return x.sec < y.sec ? -1 : 1;
	return (x.nsec > y.nsec) - (x.nsec < y.nsec);
}

/* The later of the timestamps named by keys that obj has; *t untouched when none. */
static int latest_time(vex *v, const cJSON *obj, const char *const *keys, size_t nkeys, vex_time *t, bool *found)
{
	for (size_t i = 0; i < nkeys; i++) {
		const char *s = scan_json__string(obj, keys[i]);
		vex_time x;
		if (!s)
			continue;
		if (!parse_time(s, &x))
			return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "\"%s\" '%.40s' is not an RFC 3339 timestamp", keys[i], s);
		if (!*found || time_cmp(x, *t) > 0)
			*t = x;
		*found = true;
	}
	return 0;
}

/* ---- gathering ---- */

static int push(vex *v, const char *vuln, const char *purl, int status, const char *justification, vex_time t)
{
	vex_item *it;
	vex_product p;
	scan_buf key = SCAN_BUF_INIT;
	int err;

	if (!scan_json__printable(vuln, VEX_ID_MAX))
		return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "vulnerability id '%.60s' is empty, too long or unprintable",
		                           !vuln[0] || scan_json__printable(vuln, SIZE_MAX) ? vuln : "?");
	if (justification && !scan_json__printable(justification, VEX_JUSTIFICATION_MAX))
		justification = NULL;
	if (v->n >= SCAN_VEX_STATEMENTS_MAX)
		return scan_lockfile__fail(&v->d, SCAN_ELIMIT, 0, "more than %u statements", SCAN_VEX_STATEMENTS_MAX);
	if (scan_array_reserve(&v->items, &v->cap, v->n + 1, sizeof(*v->items)))
		return SCAN_ENOMEM;
	it = &v->items[v->n];
	memset(it, 0, sizeof(*it));
	it->key = "";
	if (purl) {
		if ((err = product_of(&v->scratch, purl, false, &p)) < 0) {
			char why[300];
			if (err == SCAN_ENOMEM)
				return err;
			snprintf(why, sizeof(why), "%s", scan_error_last()->message);
			return scan_lockfile__fail(&v->d, err, 0, "%s", why);
		}
		/* The parts decode to no control characters, so \x01 separates them unambiguously. */
		scan_buf_printf(&key, "%s\x01%s\x01%s\x01%s", p.type, p.ns ? p.ns : "", p.name, p.version ? p.version : "");
		if (scan_buf_failed(&key) || !(it->key = scan_arena__strndup(&v->scratch, key.ptr, key.size))) {
			scan_buf_dispose(&key);
			return scan_error__oom();
		}
		scan_buf_dispose(&key);
	}
	it->st.vuln_id = scan_arena__strdup(v->a, vuln);
	it->st.purl = scan_arena__strdup(v->a, purl);
	it->st.justification = scan_arena__strdup(v->a, justification);
	it->st.status = status;
	if (!it->st.vuln_id || (purl && !it->st.purl) || (justification && !it->st.justification))
		return scan_error__oom();
	it->t = t;
	it->order = v->n++;
	return 0;
}

static size_t array_size(const cJSON *a)
{
	size_t n = 0;
	const cJSON *e;

	cJSON_ArrayForEach(e, a)
		n++;
	return n;
}

/*
 * Refuse up front what names x products would push past the cap: a few
 * kilobytes of aliases and products multiply into millions of statements.
 */
static int check_room(vex *v, size_t names, size_t products)
{
	if (products < 1)
		products = 1;
	if (names > SCAN_VEX_STATEMENTS_MAX || products > SCAN_VEX_STATEMENTS_MAX ||
	    v->n + names * products > SCAN_VEX_STATEMENTS_MAX)
		return scan_lockfile__fail(&v->d, SCAN_ELIMIT, 0, "more than %u statements", SCAN_VEX_STATEMENTS_MAX);
	return 0;
}

static int cmp_item(const void *x, const void *y)
{
	const vex_item *a = x, *b = y;
	int c = strcasecmp(a->st.vuln_id, b->st.vuln_id);

	if (!c)
		c = strcmp(a->key, b->key);
	if (!c)
		c = time_cmp(a->t, b->t);
	if (!c)
		c = (a->order > b->order) - (a->order < b->order);
	return c;
}

static int cmp_order(const void *x, const void *y)
{
	const vex_item *a = x, *b = y;

	return (a->order > b->order) - (a->order < b->order);
}

/* Keep the latest statement of each (vulnerability, product), in document order. */
static int collapse(vex *v, scan_vex_statement **out, size_t *count)
{
	size_t kept = 0;
	scan_vex_statement *st;

	if (v->n > 1)
		qsort(v->items, v->n, sizeof(*v->items), cmp_item);
	for (size_t i = 0; i + 1 < v->n; i++)
		v->items[i].dropped = !strcasecmp(v->items[i].st.vuln_id, v->items[i + 1].st.vuln_id) &&
		                      !strcmp(v->items[i].key, v->items[i + 1].key);
	for (size_t i = 0; i < v->n; i++)
		if (!v->items[i].dropped)
			v->items[kept++] = v->items[i];
	if (kept > 1)
		qsort(v->items, kept, sizeof(*v->items), cmp_order);
	*out = NULL;
	*count = kept;
	if (!kept)
		return 0;
	if (!(st = scan_arena__alloc(v->a, kept * sizeof(*st))))
		return scan_error__oom();
	for (size_t i = 0; i < kept; i++)
		st[i] = v->items[i].st;
	*out = st;
	return 0;
}

/* ---- CycloneDX ---- */

typedef struct {
	const char *ref, *purl;
} cdx_ref;

typedef struct {
	cdx_ref *refs;
	size_t n, cap;
} cdx_refs;

static int collect_refs(vex *v, cdx_refs *r, const cJSON *c, unsigned depth)
{
	const cJSON *nested;
	const char *ref, *purl;
	int err;

	if (depth > SCAN_SCA_DEPTH_MAX)
		return scan_lockfile__fail(&v->d, SCAN_ELIMIT, 0, "components nested deeper than %d", SCAN_SCA_DEPTH_MAX);
	if (!cJSON_IsObject(c))
		return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "a component is not an object");
	ref = scan_json__string(c, "bom-ref");
	purl = scan_json__string(c, "purl");
	if (ref && purl) {
		if (scan_array_reserve(&r->refs, &r->cap, r->n + 1, sizeof(*r->refs)))
			return SCAN_ENOMEM;
		r->refs[r->n].ref = ref;
		r->refs[r->n++].purl = purl;
	}
	if ((err = scan_json__array(&v->d, c, "components", "a component", &nested)) < 0)
		return err;
	cJSON_ArrayForEach(c, nested)
		if ((err = collect_refs(v, r, c, depth + 1)) < 0)
			return err;
	return 0;
}

static int cmp_cdx_ref(const void *x, const void *y)
{
	return strcmp(((const cdx_ref *)x)->ref, ((const cdx_ref *)y)->ref);
}

/*
 * The purl an affects[].ref stands for, or NULL: a bom-ref of this
 * document's components, a purl, or a BOM-Link to a component of another
 * BOM (urn:cdx:<serial>/<version>#<bom-ref>) whose bom-ref is a purl,
 * written as it is or URL-encoded ("pkg%3Anpm%2Fsemver%407.5.1").
 */
static int cdx_resolve(vex *v, const cdx_refs *r, const char *ref, const char **out)
{
	cdx_ref key, *hit;
	const char *hash;

	*out = NULL;
	if (!ref)
		return 0;
	key.ref = ref;
	if (r->n && (hit = bsearch(&key, r->refs, r->n, sizeof(*r->refs), cmp_cdx_ref))) {
		*out = hit->purl;
		return 0;
	}
	if (!strncmp(ref, "urn:cdx:", 8) && (hash = strchr(ref, '#'))) {
		ref = hash + 1;
		if (!strncasecmp(ref, "pkg%3A", 6)) {
			size_t n = 0, len = strlen(ref);
			char *d = scan_arena__alloc(&v->scratch, len + 1);
			if (!d)
				return scan_error__oom();
			for (size_t i = 0; i < len; i++) {
				int hi = ref[i] == '%' && i + 2 < len ? scan_number__hex_digit(ref[i + 1]) : -1;
				int lo = hi >= 0 ? scan_number__hex_digit(ref[i + 2]) : -1;
				if (lo >= 0) {
					d[n++] = (char)(hi * 16 + lo);
					i += 2;
				} else {
					d[n++] = ref[i];
				}
			}
			d[n] = '\0';
			ref = d;
		}
	}
	*out = !strncmp(ref, "pkg:", 4) ? ref : NULL;
	return 0;
}

static const struct {
	const char *name;
	int status;
} cdx_states[] = {
	{ "not_affected", SCAN_VEX_NOT_AFFECTED },
	{ "false_positive", SCAN_VEX_NOT_AFFECTED },
	{ "resolved", SCAN_VEX_FIXED },
	{ "resolved_with_pedigree", SCAN_VEX_FIXED },
	{ "exploitable", SCAN_VEX_AFFECTED },
	{ "in_triage", SCAN_VEX_UNDER_INVESTIGATION },
};

/* One statement per affects[] entry that resolves to a purl; every product when there is none. */
static int cdx_push(vex *v, const cdx_refs *refs, const char *name, const cJSON *affects, int status,
                    const char *just, vex_time t)
{
	const cJSON *e;
	int err;

	if (!affects || !affects->child)
		return push(v, name, NULL, status, just, t);
	cJSON_ArrayForEach(e, affects) {
		const char *purl;
		const char *ref = cJSON_IsObject(e) ? scan_json__string(e, "ref") : NULL;
		if ((err = cdx_resolve(v, refs, ref, &purl)) < 0 ||
		    (purl && (err = push(v, name, purl, status, just, t)) < 0))
			return err;
	}
	return 0;
}

static int read_cyclonedx(vex *v, const cJSON *root)
{
	static const char *const analysis_times[] = { "firstIssued", "lastUpdated" };
	static const char *const vuln_times[] = { "published", "updated" };
	cdx_refs refs = { NULL, 0, 0 };
	const cJSON *meta, *comps, *vulns, *vu, *c;
	int err;

	meta = cJSON_GetObjectItemCaseSensitive(root, "metadata");
	if (cJSON_IsObject(meta) && (c = cJSON_GetObjectItemCaseSensitive(meta, "component")) &&
	    (err = collect_refs(v, &refs, c, 0)) < 0)
		goto done;
	if ((err = scan_json__array(&v->d, root, "components", "the document", &comps)) < 0 ||
	    (err = scan_json__array(&v->d, root, "vulnerabilities", "the document", &vulns)) < 0)
		goto done;
	cJSON_ArrayForEach(c, comps)
		if ((err = collect_refs(v, &refs, c, 0)) < 0)
			goto done;
	if (refs.n > 1)
		qsort(refs.refs, refs.n, sizeof(*refs.refs), cmp_cdx_ref);

	cJSON_ArrayForEach(vu, vulns) {
		const cJSON *an, *affects, *aliases, *x;
		const char *id, *state, *just;
		vex_time t = { 0, 0 };
		bool have_t = false;
		int status = -1;

		if (!cJSON_IsObject(vu)) {
			err = scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "a vulnerability is not an object");
			goto done;
		}
		an = cJSON_GetObjectItemCaseSensitive(vu, "analysis");
		if (!cJSON_IsObject(an) || !(state = scan_json__string(an, "state")))
			continue;  /* a vulnerability listed, not a statement about it */
		if (!(id = scan_json__string(vu, "id"))) {
			err = scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "a vulnerability with an analysis has no \"id\"");
			goto done;
		}
		for (size_t i = 0; i < sizeof(cdx_states) / sizeof(cdx_states[0]); i++)
			if (!strcmp(state, cdx_states[i].name))
				status = cdx_states[i].status;
		if (status < 0) {
			err = scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "analysis state '%.40s' of '%.60s' is not a CycloneDX state",
			                          scan_json__printable(state, SIZE_MAX) ? state : "?",
			                          scan_json__printable(id, SIZE_MAX) ? id : "?");
			goto done;
		}
		just = scan_json__string(an, "justification");
		/* Latest of the analysis' own times, else of the vulnerability's. */
		if ((err = latest_time(v, an, analysis_times, 2, &t, &have_t)) < 0 ||
		    (!have_t && (err = latest_time(v, vu, vuln_times, 2, &t, &have_t)) < 0))
			goto done;
		if ((err = scan_json__array(&v->d, vu, "affects", "a vulnerability", &affects)) < 0 ||
		    (err = scan_json__array(&v->d, vu, "references", "a vulnerability", &aliases)) < 0)
			goto done;
		if ((err = check_room(v, 1 + array_size(aliases), array_size(affects))) < 0)
			goto done;
		/* The id, then each reference's id as an alias. */
		if ((err = cdx_push(v, &refs, id, affects, status, just, t)) < 0)
			goto done;
		cJSON_ArrayForEach(x, aliases) {
			const char *name = cJSON_IsObject(x) ? scan_json__string(x, "id") : NULL;
			if (name && strcmp(name, id) && (err = cdx_push(v, &refs, name, affects, status, just, t)) < 0)
				goto done;
		}
	}
	err = 0;
done:
	free(refs.refs);
	return err;
}

/* ---- OpenVEX ---- */

static const struct {
	const char *name;
	int status;
} openvex_states[] = {
	{ "not_affected", SCAN_VEX_NOT_AFFECTED },
	{ "affected", SCAN_VEX_AFFECTED },
	{ "fixed", SCAN_VEX_FIXED },
	{ "under_investigation", SCAN_VEX_UNDER_INVESTIGATION },
};

/* The purl of a product or subcomponent: a purl string, or {"@id"} / identifiers.purl; NULL for others. */
static const char *openvex_purl(const cJSON *c)
{
	const char *s;

	if (cJSON_IsString(c))
		s = c->valuestring;
	else if (cJSON_IsObject(c)) {
		const cJSON *ids = cJSON_GetObjectItemCaseSensitive(c, "identifiers");
		s = cJSON_IsObject(ids) ? scan_json__string(ids, "purl") : NULL;
		if (!s)
			s = scan_json__string(c, "@id");
	} else
		s = NULL;
	return s && !strncmp(s, "pkg:", 4) ? s : NULL;
}

typedef struct {
	const char *name;
	int status;
	const char *just;
	vex_time t;
	size_t products;           /* entries named, purl or not */
} openvex_stmt;

/* Push one statement per purl in list (products, or subcomponents with their products' as well). */
static int openvex_products(vex *v, openvex_stmt *s, const cJSON *list, bool nested)
{
	const cJSON *p;
	int err;

	cJSON_ArrayForEach(p, list) {
		const char *purl = openvex_purl(p);
		const cJSON *subs = NULL;

		s->products++;
		if (purl && (err = push(v, s->name, purl, s->status, s->just, s->t)) < 0)
			return err;
		if (!nested && cJSON_IsObject(p)) {
			if ((err = scan_json__array(&v->d, p, "subcomponents", "a product", &subs)) < 0)
				return err;
			if (subs && (err = openvex_products(v, s, subs, true)) < 0)
				return err;
		}
	}
	return 0;
}

/* The statements of one vulnerability name: per product and subcomponent, or about every product. */
static int openvex_push(vex *v, const openvex_stmt *s, const char *name, const cJSON *products, const cJSON *subs)
{
	openvex_stmt one = *s;
	int err;

	one.name = name;
	one.products = 0;
	if ((err = openvex_products(v, &one, products, false)) < 0 || (err = openvex_products(v, &one, subs, true)) < 0)
		return err;
	return one.products ? 0 : push(v, name, NULL, s->status, s->just, s->t);
}

static int read_openvex(vex *v, const cJSON *root)
{
	static const char *const times[] = { "timestamp", "last_updated" };
	const cJSON *stmts, *st;
	vex_time doc_t = { 0, 0 };
	bool have_doc_t = false;
	int err;

	if ((err = latest_time(v, root, times, 2, &doc_t, &have_doc_t)) < 0 ||
	    (err = scan_json__array(&v->d, root, "statements", "the document", &stmts)) < 0)
		return err;
	cJSON_ArrayForEach(st, stmts) {
		const cJSON *vuln, *aliases = NULL, *products, *subs, *x;
		const char *status;
		openvex_stmt s;
		bool have_t = false;

		if (!cJSON_IsObject(st))
			return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "a statement is not an object");
		memset(&s, 0, sizeof(s));
		vuln = cJSON_GetObjectItemCaseSensitive(st, "vulnerability");
		if (cJSON_IsString(vuln))
			s.name = vuln->valuestring;  /* OpenVEX 0.0.x */
		else if (cJSON_IsObject(vuln)) {
			s.name = scan_json__string(vuln, "name");
			if ((err = scan_json__array(&v->d, vuln, "aliases", "a vulnerability", &aliases)) < 0)
				return err;
		}
		if (!s.name)
			return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "a statement names no vulnerability");
		status = scan_json__string(st, "status");
		s.status = -1;
		for (size_t i = 0; status && i < sizeof(openvex_states) / sizeof(openvex_states[0]); i++)
			if (!strcmp(status, openvex_states[i].name))
				s.status = openvex_states[i].status;
		if (s.status < 0)
			return scan_lockfile__fail(&v->d, SCAN_EPARSE, 0, "status '%.40s' of '%.60s' is not an OpenVEX status",
			                           status && scan_json__printable(status, SIZE_MAX) ? status : "(none)",
			                           scan_json__printable(s.name, SIZE_MAX) ? s.name : "?");
		s.just = scan_json__string(st, "justification");
		if ((err = latest_time(v, st, times, 2, &s.t, &have_t)) < 0)
			return err;
		if (!have_t)
			s.t = doc_t;
		if ((err = scan_json__array(&v->d, st, "products", "a statement", &products)) < 0 ||
		    (err = scan_json__array(&v->d, st, "subcomponents", "a statement", &subs)) < 0)
			return err;
		{
			size_t nprod = array_size(products) + array_size(subs);
			const cJSON *p;
			cJSON_ArrayForEach(p, products)
				if (cJSON_IsObject(p))
					nprod += array_size(cJSON_GetObjectItemCaseSensitive(p, "subcomponents"));
			if ((err = check_room(v, 1 + array_size(aliases), nprod)) < 0)
				return err;
		}
		/* The name, then each alias. */
		if ((err = openvex_push(v, &s, s.name, products, subs)) < 0)
			return err;
		cJSON_ArrayForEach(x, aliases)
			if (cJSON_IsString(x) && strcmp(x->valuestring, s.name) &&
			    (err = openvex_push(v, &s, x->valuestring, products, subs)) < 0)
				return err;
	}
	return 0;
}

int scan_sca__vex_read(const char *label, const char *text, size_t len, scan_arena *a,
                       scan_vex_statement **out, size_t *count)
{
	vex v;
	cJSON *root = NULL;
	const cJSON *ctx;
	const char *fmt;
	int err;

	assert(label && a && out && count);
	memset(&v, 0, sizeof(v));
	v.d.file = label;
	v.d.root_fd = -1;
	v.a = a;
	if ((err = scan_json__parse(&v.d, text, len, &root)) < 0)
		goto done;
	if (!cJSON_IsObject(root)) {
		err = scan_lockfile__fail(&v.d, SCAN_EPARSE, 0, "not a CycloneDX or OpenVEX document (not a JSON object)");
		goto done;
	}
	fmt = scan_json__string(root, "bomFormat");
	ctx = cJSON_GetObjectItemCaseSensitive(root, "@context");
	if (fmt && !strcmp(fmt, "CycloneDX"))
		err = read_cyclonedx(&v, root);
	else if (cJSON_IsString(ctx) && strstr(ctx->valuestring, "openvex.dev/ns"))
		err = read_openvex(&v, root);
	else
		err = scan_lockfile__fail(&v.d, SCAN_EPARSE, 0,
		                          "not a CycloneDX or OpenVEX document (no \"bomFormat\": \"CycloneDX\" or OpenVEX @context)");
	if (err == 0)
		err = collapse(&v, out, count);
done:
	cJSON_Delete(root);
	scan_arena__dispose(&v.scratch);
	free(v.items);
	return err;
}

/* ---- matching ---- */

/* Whether id is vuln_id or one of the comma-separated aliases. */
static bool names_vuln(const char *id, const char *vuln_id, const char *aliases_csv)
{
	size_t n = strlen(id);
	const char *s = aliases_csv;

	if (vuln_id && !strcasecmp(id, vuln_id))
		return true;
	while (s && *s) {
		size_t len = strcspn(s, ",");
		const char *b = s, *e = s + len;
		while (b < e && (*b == ' ' || *b == '\t'))
			b++;
		while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if ((size_t)(e - b) == n && !strncasecmp(b, id, n))
			return true;
		s += len;
		if (*s)
			s++;
	}
	return false;
}

bool scan_sca__vex_suppresses(const scan_vex_statement *statements, size_t count, const char *vuln_id,
                              const char *aliases_csv, const char *purl)
{
	scan_arena a = SCAN_ARENA_INIT;
	vex_product comp, sp;
	bool tried = false, have_comp = false, all_not_affected = true;
	int best = -1;

	for (size_t i = 0; i < count; i++) {
		const scan_vex_statement *s = &statements[i];
		int level = 0;

		if (!s->vuln_id || !names_vuln(s->vuln_id, vuln_id, aliases_csv))
			continue;
		if (s->purl) {
			if (!tried) {
				tried = true;
				have_comp = purl && product_of(&a, purl, true, &comp) == 0;
			}
			if (!have_comp || product_of(&a, s->purl, true, &sp) < 0)
				continue;
			if (strcmp(sp.type, comp.type) || !same_str(sp.ns, comp.ns) || strcmp(sp.name, comp.name) ||
			    (sp.version && !same_str(sp.version, comp.version)))
				continue;
			level = sp.version ? 2 : 1;
		}
		if (level > best) {
			best = level;
			all_not_affected = s->status == SCAN_VEX_NOT_AFFECTED;
		} else if (level == best) {
			all_not_affected = all_not_affected && s->status == SCAN_VEX_NOT_AFFECTED;
		}
	}
	scan_arena__dispose(&a);
	return best >= 0 && all_not_affected;
}
