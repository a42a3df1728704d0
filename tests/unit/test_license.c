/*
 * tests/unit/test_license.c - license strings of components (lib/sbom/license.c):
 * SPDX expressions (precedence, WITH, '+', references, bounds), deprecated
 * ids, the free text lockfiles carry (names, PyPI classifiers, URLs) and
 * the kind each comes to.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "scan/license.h"
#include "scan/buf.h"

enum { NONE = SCAN_LICENSE_NONE, ID = SCAN_LICENSE_ID, EXPR = SCAN_LICENSE_EXPRESSION, TEXT = SCAN_LICENSE_TEXT };
enum { U = SCAN_LICENSE_UNKNOWN, P = SCAN_LICENSE_PERMISSIVE, W = SCAN_LICENSE_WEAK_COPYLEFT,
       S = SCAN_LICENSE_STRONG_COPYLEFT, N = SCAN_LICENSE_NETWORK_COPYLEFT };

typedef struct {
	const char *text;
	int form;
	int kind;
	const char *norm;   /* NULL: the text, trimmed */
	unsigned flags;     /* 1 deprecated, 2 OSI approved, 4 has a reference */
} license_case;

static void check(const license_case *c)
{
	scan_buf norm = SCAN_BUF_INIT;
	scan_license_info info;
	const char *want = c->norm ? c->norm : c->text;
	int rc = scan_license_analyze(&info, &norm, c->text);
	char msg[600];
	bool bad = rc != 0 || (int)info.form != c->form || (int)info.kind != c->kind || strcmp(norm.ptr, want) ||
	           info.deprecated != ((c->flags & 1) != 0) || info.osi_approved != ((c->flags & 2) != 0) ||
	           info.has_ref != ((c->flags & 4) != 0);

	if (bad)
		snprintf(msg, sizeof(msg), "'%.120s': rc %d form %d kind %s norm '%.120s' dep %d osi %d ref %d; "
		         "want form %d kind %s norm '%.120s' flags %u", c->text ? c->text : "(null)", rc, info.form,
		         scan_license_kind_name(info.kind), norm.ptr, info.deprecated, info.osi_approved,
		         info.has_ref, c->form, scan_license_kind_name((scan_license_kind)c->kind), want, c->flags);
	scan_buf_dispose(&norm);
	if (bad)
		fail_msg("%s", msg);
	assert_int_equal(scan_license_classify(c->text), c->kind);
}

static void run(const license_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		check(&cases[i]);
}

#define RUN(cases) run(cases, sizeof(cases) / sizeof(cases[0]))

static void test_identifiers(void **state)
{
	static const license_case cases[] = {
		{ "MIT", ID, P, NULL, 2 },
		{ "mit", ID, P, "MIT", 2 },
		{ "  Apache-2.0\n", ID, P, "Apache-2.0", 2 },
		{ "apache-2.0", ID, P, "Apache-2.0", 2 },
		{ "0BSD", ID, P, NULL, 2 },
		{ "BSD-3-Clause-Clear", ID, P, NULL, 0 },
		{ "Unlicense", ID, P, NULL, 2 },
		{ "CC0-1.0", ID, P, NULL, 0 },
		{ "CC-BY-4.0", ID, P, NULL, 0 },
		{ "Python-2.0", ID, P, NULL, 2 },
		{ "LGPL-2.1-only", ID, W, NULL, 2 },
		{ "MPL-2.0", ID, W, NULL, 2 },
		{ "MPL-2.0-no-copyleft-exception", ID, W, NULL, 2 },
		{ "EPL-2.0", ID, W, NULL, 2 },
		{ "CDDL-1.0", ID, W, NULL, 2 },
		{ "OFL-1.1", ID, W, NULL, 2 },
		{ "GPL-3.0-only", ID, S, NULL, 2 },
		{ "gpl-2.0-or-later", ID, S, "GPL-2.0-or-later", 2 },
		{ "CC-BY-SA-4.0", ID, S, NULL, 0 },
		{ "BSD-Protection", ID, S, NULL, 0 },
		{ "Sleepycat", ID, S, NULL, 2 },
		{ "AGPL-3.0-or-later", ID, N, NULL, 2 },
		{ "EUPL-1.2", ID, N, NULL, 2 },
		{ "OSL-3.0", ID, N, NULL, 2 },
		{ "SSPL-1.0", ID, N, NULL, 0 },
		/* listed, but not open source: the BSD and CC-BY family patterns must not claim them */
		{ "CC-BY-NC-4.0", ID, U, NULL, 0 },
		{ "CC-BY-NC-SA-4.0", ID, U, NULL, 0 },
		{ "CC-BY-ND-4.0", ID, U, NULL, 0 },
		{ "BSD-3-Clause-No-Military-License", ID, U, NULL, 0 },
		{ "BUSL-1.1", ID, U, NULL, 0 },
		/* deprecated ids stay as written (they are valid), flagged */
		{ "GPL-2.0", ID, S, NULL, 3 },
		{ "GPL-2.0+", ID, S, NULL, 3 },
		{ "LGPL-2.1", ID, W, NULL, 3 },
		{ "AGPL-3.0", ID, N, NULL, 3 },
		{ "GPL-2.0-with-classpath-exception", ID, W, NULL, 1 },
		{ "GPL-3.0-with-GCC-exception", ID, W, NULL, 3 },
		{ "wxWindows", ID, W, NULL, 3 },
		/* parentheses around one id are still one id */
		{ "((MIT))", ID, P, "MIT", 2 },
	};

	(void)state;
	RUN(cases);
}

