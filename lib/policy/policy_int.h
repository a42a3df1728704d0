/* lib/policy/policy_int.h - shared inside lib/policy */
#ifndef SCAN_POLICY_POLICY_INT_H
#define SCAN_POLICY_POLICY_INT_H

#include "scan/sca_policy.h"
#include "util/arena.h"

struct scan_sca_policy {
	scan_arena arena;          /* every string and array below */
	const char *name;          /* NULL: the document did not name it */
	bool fail_on_violation;
	bool fail_set;             /* the document set fail_on_violation */
	scan_sca_rule *rules;
	size_t nrules;
	scan_sca_ignore_rule *ignores;
	size_t nignores;
	const char **warnings;
	size_t nwarnings;
	scan_sca_sla_policy sla;   /* SCAN_SCA_SLA_DEFAULTS unless the document sets it */
	bool sla_set;
};

/*
 * How AND and OR combine the ids of a license expression (policy.h):
 * BOUND for block and warn (cannot avoid a matching license), USABLE for
 * allow (can be used under matching licenses only), ANY for ignore rules
 * (any id matches).
 */
typedef enum { SCAN_POLICY__LIC_BOUND, SCAN_POLICY__LIC_USABLE, SCAN_POLICY__LIC_ANY } scan_policy__lic_mode;

/* One license id of an expression: id[0..len), not NUL-terminated. */
typedef bool (*scan_policy__lic_leaf)(const char *id, size_t len, const void *ctx);

/* NULL, blank or NOASSERTION: nothing is known about the license. */
bool scan_policy__license_known(const char *expr);
/*
 * Evaluate expr (known) with leaf deciding each id. A text that is not an
 * SPDX expression is one id: the whole text, trimmed.
 */
bool scan_policy__license_eval(const char *expr, scan_policy__lic_mode mode, scan_policy__lic_leaf leaf,
                               const void *ctx);
/* value "GPL-3.0" matches id "gpl-3.0", "GPL-3.0-only", "GPL-3.0-or-later", "GPL-3.0+". */
bool scan_policy__license_id_matches(const char *value, const char *id, size_t len);
/* Case-insensitive (ASCII) substring. */
bool scan_policy__contains_ci(const char *hay, size_t haylen, const char *needle);
bool scan_policy__eq_ci(const char *a, size_t alen, const char *b);

/* A glob of an ignore rule against a '/'-separated relative path (policy.h). */
bool scan_policy__path_matches(const char *pattern, const char *path);

/* A policy with nothing in it yet: fail_on_violation and the default SLA (policy_parse.c). */
scan_sca_policy *scan_policy__new(void);

#endif
