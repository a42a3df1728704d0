/*
 * tests/unit/test_sca_ospkg.c - installed-package databases: dpkg's status
 * file (and distroless status.d), apk's installed database; source
 * packages as components, installation states, edges through Provides,
 * and hostile input.
 */
#include "sca_expect.h"

static void test_detects(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_dpkg_status("var/lib/dpkg/status", "status"));
	assert_true(scan_lockfile__is_dpkg_status("images/web/rootfs/var/lib/dpkg/status", "status"));
	assert_true(scan_lockfile__is_dpkg_status("var/lib/dpkg/status.d/libssl3", "libssl3"));
	assert_true(scan_lockfile__is_dpkg_status("layer/var/lib/dpkg/status.d/base-files", "base-files"));
	assert_false(scan_lockfile__is_dpkg_status("var/lib/dpkg/status.d/libssl3.md5sums", "libssl3.md5sums"));
	assert_false(scan_lockfile__is_dpkg_status("var/lib/dpkg/status-old", "status-old"));
	assert_false(scan_lockfile__is_dpkg_status("var/lib/dpkg/available", "available"));
	assert_false(scan_lockfile__is_dpkg_status("myvar/lib/dpkg/status", "status"));
	assert_false(scan_lockfile__is_dpkg_status("status", "status"));
	assert_false(scan_lockfile__is_dpkg_status("notvar/lib/dpkg/status.d/x", "x"));
	assert_true(scan_lockfile__is_apk_installed("lib/apk/db/installed", "installed"));
	assert_true(scan_lockfile__is_apk_installed("rootfs/usr/lib/apk/db/installed", "installed"));
	assert_false(scan_lockfile__is_apk_installed("lib/apk/db/installed.bak", "installed.bak"));
	assert_false(scan_lockfile__is_apk_installed("xlib/apk/db/installed", "installed"));
}

/*
 * 26 paragraphs of a Debian 12 status file: binaries of one source merged
 * (glibc, gcc-12, openssl), source versions differing from binary ones
 * (binNMU "+b8", util-linux without bsdutils' epoch), epochs kept, held,
 * triggers-pending, unpacked and deinstall-but-installed packages
 * reported; config-files, half-installed and not-installed ones not;
 * "awk" resolved through mawk's Provides.
 */
