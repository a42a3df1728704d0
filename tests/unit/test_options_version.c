/* tests/unit/test_options_version.c - every versioned options struct of the public API refuses a version it does not know */
#include <string.h>
#include "helpers.h"
#include "scan/sca_policy.h"
#include "scan/scan.h"
#include "scan/store.h"
#include "scan/vulndb.h"
#include "scan/vulndb_update.h"

static void refused(int rc, const char *name)
{
	assert_int_equal(rc, SCAN_EINVAL);
	if (!strstr(scan_error_last()->message, name) || !strstr(scan_error_last()->message, "version 7"))
		fail_msg("message '%s' should name %s and its version", scan_error_last()->message, name);
}

static void test_unknown_versions_refused(void **state)
{
	scan_options so = SCAN_OPTIONS_INIT;
	scan_store_options sto = SCAN_STORE_OPTIONS_INIT;
	scan_finding_filter flt = SCAN_FINDING_FILTER_INIT;
	scan_sca_policy_options po = SCAN_SCA_POLICY_OPTIONS_INIT;
	scan_sca_policy_input in = SCAN_SCA_POLICY_INPUT_INIT;
	scan_vulndb_import_options io = SCAN_VULNDB_IMPORT_OPTIONS_INIT;
	scan_vulndb_update_config uc = SCAN_VULNDB_UPDATE_CONFIG_INIT;
	scan_vulndb_import_report irep;
	scan_vulndb_update_report urep;
	scan_result *r = NULL;
	scan_store *st = NULL;
	scan_finding_list *l = NULL;
	scan_sca_policy *p = NULL;
	scan_sca_policy_report *prep = NULL;

	(void)state;
	so.version = sto.version = flt.version = po.version = in.version = io.version = uc.version = 7;
	so.target = ".";
	refused(scan_run(&r, &so), "scan_options");
	assert_null(r);
	refused(scan_store_open_ext(&st, "/nonexistent/never.db", &sto), "scan_store_options");
	assert_null(st);
	refused(scan_store_findings(&l, NULL, SCAN_STORE_LOCAL_ORG, 1, &flt), "scan_finding_filter");
	assert_null(l);
	refused(scan_sca_policy_parse_yaml(&p, "version: 1\n", 11, NULL, &po), "scan_sca_policy_options");
	refused(scan_sca_policy_parse_json(&p, "{}", 2, NULL, &po), "scan_sca_policy_options");
	assert_null(p);
	assert_int_equal(scan_sca_policy_default(&p), 0);
	refused(scan_sca_policy_evaluate(&prep, p, &in), "scan_sca_policy_input");
	assert_null(prep);
	scan_sca_policy_free(p);
	refused(scan_vulndb_import(NULL, "/nonexistent", &io, &irep), "scan_vulndb_import_options");
	refused(scan_vulndb_update(NULL, &uc, &urep), "scan_vulndb_update_config");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_versions_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
