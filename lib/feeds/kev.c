/* lib/feeds/kev.c - CISA's Known Exploited Vulnerabilities catalog (JSON) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "feeds/feeds.h"
#include "feeds/feeds_int.h"
#include "util/error.h"

/*
 * {"title": ..., "catalogVersion": "2025.08.25", "dateReleased": "...Z",
 *  "count": 1404, "vulnerabilities": [{"cveID": "CVE-2021-44228",
 *  "vendorProject", "product", "vulnerabilityName", "dateAdded": "2021-12-10",
 *  "shortDescription", "requiredAction", "dueDate": "2021-12-24",
 *  "knownRansomwareCampaignUse": "Known" | "Unknown", "notes", "cwes"}]}
 * The fields kept are the ones the schema requires (the ransomware flag is
 * optional there); other fields are ignored. A count that disagrees with the
 * list means the catalog was cut or edited: refused.
 */

#define KEV_MAX ((size_t)64 << 20)          /* bytes (1.2 MB in 2025) */
#define KEV_VALUES_MAX ((size_t)4 << 20)   /* JSON values (~18k in 2025) */

static int kev_fail(const char *origin, const char *fmt, ...) SCAN_PRINTF(2, 3);

static int kev_fail(const char *origin, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return scan_util__error(SCAN_EPARSE, "%.200s: %s", origin, reason);
}

static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* CVE-YYYY-NNNN with 4 to 19 digits in the number (the schema's pattern). */
static bool is_cve(const char *s)
{
	size_t n = strlen(s);

	return n >= 13 && n <= 28 && !memcmp(s, "CVE-", 4) && digits(s + 4, 4) && s[8] == '-' && digits(s + 9, n - 9);
}

static bool is_date(const char *s)
{
	int month, day;

	if (strlen(s) != 10 || !digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' || !digits(s + 8, 2))
		return false;
	month = (s[5] - '0') * 10 + (s[6] - '0');
	day = (s[8] - '0') * 10 + (s[9] - '0');
	return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

static int field(scan_kev_catalog *cat, const cJSON *obj, const char *key, size_t i, const char *origin,
                 const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!cJSON_IsString(v))
		return kev_fail(origin, "vulnerabilities[%zu] has no %s", i, key);
	if (!(*out = scan_arena__strdup(&cat->arena, v->valuestring)))
		return scan_error__oom();
	return 0;
}

static int parse_entry(scan_kev_catalog *cat, const cJSON *v, size_t i, const char *origin)
{
	scan_kev_entry *e = &cat->entries[i];
	const cJSON *ransom;
	int err;

	if (!cJSON_IsObject(v))
		return kev_fail(origin, "vulnerabilities[%zu] is not an object", i);
	if ((err = field(cat, v, "cveID", i, origin, &e->cve)) < 0 ||
	    (err = field(cat, v, "vendorProject", i, origin, &e->vendor)) < 0 ||
	    (err = field(cat, v, "product", i, origin, &e->product)) < 0 ||
	    (err = field(cat, v, "vulnerabilityName", i, origin, &e->name)) < 0 ||
	    (err = field(cat, v, "dateAdded", i, origin, &e->date_added)) < 0 ||
	    (err = field(cat, v, "dueDate", i, origin, &e->due_date)) < 0)
		return err;
	if (!is_cve(e->cve))
		return kev_fail(origin, "vulnerabilities[%zu]: '%.40s' is not a CVE id", i, e->cve);
	if (!is_date(e->date_added))
		return kev_fail(origin, "vulnerabilities[%zu] (%s): dateAdded '%.40s' is not YYYY-MM-DD", i, e->cve,
		                e->date_added);
	if (!is_date(e->due_date))
		return kev_fail(origin, "vulnerabilities[%zu] (%s): dueDate '%.40s' is not YYYY-MM-DD", i, e->cve,
		                e->due_date);
	ransom = cJSON_GetObjectItemCaseSensitive(v, "knownRansomwareCampaignUse");
	if (ransom && !cJSON_IsString(ransom))
		return kev_fail(origin, "vulnerabilities[%zu] (%s): knownRansomwareCampaignUse is not a string", i, e->cve);
	e->ransomware = ransom && !strcmp(ransom->valuestring, "Known");
	return 0;
}

static int parse_catalog(scan_kev_catalog *cat, const cJSON *root, const char *origin)
{
	const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "catalogVersion");
	const cJSON *rel = cJSON_GetObjectItemCaseSensitive(root, "dateReleased");
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(root, "count");
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "vulnerabilities"), *v;
	size_t n, i = 0;
	int err;

	if (!cJSON_IsObject(root))
		return kev_fail(origin, "the KEV catalog is a JSON object");
	if (!cJSON_IsString(ver))
		return kev_fail(origin, "no catalogVersion");
	if (!cJSON_IsString(rel))
		return kev_fail(origin, "no dateReleased");
	if (!cJSON_IsArray(list))
		return kev_fail(origin, "no vulnerabilities array");
	if (!(cat->catalog_version = scan_arena__strdup(&cat->arena, ver->valuestring)) ||
	    !(cat->date_released = scan_arena__strdup(&cat->arena, rel->valuestring)))
		return scan_error__oom();
	n = (size_t)cJSON_GetArraySize(list);
	if (count && (!cJSON_IsNumber(count) || count->valuedouble != (double)n))
		return kev_fail(origin, "count does not match the %zu vulnerabilities listed", n);
	if (!n)
		return 0;
	if (!(cat->entries = scan_arena__calloc(&cat->arena, n * sizeof(*cat->entries))))
		return scan_error__oom();
	cJSON_ArrayForEach(v, list) {
		if ((err = parse_entry(cat, v, i, origin)) < 0)
			return err;
		i++;
	}
	cat->count = n;
	return 0;
}

int scan_kev__parse(scan_kev_catalog *cat, const char *text, size_t len, const char *origin)
{
	cJSON *root = NULL;
	int err;

	memset(cat, 0, sizeof(*cat));
	if (!origin)
		origin = "KEV catalog";
	if ((err = scan_feeds__feed_json(text, len, KEV_MAX, KEV_VALUES_MAX, origin, &root)) < 0)
		return err;
	err = parse_catalog(cat, root, origin);
	cJSON_Delete(root);
	if (err < 0)
		scan_kev__dispose(cat);
	return err;
}

void scan_kev__dispose(scan_kev_catalog *cat)
{
	if (!cat)
		return;
	scan_arena__dispose(&cat->arena);
	memset(cat, 0, sizeof(*cat));
}