static void test_debian(void **state)
{
	static const sca_want want[] = {
		{ "base-files", "12.4+deb12u11", 0, 20, "mawk@1.3.4.20200120-3.1", NULL },
		{ "bash", "5.2.15-2", 0, 47,
		  "base-files@12.4+deb12u11 debianutils@5.7-0.5~deb12u1 glibc@2.36-9+deb12u14 ncurses@6.4-4", NULL },
		{ "bison", "2:3.8.2+dfsg-1", 0, 81, "glibc@2.36-9+deb12u14", NULL },
		{ "util-linux", "2.38.1-5+deb12u3", 0, 106, "glibc@2.36-9+deb12u14", NULL },
		{ "ca-certificates", "20230311+deb12u1", 0, 125, "openssl@3.0.19-1~deb12u2", NULL },
		{ "coreutils", "9.1-1", 0, 147, "glibc@2.36-9+deb12u14 gmp@2:6.2.1+dfsg1-1.1 libselinux@3.4-1", NULL },
		{ "debianutils", "5.7-0.5~deb12u1", 0, 189, "glibc@2.36-9+deb12u14", NULL },
		{ "gcc-12", "12.2.0-14+deb12u1", 0, 210, "glibc@2.36-9+deb12u14", NULL },
		{ "glibc", "2.36-9+deb12u14", 0, 226, "gcc-12@12.2.0-14+deb12u1", NULL },
		{ "libxcrypt", "1:4.4.33-2", 0, 281, "glibc@2.36-9+deb12u14", NULL },
		{ "gmp", "2:6.2.1+dfsg1-1.1", 0, 324, "glibc@2.36-9+deb12u14", NULL },
		{ "pcre2", "10.42-1+deb12u2", 0, 351, "glibc@2.36-9+deb12u14", NULL },
		{ "libselinux", "3.4-1", 0, 373, "glibc@2.36-9+deb12u14 pcre2@10.42-1+deb12u2", NULL },
		{ "openssl", "3.0.19-1~deb12u2", 0, 406, "glibc@2.36-9+deb12u14", NULL },
		{ "ncurses", "6.4-4", 0, 448, "glibc@2.36-9+deb12u14", NULL },
		{ "mawk", "1.3.4.20200120-3.1", 0, 466, "glibc@2.36-9+deb12u14", NULL },
		{ "perl", "5.36.0-7+deb12u4", 0, 520, "glibc@2.36-9+deb12u14 libxcrypt@1:4.4.33-2", NULL },
		{ "tzdata", "2025b-0+deb12u2", 0, 545, NULL, NULL },
		{ "zlib", "1:1.2.13.dfsg-1", 0, 564, "glibc@2.36-9+deb12u14", NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_dpkg_status, "os/debian", "var/lib/dpkg/status");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	assert_string_equal(sca_find(&inv, "zlib")->purl, "pkg:deb/debian/zlib@1:1.2.13.dfsg-1");
	scan_inventory__dispose(&inv);
}

/* Distroless: one control file per package, no Status field, each installed. */
static void test_distroless(void **state)
{
	static const sca_want ssl[] = { { "openssl", "3.0.13-1~deb12u1", 0, 1, NULL, NULL } };
	static const sca_want tz[] = { { "tzdata", "2024a-0+deb12u1", 0, 1, NULL, NULL } };
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_dpkg_status, "os/distroless", "var/lib/dpkg/status.d/libssl3");
	sca_expect(&inv, ssl, 1);
	scan_inventory__dispose(&inv);
	sca_run_fixture(&inv, scan_lockfile__extract_dpkg_status, "os/distroless", "var/lib/dpkg/status.d/tzdata");
	sca_expect(&inv, tz, 1);
	scan_inventory__dispose(&inv);
	/* The same paragraph in a status file proper says nothing about installation: not reported. */
	sca_run_str(&inv, scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", "Package: tzdata\nVersion: 2024a-0+deb12u1\n");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

/* Folded fields, lower-case names, alternatives, arch qualifiers, a Source with no version. */
static void test_dpkg_syntax(void **state)
{
	static const char text[] =
		"package: libfoo1\n"
		"status: install ok installed\n"
		"source: foo\n"
		"version: 1.0-1\n"
		"pre-depends: missing-pkg | libbar2:amd64 (>= 2),\n"
		"  libbaz [amd64] <!nocheck>\n"
		"\n"
		"\n"
		"Package: libbar2\n"
		"Status: install ok installed\n"
		"Source:  bar   (2.0-3)  \n"
		"Version: 2.0-3+b1\n"
		"Description: multi\n"
		" line\n"
		" .\n"
		"\n"
		"Package: qux\n"
		"Status: install ok installed\n"
		"Version: 0.1\n"
		"Provides: libbaz (= 0.1)\n";
	static const sca_want want[] = {
		{ "foo", "1.0-1", 0, 1, "bar@2.0-3 qux@0.1", NULL },
		{ "bar", "2.0-3", 0, 9, NULL, NULL },
		{ "qux", "0.1", 0, 17, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", text);
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
}

/*
 * Alpine 3.20 base image: subpackages merged into their origin (busybox,
 * openssl, musl, alpine-baselayout), license of the first subpackage,
 * "so:", "cmd:" and "/bin/sh" dependencies resolved through "p:".
 */
static void test_alpine(void **state)
{
	static const sca_want want[] = {
		{ "alpine-baselayout", "3.6.5-r0", 0, 2, "busybox@1.36.1-r29", "GPL-2.0-only" },
		{ "musl", "1.2.5-r0", 0, 24, "pax-utils@1.3.7-r2", "MIT" },
		{ "busybox", "1.36.1-r29", 0, 45, "musl@1.2.5-r0 openssl@3.3.2-r0", "GPL-2.0-only" },
		{ "alpine-keys", "2.4-r1", 0, 104, NULL, "MIT" },
		{ "ca-certificates", "20240705-r0", 0, 122, NULL, "MPL-2.0 AND MIT" },
		{ "openssl", "3.3.2-r0", 0, 141, "musl@1.2.5-r0", "Apache-2.0" },
		{ "zlib", "1.3.1-r1", 0, 179, "musl@1.2.5-r0", "Zlib" },
		{ "apk-tools", "2.14.4-r1", 0, 198,
		  "ca-certificates@20240705-r0 musl@1.2.5-r0 openssl@3.3.2-r0 zlib@1.3.1-r1", "GPL-2.0-only" },
		{ "pax-utils", "1.3.7-r2", 0, 217, "musl@1.2.5-r0", "GPL-2.0-only" },
		{ "libc-dev", "0.7.2-r5", 0, 257, "musl@1.2.5-r0", "BSD-2-Clause AND BSD-3-Clause" },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_fixture(&inv, scan_lockfile__extract_apk_installed, "os/alpine", "lib/apk/db/installed");
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	assert_string_equal(sca_find(&inv, "openssl")->purl, "pkg:apk/alpine/openssl@3.3.2-r0");
	scan_inventory__dispose(&inv);
}

/* No origin: the package is its own; a conflict ("!") is no edge; CRLF; no final blank line. */
static void test_apk_syntax(void **state)
{
	static const char text[] =
		"P:a\r\nV:1.0-r0\r\nD:!b b>2 c@edge\r\n\r\n"
		"P:b\nV:2.1-r3\nL:\n\n\n"
		"P:c\nV:0.9_rc1-r0\no:c-src";
	static const sca_want want[] = {
		{ "a", "1.0-r0", 0, 1, "b@2.1-r3 c-src@0.9_rc1-r0", NULL },
		{ "b", "2.1-r3", 0, 5, NULL, NULL },
		{ "c-src", "0.9_rc1-r0", 0, 10, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_apk_installed, "lib/apk/db/installed", text);
	sca_expect(&inv, want, sizeof(want) / sizeof(want[0]));
	scan_inventory__dispose(&inv);
	sca_run_str(&inv, scan_lockfile__extract_apk_installed, "lib/apk/db/installed", "");
	assert_int_equal(inv.count, 0);
	scan_inventory__dispose(&inv);
}

static void test_malformed(void **state)
{
	static const struct {
		const char *text, *message;
	} dpkg[] = {
		{ " continuation\n", "status:1: continuation line without a field" },
		{ "Package: a\nno colon here\n", "status:2: malformed field" },
		{ "Package: a\n: value\n", "status:2: malformed field" },
		{ "Status: install ok installed\nVersion: 1\n", "status:1: paragraph without a Package field" },
		{ "Package: a\nStatus: install ok installed\n", "status:1: installed package 'a' has no Version" },
		{ "Package: a\nStatus: install ok installed\nVersion: 1\nSource: (1.0)\n", "status:1: malformed Source field" },
		{ "Package: a\nStatus: install ok installed\nVersion: 1\nSource: b (1.0\n", "status:1: malformed Source field" },
		{ "Package: a\nStatus: install ok installed\nVersion: 1 \x01\n", "invalid version of 'a'" },
	}, apk[] = {
		{ "P:a\nV:1\n\nthis is not apk\n", "installed:4: malformed line" },
		{ "C:Q1abc=\nV:1\n", "installed:1: record without a P:" },
		{ "P:musl\nA:x86_64\n", "installed:1: package 'musl' has no V:" },
		{ "P:a\nV:1\n1:x\n", "installed:3: malformed line" },
	};
	static const char nul[] = "Package: a\nStatus: install ok installed\nVer\0sion: 1\n";

	(void)state;
	for (size_t i = 0; i < sizeof(dpkg) / sizeof(dpkg[0]); i++)
		sca_expect_error(scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", dpkg[i].text, strlen(dpkg[i].text),
		                 SCAN_EPARSE, dpkg[i].message);
	for (size_t i = 0; i < sizeof(apk) / sizeof(apk[0]); i++)
		sca_expect_error(scan_lockfile__extract_apk_installed, "lib/apk/db/installed", apk[i].text, strlen(apk[i].text),
		                 SCAN_EPARSE, apk[i].message);
	sca_expect_error(scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", nul, sizeof(nul) - 1, SCAN_EPARSE,
	                 "status:3: NUL byte");
}

static void test_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_sca_inventory inv;
	double t0 = th_cpu_seconds();
	size_t n = ((size_t)1 << 20) + 100;
	char *big = malloc(n + 1);

	(void)state;
	/* A line past the limit. */
	assert_non_null(big);
	memcpy(big, "Package: a\nDescription: ", 24);
	memset(big + 24, 'x', n - 24);
	big[n] = '\0';
	sca_expect_error(scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", big, n, SCAN_ELIMIT,
	                 "status:2: line longer than");
	memcpy(big, "P:a\nT:", 6);
	memset(big + 6, 'x', n - 6);
	sca_expect_error(scan_lockfile__extract_apk_installed, "lib/apk/db/installed", big, n, SCAN_ELIMIT,
	                 "installed:2: line longer than");
	free(big);
	/* 60,000 packages, each depending on the next and on a virtual name all provide. */
	for (int i = 0; i < 60000; i++)
		scan_buf_printf(&b, "Package: p%d\nStatus: install ok installed\nVersion: 1.%d\nProvides: virt\n"
		                "Depends: p%d (>= 1), virt | p0\n\n", i, i, i + 1);
	assert_false(scan_buf_failed(&b));
	sca_run_str(&inv, scan_lockfile__extract_dpkg_status, "var/lib/dpkg/status", b.ptr);
	assert_int_equal(inv.count, 60000);
	assert_int_equal(inv.items[5].ndeps, 2);
	assert_int_equal(inv.items[59999].ndeps, 1);   /* p60000 is missing; virt is p0 */
	scan_inventory__dispose(&inv);
	/* One dependency line naming the same package 100,000 times: one edge. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "P:a\nV:1\nD:");
	for (int i = 0; i < 100000; i++)
		scan_buf_puts(&b, "b>=1 ");
	scan_buf_puts(&b, "\n\nP:b\nV:2\n");
	sca_run_str(&inv, scan_lockfile__extract_apk_installed, "lib/apk/db/installed", b.ptr);
	assert_int_equal(inv.count, 2);
	assert_int_equal(inv.items[0].ndeps, 1);
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);
	assert_true(th_cpu_seconds() - t0 < SCA_FAST_SECONDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detects),
		cmocka_unit_test(test_debian),
		cmocka_unit_test(test_distroless),
		cmocka_unit_test(test_dpkg_syntax),
		cmocka_unit_test(test_alpine),
		cmocka_unit_test(test_apk_syntax),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
