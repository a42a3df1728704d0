/* lib/aiasset/diff.c - what changed in the AI inventory between two BOM generations */
#include <stddef.h>
#include <string.h>
#include "aiasset/diff.h"

/* The fields a diff compares; evidence is compared apart (it moves with every edit of a file). */
static const struct {
	const char *name;
	size_t offset;
} fields[] = {
	{ "name", offsetof(scan_ai_asset, name) },
	{ "provider", offsetof(scan_ai_asset, provider) },
	{ "version", offsetof(scan_ai_asset, version) },
	{ "pinning", offsetof(scan_ai_asset, pinning) },
	{ "sha256", offsetof(scan_ai_asset, sha256) },
	{ "transport", offsetof(scan_ai_asset, transport) },
	{ "package", offsetof(scan_ai_asset, package) },
};

static const char *field(const scan_ai_asset *a, size_t i)
{
	return *(const char *const *)((const char *)a + fields[i].offset);
}

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool same_evidence(const scan_ai_asset *a, const scan_ai_asset *b)
{
	if (a->nevidence != b->nevidence || a->nevidence_total != b->nevidence_total)
		return false;
	for (size_t i = 0; i < a->nevidence; i++)
		if (!same(a->evidence[i].file_path, b->evidence[i].file_path) || a->evidence[i].line != b->evidence[i].line ||
		    !same(a->evidence[i].signal, b->evidence[i].signal))
			return false;
	return true;
}

static size_t find(const scan_ai_inventory *inv, const char *identity)
{
	size_t lo = 0, hi = inv->nassets;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(inv->assets[mid].identity, identity);
		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (size_t)-1;
}

/* Whether inventory a has the relation (from, kind, to) of inventory b, by identities. */
static bool has_relation(const scan_ai_inventory *a, const scan_ai_inventory *b, const scan_ai_relation *r)
{
	const char *from = b->assets[r->from].identity, *to = b->assets[r->to].identity;

	for (size_t i = 0; i < a->nrelations; i++)
		if (!strcmp(a->relations[i].kind, r->kind) && !strcmp(a->assets[a->relations[i].from].identity, from) &&
		    !strcmp(a->assets[a->relations[i].to].identity, to))
			return true;
	return false;
}

static void relation_json(scan_json *w, const scan_ai_inventory *inv, const scan_ai_relation *r, const char *change)
{
	scan_json_open(w, NULL, '{');
	scan_json_str(w, "change", change);
	scan_json_str(w, "from", inv->assets[r->from].identity);
	scan_json_str(w, "kind", r->kind);
	scan_json_str(w, "to", inv->assets[r->to].identity);
	scan_json_close(w, '}');
}

const char *scan_aiasset__diff_status(const scan_ai_diff_side *from, const scan_ai_diff_side *to)
{
	if (strcmp(from->canonicalization, to->canonicalization))
		return "requires_rebaseline";
	/* a gap on either side may hide an asset: what looks removed or added may only be unseen */
	if (from->inv->ngaps || to->inv->ngaps)
		return "inferred";
	return "exact";
}

void scan_ai_diff_json(scan_json *w, const scan_ai_inventory *a, const char *a_canon, const scan_ai_inventory *b,
                       const char *b_canon)
{
	scan_ai_diff_side from = { a, a_canon }, to = { b, b_canon };
	const char *status = scan_aiasset__diff_status(&from, &to);
	size_t unchanged = 0, counts[4] = { 0 };

	scan_json_str(w, "comparison_status", status);
	if (!strcmp(status, "requires_rebaseline")) {
		/* identities were made differently: comparing them would report churn, not change */
		scan_json_str(w, "reason", "the two generations were canonicalized differently; compare from a generation "
		                           "made after the change");
		return;
	}
	scan_json_open(w, "additions", '[');
	for (size_t i = 0; i < b->nassets; i++)
		if (find(a, b->assets[i].identity) == (size_t)-1) {
			scan_ai_asset_json(w, NULL, &b->assets[i]);
			counts[0]++;
		}
	scan_json_close(w, ']');
	scan_json_open(w, "removals", '[');
	for (size_t i = 0; i < a->nassets; i++)
		if (find(b, a->assets[i].identity) == (size_t)-1) {
			scan_ai_asset_json(w, NULL, &a->assets[i]);
			counts[1]++;
		}
	scan_json_close(w, ']');
	scan_json_open(w, "modified", '[');
	for (size_t i = 0; i < b->nassets; i++) {
		size_t k = find(a, b->assets[i].identity);
		bool any = false;
		if (k == (size_t)-1)
			continue;
		for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
			const char *x = field(&a->assets[k], f), *y = field(&b->assets[i], f);
			if (same(x, y))
				continue;
			if (!any) {
				scan_json_open(w, NULL, '{');
				scan_json_str(w, "identity", b->assets[i].identity);
				scan_json_open(w, "fields", '[');
				any = true;
			}
			scan_json_open(w, NULL, '{');
			scan_json_str(w, "field", fields[f].name);
			scan_json_str(w, "from", x);
			scan_json_str(w, "to", y);
			scan_json_close(w, '}');
		}
		if (any) {
			scan_json_close(w, ']');
			scan_json_close(w, '}');
			counts[2]++;
		}
	}
	scan_json_close(w, ']');
	scan_json_open(w, "evidence_only", '[');
	for (size_t i = 0; i < b->nassets; i++) {
		size_t k = find(a, b->assets[i].identity);
		bool fields_same = true;
		if (k == (size_t)-1)
			continue;
		for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++)
			fields_same &= same(field(&a->assets[k], f), field(&b->assets[i], f));
		if (!fields_same)
			continue;
		if (same_evidence(&a->assets[k], &b->assets[i])) {
			unchanged++;
			continue;
		}
		scan_json_str(w, NULL, b->assets[i].identity);
		counts[3]++;
	}
	scan_json_close(w, ']');
	scan_json_open(w, "relationship_changes", '[');
	for (size_t i = 0; i < b->nrelations; i++)
		if (!has_relation(a, b, &b->relations[i]))
			relation_json(w, b, &b->relations[i], "added");
	for (size_t i = 0; i < a->nrelations; i++)
		if (!has_relation(b, a, &a->relations[i]))
			relation_json(w, a, &a->relations[i], "removed");
	scan_json_close(w, ']');
	scan_json_uint(w, "unchanged", unchanged);
	scan_json_open(w, "summary", '{');
	scan_json_uint(w, "added", counts[0]);
	scan_json_uint(w, "removed", counts[1]);
	scan_json_uint(w, "modified", counts[2]);
	scan_json_uint(w, "evidence_only", counts[3]);
	scan_json_uint(w, "unchanged", unchanged);
	scan_json_close(w, '}');
}
