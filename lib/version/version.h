/* lib/version/version.h - version ordering per ecosystem, and OSV ranges over it */
#ifndef SCAN_SCA_VERSION_H
#define SCAN_SCA_VERSION_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/sca.h"

/*
 * Order two versions the way the ecosystem's own tool does: SemVer 2.0 for
 * npm and crates.io, PEP 440 for PyPI, Maven's ComparableVersion, RubyGems'
 * Gem::Version, Go modules (SemVer with a "v", pseudo-versions,
 * +incompatible), NuGet (SemVer with four parts, case-insensitive labels),
 * Composer, dpkg and apk. *cmp is <0, 0 or >0. Returns 0, or SCAN_EPARSE
 * when either string is not a version of that ecosystem (the message names
 * it): an unparseable version is reported, never guessed at.
 */
int scan_version__cmp(scan_ecosystem eco, const char *a, const char *b, int *cmp);
/* 0 when v is a version of eco, else SCAN_EPARSE with a message. */
int scan_version__check(scan_ecosystem eco, const char *v);

typedef enum {
	SCAN_OSV_INTRODUCED,
	SCAN_OSV_FIXED,
	SCAN_OSV_LAST_AFFECTED,
	SCAN_OSV_LIMIT,
} scan_osv_event_kind;

typedef struct {
	scan_osv_event_kind kind;
	const char *version;       /* "0" for introduced means "every version" */
} scan_osv_event;

typedef enum {
	SCAN_OSV_RANGE_ECOSYSTEM,  /* the ecosystem's ordering */
	SCAN_OSV_RANGE_SEMVER,     /* SemVer 2.0 ordering (Go's records drop the "v") */
	SCAN_OSV_RANGE_GIT,        /* commits: never evaluated against a version */
} scan_osv_range_type;

typedef struct {
	scan_osv_range_type type;
	const scan_osv_event *events;
	size_t nevents;
} scan_osv_range;

/*
 * Whether `version` is affected by one affected[] entry of an OSV record:
 * its ranges (OSV's evaluation: events sorted by version, introduced opens,
 * fixed and last_affected close, limit caps) or its explicit versions list.
 * *fixed is the smallest `fixed` event above `version` of a range that
 * affects it (NULL when none; borrowed from the events). Events whose
 * version does not parse are skipped; SCAN_EPARSE when `version` itself
 * does not parse.
 */
int scan_version__osv_affects(scan_ecosystem eco, const scan_osv_range *ranges, size_t nranges,
                              const char *const *versions, size_t nversions, const char *version,
                              bool *affected, const char **fixed);

#endif