static void test_expressions(void **state)
{
	static const license_case cases[] = {
		{ "(MIT OR GPL-3.0-only)", EXPR, P, NULL, 0 },
		{ "Apache-2.0 AND BSD-3-Clause", EXPR, P, NULL, 0 },
		{ "LGPL-2.1-only AND MIT", EXPR, W, NULL, 0 },
		{ "GPL-3.0-only AND (MIT OR AGPL-3.0-only)", EXPR, S, NULL, 0 },
		{ "(GPL-2.0-only OR LGPL-2.1-only) AND MPL-2.0", EXPR, W, NULL, 0 },
		{ "AGPL-3.0-only OR GPL-3.0-only", EXPR, S, NULL, 0 },
		{ "MIT AND (LGPL-2.1-or-later OR BSD-3-Clause)", EXPR, P, NULL, 0 },
		/* AND binds tighter than OR */
		{ "MIT OR GPL-3.0-only AND AGPL-3.0-only", EXPR, P, NULL, 0 },
		{ "GPL-3.0-only AND AGPL-3.0-only OR MIT", EXPR, P, NULL, 0 },
		{ "GPL-2.0-only OR MIT AND AGPL-3.0-only", EXPR, S, NULL, 0 },
		{ "(GPL-2.0-only OR MIT) AND AGPL-3.0-only", EXPR, N, NULL, 0 },
		/* WITH: a linking exception makes strong copyleft weak; others change nothing */
		{ "GPL-2.0+ WITH Classpath-exception-2.0", EXPR, W, NULL, 1 },
		{ "GPL-2.0-only WITH Classpath-exception-2.0", EXPR, W, NULL, 0 },
		{ "GPL-3.0-or-later WITH GCC-exception-3.1", EXPR, W, NULL, 0 },
		{ "GPL-2.0-only WITH Linux-syscall-note", EXPR, W, NULL, 0 },
		{ "GPL-3.0-or-later WITH Bison-exception-2.2", EXPR, W, NULL, 0 },
		{ "GPL-2.0-or-later WITH openvpn-openssl-exception", EXPR, S, NULL, 0 },
		{ "AGPL-3.0-only WITH Universal-FOSS-exception-1.0", EXPR, N, NULL, 0 },
		{ "Apache-2.0 WITH LLVM-exception", EXPR, P, NULL, 0 },
		{ "gpl-2.0-only with classpath-exception-2.0", EXPR, W,
		  "GPL-2.0-only WITH Classpath-exception-2.0", 0 },
		{ "(MIT OR Apache-2.0) AND GPL-2.0-only WITH Classpath-exception-2.0", EXPR, W, NULL, 0 },
		/* '+' on an id that has no "+" form of its own */
		{ "LGPL-2.1-only+", EXPR, W, NULL, 0 },
		{ "MPL-1.1+ OR MIT", EXPR, P, NULL, 0 },
		/* spelling: case, blanks, Cargo's slash */
		{ "mit or apache-2.0", EXPR, P, "MIT OR Apache-2.0", 0 },
		{ "MIT/Apache-2.0", EXPR, P, "MIT OR Apache-2.0", 0 },
		{ "  (  MIT\tOR\nApache-2.0 )  ", EXPR, P, "(MIT OR Apache-2.0)", 0 },
		{ "Apache-2.0 and mit", EXPR, P, "Apache-2.0 AND MIT", 0 },
		/* references: valid expressions, kind unknown unless another part decides */
		{ "LicenseRef-Proprietary", EXPR, U, NULL, 4 },
		{ "LicenseRef-foo OR MIT", EXPR, P, NULL, 4 },
		{ "GPL-3.0-only AND LicenseRef-x.1", EXPR, S, NULL, 4 },
		{ "MIT AND LicenseRef-x", EXPR, U, NULL, 4 },
		{ "DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2", EXPR, U, NULL, 4 },
		/* unknown alternatives and parts */
		{ "GPL-2.0-only OR Proprietary", TEXT, U, NULL, 0 },
		{ "Proprietary AND GPL-3.0-only", TEXT, S, NULL, 0 },
		{ "MIT AND Proprietary", TEXT, U, NULL, 0 },
		{ "CC-BY-SA-4.0 OR CC-BY-NC-4.0", EXPR, U, NULL, 0 },
		{ "MIT WITH Foo-exception", TEXT, P, NULL, 0 },
		{ "Apache-2.0 WITH MIT", TEXT, P, NULL, 0 },
		/* an unlisted id in an expression: the words of it are read */
		{ "MIT OR Apache-2", EXPR, P, "MIT OR Apache-2.0", 0 },
		{ "MIT OR GPL", TEXT, P, NULL, 0 },
		{ "MIT AND GPL", TEXT, S, NULL, 0 },
		{ "GPL-4.0-only", TEXT, S, NULL, 0 },
	};

	(void)state;
	RUN(cases);
}

