/* lib/feeds/osv.c - one OSV record (https://ossf.github.io/osv-schema/) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "feeds/feeds.h"
#include "feeds/feeds_int.h"
#include "util/error.h"

/*
 * What matching relies on is checked strictly: the id (it names the record
 * everywhere, sometimes as a file), each affected package's ecosystem and
 * name, and the shape of every range and event; aliases (they link a
 * record to KEV and EPSS) and versions must be arrays of strings. The rest
 * is taken when it has the documented shape: a severity entry without a
 * string type and score, or a reference without a url, is skipped, and the
 * *_specific objects are free-form by the schema, so a severity or cwe_ids
 * of another shape there is ignored, not an error.
 * Event versions are kept as written: GIT events in the PyPA database carry
 * abbreviated or suffixed commit hashes ("4e7d0df9093", "<hash>.patch"),
 * and version strings are judged later, by the ordering of the ecosystem.
 */

#define OSV_VALUES_MAX ((size_t)1 << 20) /* a record at SCAN_FEED_RECORD_MAX has ~800k */
#define OSV_ID_MAX 128

typedef struct {
	scan_osv_record *rec;
	const char *origin;
	size_t *events;            /* range events so far, against SCAN_OSV_EVENTS_MAX */
} osv_ctx;

static int fail(const osv_ctx *c, const char *fmt, ...) SCAN_PRINTF(2, 3);

static int fail(const osv_ctx *c, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(SCAN_EPARSE, "%.200s: %s", c->origin, reason);
}

static const cJSON *member(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	/* null is what some exporters write for an absent optional field */
	return v && !cJSON_IsNull(v) ? v : NULL;
}

static int dup_string(const osv_ctx *c, const cJSON *v, const char **out)
{
	if (!(*out = scan_arena__strdup(&c->rec->arena, v->valuestring)))
		return scan_error__oom();
	return 0;
}

/* An optional string member; what names it in a message. */
static int opt_string(const osv_ctx *c, const cJSON *obj, const char *key, const char *what, const char **out)
{
	const cJSON *v = member(obj, key);

	*out = NULL;
	if (!v)
		return 0;
	if (!cJSON_IsString(v))
		return fail(c, "%s%s is not a string", what, key);
	return dup_string(c, v, out);
}

/*
 * An optional array of strings. strict: any other element is an error;
 * otherwise (free-form objects) other elements and a non-array are skipped.
 */
static int string_array(const osv_ctx *c, const cJSON *arr, const char *what, bool strict,
                        const char ***out, size_t *n)
{
	const cJSON *e;
	size_t count = 0, i = 0;
	const char **list;

	*out = NULL;
	*n = 0;
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return strict ? fail(c, "%s is not an array", what) : 0;
	cJSON_ArrayForEach(e, arr) {
		if (cJSON_IsString(e))
			count++;
		else if (strict)
			return fail(c, "%s[%zu] is not a string", what, count);
	}
	if (!count)
		return 0;
	if (!(list = scan_arena__alloc(&c->rec->arena, count * sizeof(*list))))
		return scan_error__oom();
	cJSON_ArrayForEach(e, arr) {
		int err;
		if (!cJSON_IsString(e))
			continue;
		if ((err = dup_string(c, e, &list[i])) < 0)
			return err;
		i++;
	}
	*out = list;
	*n = count;
	return 0;
}

/* Letters, digits and . _ : - ("PYSEC-2021-59", "ALSA-2023:1234"): no slash, space or control byte. */
static int check_id(const osv_ctx *c, const char *id)
{
	size_t n = strlen(id);

	if (!n)
		return fail(c, "id is empty");
	if (n > OSV_ID_MAX)
		return fail(c, "id longer than %d bytes", OSV_ID_MAX);
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)id[i];
		if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
		      ch == '.' || ch == '_' || ch == ':' || ch == '-'))
			return fail(c, "id '%.*s' has a character outside [A-Za-z0-9._:-]", (int)(n > 64 ? 64 : n), id);
	}
	return 0;
}

