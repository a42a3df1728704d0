/* lib/lockfile/sbom_read.h - SBOMs read as lockfiles: CycloneDX JSON and SPDX 2 JSON */
#ifndef SCAN_SCA_SBOM_READ_H
#define SCAN_SCA_SBOM_READ_H

#include "lockfile/extractors.h"  /* the extractors: cyclonedx_json, spdx_json */

/*
 * What an SBOM held that Rampart cannot check: components without a
 * package URL, with a purl of a type Rampart has no advisories for
 * (pkg:rpm, pkg:github, pkg:generic...) or with a purl that would not
 * parse. They are skipped, not fatal. The extractors above record one
 * problem per document about them (scan_inventory__problem); callers
 * that want the numbers use the scan_lockfile__read_* functions below.
 */
typedef struct {
	size_t packages;           /* components read as packages (duplicates included) */
	size_t no_purl;            /* library components without a purl */
	size_t unsupported;        /* purls of an unsupported type or distribution */
	size_t bad_purl;           /* purls that did not parse, or named an invalid package */
	char first_skipped[256];   /* the first unsupported or bad purl and why, for a message; "" when none */
} scan_sbom_stats;

int scan_lockfile__read_cyclonedx(scan_sca_doc *d, const char *text, size_t len, scan_sbom_stats *st);
int scan_lockfile__read_spdx(scan_sca_doc *d, const char *text, size_t len, scan_sbom_stats *st);

#endif
