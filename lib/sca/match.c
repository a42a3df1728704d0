/* lib/sca/match.c - which components the database's advisories affect */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sca/cvss.h"
#include "sca/match.h"
#include "scan/buf.h"
#include "scan/array.h"
#include "util/error.h"
#include "util/timefmt.h"
#include "version/version.h"

/* Advisories for one package and version rarely pass a few dozen; a hostile database may hold more. */
#define MATCH_HITS_MAX 4096
#define MATCH_IDS_MAX 64
#define MATCH_EVENTS_MAX 4096

/* OSV's RFC 3339 time, to the day: policy ages are whole days, and fractions of seconds vary. */
static time_t published_time(const char *s)
{
	char day[11];
	time_t t;

	if (!s || strlen(s) < 10)
		return 0;
	memcpy(day, s, 10);
	day[10] = '\0';
	return scan_util__time_parse(&t, day) == 0 ? t : 0;
}

/* One affected entry that affects the component, before aliases are merged. */
typedef struct {
	int64_t advisory;
	const char *osv_id;
	const char *ids[MATCH_IDS_MAX];  /* the id and its aliases */
	size_t nids;
	const char *summary, *details, *fixed, *severity_json, *db_severity, *affected_severity;
	const char *cwes_json, *refs_json;
	time_t published;          /* 0 unknown */
	size_t group;
} hit;

typedef struct {
	scan_sca_inventory *inv;
	const scan_component *c;
	scan_arena *arena;         /* the matches' */
	hit *hits;
	size_t nhits, cap;
	int unorderable;           /* 1 once the component's version failed to parse */
	char why[300];
	scan_osv_event events[MATCH_EVENTS_MAX]; /* of the affected entry being evaluated */
} lookup;

void scan_sca__matches_dispose(scan_sca_matches *m)
{
	scan_arena__dispose(&m->arena);
	free(m->items);
	memset(m, 0, sizeof(*m));
}

static char *dup_s(scan_arena *a, const char *s, int *oom)
{
	char *d;

	if (!s)
		return NULL;
	if (!(d = scan_arena__strdup(a, s)))
		*oom = 1;
	return d;
}

/* The event list of one stored range; false when the JSON is not what the writer wrote. */
static bool read_range(const cJSON *jr, scan_osv_range *r, scan_osv_event *ev, size_t *used)
{
	static const char *const keys[] = { "introduced", "fixed", "last_affected", "limit" };
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(jr, "type");
	const cJSON *events = cJSON_GetObjectItemCaseSensitive(jr, "events"), *e;

	if (!cJSON_IsString(type) || !cJSON_IsArray(events))
		return false;
	r->type = !strcmp(type->valuestring, "SEMVER") ? SCAN_OSV_RANGE_SEMVER : SCAN_OSV_RANGE_ECOSYSTEM;
	r->events = ev + *used;
	r->nevents = 0;
	cJSON_ArrayForEach(e, events) {
		const cJSON *kv = e->child;
		if (*used >= MATCH_EVENTS_MAX || !kv || !cJSON_IsString(kv) || !kv->string)
			return false;
		for (int k = 0; k < 4; k++)
			if (!strcmp(kv->string, keys[k])) {
				ev[*used].kind = (scan_osv_event_kind)k;
				ev[*used].version = kv->valuestring;
				(*used)++;
				r->nevents++;
			}
	}
	return true;
}

