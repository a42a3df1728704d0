/* lib/store/aideclare.c - BOM declarations: what an organization states about an asset, every version kept */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "scan/aiasm_store.h"
#include "scan/array.h"
#include "store/store_int.h"
#include "util/error.h"

typedef struct {
	scan_arena arena;
	size_t cap;
} declaration_storage;

void scan_ai_declaration_list_dispose(scan_ai_declaration_list *l)
{
	declaration_storage *s = l->storage;

	if (s) {
		scan_arena__dispose(&s->arena);
		free(s);
	}
	free(l->items);
	memset(l, 0, sizeof(*l));
}

#define COLUMNS                                                                                                    \
	"a.identity, d.version, d.supplier_name, d.component_version, d.declared_license, d.download_location,"       \
	" d.release_time, d.source_kind, d.source_uri, d.source_digest, d.verified, d.updated_at, u.email"

static int read_rows(scan_ai_declaration_list *out, scan_db *db, scan_db_stmt *s)
{
	declaration_storage *ds = out->storage;
	int step, oom = 0;

	while ((step = scan_db__step(s)) == SCAN_DB_ROW) {
		scan_ai_declaration *d;
		if (scan_array_reserve(&out->items, &ds->cap, out->count + 1, sizeof(*out->items))) {
			oom = 1;
			break;
		}
		d = &out->items[out->count++];
		memset(d, 0, sizeof(*d));
		d->identity = scan_db__col_text(s, 0, &ds->arena, &oom);
		d->version = scan_db__column_int64(s, 1);
		d->supplier_name = scan_db__col_text(s, 2, &ds->arena, &oom);
		d->component_version = scan_db__col_text(s, 3, &ds->arena, &oom);
		d->declared_license = scan_db__col_text(s, 4, &ds->arena, &oom);
		d->download_location = scan_db__col_text(s, 5, &ds->arena, &oom);
		d->release_time = (long long)scan_db__col_time(s, 6);
		d->source_kind = scan_db__col_text(s, 7, &ds->arena, &oom);
		d->source_uri = scan_db__col_text(s, 8, &ds->arena, &oom);
		d->source_digest = scan_db__col_text(s, 9, &ds->arena, &oom);
		d->verified = scan_db__column_int(s, 10) != 0;
		d->updated_at = (long long)scan_db__col_time(s, 11);
		d->updated_by = scan_db__col_text(s, 12, &ds->arena, &oom);
	}
	if (oom)
		return scan_error__oom();
	return step == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot read the BOM declarations");
}

static int start(scan_ai_declaration_list *out)
{
	memset(out, 0, sizeof(*out));
	return (out->storage = calloc(1, sizeof(declaration_storage))) ? 0 : scan_error__oom();
}

int scan_store_ai_declaration_get(scan_ai_declaration_list *out, scan_store *st, int64_t org, int64_t asset_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc, step;

	if ((rc = start(out)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s, "SELECT 1 FROM ai_assets WHERE id = ?1 AND org_id = ?2")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, asset_id);
	scan_db__bind_int64(s, 2, org);
	step = scan_db__step(s);
	scan_db__finalize(s);
	s = NULL;
	if (step != SCAN_DB_ROW) {
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "AI asset not found")
		                          : scan_db__error(db, "cannot read the AI asset");
		goto done;
	}
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT " COLUMNS " FROM ai_bom_declarations d JOIN ai_assets a ON a.id = d.asset_id"
	        " LEFT JOIN users u ON u.id = d.updated_by"
	        " WHERE d.asset_id = ?1 AND d.org_id = ?2 ORDER BY d.version DESC LIMIT 1")) != 0)
		goto done;
	scan_db__bind_int64(s, 1, asset_id);
	scan_db__bind_int64(s, 2, org);
	rc = read_rows(out, db, s);
done:
	scan_db__finalize(s);
	if (rc)
		scan_ai_declaration_list_dispose(out);
	return rc;
}

static int cmp_declaration(const void *x, const void *y)
{
	return strcmp(((const scan_ai_declaration *)x)->identity, ((const scan_ai_declaration *)y)->identity);
}