/*
 * Room in the record's arena for the items of an optional array member,
 * zeroed: *items NULL when the member is absent or empty. 1 when there is
 * room to fill, 0 when nothing to do, or the error.
 */
static int array_room(const osv_ctx *c, const cJSON *arr, const char *what, size_t size, void **items)
{
	size_t n;

	*items = NULL;
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return fail(c, "%s is not an array", what);
	if (!(n = (size_t)cJSON_GetArraySize(arr)))
		return 0;
	if (!(*items = scan_arena__calloc(&c->rec->arena, n * size)))
		return scan_error__oom();
	return 1;
}

/* Entries without a string type and score are skipped: severity is shown, never matched on. */
static int parse_severity(const osv_ctx *c, const cJSON *arr)
{
	scan_osv_record *rec = c->rec;
	const cJSON *e;
	void *items;
	size_t i = 0;
	int rc;

	if ((rc = array_room(c, arr, "severity", sizeof(*rec->severity), &items)) <= 0)
		return rc;
	rec->severity = items;
	cJSON_ArrayForEach(e, arr) {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(e, "type");
		const cJSON *score = cJSON_GetObjectItemCaseSensitive(e, "score");
		int err;

		if (!cJSON_IsString(type) || !cJSON_IsString(score))
			continue;
		if ((err = dup_string(c, type, &rec->severity[i].type)) < 0 ||
		    (err = dup_string(c, score, &rec->severity[i].score)) < 0)
			return err;
		i++;
	}
	rec->nseverity = i;
	return 0;
}

static int parse_event(const osv_ctx *c, const cJSON *ev, scan_osv_event *out, size_t ai, size_t ri, size_t ei)
{
	static const struct {
		const char *key;
		scan_osv_event_kind kind;
	} kinds[] = {
		{ "introduced", SCAN_OSV_INTRODUCED },
		{ "fixed", SCAN_OSV_FIXED },
		{ "last_affected", SCAN_OSV_LAST_AFFECTED },
		{ "limit", SCAN_OSV_LIMIT },
	};
	const cJSON *v = ev ? ev->child : NULL;
	size_t k;

	/* Exactly one member: {"fixed": "1.2"}. Two would make the kind ambiguous. */
	if (!cJSON_IsObject(ev) || !v || v->next)
		return fail(c, "affected[%zu].ranges[%zu].events[%zu] is not an object with one member", ai, ri, ei);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (!strcmp(v->string, kinds[k].key))
			break;
	if (k == sizeof(kinds) / sizeof(kinds[0]))
		return fail(c, "affected[%zu].ranges[%zu].events[%zu]: unknown event '%.40s'", ai, ri, ei, v->string);
	if (!cJSON_IsString(v) || !v->valuestring[0])
		return fail(c, "affected[%zu].ranges[%zu].events[%zu].%s is not a non-empty string", ai, ri, ei, v->string);
	out->kind = kinds[k].kind;
	return dup_string(c, v, &out->version);
}