static int on_affected(const scan_vuln_row *row, void *payload)
{
	lookup *L = payload;
	scan_osv_range ranges[64];
	const char *versions[256];
	size_t nranges = 0, nversions = 0, used = 0;
	const cJSON *jr, *jv, *x;
	cJSON *root;
	const char *fixed = NULL;
	bool affected = false;
	int rc, oom = 0;
	hit *h;

	if (L->unorderable)
		return 0;
	if (!(root = cJSON_Parse(row->ranges_json)))
		return 0;
	jr = cJSON_GetObjectItemCaseSensitive(root, "ranges");
	jv = cJSON_GetObjectItemCaseSensitive(root, "versions");
	cJSON_ArrayForEach(x, jr)
		if (nranges < 64 && read_range(x, &ranges[nranges], L->events, &used))
			nranges++;
	cJSON_ArrayForEach(x, jv)
		if (nversions < 256 && cJSON_IsString(x))
			versions[nversions++] = x->valuestring;
	rc = scan_version__osv_affects(L->c->ecosystem, ranges, nranges, versions, nversions, L->c->version,
	                               &affected, &fixed);
	if (rc == SCAN_EPARSE) {
		L->unorderable = 1;
		snprintf(L->why, sizeof(L->why), "%s", scan_error_last()->message);
		cJSON_Delete(root);
		return 0;
	}
	if (rc < 0 || !affected) {
		cJSON_Delete(root);
		return rc < 0 ? rc : 0;
	}
	if (L->nhits >= MATCH_HITS_MAX) {
		cJSON_Delete(root);
		return 0;
	}
	if (scan_array_reserve(&L->hits, &L->cap, L->nhits + 1, sizeof(*L->hits))) {
		cJSON_Delete(root);
		return SCAN_ENOMEM;
	}
	h = &L->hits[L->nhits];
	memset(h, 0, sizeof(*h));
	h->advisory = row->advisory_id;
	h->osv_id = dup_s(L->arena, row->osv_id, &oom);
	h->summary = dup_s(L->arena, row->summary, &oom);
	h->details = dup_s(L->arena, row->details, &oom);
	h->fixed = dup_s(L->arena, fixed, &oom);
	h->severity_json = dup_s(L->arena, row->severity_json, &oom);
	h->db_severity = dup_s(L->arena, row->db_severity, &oom);
	h->affected_severity = dup_s(L->arena, row->affected_severity, &oom);
	h->cwes_json = dup_s(L->arena, row->cwes_json, &oom);
	h->refs_json = dup_s(L->arena, row->refs_json, &oom);
	h->published = published_time(row->published);
	cJSON_Delete(root);
	if (oom)
		return scan_error__oom();
	L->nhits++;
	return 0;
}

typedef struct {
	hit *h;
	scan_arena *arena;
} id_sink;

static int on_id(const char *id, void *payload)
{
	id_sink *s = payload;

	if (s->h->nids >= MATCH_IDS_MAX)
		return 0;
	if (!(s->h->ids[s->h->nids] = scan_arena__strdup(s->arena, id)))
		return scan_error__oom();
	s->h->nids++;
	return 0;
}

