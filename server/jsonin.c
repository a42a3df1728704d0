/* server/jsonin.c - request bodies: one JSON value, bounded, read against a list of fields */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "srv.h"

/* The deepest nesting in text, strings skipped; stops counting past limit. */
static unsigned nesting(const char *s, size_t n, unsigned limit)
{
	unsigned depth = 0, max = 0;
	bool in_string = false;

	for (size_t i = 0; i < n && max <= limit; i++) {
		char c = s[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			if (++depth > max)
				max = depth;
		} else if ((c == '}' || c == ']') && depth) {
			depth--;
		}
	}
	return max;
}

bool srv_body_json(srv_req *r, cJSON **out)
{
	const char *end = NULL;

	*out = NULL;
	if (!r->body.size) {
		srv_error(r, 422, "A JSON body is required");
		return false;
	}
	/* cJSON recurses per level: refuse deep documents before it sees them. */
	if (nesting(r->body.ptr, r->body.size, SRV_JSON_DEPTH_MAX) > SRV_JSON_DEPTH_MAX) {
		srv_error(r, 400, "JSON nested deeper than %d levels", SRV_JSON_DEPTH_MAX);
		return false;
	}
	*out = cJSON_ParseWithLengthOpts(r->body.ptr, r->body.size, &end, false);
	if (!*out) {
		srv_error(r, 400, "Malformed JSON at byte %zu", end ? (size_t)(end - r->body.ptr) : (size_t)0);
		return false;
	}
	for (; end && end < r->body.ptr + r->body.size; end++) {
		if (*end != ' ' && *end != '\t' && *end != '\r' && *end != '\n') {
			cJSON_Delete(*out);
			*out = NULL;
			srv_error(r, 400, "Malformed JSON: text after the value at byte %zu", (size_t)(end - r->body.ptr));
			return false;
		}
	}
	return true;
}

static const char *type_name(srv_ftype t)
{
	switch (t) {
	case SRV_F_STRING: return "a string";
	case SRV_F_INT: return "an integer";
	case SRV_F_NUMBER: return "a number";
	case SRV_F_BOOL: return "a boolean";
	case SRV_F_OBJECT: return "an object";
	case SRV_F_STRINGS: return "an array of strings";
	case SRV_F_SCALAR: return "a string or a number";
	}
	return "a value";
}

static bool read_one(const cJSON *v, const srv_field *f)
{
	switch (f->type) {
	case SRV_F_STRING:
		if (!cJSON_IsString(v))
			return false;
		*(const char **)f->out = v->valuestring;
		return true;
	case SRV_F_INT:
		/* Integers only, and only those a double holds exactly. */
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble != floor(v->valuedouble) ||
		    fabs(v->valuedouble) > 9007199254740992.0)
			return false;
		*(int64_t *)f->out = (int64_t)v->valuedouble;
		return true;
	case SRV_F_NUMBER:
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
			return false;
		*(double *)f->out = v->valuedouble;
		return true;
	case SRV_F_BOOL:
		if (!cJSON_IsBool(v))
			return false;
		*(bool *)f->out = cJSON_IsTrue(v);
		return true;
	case SRV_F_OBJECT:
		if (!cJSON_IsObject(v))
			return false;
		*(const cJSON **)f->out = v;
		return true;
	case SRV_F_SCALAR:
		if (!cJSON_IsString(v) && !cJSON_IsNumber(v))
			return false;
		*(const cJSON **)f->out = v;
		return true;
	case SRV_F_STRINGS: {
		const cJSON *e;
		if (!cJSON_IsArray(v))
			return false;
		cJSON_ArrayForEach(e, v)
			if (!cJSON_IsString(e))
				return false;
		*(const cJSON **)f->out = v;
		return true;
	}
	}
	return false;
}

bool srv_read_fields(srv_req *r, const cJSON *o, const srv_field *fields, const char *where)
{
	const cJSON *m;

	if (!cJSON_IsObject(o)) {
		srv_error(r, 422, "%s must be a JSON object", where);
		return false;
	}
	/* What the route does not take is refused, not ignored: org_id or role in a body changes nothing. */
	cJSON_ArrayForEach(m, o) {
		const srv_field *f = fields;
		while (f->name && strcmp(f->name, m->string))
			f++;
		if (!f->name) {
			srv_error(r, 422, "Unknown field '%.64s' in %s", m->string, where);
			return false;
		}
		for (const cJSON *p = o->child; p != m; p = p->next) {
			if (!strcmp(p->string, m->string)) {
				srv_error(r, 422, "Field '%s' given twice in %s", f->name, where);
				return false;
			}
		}
	}
	for (const srv_field *f = fields; f->name; f++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, f->name);
		if (f->present)
			*f->present = false;
		if (!v || (cJSON_IsNull(v) && f->nullable)) {
			if (f->required && !v) {
				srv_error(r, 422, "Field '%s' is required in %s", f->name, where);
				return false;
			}
			continue;
		}
		if (!read_one(v, f)) {
			srv_error(r, 422, "Field '%s' must be %s%s", f->name, type_name(f->type), f->nullable ? " or null" : "");
			return false;
		}
		if (f->present)
			*f->present = true;
	}
	return true;
}
