/* include/scan/aibom.h - the AI bill of materials: CycloneDX 1.7 and SPDX 3.0.1 documents of an AI inventory */
#ifndef SCAN_AIBOM_H
#define SCAN_AIBOM_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/aiasm.h"
#include "scan/buf.h"
#include "scan/common.h"
#include "scan/json.h"

/*
 * What an organization states about one asset, for what a code scan cannot
 * see (spec 2.13): who supplies a model, its version, licence, where it is
 * downloaded, when it was released, and where that statement comes from.
 */
typedef struct {
	const char *identity;          /* the asset it is about */
	long long version;             /* 1, 2, ...: each change of a declaration is a new version */
	const char *supplier_name;
	const char *component_version;
	const char *declared_license;  /* an SPDX expression */
	const char *download_location; /* a URL */
	long long release_time;        /* epoch seconds; 0: not declared */
	const char *source_kind;       /* manual, repository, upstream, imported_attestation */
	const char *source_uri;
	const char *source_digest;     /* 64 hex (SHA-256) */
	bool verified;
	long long updated_at;          /* epoch seconds */
	const char *updated_by;        /* who declared it: an email */
} scan_ai_declaration;

typedef struct {
	const scan_ai_inventory *inv;
	const char *repo_name;
	long long repo_id;             /* the documents' own ids derive from it and the generation */
	const char *commit;            /* 40 hex, or NULL when the scan had none */
	long long generation;          /* 1, 2, ...: the BOM's version */
	long long generated_at;        /* epoch seconds: the generation's; the only time in the documents */
	const char *tool_version;
	const scan_ai_declaration *declarations; /* sorted by identity; at most one per asset */
	size_t ndeclarations;
} scan_aibom_input;

/*
 * The documents. The same input gives the same bytes: no clock, no random
 * number; the serial number and SPDX ids derive from the repository and the
 * generation. 0, SCAN_EINVAL (no inventory, a generation below 1) or SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_aibom_cyclonedx(scan_buf *out, const scan_aibom_input *in);
SCAN_EXTERN int scan_aibom_spdx(scan_buf *out, const scan_aibom_input *in);

/* A declaration's stated fields as members of the object open in w (absent ones left out). */
SCAN_EXTERN void scan_ai_declaration_fields_json(scan_json *w, const scan_ai_declaration *d);

/* A model or dataset that lacks what the SPDX 3.0.1 AI or Dataset profile makes mandatory. */
typedef struct {
	const char *identity;          /* borrowed from the inventory */
	char missing[160];             /* "releaseTime, suppliedBy" */
} scan_aibom_blocker;

/*
 * The blockers of an SPDX export (the AI and Dataset profiles' mandatory
 * properties the JSON schema does not enforce: releaseTime, suppliedBy,
 * downloadLocation, packageVersion for models; builtTime, originatedBy,
 * releaseTime, downloadLocation for datasets), each from a *verified*
 * declaration only. *out is malloc'd (free() it); *n = 0:
 * ready. 0 or SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_aibom_spdx_blockers(const scan_aibom_input *in, scan_aibom_blocker **out, size_t *n);

#endif
