/* lib/sbom/license_expr.h - the one reader of SPDX license expressions, for lib/sbom and lib/policy */
#ifndef SCAN_SBOM_LICENSE_EXPR_H
#define SCAN_SBOM_LICENSE_EXPR_H

#include <stddef.h>
#include "scan/buf.h"

/*
 * An SPDX license expression (SPDX 2.3 Annex D): license ids joined by AND
 * and OR, "id WITH exception", and parentheses; WITH binds tighter than
 * AND, AND tighter than OR. Operators match case-insensitively, because
 * lockfiles copy what authors wrote ("MIT or Apache-2.0"). Nesting deeper
 * than SCAN_LICENSE_EXPR_DEPTH_MAX and text longer than
 * SCAN_LICENSE_TEXT_MAX (scan/license.h) are not expressions, so a hostile
 * string cannot exhaust the stack.
 *
 * The reader knows the grammar only; what an id means is the caller's. It
 * evaluates as it parses: each id goes to leaf, each exception to with,
 * and the values fold left to right with and_op and or_op. A value is an
 * int >= 0; a callback returning < 0 says the text is not an expression
 * after all (an id it refuses), which stops the reading.
 */
typedef struct {
	unsigned flags;   /* SCAN_LICENSE_EXPR_* below */
	/* One id: id[0..len), not NUL-terminated, with its '+' ("GPL-2.0+"). */
	int (*leaf)(void *ctx, const char *id, size_t len);
	/*
	 * "X WITH exception", value the value of X. NULL: the value of X, the
	 * exception narrows X, it is not another license.
	 */
	int (*with)(void *ctx, int value, const char *exception, size_t len);
	int (*and_op)(void *ctx, int a, int b);
	int (*or_op)(void *ctx, int a, int b);
} scan_license_expr_ops;

/*
 * How text at the edge of the grammar reads. Without flags: blanks are
 * space, tab, CR and LF, and an id is any run of letters, digits, '.',
 * '-', ':' and '+' up to a blank or a parenthesis; any other character
 * makes the text not an expression.
 */
/* '/' between terms is OR too: Cargo's old "MIT/Apache-2.0". */
#define SCAN_LICENSE_EXPR_SLASH_OR 0x1u
/* Form feed and vertical tab are blanks too. */
#define SCAN_LICENSE_EXPR_ALL_BLANKS 0x2u
/*
 * '+' may only end an id, and ends it as the grammar's simple-expression
 * does: "GPL-2.0+AND MIT" is GPL-2.0+ AND MIT, "+", "A+B" are malformed.
 */
#define SCAN_LICENSE_EXPR_STRICT_IDS 0x4u
/*
 * WITH may follow a parenthesised expression as well as an id ("(GPL-2.0
 * OR MIT) WITH Classpath-exception-2.0"), which the grammar does not allow.
 */
#define SCAN_LICENSE_EXPR_GROUP_WITH 0x8u

/*
 * Read s[0..len) with ops. canon (may be NULL) gets the structure as it is
 * read: parentheses, and operators upper-case between single blanks (" AND
 * ", " OR ", " WITH "); leaf and with append the spellings of ids and
 * exceptions themselves, so the result is the expression respelt. Returns
 * the value, or -1 when the text is not an expression (canon then holds a
 * part of it).
 */
int scan_license__expr_eval(const scan_license_expr_ops *ops, void *ctx, scan_buf *canon, const char *s,
                            size_t len);

#endif
