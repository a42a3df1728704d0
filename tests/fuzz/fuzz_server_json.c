/* tests/fuzz/fuzz_server_json.c - request bodies through the server's strict JSON reader */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "srv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Any body is either read (every field of the list of its declared type,
 * nothing else in the object) or answered 400 or 422 with a JSON detail;
 * never a crash, never deep recursion.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	srv_req r;
	cJSON *body = NULL;
	const char *name = NULL;
	const cJSON *perms = NULL, *policy = NULL;
	int64_t days = 0;
	double pct = 0;
	bool flag = false, has_days = false;
	const srv_field fields[] = {
		{ "name", SRV_F_STRING, true, false, &name, NULL },
		{ "permissions", SRV_F_STRINGS, false, true, &perms, NULL },
		{ "expires_in_days", SRV_F_INT, false, true, &days, &has_days },
		{ "pct", SRV_F_NUMBER, false, false, &pct, NULL },
		{ "enabled", SRV_F_BOOL, false, false, &flag, NULL },
		{ "policy", SRV_F_OBJECT, false, false, &policy, NULL },
		{ 0 },
	};

	memset(&r, 0, sizeof(r));
	r.body = (scan_buf)SCAN_BUF_INIT;
	r.out = (scan_buf)SCAN_BUF_INIT;
	r.headers = (scan_buf)SCAN_BUF_INIT;
	scan_buf_put(&r.body, (const char *)data, size);
	if (srv_body_json(&r, &body) && srv_read_fields(&r, body, fields, "the body")) {
		if (!name || r.status)
			abort();
		if (has_days && (double)days != (double)(int64_t)days)
			abort();
	} else {
		if ((r.status != 400 && r.status != 422) || !r.out.size || r.out.ptr[0] != '{')
			abort();
		cJSON *e = cJSON_Parse(r.out.ptr);
		if (!e || !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "detail")))
			abort();
		cJSON_Delete(e);
	}
	cJSON_Delete(body);
	scan_buf_dispose(&r.body);
	scan_buf_dispose(&r.out);
	scan_buf_dispose(&r.headers);
	return 0;
}
