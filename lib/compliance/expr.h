/* lib/compliance/expr.h - the pass_condition language of custom controls */
#ifndef SCAN_COMPLIANCE_EXPR_H
#define SCAN_COMPLIANCE_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * An expression over a control's facts, for an organization's own
 * controls: `critical == 0 && high <= 2`, `days_since_scan <= 14`.
 *
 *     expr    := or
 *     or      := and ( "||" and )*
 *     and     := not ( "&&" not )*
 *     not     := "!" not | cmp
 *     cmp     := sum ( ("==" | "!=" | "<" | "<=" | ">" | ">=") sum )?
 *     sum     := unary ( ("+" | "-") unary )*
 *     unary   := "-" unary | atom
 *     atom    := integer | "true" | "false" | name | "(" expr ")"
 *
 * Values are 64-bit integers; true is 1 and false 0, and a comparison or
 * logic operator yields one of them. Arithmetic saturates. A name is one
 * of the facts scan_compliance__fact_names lists; any other is an error at
 * parse time. The text is at most SCAN_CEXPR_TEXT_MAX bytes, nesting at
 * most SCAN_CEXPR_DEPTH_MAX deep, nodes at most SCAN_CEXPR_NODES_MAX:
 * evaluation is a walk of a tree of bounded size, with no I/O and no loop.
 */
#define SCAN_CEXPR_TEXT_MAX 1024
#define SCAN_CEXPR_DEPTH_MAX 32
#define SCAN_CEXPR_NODES_MAX 256

/* The facts a condition may name, in the order evaluation takes their values. */
typedef enum {
	SCAN_FACT_CRITICAL = 0, SCAN_FACT_HIGH, SCAN_FACT_MEDIUM, SCAN_FACT_LOW, SCAN_FACT_TOTAL,
	SCAN_FACT_IN_TEST, SCAN_FACT_EXCLUDED, SCAN_FACT_KEV, SCAN_FACT_MALICIOUS, SCAN_FACT_SLA_BREACHES,
	SCAN_FACT_DAYS_SINCE_SCAN, SCAN_FACT_SCHEDULED, SCAN_FACT_GATE_PASSED, SCAN_FACT_GATE_FAILED,
	SCAN_FACT_GATE_WAIVED, SCAN_FACT_GATE_BLOCKING, SCAN_FACT_RATING, SCAN_FACT_PRS, SCAN_FACT_PRS_REVIEWED,
	SCAN_FACT_REVIEW_PCT, SCAN_FACT_HAS_IAC,
	SCAN_FACT__COUNT
} scan_fact;

extern const char *const scan_compliance__fact_names[SCAN_FACT__COUNT];

typedef struct scan_cexpr scan_cexpr;

/*
 * Parse text into *out (free with scan_compliance__expr_free). SCAN_EINVAL with a
 * message "at byte N: <what>" (N 0-based) for a bad expression, SCAN_ELIMIT
 * past a limit, SCAN_ENOMEM.
 */
int scan_compliance__expr_parse(scan_cexpr **out, const char *text, size_t len);
void scan_compliance__expr_free(scan_cexpr *e);
/* The bytes of a parsed expression: it holds no pointer, so a copy of them is the same expression. */
size_t scan_compliance__expr_size(void);
/* The facts e names, a bit each (1 << scan_fact). */
uint64_t scan_compliance__expr_uses(const scan_cexpr *e);
/*
 * Evaluate with values[fact] for every fact; a fact whose bit is clear in
 * known makes the result unknown (*known_out false): the control has no
 * data for it. Returns the value's truth.
 */
bool scan_compliance__expr_eval(const scan_cexpr *e, const int64_t values[SCAN_FACT__COUNT], uint64_t known, bool *known_out);

#endif