static void test_free_text(void **state)
{
	static const license_case cases[] = {
		{ "Apache License 2.0", ID, P, "Apache-2.0", 2 },
		{ "Apache License, Version 2.0", ID, P, "Apache-2.0", 2 },
		{ "The Apache Software License, Version 2.0", ID, P, "Apache-2.0", 2 },
		{ "Apache 2", ID, P, "Apache-2.0", 2 },
		{ "Apache-2", ID, P, "Apache-2.0", 2 },
		{ "ASL 2.0", ID, P, "Apache-2.0", 2 },
		{ "Apache Software License", TEXT, P, NULL, 0 },
		{ "Apache", TEXT, P, NULL, 0 },
		{ "MIT License", ID, P, "MIT", 2 },
		{ "The MIT License (MIT)", ID, P, "MIT", 2 },
		{ "Expat", ID, P, "MIT", 2 },
		{ "MIT-style", TEXT, P, NULL, 0 },
		{ "BSD", TEXT, P, NULL, 0 },
		{ "New BSD License", ID, P, "BSD-3-Clause", 2 },
		{ "Simplified BSD", ID, P, "BSD-2-Clause", 2 },
		{ "BSD 3-Clause", ID, P, "BSD-3-Clause", 2 },
		{ "ISC License (ISCL)", ID, P, "ISC", 2 },
		{ "Mozilla Public License 2.0 (MPL 2.0)", ID, W, "MPL-2.0", 2 },
		{ "Eclipse Public License - v 2.0", ID, W, "EPL-2.0", 2 },
		{ "GNU General Public License v3.0 only", ID, S, "GPL-3.0-only", 2 },
		{ "GNU General Public License, version 2 or later", ID, S, "GPL-2.0-or-later", 2 },
		{ "GNU Lesser General Public License v2.1 or later", ID, W, "LGPL-2.1-or-later", 2 },
		{ "GPLv2+", ID, S, "GPL-2.0-or-later", 2 },
		{ "LGPLv3+", ID, W, "LGPL-3.0-or-later", 2 },
		/* a version without "only" or "or later" names no one id */
		{ "GPLv3", TEXT, S, NULL, 0 },
		{ "GPL v2", TEXT, S, NULL, 0 },
		{ "GNU GPL v3", TEXT, S, NULL, 0 },
		{ "LGPL", TEXT, W, NULL, 0 },
		{ "AGPL", TEXT, N, NULL, 0 },
		{ "GNU Affero General Public License v3", TEXT, N, NULL, 0 },
		{ "Public Domain", TEXT, P, NULL, 0 },
		{ "CC0", ID, P, "CC0-1.0", 0 },
		{ "Boost Software License", ID, P, "BSL-1.0", 2 },
		{ "Universal Permissive License (UPL)", ID, P, "UPL-1.0", 2 },
		/* PyPI classifiers */
		{ "License :: OSI Approved :: MIT License", ID, P, "MIT", 2 },
		{ "License :: OSI Approved :: GNU General Public License v2 or later (GPLv2+)", ID, S,
		  "GPL-2.0-or-later", 2 },
		{ "License :: OSI Approved :: GNU Lesser General Public License v3 (LGPLv3)", TEXT, W, NULL, 0 },
		{ "License :: OSI Approved :: BSD License", TEXT, P, NULL, 0 },
		{ "License :: OSI Approved :: Apache Software License", TEXT, P, NULL, 0 },
		{ "License :: OSI Approved :: Python Software Foundation License", TEXT, P, NULL, 0 },
		/* URLs */
		{ "https://opensource.org/licenses/MIT", ID, P, "MIT", 2 },
		{ "http://opensource.org/licenses/mit-license.php", ID, P, "MIT", 2 },
		{ "http://www.apache.org/licenses/LICENSE-2.0.txt", ID, P, "Apache-2.0", 2 },
		{ "https://www.apache.org/licenses/LICENSE-2.0", ID, P, "Apache-2.0", 2 },
		{ "https://spdx.org/licenses/BSD-2-Clause.html", ID, P, "BSD-2-Clause", 2 },
		{ "https://www.mozilla.org/MPL/2.0/", TEXT, W, NULL, 0 },
		{ "https://www.gnu.org/licenses/old-licenses/gpl-2.0-standalone.html", TEXT, S, NULL, 0 },
		{ "https://github.com/acme/widget/blob/main/LICENSE", TEXT, U, NULL, 0 },
		/* no license, or none that is open source */
		{ "UNLICENSED", TEXT, U, NULL, 0 },
		{ "SEE LICENSE IN LICENSE.md", TEXT, U, NULL, 0 },
		{ "Proprietary", TEXT, U, NULL, 0 },
		{ "Commercial", TEXT, U, NULL, 0 },
		{ "NONE", TEXT, U, NULL, 0 },
		{ "Dual MIT/GPL", TEXT, U, NULL, 0 },
		{ "MIT or Apache 2", TEXT, P, NULL, 0 },
		{ "Copyright (c) 2020 Acme. Permission is hereby granted, free of charge, to any person obtaining "
		  "a copy of this software", TEXT, U, NULL, 0 },
		/* nothing */
		{ NULL, NONE, U, "", 0 },
		{ "", NONE, U, "", 0 },
		{ " \t\n", NONE, U, "", 0 },
		{ "NOASSERTION", NONE, U, "", 0 },
		{ " noassertion ", NONE, U, "", 0 },
	};

	(void)state;
	RUN(cases);
}