static size_t find_root(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static bool share_id(const hit *a, const hit *b)
{
	for (size_t i = 0; i < a->nids; i++)
		for (size_t k = 0; k < b->nids; k++)
			if (!strcmp(a->ids[i], b->ids[k]))
				return true;
	return false;
}

static bool is_cve(const char *id)
{
	return !strncmp(id, "CVE-", 4);
}

/* "HIGH", "MODERATE", "critical"... as a severity; false when not one. */
static bool label_severity(const char *s, scan_severity *out)
{
	if (!s)
		return false;
	if (scan_severity_parse(out, s) == 0)
		return true;
	/* GitHub's "moderate", and the distributions' words for the same bands */
	if (!strcasecmp(s, "moderate"))
		*out = SCAN_SEV_MEDIUM;
	else if (!strcasecmp(s, "important"))
		*out = SCAN_SEV_HIGH;
	else if (!strcasecmp(s, "negligible"))
		*out = SCAN_SEV_LOW;
	else
		return false;
	return true;
}

/*
 * The best CVSS vector of one advisory: v4 over v3 over v2 (the newest
 * version the advisory's authors scored), computed here, never copied.
 */
static void advisory_cvss(const char *severity_json, scan_sca_vuln *v, scan_severity *band, scan_arena *a, int *oom)
{
	cJSON *arr = severity_json ? cJSON_Parse(severity_json) : NULL;
	const cJSON *e;

	cJSON_ArrayForEach(e, arr) {
		const cJSON *score = cJSON_GetObjectItemCaseSensitive(e, "score");
		double s;
		scan_cvss_version ver;
		if (!cJSON_IsString(score) || scan_sca__cvss_score(score->valuestring, &s, &ver) != 0)
			continue;
		/* Among the group, the highest score wins: the merged finding must not under-state any advisory. */
		if (s > v->cvss_score) {
			const char *name = scan_sca__cvss_severity(s, ver);
			v->cvss_score = s;
			v->cvss_vector = dup_s(a, score->valuestring, oom);
			/* "none" (0.0) is below every band Rampart reports */
			if (!name || scan_severity_parse(band, name) != 0)
				*band = SCAN_SEV_LOW;
		}
	}
	cJSON_Delete(arr);
}

static const char *first_cwe(const hit *h, scan_arena *a, int *oom)
{
	cJSON *arr = h->cwes_json ? cJSON_Parse(h->cwes_json) : NULL;
	const cJSON *e = arr ? arr->child : NULL;
	const char *out = cJSON_IsString(e) ? dup_s(a, e->valuestring, oom) : NULL;

	cJSON_Delete(arr);
	return out;
}

static void add_refs(scan_buf *b, const hit *h)
{
	cJSON *arr = h->refs_json ? cJSON_Parse(h->refs_json) : NULL;
	const cJSON *e;

	cJSON_ArrayForEach(e, arr)
		if (cJSON_IsString(e) && !strstr(b->ptr, e->valuestring)) {
			if (b->size)
				scan_buf_putc(b, '\n');
			scan_buf_puts(b, e->valuestring);
		}
	cJSON_Delete(arr);
}

void scan_sca__prioritise(scan_sca_vuln *v, bool direct)
{
	static const double bucket[] = { 0.25, 0.5, 0.8, 0.95 }; /* low..critical without a score */
	double sev = v->cvss_score >= 0 ? v->cvss_score / 10.0 : bucket[v->severity];
	double exploit = v->kev ? 1.0 : v->epss >= 0 ? v->epss : 0.0;
	double p = 100.0 * (0.5 * sev + 0.3 * exploit + 0.1 * (v->fixed_version ? 1.0 : 0.0) + 0.1 * (direct ? 1.0 : 0.5));

	v->priority = (double)(long)(p * 10.0 + 0.5) / 10.0;
	if (v->kev || v->priority >= 80.0)
		v->priority_label = "urgent";
	else if (v->priority >= 60.0)
		v->priority_label = "high";
	else if (v->priority >= 35.0)
		v->priority_label = "medium";
	else
		v->priority_label = "low";
}

static int smaller_fix(scan_ecosystem eco, const char *a, const char *b)
{
	int cmp;

	if (!a)
		return 0;
	if (!b)
		return 1;
	return scan_version__cmp(eco, a, b, &cmp) == 0 && cmp < 0;
}

typedef struct {
	scan_sca_vuln *v;
	scan_arena *arena;
	int *oom;
} rating_sink;

static int on_rating(const char *osv_id, const char *severity_json, const char *db_severity, void *payload)
{
	rating_sink *s = payload;
	scan_severity band = SCAN_SEV_LOW, label;

	advisory_cvss(severity_json, s->v, &band, s->arena, s->oom);
	if (s->v->cvss_score >= 0)
		s->v->severity = band;
	else if (label_severity(db_severity, &label))
		s->v->severity = label;
	else
		return 0;
	s->v->severity_known = true;
	s->v->rated_by = dup_s(s->arena, osv_id, s->oom);
	return 1;
}

/*
 * A vulnerability none of whose matched advisories rates it takes the
 * rating of another record of the database that names one of its ids (a
 * CVE record, another ecosystem's advisory): the first in id order. With
 * none, it stays unrated, counted as high (docs/sca.md): an unknown is
 * not shown as harmless.
 */
static int rate_by_alias(scan_sca_vuln *v, const char *const *ids, size_t nids, scan_vulndb_reader *r,
                         scan_arena *arena, int *oom)
{
	rating_sink s = { v, arena, oom };
	int rc = 0;

	for (size_t i = 0; i < nids && rc == 0; i++)
		rc = r->ops->each_rating(r, ids[i], on_rating, &s);
	if (!v->severity_known)
		v->severity = SCAN_SEV_HIGH;
	return rc < 0 ? rc : 0;
}

/* Merge the hits of one component by shared ids into vulnerabilities. */
static int emit_groups(scan_sca_matches *out, lookup *L, size_t comp, scan_vulndb_reader *r)
{
	size_t *parent = NULL;
	int rc = 0, oom = 0;

	for (size_t i = 0; i < L->nhits; i++) {
		id_sink s = { &L->hits[i], &out->arena };
		if ((rc = r->ops->each_id(r, L->hits[i].advisory, on_id, &s)) < 0)
			return rc;
	}
	if (!(parent = malloc((L->nhits ? L->nhits : 1) * sizeof(*parent))))
		return scan_error__oom();
	for (size_t i = 0; i < L->nhits; i++)
		parent[i] = i;
	for (size_t i = 0; i < L->nhits; i++)
		for (size_t k = i + 1; k < L->nhits; k++)
			if (share_id(&L->hits[i], &L->hits[k]))
				parent[find_root(parent, k)] = find_root(parent, i);
	for (size_t g = 0; g < L->nhits && !rc; g++) {
		scan_sca_vuln *v;
		scan_buf aliases = SCAN_BUF_INIT, refs = SCAN_BUF_INIT;
		const char *ids[MATCH_IDS_MAX * 4];
		size_t nids = 0;
		bool labelled = false;
		scan_severity cvss_band = SCAN_SEV_LOW;

		if (find_root(parent, g) != g)
			continue;
		if (scan_array_reserve(&out->items, &out->cap, out->count + 1, sizeof(*out->items))) {
			rc = SCAN_ENOMEM;
			break;
		}
		v = &out->items[out->count];
		memset(v, 0, sizeof(*v));
		v->component = comp;
		v->cvss_score = -1;
		v->epss = v->epss_percentile = -1;
		v->severity = SCAN_SEV_MEDIUM;
		for (size_t i = 0; i < L->nhits; i++) {
			const hit *h = &L->hits[i];
			scan_severity s;
			if (find_root(parent, i) != g)
				continue;
			for (size_t k = 0; k < h->nids && nids < sizeof(ids) / sizeof(ids[0]); k++) {
				bool seen = false;
				for (size_t j = 0; j < nids; j++)
					seen |= !strcmp(ids[j], h->ids[k]);
				if (!seen)
					ids[nids++] = h->ids[k];
			}
			if (h->published && (!v->published || h->published < v->published))
				v->published = h->published;
			if (!v->summary && h->summary)
				v->summary = h->summary;
			if (!v->details && h->details)
				v->details = h->details;
			if (smaller_fix(L->c->ecosystem, h->fixed, v->fixed_version))
				v->fixed_version = h->fixed;
			/* Go records drop the module version's "v"; show the fix as go.mod writes it. */
			if (v->fixed_version && v->fixed_version == h->fixed && L->c->ecosystem == SCAN_ECO_GO &&
			    L->c->version[0] == 'v' && v->fixed_version[0] != 'v') {
				scan_buf b = SCAN_BUF_INIT;
				scan_buf_printf(&b, "v%s", v->fixed_version);
				v->fixed_version = dup_s(&out->arena, b.ptr, &oom);
				scan_buf_dispose(&b);
			}
			advisory_cvss(h->severity_json, v, &cvss_band, &out->arena, &oom);
			if (!v->cwe_id)
				v->cwe_id = first_cwe(h, &out->arena, &oom);
			if ((label_severity(h->db_severity, &s) || label_severity(h->affected_severity, &s)) &&
			    (!labelled || s > v->severity)) {
				v->severity = s;
				labelled = true;
			}
			add_refs(&refs, h);
		}
		if (v->cvss_score >= 0) {
			v->severity = cvss_band;
			v->severity_known = true;
		} else {
			v->severity_known = labelled;
		}
		/* Shown id: the first non-CVE id in order; the CVE is its own field. */
		for (size_t i = 0; i < nids; i++)
			for (size_t k = i + 1; k < nids; k++)
				if (strcmp(ids[k], ids[i]) < 0) {
					const char *t = ids[i];
					ids[i] = ids[k];
					ids[k] = t;
				}
		for (size_t i = 0; i < nids; i++) {
			if (is_cve(ids[i]) && !v->cve_id)
				v->cve_id = ids[i];
			else if (!is_cve(ids[i]) && !v->vuln_id)
				v->vuln_id = ids[i];
		}
		if (!v->vuln_id)
			v->vuln_id = v->cve_id;
		for (size_t i = 0; i < nids; i++)
			if (ids[i] != v->vuln_id && ids[i] != v->cve_id) {
				if (aliases.size)
					scan_buf_putc(&aliases, ',');
				scan_buf_puts(&aliases, ids[i]);
			}
		v->aliases = aliases.size ? dup_s(&out->arena, aliases.ptr, &oom) : NULL;
		v->references = refs.size ? dup_s(&out->arena, refs.ptr, &oom) : NULL;
		scan_buf_dispose(&aliases);
		scan_buf_dispose(&refs);
		if (!v->severity_known)
			rc = rate_by_alias(v, ids, nids, r, &out->arena, &oom); /* an error skips the rest */
		/* Exploitation data is keyed by CVE: any CVE of the group counts. */
		for (size_t i = 0; i < nids && rc >= 0; i++) {
			bool ransom = false;
			double e, p;
			if (!is_cve(ids[i]))
				continue;
			if ((rc = r->ops->kev(r, ids[i], &ransom)) == 1) {
				v->kev = true;
				v->ransomware |= ransom;
			}
			if (rc >= 0 && (rc = r->ops->epss(r, ids[i], &e, &p)) == 1 && e > v->epss) {
				v->epss = e;
				v->epss_percentile = p;
			}
		}
		if (rc > 0)
			rc = 0;
		scan_sca__prioritise(v, (L->inv->items[comp].flags & SCAN_DEP_DIRECT) != 0);
		if (oom)
			rc = scan_error__oom();
		if (!rc)
			out->count++;
	}
	free(parent);
	return rc;
}

static int cmp_vuln(const void *a, const void *b)
{
	const scan_sca_vuln *x = a, *y = b;

	if (x->component != y->component)
		return x->component < y->component ? -1 : 1;
	if (x->priority != y->priority)
		return x->priority > y->priority ? -1 : 1;
	return strcmp(x->vuln_id, y->vuln_id);
}

int scan_sca__match(scan_sca_matches *out, scan_sca_inventory *inv, scan_vulndb_reader *r)
{
	scan_arena keys = SCAN_ARENA_INIT;
	lookup *L;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!(L = calloc(1, sizeof(*L))))
		return scan_error__oom();
	L->inv = inv;
	L->arena = &out->arena;
	for (size_t i = 0; i < inv->count && !rc; i++) {
		const scan_component *c = &inv->items[i];
		const char *key;

		if (!c->version || (c->flags & (SCAN_DEP_LOCAL | SCAN_DEP_GIT | SCAN_DEP_URL | SCAN_DEP_UNPINNED)))
			continue;
		if ((rc = scan_model__name_key(&keys, c->ecosystem, c->name, &key)) < 0)
			break;
		L->c = c;
		L->nhits = 0;
		L->unorderable = 0;
		rc = r->ops->each_affected(r, scan_ecosystem_name(c->ecosystem), key, on_affected, L);
		if (!rc && L->unorderable) {
			out->unorderable++;
			rc = scan_inventory__problem(inv, c->file, c->line, L->why);
			continue;
		}
		if (!rc && L->nhits)
			rc = emit_groups(out, L, i, r);
	}
	free(L->hits);
	free(L);
	scan_arena__dispose(&keys);
	if (rc) {
		scan_sca__matches_dispose(out);
		return rc;
	}
	if (out->count)
		qsort(out->items, out->count, sizeof(*out->items), cmp_vuln);
	return 0;
}