static int parse_range(const osv_ctx *c, const cJSON *r, scan_osv_range *out, size_t ai, size_t ri)
{
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(r, "type");
	const cJSON *events = cJSON_GetObjectItemCaseSensitive(r, "events"), *ev;
	scan_osv_event *list;
	size_t n, i = 0;

	if (!cJSON_IsObject(r))
		return fail(c, "affected[%zu].ranges[%zu] is not an object", ai, ri);
	if (!cJSON_IsString(type))
		return fail(c, "affected[%zu].ranges[%zu] has no type", ai, ri);
	if (!strcmp(type->valuestring, "ECOSYSTEM"))
		out->type = SCAN_OSV_RANGE_ECOSYSTEM;
	else if (!strcmp(type->valuestring, "SEMVER"))
		out->type = SCAN_OSV_RANGE_SEMVER;
	else if (!strcmp(type->valuestring, "GIT"))
		out->type = SCAN_OSV_RANGE_GIT;
	else
		return fail(c, "affected[%zu].ranges[%zu]: unknown range type '%.40s'", ai, ri, type->valuestring);
	if (!cJSON_IsArray(events) || !(n = (size_t)cJSON_GetArraySize(events)))
		return fail(c, "affected[%zu].ranges[%zu] has no events", ai, ri);
	/* Matching reads every event of a package's ranges for each copy of it in a tree: refused, not cut. */
	if (n > SCAN_OSV_EVENTS_MAX - *c->events)
		return scan_util__error(SCAN_ELIMIT, "%.200s: more than %d range events (affected[%zu].ranges[%zu])",
		                        c->origin, SCAN_OSV_EVENTS_MAX, ai, ri);
	*c->events += n;
	if (!(list = scan_arena__calloc(&c->rec->arena, n * sizeof(*list))))
		return scan_error__oom();
	cJSON_ArrayForEach(ev, events) {
		int err = parse_event(c, ev, &list[i], ai, ri, i);
		if (err < 0)
			return err;
		i++;
	}
	out->events = list;
	out->nevents = n;
	return 0;
}

/* The package's severity: ecosystem_specific first, then database_specific (free-form both). */
static int affected_severity(const osv_ctx *c, const cJSON *a, const char **out)
{
	static const char *const where[] = { "ecosystem_specific", "database_specific" };

	*out = NULL;
	for (size_t k = 0; k < 2; k++) {
		const cJSON *obj = cJSON_GetObjectItemCaseSensitive(a, where[k]);
		const cJSON *s = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, "severity") : NULL;
		if (cJSON_IsString(s))
			return dup_string(c, s, out);
	}
	return 0;
}

static int parse_affected(const osv_ctx *c, const cJSON *a, scan_osv_affected *out, size_t ai)
{
	const cJSON *pkg = cJSON_GetObjectItemCaseSensitive(a, "package");
	const cJSON *eco, *name, *ranges, *r;
	char what[64];
	size_t i = 0;
	int err;

	if (!cJSON_IsObject(a))
		return fail(c, "affected[%zu] is not an object", ai);
	if (!cJSON_IsObject(pkg))
		return fail(c, "affected[%zu] has no package", ai);
	eco = cJSON_GetObjectItemCaseSensitive(pkg, "ecosystem");
	name = cJSON_GetObjectItemCaseSensitive(pkg, "name");
	if (!cJSON_IsString(eco) || !eco->valuestring[0])
		return fail(c, "affected[%zu].package has no ecosystem", ai);
	if (!cJSON_IsString(name) || !name->valuestring[0])
		return fail(c, "affected[%zu].package has no name", ai);
	snprintf(what, sizeof(what), "affected[%zu].package.", ai);
	if ((err = dup_string(c, eco, &out->ecosystem)) < 0 || (err = dup_string(c, name, &out->name)) < 0 ||
	    (err = opt_string(c, pkg, "purl", what, &out->purl)) < 0)
		return err;

	ranges = member(a, "ranges");
	if (ranges && !cJSON_IsArray(ranges))
		return fail(c, "affected[%zu].ranges is not an array", ai);
	if (ranges && (out->nranges = (size_t)cJSON_GetArraySize(ranges))) {
		scan_osv_range *list = scan_arena__calloc(&c->rec->arena, out->nranges * sizeof(*list));
		if (!list)
			return scan_error__oom();
		cJSON_ArrayForEach(r, ranges) {
			if ((err = parse_range(c, r, &list[i], ai, i)) < 0)
				return err;
			i++;
		}
		out->ranges = list;
	}
	snprintf(what, sizeof(what), "affected[%zu].versions", ai);
	if ((err = string_array(c, member(a, "versions"), what, true, &out->versions, &out->nversions)) < 0)
		return err;
	return affected_severity(c, a, &out->severity);
}