static void test_malformed(void **state)
{
	static const license_case cases[] = {
		{ "MIT AND", TEXT, P, NULL, 0 },
		{ "MIT OR OR Apache-2.0", TEXT, P, NULL, 0 },
		{ "AND MIT", TEXT, P, NULL, 0 },
		{ "MIT WITH", TEXT, P, NULL, 0 },
		{ "WITH", TEXT, U, NULL, 0 },
		{ "(MIT OR Apache-2.0", TEXT, P, NULL, 0 },
		{ "MIT OR Apache-2.0)", TEXT, P, NULL, 0 },
		{ "()", TEXT, U, NULL, 0 },
		{ "(MIT OR Apache-2.0) WITH LLVM-exception", TEXT, P, NULL, 0 },
		{ "MIT WITH Classpath-exception-2.0+", TEXT, P, NULL, 0 },
		{ "LicenseRef-", TEXT, U, NULL, 0 },
		{ "LicenseRef-x+", TEXT, U, NULL, 0 },
		{ "LicenseRef-a:b", TEXT, U, NULL, 0 },
		{ "DocumentRef-:LicenseRef-x", TEXT, U, NULL, 0 },
		{ "MIT, Apache-2.0", TEXT, P, NULL, 0 },
		{ "GPL-2.0 + MIT", TEXT, U, NULL, 0 },
		{ "\x01\x02\x7f", TEXT, U, NULL, 0 },
		/* not UTF-8: kept byte for byte; the writers make it valid JSON */
		{ "Propri\xe9taire", TEXT, U, NULL, 0 },
		{ "\xff\xfe\xfd", TEXT, U, NULL, 0 },
	};

	(void)state;
	RUN(cases);
}

static char *repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	scan_buf b = SCAN_BUF_INIT;

	scan_buf_puts(&b, head);
	for (size_t i = 0; i < n; i++)
		scan_buf_puts(&b, unit);
	scan_buf_puts(&b, tail);
	assert_int_equal(scan_buf_failed(&b), 0);
	return scan_buf_detach(&b);
}

