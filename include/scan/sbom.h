/*
 * include/scan/sbom.h - software bills of materials (CycloneDX 1.5/1.6 JSON,
 * SPDX 2.3 JSON) and VEX documents (CycloneDX, OpenVEX 0.2.0) from an
 * inventory, its vulnerability findings and triage decisions.
 */
#ifndef SCAN_SBOM_H
#define SCAN_SBOM_H

#include <time.h>
#include "scan/buf.h"
#include "scan/common.h"
#include "scan/finding.h"
#include "scan/sca.h"

/*
 * One triage decision about one vulnerability in one package (spec 2.11
 * Triage). state is the spec's triage status: "open", "accepted_risk",
 * "not_applicable", "false_positive", "wont_fix", "in_progress", "fixed".
 * justification is free text, or one of the CycloneDX
 * (impactAnalysisJustification) or OpenVEX justification labels, which
 * are then carried as labels in both formats. Strings are borrowed.
 */
typedef struct {
	const char *vuln_id;       /* "CVE-2021-44228", "GHSA-..."; matches a finding's vuln_id or cve_id */
	const char *purl;
	const char *state;
	const char *justification; /* NULL when none */
	time_t updated;            /* 0 when unknown */
} scan_vex_decision;

/*
 * What an SBOM is made of. Everything is borrowed for the call only.
 *
 * components: the inventory of one scan; components with the same purl
 * (one package in several lockfiles) become one, with the union of their
 * dependencies and lockfiles. Each deps index must be < ncomponents.
 * findings: only those of category SCAN_CAT_SCA with ->sca set are read
 * (with vulns). root_name names the scanned project (metadata.component,
 * the SPDX document and root package). created 0 means now.
 */
typedef struct {
	const scan_component *components;
	size_t ncomponents;
	const scan_finding *const *findings;
	size_t nfindings;
	const char *root_name;
	time_t created;
	const char *tool_version;  /* NULL: not stated */
	bool vulns;                /* CycloneDX: add vulnerabilities[] */
	/* Optional, may be NULL/0: */
	const char *const *cvss_vectors;    /* one per finding (entries may be NULL), overriding each sca->cvss_vector: the vector its score
	                                       came from, which names the rating method */
	const scan_vex_decision *triage;    /* decisions to show as vulnerabilities[].analysis */
	size_t ntriage;
} scan_sbom_input;

typedef enum {
	SCAN_CYCLONEDX_1_5 = 5,
	SCAN_CYCLONEDX_1_6 = 6,
} scan_cyclonedx_version;

/*
 * Append a CycloneDX JSON BOM of spec version version to out. Returns 0,
 * SCAN_EINVAL (a component without name or purl, a dependency index out
 * of range, an unknown triage state), SCAN_ELIMIT (more components or
 * edges than SCAN_SCA_COMPONENTS_MAX / SCAN_SCA_EDGES_MAX, or out's size
 * cap), SCAN_ENOMEM or SCAN_EIO (no random serial number), each with a
 * message. On error out holds a partial document: discard it.
 */
SCAN_EXTERN int scan_sbom_cyclonedx(scan_buf *out, const scan_sbom_input *in, scan_cyclonedx_version version);

/* Append an SPDX 2.3 JSON document to out. Errors as scan_sbom_cyclonedx(). */
SCAN_EXTERN int scan_sbom_spdx(scan_buf *out, const scan_sbom_input *in);

/* What a VEX document is made of; borrowed for the call. */
typedef struct {
	const scan_vex_decision *decisions;
	size_t ndecisions;
	const char *author;        /* OpenVEX author (required there); NULL: "Rampart" */
	const char *root_name;     /* the product (CycloneDX metadata.component); NULL: none */
	time_t created;            /* 0: now */
	const char *tool_version;  /* NULL: not stated */
	const char *doc_id;        /* OpenVEX @id (an IRI); NULL: a new urn:uuid */
} scan_vex_input;

/*
 * Append a CycloneDX 1.6 VEX BOM (components for the purls, one
 * vulnerability per vulnerability and purl, with its analysis) to out.
 * Of several decisions about one vulnerability and purl the latest
 * (updated, then position) counts. SCAN_EINVAL for a decision without
 * vuln_id, purl or a known state.
 */
SCAN_EXTERN int scan_vex_cyclonedx(scan_buf *out, const scan_vex_input *in);

/* Append an OpenVEX 0.2.0 document to out, one statement per vulnerability and purl. */
SCAN_EXTERN int scan_vex_openvex(scan_buf *out, const scan_vex_input *in);

#endif