/* Urls only; an entry without one is skipped. */
static int parse_references(const osv_ctx *c, const cJSON *arr)
{
	scan_osv_record *rec = c->rec;
	const cJSON *e;
	void *items;
	size_t i = 0;
	int rc;

	if ((rc = array_room(c, arr, "references", sizeof(*rec->references), &items)) <= 0)
		return rc;
	rec->references = items;
	cJSON_ArrayForEach(e, arr) {
		const cJSON *url = cJSON_GetObjectItemCaseSensitive(e, "url");
		int err;

		if (!cJSON_IsString(url))
			continue;
		if ((err = dup_string(c, url, &rec->references[i])) < 0)
			return err;
		i++;
	}
	rec->nreferences = i;
	return 0;
}

static int parse_record(const osv_ctx *c, const cJSON *root)
{
	scan_osv_record *rec = c->rec;
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(root, "id"), *affected, *a, *db;
	size_t i = 0;
	int err;

	if (!cJSON_IsObject(root))
		return fail(c, "an OSV record is a JSON object");
	if (!cJSON_IsString(id))
		return fail(c, "no id");
	if ((err = check_id(c, id->valuestring)) < 0 || (err = dup_string(c, id, &rec->id)) < 0)
		return err;
	if ((err = opt_string(c, root, "modified", "", &rec->modified)) < 0 ||
	    (err = opt_string(c, root, "published", "", &rec->published)) < 0 ||
	    (err = opt_string(c, root, "withdrawn", "", &rec->withdrawn)) < 0 ||
	    (err = opt_string(c, root, "summary", "", &rec->summary)) < 0 ||
	    (err = opt_string(c, root, "details", "", &rec->details)) < 0)
		return err;
	if ((err = string_array(c, member(root, "aliases"), "aliases", true, &rec->aliases, &rec->naliases)) < 0 ||
	    (err = parse_severity(c, member(root, "severity"))) < 0 ||
	    (err = parse_references(c, member(root, "references"))) < 0)
		return err;

	db = cJSON_GetObjectItemCaseSensitive(root, "database_specific");
	if (cJSON_IsObject(db)) {
		const cJSON *sev = cJSON_GetObjectItemCaseSensitive(db, "severity");
		if (cJSON_IsString(sev) && (err = dup_string(c, sev, &rec->db_severity)) < 0)
			return err;
		if ((err = string_array(c, cJSON_GetObjectItemCaseSensitive(db, "cwe_ids"), "database_specific.cwe_ids",
		                        false, &rec->cwes, &rec->ncwes)) < 0)
			return err;
	}

	affected = member(root, "affected");
	if (affected && !cJSON_IsArray(affected))
		return fail(c, "affected is not an array");
	if (affected && (rec->naffected = (size_t)cJSON_GetArraySize(affected))) {
		if (!(rec->affected = scan_arena__calloc(&rec->arena, rec->naffected * sizeof(*rec->affected))))
			return scan_error__oom();
		cJSON_ArrayForEach(a, affected) {
			if ((err = parse_affected(c, a, &rec->affected[i], i)) < 0)
				return err;
			i++;
		}
	}
	return 0;
}

int scan_osv__parse(scan_osv_record *rec, const char *text, size_t len, const char *origin)
{
	size_t events = 0;
	osv_ctx c = { rec, origin ? origin : "OSV record", &events };
	cJSON *root = NULL;
	int err;

	memset(rec, 0, sizeof(*rec));
	if ((err = scan_feeds__feed_json(text, len, SCAN_FEED_RECORD_MAX, OSV_VALUES_MAX, c.origin, &root)) < 0)
		return err;
	err = parse_record(&c, root);
	cJSON_Delete(root);
	if (err < 0) {
		/* Nothing half-read is left for a caller that looks before disposing. */
		scan_osv__dispose(rec);
	}
	return err;
}

void scan_osv__dispose(scan_osv_record *rec)
{
	if (!rec)
		return;
	scan_arena__dispose(&rec->arena);
	memset(rec, 0, sizeof(*rec));
}
