/* include/scan/license.h - what a component's license string says: kind, SPDX form */
#ifndef SCAN_LICENSE_H
#define SCAN_LICENSE_H

#include <stdbool.h>
#include "scan/buf.h"
#include "scan/common.h"

/*
 * How much a license asks of the software that uses the component, from
 * least to most. The spec's license_type has three values:
 * scan_license_type() folds the copyleft kinds into "copyleft".
 */
typedef enum {
	SCAN_LICENSE_UNKNOWN = 0,       /* not recognised, or not an open source license
	                                   (non-commercial, source-available, proprietary) */
	SCAN_LICENSE_PERMISSIVE,        /* notices only: MIT, BSD, Apache-2.0, ISC, public domain */
	SCAN_LICENSE_WEAK_COPYLEFT,     /* changes to the component itself stay open: LGPL, MPL, EPL, CDDL,
	                                   or a strong copyleft with a linking exception */
	SCAN_LICENSE_STRONG_COPYLEFT,   /* the whole combined work: GPL, CC-BY-SA, Sleepycat */
	SCAN_LICENSE_NETWORK_COPYLEFT,  /* also offering it over a network: AGPL, OSL, EUPL, SSPL */
} scan_license_kind;

/* What the text is, as an SBOM can carry it. */
typedef enum {
	SCAN_LICENSE_NONE = 0,     /* empty, blank or NOASSERTION */
	SCAN_LICENSE_ID,           /* one identifier on the SPDX license list */
	SCAN_LICENSE_EXPRESSION,   /* a well-formed SPDX expression whose identifiers are all on the list
	                              (or LicenseRef-/DocumentRef-) */
	SCAN_LICENSE_TEXT,         /* anything else: kept as written */
} scan_license_form;

typedef struct {
	scan_license_kind kind;
	scan_license_form form;
	bool deprecated;           /* an identifier in it is deprecated on the SPDX list */
	bool osi_approved;         /* SCAN_LICENSE_ID of an OSI-approved license */
	bool has_ref;              /* the expression names a LicenseRef- or DocumentRef- */
} scan_license_info;

/*
 * Bounds for hostile lockfiles. Text longer than SCAN_LICENSE_TEXT_MAX
 * (a whole license pasted into a metadata field) is kept but not read;
 * an expression deeper or with more terms than these is text.
 */
#define SCAN_LICENSE_TEXT_MAX 4096
#define SCAN_LICENSE_EXPR_DEPTH_MAX 32
#define SCAN_LICENSE_EXPR_TERMS_MAX 128

/*
 * Analyse the license string of a component: an SPDX expression
 * ("(MIT OR GPL-3.0-only)", "GPL-2.0+ WITH Classpath-exception-2.0"), a
 * deprecated identifier ("GPL-2.0"), or what people write ("Apache
 * License 2.0", "MIT License", "BSD", "GPLv3", a PyPI classifier, a URL).
 *
 * Kind of an expression: OR takes the most permissive alternative, AND the
 * most restrictive part; a linking exception (WITH Classpath-exception-2.0,
 * GCC-exception-3.1...) makes a strong copyleft weak. An unknown
 * alternative of OR makes the result unknown unless another one is
 * permissive; an unknown part of AND makes it unknown unless a known part
 * is already copyleft.
 *
 * Written to norm (appended), for an SBOM's licenses field:
 *   ID          the identifier as the SPDX list spells it ("apache-2.0" and
 *               "Apache License, Version 2.0" give "Apache-2.0")
 *   EXPRESSION  the expression with listed spellings, upper-case operators
 *               and single blanks ("mit or apache-2.0" gives
 *               "MIT OR Apache-2.0"; Cargo's old "MIT/Apache-2.0" too)
 *   TEXT        the text without surrounding blanks
 *   NONE        nothing
 * norm may be NULL. Returns 0, or the code of a failed norm buffer
 * (SCAN_ENOMEM, SCAN_ELIMIT) with a message. text NULL is NONE.
 */
SCAN_EXTERN int scan_license_analyze(scan_license_info *info, scan_buf *norm, const char *text);

/* The kind alone (NULL text: unknown). */
SCAN_EXTERN scan_license_kind scan_license_classify(const char *text);

/* "permissive", "copyleft" or "unknown": the spec's license_type. Static storage. */
SCAN_EXTERN const char *scan_license_type(scan_license_kind kind);
/* "unknown", "permissive", "weak-copyleft", "strong-copyleft", "network-copyleft". Static storage. */
SCAN_EXTERN const char *scan_license_kind_name(scan_license_kind kind);

/*
 * The SPDX list's spelling of a license identifier (case-insensitive
 * match), or NULL when it is not on the list. flags (may be NULL) gets
 * SCAN_SPDX_DEPRECATED / SCAN_SPDX_OSI bits (sbom/spdx_list.h). Static.
 */
SCAN_EXTERN const char *scan_license_spdx_id(const char *id, size_t len, unsigned *flags);
/* The same for license exceptions ("classpath-exception-2.0"). */
SCAN_EXTERN const char *scan_license_spdx_exception(const char *id, size_t len);
/* The version of the SPDX license list compiled in. Static. */
SCAN_EXTERN const char *scan_license_list_version(void);

/*
 * For tests: every curated table entry names something on the compiled-in
 * list (alias ids, exact family entries, linking exceptions) and every
 * alias and keyword is a normalised name key. 0 or SCAN_EINVAL naming the
 * first bad entry, so a license list update that drops an id is noticed.
 */
int scan_license__check_tables(void);

#endif
