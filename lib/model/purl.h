/* lib/model/purl.h - a package's identity: its lookup key, its package URL, and reading one back */
#ifndef SCAN_MODEL_PURL_H
#define SCAN_MODEL_PURL_H

#include <stddef.h>
#include "scan/sca.h"
#include "util/arena.h"

/*
 * The key a package is looked up by in the vulnerability database, the
 * same for the name a lockfile writes and the name an advisory writes:
 * PEP 503 for PyPI; lowercase for NuGet, Packagist and npm; lowercase with
 * '_' as '-' for crates.io; as written elsewhere (Go module paths, Maven
 * coordinates and gems are case-sensitive). Written into out (arena).
 */
int scan_model__name_key(scan_arena *a, scan_ecosystem eco, const char *name, const char **out);

/* The package URL of a component (https://github.com/package-url/purl-spec). */
int scan_model__purl(scan_arena *a, scan_ecosystem eco, const char *name, const char *version,
                     const char **out);


/*
 * A package URL (https://github.com/package-url/purl-spec) is
 *   pkg:type/namespace/name@version?qualifiers#subpath
 * and comes from documents other tools wrote (SBOMs, VEX), so it is
 * untrusted: the whole string is capped at SCAN_SCA_PURL_MAX bytes and no
 * part may decode to a control character.
 */
#define SCAN_SCA_PURL_MAX 8192
#define SCAN_SCA_NAME_MAX 1024                 /* bytes of a package name */
#define SCAN_SCA_VERSION_MAX 256               /* bytes of a version */

typedef struct {
	const char *key;           /* lower-case */
	const char *value;         /* percent-decoded, never empty */
} scan_purl_qualifier;

/* Every string lives in the arena given to scan_model__purl_parse(). */
typedef struct {
	const char *type;          /* lower-case: "npm", "maven" */
	const char *ns;            /* namespace: segments decoded and joined by '/'; NULL when none */
	const char *name;          /* decoded, never empty */
	const char *version;       /* decoded; NULL when none */
	const scan_purl_qualifier *qualifiers;  /* sorted by key, keys unique */
	size_t nqualifiers;
	const char *subpath;       /* segments decoded and joined by '/'; NULL when none */
} scan_purl;

/*
 * Parse purl[0..len) (need not be NUL-terminated) as the specification's
 * "how to parse" says, with one leniency: the version is split at the last
 * '@' after the last '/', so an unencoded npm scope ("pkg:npm/@types/node")
 * still reads as a namespace. Returns 0, SCAN_EPARSE (malformed: the
 * message names the purl and what is wrong) or SCAN_ELIMIT (too long), or
 * SCAN_ENOMEM.
 */
int scan_model__purl_parse(scan_purl *out, const char *purl, size_t len, scan_arena *a);
/* The same, raising no message (for questions such as "is this the same package?"). */
int scan_model__purl_parse_quiet(scan_purl *out, const char *purl, size_t len, scan_arena *a);

/* The value of qualifier key (lower-case), or NULL. */
const char *scan_model__purl_qualifier(const scan_purl *p, const char *key);

/* What a purl names in Rampart's terms (include/scan/sca.h). */
typedef struct {
	scan_ecosystem ecosystem;
	const char *name;          /* as the ecosystem spells it (see scan_model__purl_package) */
	const char *version;       /* NULL when the purl has none */
	const char *distro;        /* deb and apk: the "distro" qualifier ("debian-12"), else NULL */
} scan_purl_package;

/*
 * Map a parsed purl to an ecosystem and a name:
 *   npm        namespace "@scope" + name -> "@scope/name" (a scope written
 *              without its '@' gets one)
 *   pypi, cargo (crates.io), gem, nuget -> name; a namespace is refused
 *   golang     namespace/name -> the module path
 *   maven      namespace:name -> "group:artifact"
 *   composer   namespace/name -> "vendor/package", lower-cased as Composer
 *              compares names; a "v" before a digit is dropped from the
 *              version, as extract_composer.c does ("v6.4.3" is 6.4.3)
 *   deb        namespace "debian" only (Rampart has no Ubuntu advisories);
 *   apk        namespace "alpine" only. Both report the source package,
 *              as the distributions' advisories and extract_ospkg.c name
 *              it, when the purl carries it (qualifier upstream=name or
 *              upstream=name@version, as syft writes), and an epoch
 *              qualifier is put in front of the version ("1:2.3-4").
 * Any other type, or deb/apk of another distribution, is SCAN_EINVAL
 * ("unsupported package URL type 'x'"), for the caller to report or skip;
 * SCAN_EPARSE when the purl does not fit its type: a namespace where the
 * type has none or of several segments, a name holding an encoded '/'
 * (except golang), so that scan_model__purl() of the result reads back as
 * the same package.
 */
int scan_model__purl_package(scan_purl_package *out, const scan_purl *p, scan_arena *a);

#endif
