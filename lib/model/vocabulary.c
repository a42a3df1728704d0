/*
 * lib/model/vocabulary.c - the names every layer shares, written and read
 * in one place: severities and categories of findings, package
 * ecosystems, triage states of dependency findings, coverage report
 * formats. Each name is what the store keeps and the outputs show.
 */
#include <assert.h>
#include <string.h>
#include <strings.h>
#include "scan/coverage.h"
#include "scan/finding.h"
#include "scan/sca.h"
#include "scan/sca_policy.h"
#include "util/error.h"

static const char *const severity_names[] = { "low", "medium", "high", "critical" };
static const char *const category_names[SCAN_CAT__COUNT] = {
	"security", "secret", "iac", "quality", "sca", "ai",
};

const char *scan_severity_name(scan_severity s)
{
	return (unsigned)s <= SCAN_SEV_CRITICAL ? severity_names[s] : "low";
}

int scan_severity_parse(scan_severity *out, const char *name)
{
	for (int i = 0; i <= SCAN_SEV_CRITICAL; i++)
		if (name && !strcasecmp(name, severity_names[i])) {
			*out = (scan_severity)i;
			return 0;
		}
	return SCAN_EINVAL;
}

const char *scan_category_name(scan_category c)
{
	return (unsigned)c < SCAN_CAT__COUNT ? category_names[c] : "security";
}

int scan_category_parse(scan_category *out, const char *name)
{
	for (int i = 0; i < SCAN_CAT__COUNT; i++)
		if (name && !strcasecmp(name, category_names[i])) {
			*out = (scan_category)i;
			return 0;
		}
	return SCAN_EINVAL;
}

static const char *const eco_names[SCAN_ECO__COUNT] = {
	"npm", "PyPI", "Go", "crates.io", "Maven", "RubyGems", "NuGet", "Packagist", "Debian", "Alpine",
};

const char *scan_ecosystem_name(scan_ecosystem eco)
{
	return (unsigned)eco < SCAN_ECO__COUNT ? eco_names[eco] : "unknown";
}

int scan_ecosystem_parse(const char *name)
{
	/* OSV suffixes a release to distributions: "Debian:12", "Alpine:v3.19". */
	size_t len = strcspn(name, ":");

	for (int i = 0; i < SCAN_ECO__COUNT; i++)
		if (strlen(eco_names[i]) == len && !strncmp(name, eco_names[i], len))
			return i;
	return -1;
}

static const char *const triage_names[SCAN_SCA_TRIAGE__COUNT] = {
	"open", "accepted_risk", "not_applicable", "false_positive", "wont_fix", "in_progress", "fixed",
};

const char *scan_sca_triage_name(scan_sca_triage t)
{
	return (unsigned)t < SCAN_SCA_TRIAGE__COUNT ? triage_names[t] : "open";
}

int scan_sca_triage_parse(scan_sca_triage *out, const char *name)
{
	for (int i = 0; name && i < SCAN_SCA_TRIAGE__COUNT; i++)
		if (!strcmp(name, triage_names[i])) {
			*out = (scan_sca_triage)i;
			return 0;
		}
	return scan_util__error(SCAN_EINVAL, "unknown triage status '%.64s' (expected open, accepted_risk, not_applicable, "
	                                "false_positive, wont_fix, in_progress or fixed)", name ? name : "");
}

bool scan_sca_triage_suppresses(scan_sca_triage t)
{
	switch (t) {
	case SCAN_SCA_TRIAGE_ACCEPTED_RISK:
	case SCAN_SCA_TRIAGE_NOT_APPLICABLE:
	case SCAN_SCA_TRIAGE_FALSE_POSITIVE:
	case SCAN_SCA_TRIAGE_WONT_FIX:
		return true;
	case SCAN_SCA_TRIAGE_OPEN:
	case SCAN_SCA_TRIAGE_IN_PROGRESS:
	case SCAN_SCA_TRIAGE_FIXED: /* present again: the fix did not hold */
	default:
		return false;
	}
}

static const char *const format_names[] = {
	[SCAN_COV_AUTO] = "auto",
	[SCAN_COV_COBERTURA] = "cobertura",
	[SCAN_COV_JACOCO] = "jacoco",
	[SCAN_COV_CLOVER] = "clover",
	[SCAN_COV_LCOV] = "lcov",
	[SCAN_COV_NATIVE] = "rampart",
};
#define FORMAT_COUNT (sizeof(format_names) / sizeof(format_names[0]))

const char *scan_coverage_format_name(scan_cov_format f)
{
	return (size_t)f < FORMAT_COUNT ? format_names[f] : "unknown";
}

int scan_coverage_format_parse(scan_cov_format *out, const char *name)
{
	assert(out);
	for (size_t i = 0; name && i < FORMAT_COUNT; i++) {
		if (!strcmp(name, format_names[i])) {
			*out = (scan_cov_format)i;
			return 0;
		}
	}
	return scan_util__error(SCAN_EINVAL,
	                        "unknown coverage format '%s' (expected auto, cobertura, jacoco, clover, lcov or rampart)",
	                        name ? name : "");
}