static void test_bounds(void **state)
{
	char *s, *norm;
	scan_buf big = SCAN_BUF_INIT, small;
	scan_license_info info;
	license_case c;

	(void)state;
	/* nesting: as deep as the limit is an expression, one more is text */
	s = repeat("", "(", SCAN_LICENSE_EXPR_DEPTH_MAX, "MIT OR Apache-2.0");
	norm = repeat(s, ")", SCAN_LICENSE_EXPR_DEPTH_MAX, "");
	c = (license_case){ norm, EXPR, P, NULL, 0 };
	check(&c);
	free(s);
	free(norm);
	s = repeat("", "(", SCAN_LICENSE_EXPR_DEPTH_MAX + 1, "MIT OR Apache-2.0");
	norm = repeat(s, ")", SCAN_LICENSE_EXPR_DEPTH_MAX + 1, "");
	c = (license_case){ norm, TEXT, P, NULL, 0 };
	check(&c);
	free(s);
	free(norm);
	/* terms */
	s = repeat("", "MIT OR ", SCAN_LICENSE_EXPR_TERMS_MAX - 1, "MIT");
	c = (license_case){ s, EXPR, P, NULL, 0 };
	check(&c);
	free(s);
	s = repeat("", "MIT OR ", SCAN_LICENSE_EXPR_TERMS_MAX, "MIT");
	c = (license_case){ s, TEXT, U, NULL, 0 }; /* too many words to guess from */
	check(&c);
	free(s);
	/* a deep unbalanced nest does not recurse without bound */
	s = repeat("", "(", 100000, "MIT");
	assert_int_equal(scan_license_analyze(&info, NULL, s), 0);
	assert_int_equal(info.form, TEXT);
	free(s);
	/* longer than the limit: kept, not read */
	s = repeat("MIT", " OR MIT", SCAN_LICENSE_TEXT_MAX / 7, "");
	assert_true(strlen(s) > SCAN_LICENSE_TEXT_MAX);
	assert_int_equal(scan_license_analyze(&info, &big, s), 0);
	assert_int_equal(info.form, TEXT);
	assert_int_equal(info.kind, U);
	assert_string_equal(big.ptr, s);
	free(s);
	scan_buf_dispose(&big);
	/* a norm buffer too small: its error, with a message */
	scan_buf_init(&small, 4);
	assert_int_equal(scan_license_analyze(&info, &small, "Apache-2.0"), SCAN_ELIMIT);
	assert_non_null(strstr(scan_error_last()->message, "license"));
	scan_buf_dispose(&small);
}

static void test_names_and_lookup(void **state)
{
	unsigned flags;

	(void)state;
	assert_string_equal(scan_license_type(SCAN_LICENSE_PERMISSIVE), "permissive");
	assert_string_equal(scan_license_type(SCAN_LICENSE_WEAK_COPYLEFT), "copyleft");
	assert_string_equal(scan_license_type(SCAN_LICENSE_STRONG_COPYLEFT), "copyleft");
	assert_string_equal(scan_license_type(SCAN_LICENSE_NETWORK_COPYLEFT), "copyleft");
	assert_string_equal(scan_license_type(SCAN_LICENSE_UNKNOWN), "unknown");
	assert_string_equal(scan_license_type((scan_license_kind)42), "unknown");
	assert_string_equal(scan_license_kind_name(SCAN_LICENSE_WEAK_COPYLEFT), "weak-copyleft");
	assert_string_equal(scan_license_kind_name((scan_license_kind)-1), "unknown");
	assert_string_equal(scan_license_spdx_id("bsd-3-clause", 12, &flags), "BSD-3-Clause");
	assert_int_equal(flags, 2);
	assert_string_equal(scan_license_spdx_id("GPL-2.0+", 8, &flags), "GPL-2.0+");
	assert_int_equal(flags, 3);
	assert_null(scan_license_spdx_id("MIT2", 4, &flags));
	assert_int_equal(flags, 0);
	assert_string_equal(scan_license_spdx_id("MITxyz", 3, NULL), "MIT");
	assert_null(scan_license_spdx_id("", 0, NULL));
	assert_string_equal(scan_license_spdx_exception("llvm-exception", 14), "LLVM-exception");
	assert_null(scan_license_spdx_exception("MIT", 3));
	assert_true(strlen(scan_license_list_version()) > 0);
	/* the curated tables agree with the list compiled in */
	if (scan_license__check_tables() != 0)
		fail_msg("%s", scan_error_last()->message);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identifiers),
		cmocka_unit_test(test_expressions),
		cmocka_unit_test(test_free_text),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_names_and_lookup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
