/* lib/sca/purl_parse.h - reading package URLs back into their parts */
#ifndef SCAN_SCA_PURL_PARSE_H
#define SCAN_SCA_PURL_PARSE_H

#include <stddef.h>
#include "sca/sca_int.h"

/*
 * A package URL (https://github.com/package-url/purl-spec) is
 *   pkg:type/namespace/name@version?qualifiers#subpath
 * and comes from documents other tools wrote (SBOMs, VEX), so it is
 * untrusted: the whole string is capped at SCAN_SCA_PURL_MAX bytes and no
 * part may decode to a control character.
 */
#define SCAN_SCA_PURL_MAX 8192

typedef struct {
	const char *key;           /* lower-case */
	const char *value;         /* percent-decoded, never empty */
} scan_purl_qualifier;

/* Every string lives in the arena given to scan_sca__purl_parse(). */
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
int scan_sca__purl_parse(scan_purl *out, const char *purl, size_t len, scan_arena *a);
/* The same, raising no message (for questions such as "is this the same package?"). */
int scan_sca__purl_parse_quiet(scan_purl *out, const char *purl, size_t len, scan_arena *a);

/* The value of qualifier key (lower-case), or NULL. */
const char *scan_sca__purl_qualifier(const scan_purl *p, const char *key);

/* What a purl names in Rampart's terms (include/scan/sca.h). */
typedef struct {
	scan_ecosystem ecosystem;
	const char *name;          /* as the ecosystem spells it (see scan_sca__purl_package) */
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
 * (except golang), so that scan_sca__purl() of the result reads back as
 * the same package.
 */
int scan_sca__purl_package(scan_purl_package *out, const scan_purl *p, scan_arena *a);

#endif
