/* include/scan/sca.h - dependency inventory: the components lockfiles name */
#ifndef SCAN_SCA_H
#define SCAN_SCA_H

#include "common.h"

/*
 * The package ecosystems Rampart reads, named as OSV names them (the
 * `affected[].package.ecosystem` of an advisory), which is also how the
 * vulnerability database keys its records.
 */
typedef enum {
	SCAN_ECO_NPM,        /* "npm" */
	SCAN_ECO_PYPI,       /* "PyPI" */
	SCAN_ECO_GO,         /* "Go" */
	SCAN_ECO_CARGO,      /* "crates.io" */
	SCAN_ECO_MAVEN,      /* "Maven"; name is "group:artifact" */
	SCAN_ECO_RUBYGEMS,   /* "RubyGems" */
	SCAN_ECO_NUGET,      /* "NuGet" */
	SCAN_ECO_PACKAGIST,  /* "Packagist"; name is "vendor/package" */
	SCAN_ECO_DEBIAN,     /* "Debian" */
	SCAN_ECO_ALPINE,     /* "Alpine" */
	SCAN_ECO__COUNT
} scan_ecosystem;

/* "PyPI"...; static storage. */
SCAN_EXTERN const char *scan_ecosystem_name(scan_ecosystem eco);
/* The ecosystem OSV calls name ("Debian:12" is Debian); -1 when none. */
SCAN_EXTERN int scan_ecosystem_parse(const char *name);

/* How a component relates to the project that declares it. */
enum {
	SCAN_DEP_DIRECT = 1u << 0,     /* the project names it itself */
	SCAN_DEP_TRANSITIVE = 1u << 1, /* only reached through another component;
	                                  neither bit: the format does not say */
	SCAN_DEP_DEV = 1u << 2,        /* development/test only */
	SCAN_DEP_OPTIONAL = 1u << 3,
	SCAN_DEP_LOCAL = 1u << 4,      /* a workspace member or path dependency: not from a registry */
	SCAN_DEP_GIT = 1u << 5,        /* from a git repository; version may be a commit */
	SCAN_DEP_URL = 1u << 6,        /* from a tarball or wheel URL */
	SCAN_DEP_UNPINNED = 1u << 7,   /* declared without an exact version (a manifest, not a lockfile) */
};

typedef struct {
	scan_ecosystem ecosystem;
	const char *name;       /* as the ecosystem spells it */
	const char *version;    /* exact version; NULL when only a range is declared */
	const char *purl;       /* package URL, always set */
	const char *license;    /* SPDX expression or the text the file gives; NULL when none */
	const char *file;       /* the lockfile, relative to the scanned root */
	unsigned line;          /* 1-based where the component is declared, 0 when unknown */
	unsigned flags;         /* SCAN_DEP_* */
	const size_t *deps;     /* indexes of the components this one depends on */
	size_t ndeps;
} scan_component;

/* Something about a lockfile that did not stop the scan: it would not parse, a version could not be ordered. */
typedef struct {
	const char *file;       /* NULL: about the whole scan */
	unsigned line;          /* 0 when unknown */
	const char *message;    /* without file and line */
} scan_sca_problem;

#endif
