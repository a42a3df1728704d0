/* lib/sca/vex_read.h - VEX documents: which findings their authors say do not apply */
#ifndef SCAN_SCA_VEX_READ_H
#define SCAN_SCA_VEX_READ_H

#include <stdbool.h>
#include <stddef.h>
#include "util/arena.h"

enum {
	SCAN_VEX_NOT_AFFECTED,
	SCAN_VEX_AFFECTED,
	SCAN_VEX_FIXED,
	SCAN_VEX_UNDER_INVESTIGATION,
};

/* One vulnerability about one product. Strings live in the arena given to scan_sca__vex_read(). */
typedef struct {
	const char *vuln_id;       /* "CVE-2021-44228", "GHSA-..." as the document writes it */
	const char *purl;          /* the product; NULL: every product */
	int status;                /* SCAN_VEX_* */
	const char *justification; /* "vulnerable_code_not_in_execute_path", "code_not_reachable"...; NULL when none */
} scan_vex_statement;

/* Statements in one document, at most (SCAN_ELIMIT past it). */
#define SCAN_VEX_STATEMENTS_MAX (1u << 20)

/*
 * Read a VEX document, CycloneDX (JSON, bomFormat "CycloneDX" with
 * vulnerabilities[]) or OpenVEX (JSON-LD, @context https://openvex.dev/ns...),
 * told apart by content; label names it in messages.
 *
 * CycloneDX: each vulnerabilities[] entry with an analysis.state gives a
 * statement per affects[] entry (not_affected and false_positive ->
 * NOT_AFFECTED, resolved and resolved_with_pedigree -> FIXED, exploitable
 * -> AFFECTED, in_triage -> UNDER_INVESTIGATION) under its id and under
 * each references[].id (an alias). affects[].ref is a bom-ref of the
 * document's components (their purl is the product), a purl, or a
 * BOM-Link (urn:cdx:serial/version#ref) to another BOM whose ref is a
 * purl, as written or URL-encoded; a ref resolving to none of these is
 * dropped. affects[].versions is not read: the ref's purl is the product. No affects: every
 * product. An entry without analysis says nothing and gives none.
 *
 * OpenVEX (0.0.x and 0.2.0): each statement gives one per vulnerability
 * name and alias ("vulnerability": "CVE-..." or {"name", "aliases"}) and
 * per product: products[] as purl strings or objects ({"@id"} or
 * identifiers.purl), and, for a product with subcomponents (or a 0.0.1
 * statement's subcomponents[]), each subcomponent too, since that is where
 * the vulnerability is. A product that is not a purl (an IRI, a hash) is
 * dropped; a statement naming no product at all is about every product.
 * Of several statements about the same vulnerability and product, the
 * latest (statement last_updated or timestamp, else the document's; the
 * later one in the document on a tie) wins, in CycloneDX too
 * (analysis.lastUpdated, firstIssued, then updated/published).
 *
 * A status or state outside the specification, a purl that does not
 * parse, a timestamp that is not RFC 3339 or a document of neither format
 * is refused with SCAN_EPARSE and a message naming label; SCAN_ELIMIT past
 * the size, depth and statement caps. *out (in a, NULL when count is 0) and
 * *count are set on success only.
 */
int scan_sca__vex_read(const char *label, const char *text, size_t len, scan_arena *a,
                       scan_vex_statement **out, size_t *count);

/*
 * Whether a finding is not_affected: vuln_id (the advisory) or one of
 * aliases_csv (comma-separated, may be NULL) names a statement's
 * vulnerability (case-insensitively) and the statement's product is the
 * component purl: same type, namespace and name (with the type's own
 * folding: PyPI per PEP 503; npm, Composer, NuGet, Debian and Alpine
 * case-insensitive), qualifiers and subpath ignored, and the same version
 * unless the statement's purl has none (every version). Of the statements
 * that apply, the most specific decide (versioned purl, then version-less,
 * then every product); the finding is suppressed only when all of those
 * say NOT_AFFECTED, so a document that contradicts itself through an alias
 * suppresses nothing. Raises no message; a purl that does not parse
 * matches nothing.
 */
bool scan_sca__vex_suppresses(const scan_vex_statement *statements, size_t count, const char *vuln_id,
                              const char *aliases_csv, const char *purl);

#endif