int scan_store_ai_declarations(scan_ai_declaration_list *out, scan_store *st, int64_t org, int64_t repo_id)
{
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	int rc;

	if ((rc = start(out)) != 0)
		return rc;
	if ((rc = scan_db__prepare(db, &s,
	        "SELECT " COLUMNS " FROM ai_bom_declarations d JOIN ai_assets a ON a.id = d.asset_id"
	        " LEFT JOIN users u ON u.id = d.updated_by"
	        " WHERE a.repo_id = ?1 AND d.org_id = ?2"
	        " AND d.version = (SELECT MAX(version) FROM ai_bom_declarations x WHERE x.asset_id = d.asset_id)"
	        " ORDER BY a.identity")) == 0) {
		scan_db__bind_int64(s, 1, repo_id);
		scan_db__bind_int64(s, 2, org);
		rc = read_rows(out, db, s);
	}
	scan_db__finalize(s);
	/* the writers search them with strcmp's order, which the database's collation need not share */
	if (!rc && out->count > 1)
		qsort(out->items, out->count, sizeof(*out->items), cmp_declaration);
	if (rc)
		scan_ai_declaration_list_dispose(out);
	return rc;
}

typedef struct {
	int64_t org, asset_id, user_id;
	const scan_ai_declaration *d;
	long long expected, version;
	const scan_audit_entry *audit;
} put_ctx;

static int put_body(scan_store *st, void *ctx)
{
	put_ctx *c = ctx;
	scan_db *db = scan_store__conn(st);
	scan_db_stmt *s = NULL;
	long long current = 0;
	int64_t audit_id;
	int rc, step;

	if ((rc = scan_db__prepare(db, &s,
	        "SELECT a.id, (SELECT MAX(version) FROM ai_bom_declarations d WHERE d.asset_id = a.id)"
	        " FROM ai_assets a WHERE a.id = ?1 AND a.org_id = ?2")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->asset_id);
	scan_db__bind_int64(s, 2, c->org);
	step = scan_db__step(s);
	if (step == SCAN_DB_ROW)
		current = scan_db__column_is_null(s, 1) ? 0 : scan_db__column_int64(s, 1);
	else
		rc = step == SCAN_DB_DONE ? scan_util__error(SCAN_ENOTFOUND, "AI asset not found")
		                          : scan_db__error(db, "cannot read the BOM declaration");
	scan_db__finalize(s);
	s = NULL;
	if (rc)
		return rc;
	if (current != c->expected)
		return scan_util__error(SCAN_ECONFLICT, "The declaration is at version %lld, not %lld: read it again and "
		                                        "resend with expected_version %lld", current, c->expected, current);
	if ((rc = scan_db__prepare(db, &s,
	        "INSERT INTO ai_bom_declarations (asset_id, version, org_id, supplier_name, component_version,"
	        " declared_license, download_location, release_time, source_kind, source_uri, source_digest, verified,"
	        " updated_by, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)")) != 0)
		return rc;
	scan_db__bind_int64(s, 1, c->asset_id);
	scan_db__bind_int64(s, 2, current + 1);
	scan_db__bind_int64(s, 3, c->org);
	scan_db__bind_text(s, 4, c->d->supplier_name);
	scan_db__bind_text(s, 5, c->d->component_version);
	scan_db__bind_text(s, 6, c->d->declared_license);
	scan_db__bind_text(s, 7, c->d->download_location);
	scan_db__bind_time(s, 8, (time_t)c->d->release_time);
	scan_db__bind_text(s, 9, c->d->source_kind);
	scan_db__bind_text(s, 10, c->d->source_uri);
	scan_db__bind_text(s, 11, c->d->source_digest);
	scan_db__bind_int64(s, 12, c->d->verified);
	scan_db__bind_id(s, 13, c->user_id);
	scan_db__bind_time(s, 14, time(NULL));
	rc = scan_db__step(s) == SCAN_DB_DONE ? 0 : scan_db__error(db, "cannot write the BOM declaration");
	scan_db__finalize(s);
	c->version = current + 1;
	return rc || !c->audit ? rc : scan_store_audit_add(&audit_id, st, c->org, c->audit);
}

int scan_store_ai_declaration_put(long long *version, scan_store *st, int64_t org, int64_t asset_id,
                                  const scan_ai_declaration *d, long long expected_version, int64_t user_id,
                                  const scan_audit_entry *audit)
{
	put_ctx c = { org, asset_id, user_id, d, expected_version, 0, audit };
	int rc = scan_store_transact(st, put_body, &c);

	if (!rc && version)
		*version = c.version;
	return rc;
}
