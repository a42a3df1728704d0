/*
 * tests/unit/test_coverage.c - coverage report import: each format on real
 * tools' reports, detection, merging, path mapping, and hostile input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "helpers.h"
#include "coverage/coverage_int.h"
#include "scan/buf.h"
#include "scan/coverage.h"

#define FIXTURES RAMPART_SOURCE_DIR "/tests/coverage/"
/* Hostile inputs must fail long before this; generous for sanitizer builds. */
#define FAST_SECONDS 2.0

static int parse_str(scan_cov_report **r, const char *s, scan_cov_format fmt)
{
	return scan_coverage_parse(r, s, strlen(s), fmt);
}

static scan_cov_report *parse_ok(const char *s, scan_cov_format fmt)
{
	scan_cov_report *r = NULL;
	int rc = parse_str(&r, s, fmt);

	if (rc)
		fail_msg("parse failed (%d): %s", rc, scan_error_last()->message);
	return r;
}

static scan_cov_report *parse_fixture(const char *name, scan_cov_format fmt)
{
	char path[1024];
	scan_cov_report *r = NULL;
	size_t len;
	char *data;
	int rc;

	snprintf(path, sizeof(path), FIXTURES "%s", name);
	data = th_read(path, &len);
	if (!data)
		fail_msg("cannot read %s", path);
	rc = scan_coverage_parse(&r, data, len, fmt);
	free(data);
	if (rc)
		fail_msg("%s: parse failed (%d): %s", name, rc, scan_error_last()->message);
	return r;
}

/* The parse must fail with code, and its message contain want. */
static void expect_error(const char *s, size_t len, scan_cov_format fmt, int code, const char *want)
{
	scan_cov_report *r = (scan_cov_report *)1;
	int rc = scan_coverage_parse(&r, s, len, fmt);

	assert_null(r);
	if (rc != code)
		fail_msg("expected %d, got %d: %s", code, rc, scan_error_last()->message);
	assert_int_equal(scan_error_last()->code, code);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
}

static void expect_error_str(const char *s, scan_cov_format fmt, int code, const char *want)
{
	expect_error(s, strlen(s), fmt, code, want);
}

static const scan_cov_file *file_of(const scan_cov_report *r, const char *path)
{
	for (size_t i = 0; i < r->nfiles; i++)
		if (!strcmp(r->files[i].path, path))
			return &r->files[i];
	fail_msg("no file '%s' in the report", path);
	return NULL;
}

static size_t covered(const scan_cov_file *f)
{
	size_t n = 0;

	for (size_t i = 0; i < f->nlines; i++)
		n += f->lines[i].hits > 0;
	return n;
}

static uint32_t hits_of(const scan_cov_file *f, uint32_t line)
{
	for (size_t i = 0; i < f->nlines; i++)
		if (f->lines[i].line == line)
			return f->lines[i].hits;
	fail_msg("line %u is not coverable", (unsigned)line);
	return 0;
}

static void assert_sorted_unique(const scan_cov_report *r)
{
	for (size_t i = 0; i < r->nfiles; i++) {
		if (i)
			assert_true(strcmp(r->files[i - 1].path, r->files[i].path) < 0);
		for (size_t j = 1; j < r->files[i].nlines; j++)
			assert_true(r->files[i].lines[j - 1].line < r->files[i].lines[j].line);
	}
}

/* "9,17,18": the uncovered lines, for comparing with what gcovr prints. */
static void assert_missed(const scan_cov_file *f, const char *want)
{
	char got[256] = "";
	size_t at = 0;

	for (size_t i = 0; i < f->nlines; i++)
		if (!f->lines[i].hits && at < sizeof(got))
			at += (size_t)snprintf(got + at, sizeof(got) - at, "%s%u", at ? "," : "", (unsigned)f->lines[i].line);
	assert_string_equal(got, want);
}

/* --- names ------------------------------------------------------------------ */

static void test_format_names(void **state)
{
	static const char *const names[] = { "auto", "cobertura", "jacoco", "clover", "lcov", "rampart" };
	scan_cov_format f;

	(void)state;
	for (int i = 0; i <= SCAN_COV_NATIVE; i++) {
		assert_string_equal(scan_coverage_format_name((scan_cov_format)i), names[i]);
		assert_int_equal(scan_coverage_format_parse(&f, names[i]), 0);
		assert_int_equal(f, i);
	}
	assert_int_equal(scan_coverage_format_parse(&f, "Cobertura"), SCAN_EINVAL);
	assert_non_null(strstr(scan_error_last()->message, "'Cobertura'"));
	assert_int_equal(scan_coverage_format_parse(&f, "native"), SCAN_EINVAL);
	assert_int_equal(scan_coverage_format_parse(&f, ""), SCAN_EINVAL);
	assert_int_equal(scan_coverage_format_parse(&f, NULL), SCAN_EINVAL);
	scan_coverage_free(NULL);
}

/* --- real tools' reports ---------------------------------------------------- */

static void test_gcovr_cobertura_fixture(void **state)
{
	scan_cov_report *r;
	const scan_cov_file *f;

	(void)state;
	r = parse_fixture("gcovr-cobertura.xml", SCAN_COV_AUTO);
	assert_int_equal(r->format, SCAN_COV_COBERTURA);
	assert_int_equal(r->nfiles, 1);
	f = file_of(r, "src/calc.c");
	/* gcovr: "src/calc.c  24  21  87%  9,17-18" */
	assert_int_equal(f->nlines, 24);
	assert_int_equal(covered(f), 21);
	assert_missed(f, "9,17,18");
	assert_int_equal(hits_of(f, 27), 5);
	assert_int_equal(r->nsources, 1);
	assert_string_equal(r->sources[0], ".");
	scan_coverage_free(r);

	/* The same with the format named. */
	r = parse_fixture("gcovr-cobertura.xml", SCAN_COV_COBERTURA);
	assert_int_equal(r->files[0].nlines, 24);
	scan_coverage_free(r);
}

static void test_lcov_fixture(void **state)
{
	scan_cov_report *r;
	const scan_cov_file *f;

	(void)state;
	r = parse_fixture("lcov.info", SCAN_COV_AUTO);
	assert_int_equal(r->format, SCAN_COV_LCOV);
	assert_int_equal(r->nfiles, 1);
	f = file_of(r, "/tmp/rampart-coverage/src/calc.c");
	assert_int_equal(f->nlines, 24);
	assert_int_equal(covered(f), 21);
	assert_missed(f, "9,17,18");
	assert_int_equal(hits_of(f, 28), 4);
	scan_coverage_free(r);
}

static void test_coveragepy_fixture(void **state)
{
	scan_cov_report *r;
	const scan_cov_file *f;

	(void)state;
	r = parse_fixture("coveragepy-cobertura.xml", SCAN_COV_AUTO);
	assert_int_equal(r->format, SCAN_COV_COBERTURA);
	f = file_of(r, "pycalc.py");
	/* coverage report: "pycalc.py  15  2  87%" */
	assert_int_equal(f->nlines, 15);
	assert_int_equal(covered(f), 13);
	assert_missed(f, "8,14");
	assert_int_equal(r->nsources, 1);
	assert_string_equal(r->sources[0], "/tmp/rampart-coverage/src");
	scan_coverage_free(r);
}

static void test_jacoco_fixture(void **state)
{
	scan_cov_report *r;
	const scan_cov_file *f;

	(void)state;
	/* The fixture starts with JaCoCo's own DOCTYPE. */
	r = parse_fixture("jacoco.xml", SCAN_COV_AUTO);
	assert_int_equal(r->format, SCAN_COV_JACOCO);
	assert_int_equal(r->nfiles, 3);
	assert_sorted_unique(r);
	f = file_of(r, "com/acme/calc/Calc.java");
	assert_int_equal(f->nlines, 7);
	assert_int_equal(covered(f), 5);
	assert_missed(f, "9,14");
	assert_int_equal(hits_of(f, 13), 3); /* partly covered: ci */
	f = file_of(r, "com/acme/calc/Main.java");
	assert_int_equal(f->nlines, 3);
	assert_int_equal(covered(f), 0);
	f = file_of(r, "Root.java");
	assert_int_equal(f->nlines, 1);
	assert_int_equal(covered(f), 1);
	scan_coverage_free(r);
}

static void test_clover_fixture(void **state)
{
	scan_cov_report *r;
	const scan_cov_file *f;

	(void)state;
	r = parse_fixture("clover.xml", SCAN_COV_AUTO);
	assert_int_equal(r->format, SCAN_COV_CLOVER);
	assert_int_equal(r->nfiles, 2); /* the testproject's file is not the project's */
	f = file_of(r, "/build/acme/src/calc.js");
	assert_int_equal(f->nlines, 7);
	assert_int_equal(covered(f), 5);
	assert_missed(f, "8,9");
	assert_int_equal(hits_of(f, 4), 3); /* truecount + falsecount */
	f = file_of(r, "/build/acme/src/util.js");
	assert_int_equal(f->nlines, 2);
	assert_int_equal(covered(f), 1);
	scan_coverage_free(r);
}

/* Every fixture onto the repository as the scanner lists it. */
static void test_fixtures_map_onto_repository(void **state)
{
	static const char *const repo[] = {
		"tests/coverage/src/calc.c",
		"tests/coverage/src/pycalc.py",
		"tests/unit/test_coverage.c",
		"README.md",
	};
	scan_cov_report *r;

	(void)state;
	/* gcovr: "src/calc.c" under source "."; a suffix of the repository file. */
	r = parse_fixture("gcovr-cobertura.xml", SCAN_COV_AUTO);
	assert_int_equal(scan_coverage_map_paths(r, repo, 4, RAMPART_SOURCE_DIR), 0);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->files[0].path, "tests/coverage/src/calc.c");
	assert_int_equal(r->files[0].nlines, 24);
	assert_int_equal(r->unmapped, 0);
	assert_int_equal(r->nsources, 0);
	scan_coverage_free(r);

	/* lcov: an absolute build path from another machine. */
	r = parse_fixture("lcov.info", SCAN_COV_AUTO);
	assert_int_equal(scan_coverage_map_paths(r, repo, 4, RAMPART_SOURCE_DIR), 0);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->files[0].path, "tests/coverage/src/calc.c");
	scan_coverage_free(r);

	/* The same build path is under root when the repository is there. */
	{
		static const char *const here[] = { "src/calc.c", "calc.c" };
		r = parse_fixture("lcov.info", SCAN_COV_AUTO);
		assert_int_equal(scan_coverage_map_paths(r, here, 2, "/tmp/rampart-coverage"), 0);
		assert_int_equal(r->nfiles, 1);
		assert_string_equal(r->files[0].path, "src/calc.c");
		scan_coverage_free(r);
	}

	r = parse_fixture("coveragepy-cobertura.xml", SCAN_COV_AUTO);
	assert_int_equal(scan_coverage_map_paths(r, repo, 4, NULL), 0);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->files[0].path, "tests/coverage/src/pycalc.py");
	scan_coverage_free(r);
}

/* --- Cobertura -------------------------------------------------------------- */

static void test_cobertura_classes_methods_sources(void **state)
{
	const char *xml =
		"<?xml version=\"1.0\"?>\n"
		"<coverage line-rate=\"0.5\">\n"
		" <sources>\n"
		"  <source>\n   /home/ci/proj/src/main/java\n  </source>\n"
		"  <source></source>\n"
		"  <source>/home/ci/proj/gen</source>\n"
		" </sources>\n"
		" <packages><package name=\"com.acme\"><classes>\n"
		"  <class name=\"A\" filename=\"com/acme/A.java\">\n"
		"   <methods><method name=\"f\"><lines><line number=\"3\" hits=\"7\"/>\n"
		"    <line number=\"99\" hits=\"1\"/></lines></method></methods>\n"
		"   <lines><line number=\"3\" hits=\"2\"/><line number=\"4\" hits=\"0\"/></lines>\n"
		"  </class>\n"
		/* An inner class names the same file: merged, hits added. */
		"  <class name=\"A$1\" filename=\"com/acme/A.java\">\n"
		"   <lines><line number=\"3\" hits=\"1\"/><line number=\"10\" hits=\" 5 \"/></lines>\n"
		"  </class>\n"
		"  <class name=\"B\" filename=\"com/acme/B.java\"><methods/><lines/></class>\n"
		" </classes></package></packages>\n"
		"</coverage>\n";
	scan_cov_report *r = parse_ok(xml, SCAN_COV_AUTO);
	const scan_cov_file *f;

	(void)state;
	assert_int_equal(r->format, SCAN_COV_COBERTURA);
	assert_int_equal(r->nsources, 2);
	assert_string_equal(r->sources[0], "/home/ci/proj/src/main/java");
	assert_string_equal(r->sources[1], "/home/ci/proj/gen");
	assert_int_equal(r->nfiles, 2);
	f = file_of(r, "com/acme/A.java");
	assert_int_equal(f->nlines, 3); /* method line 99 is not a class line */
	assert_int_equal(hits_of(f, 3), 3);
	assert_int_equal(hits_of(f, 4), 0);
	assert_int_equal(hits_of(f, 10), 5);
	assert_int_equal(file_of(r, "com/acme/B.java")->nlines, 0);
	scan_coverage_free(r);
}

static void test_cobertura_errors(void **state)
{
	(void)state;
	expect_error_str("<coverage><packages><package><classes><class name=\"x\">"
	                 "</class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_EPARSE, "filename");
	expect_error_str("<coverage>\n<packages><package><classes><class filename=\"a.c\"><lines>\n"
	                 "<line number=\"x3\" hits=\"1\"/></lines></class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_EPARSE, "cobertura coverage: line 3:");
	expect_error_str("<coverage><packages><package><classes><class filename=\"a.c\"><lines>"
	                 "<line number=\"3\" hits=\"-1\"/></lines></class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_EPARSE, "hits");
	expect_error_str("<coverage><packages><package><classes><class filename=\"a.c\"><lines>"
	                 "<line number=\"3\"/></lines></class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_EPARSE, "no hits attribute");
	expect_error_str("<coverage><packages><package><classes><class filename=\"a.c\"><lines>"
	                 "<line number=\"99999999999\" hits=\"1\"/></lines></class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_ELIMIT, "line number");
	expect_error_str("<coverage><packages></coverage>", SCAN_COV_COBERTURA, SCAN_EPARSE, "mismatched tag");
	expect_error_str("<coverage><packages><package><classes><class filename=\"a.c\"><class filename=\"b.c\"/>"
	                 "</class></classes></package></packages></coverage>",
	                 SCAN_COV_COBERTURA, SCAN_EPARSE, "<class> inside a <class>");
	expect_error_str("<report/>", SCAN_COV_COBERTURA, SCAN_EPARSE, "expected <coverage>");
	expect_error_str("", SCAN_COV_COBERTURA, SCAN_EPARSE, "cobertura coverage");
}

static void test_cobertura_line_zero_skipped_hits_saturate(void **state)
{
	scan_cov_report *r = parse_ok(
		"<coverage><packages><package><classes><class filename=\"a.c\"><lines>"
		"<line number=\"0\" hits=\"1\"/><line number=\"1\" hits=\"99999999999999\"/>"
		"</lines></class></classes></package></packages></coverage>", SCAN_COV_AUTO);

	(void)state;
	assert_int_equal(r->files[0].nlines, 1);
	assert_int_equal(r->files[0].lines[0].hits, UINT32_MAX);
	scan_coverage_free(r);
}

/* --- JaCoCo ----------------------------------------------------------------- */

static void test_jacoco_groups_and_doctype(void **state)
{
	const char *xml =
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
		"<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\">"
		"<report name=\"r\"><group name=\"mod\"><package name=\"org/x\">"
		"<sourcefile name=\"Y.java\"><line nr=\"2\" mi=\"1\" ci=\"0\" mb=\"0\" cb=\"0\"/>"
		"<line nr=\"3\" mi=\"0\" ci=\"0\" mb=\"0\" cb=\"0\"/>"
		"<counter type=\"LINE\" missed=\"1\" covered=\"0\"/></sourcefile></package></group></report>";
	scan_cov_report *r = parse_ok(xml, SCAN_COV_AUTO);

	(void)state;
	assert_int_equal(r->format, SCAN_COV_JACOCO);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->files[0].path, "org/x/Y.java");
	assert_int_equal(r->files[0].nlines, 1); /* a line without instructions is not coverable */
	assert_int_equal(covered(&r->files[0]), 0);
	scan_coverage_free(r);

	/* A DOCTYPE naming a local file is accepted and never read. */
	r = parse_ok("<!DOCTYPE report SYSTEM \"file:///etc/passwd\"><report/>", SCAN_COV_JACOCO);
	assert_int_equal(r->nfiles, 0);
	scan_coverage_free(r);
}

static void test_jacoco_errors(void **state)
{
	(void)state;
	expect_error_str("<report><package name=\"a\"><sourcefile/></package></report>", SCAN_COV_JACOCO,
	                 SCAN_EPARSE, "<sourcefile> has no name");
	expect_error_str("<report><package name=\"a\"><sourcefile name=\"B.java\"><line nr=\"1\" mi=\"0\"/>"
	                 "</sourcefile></package></report>", SCAN_COV_JACOCO, SCAN_EPARSE, "no ci attribute");
	expect_error_str("<coverage/>", SCAN_COV_JACOCO, SCAN_EPARSE, "expected <report>");
}

/* --- Clover ----------------------------------------------------------------- */

static void test_clover_variants(void **state)
{
	/* PHPUnit: the full path in name, files directly under project, lines after classes. */
	const char *xml =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<coverage generated=\"1\">\n"
		" <project timestamp=\"1\">\n"
		"  <file name=\"/var/www/app/src/Foo.php\">\n"
		"   <class name=\"Foo\" namespace=\"App\"><metrics/></class>\n"
		"   <line num=\"5\" type=\"method\" name=\"bar\" count=\"2\"/>\n"
		"   <line num=\"6\" type=\"stmt\" count=\"2\"/>\n"
		"   <line num=\"7\" type=\"cond\" count=\"2\" truecount=\"0\" falsecount=\"0\"/>\n"
		"   <line num=\"8\" type=\"cond\" truecount=\"0\" falsecount=\"1\"/>\n"
		"   <line num=\"9\" count=\"0\"/>\n"
		"  </file>\n"
		"  <package name=\"p\"><file name=\"x.js\" path=\"\"><line num=\"1\" type=\"stmt\" count=\"1\"/></file></package>\n"
		" </project>\n"
		"</coverage>\n";
	scan_cov_report *r = parse_ok(xml, SCAN_COV_AUTO);
	const scan_cov_file *f;

	(void)state;
	assert_int_equal(r->format, SCAN_COV_CLOVER);
	f = file_of(r, "/var/www/app/src/Foo.php");
	assert_int_equal(f->nlines, 4);
	assert_int_equal(hits_of(f, 7), 2);  /* istanbul-style count wins over 0/0 */
	assert_int_equal(hits_of(f, 8), 1);
	assert_int_equal(hits_of(f, 9), 0);  /* no type: a statement */
	f = file_of(r, "x.js");               /* empty path: name */
	assert_int_equal(f->nlines, 1);
	scan_coverage_free(r);
}

static void test_clover_errors(void **state)
{
	(void)state;
	expect_error_str("<coverage><project><file/></project></coverage>", SCAN_COV_CLOVER, SCAN_EPARSE,
	                 "neither a path nor a name");
	expect_error_str("<coverage><project><file name=\"a\"><line num=\"1\" type=\"stmt\"/></file></project></coverage>",
	                 SCAN_COV_CLOVER, SCAN_EPARSE, "no count");
	expect_error_str("<coverage><project><file name=\"a\"><line num=\"1\" type=\"cond\"/></file></project></coverage>",
	                 SCAN_COV_CLOVER, SCAN_EPARSE, "truecount");
	expect_error_str("<report/>", SCAN_COV_CLOVER, SCAN_EPARSE, "expected <coverage>");
}

/* --- LCOV ------------------------------------------------------------------- */

static void test_lcov_records_and_merging(void **state)
{
	const char *info =
		"TN:unit\r\n"
		"SF:src/a.c\r\n"
		"VER:abc\n"
		"FN:1,main\nFNDA:1,main\nFNF:1\nFNH:1\n"
		"DA:1,1\n"
		"DA:2,0,Ckl1zQ\n"
		"BRDA:2,0,0,-\nBRF:1\nBRH:0\nLF:2\nLH:1\n"
		"end_of_record\n"
		"\n"
		"TN:integration\n"
		"SF:src/a.c\n"
		"DA:2,3\n"
		"DA:1,18446744073709551615\n"
		"end_of_record\n"
		"SF:src/b.c\n"
		"DA:5,0\n"
		"DA:5,0\n"
		"end_of_record";
	scan_cov_report *r = parse_ok(info, SCAN_COV_AUTO);
	const scan_cov_file *f;

	(void)state;
	assert_int_equal(r->format, SCAN_COV_LCOV);
	assert_int_equal(r->nfiles, 2);
	assert_sorted_unique(r);
	f = file_of(r, "src/a.c");
	assert_int_equal(f->nlines, 2);
	assert_int_equal(hits_of(f, 1), UINT32_MAX); /* 1 + a count past 32 bits saturates */
	assert_int_equal(hits_of(f, 2), 3);
	f = file_of(r, "src/b.c");
	assert_int_equal(f->nlines, 1);
	assert_int_equal(covered(f), 0);
	scan_coverage_free(r);

	/* A test name alone: no file. */
	r = parse_ok("TN:\n", SCAN_COV_AUTO);
	assert_int_equal(r->nfiles, 0);
	scan_coverage_free(r);
}

static void test_lcov_errors(void **state)
{
	char *big;

	(void)state;
	expect_error_str("TN:\nDA:1,1\n", SCAN_COV_LCOV, SCAN_EPARSE, "lcov coverage: line 2: DA record outside");
	expect_error_str("SF:a\nDA:1\nend_of_record\n", SCAN_COV_LCOV, SCAN_EPARSE, "malformed DA");
	expect_error_str("SF:a\nDA:1,-1\nend_of_record\n", SCAN_COV_LCOV, SCAN_EPARSE, "hits");
	expect_error_str("SF:a\nDA:x,1\nend_of_record\n", SCAN_COV_LCOV, SCAN_EPARSE, "malformed DA");
	expect_error_str("SF:a\nDA:1,1\n", SCAN_COV_LCOV, SCAN_EPARSE, "line 1: SF record without end_of_record");
	expect_error_str("SF:\nend_of_record\n", SCAN_COV_LCOV, SCAN_EPARSE, "empty file path");
	expect_error_str("SF:a\nhello world\nend_of_record\n", SCAN_COV_LCOV, SCAN_EPARSE, "line 2: not an LCOV record");
	{
		static const char nul[] = "SF:a\nDA:1,1\0\nend_of_record\n";
		expect_error(nul, sizeof(nul) - 1, SCAN_COV_LCOV, SCAN_EPARSE, "line 2: NUL");
	}
	expect_error_str("\x89PNG\r\n\x1a\n", SCAN_COV_LCOV, SCAN_EPARSE, "not an LCOV record");

	big = malloc(SCAN_COV_LCOV_LINE_MAX + 16);
	assert_non_null(big);
	memcpy(big, "SF:", 3);
	memset(big + 3, 'a', SCAN_COV_LCOV_LINE_MAX);
	expect_error(big, SCAN_COV_LCOV_LINE_MAX + 3, SCAN_COV_LCOV, SCAN_ELIMIT, "line longer than");
	free(big);
}

static void test_lcov_file_limit(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	for (int i = 0; i <= SCAN_COV_FILES_MAX; i++)
		scan_buf_printf(&b, "SF:f%d\nend_of_record\n", i);
	assert_int_equal(scan_buf_failed(&b), 0);
	assert_true(b.size <= SCAN_COV_MAX_BYTES);
	expect_error(b.ptr, b.size, SCAN_COV_AUTO, SCAN_ELIMIT, "more than 200000 files");
	scan_buf_dispose(&b);
}

/* --- Rampart JSON ----------------------------------------------------------- */

static void test_native(void **state)
{
	const char *json =
		"{\"format\": \"rampart-coverage\", \"version\": 1, \"tool\": \"anything\",\n"
		" \"files\": [\n"
		"  {\"path\": \"src/a.c\", \"lines\": {\"12\": 3, \"13\": 0, \"2\": 1}},\n"
		"  {\"path\": \"src/a.c\", \"lines\": {\"13\": 2}, \"extra\": [1, 2]},\n"
		"  {\"path\": \"src/empty.c\", \"lines\": {}}\n"
		" ]}\n";
	scan_cov_report *r = parse_ok(json, SCAN_COV_AUTO);
	const scan_cov_file *f;

	(void)state;
	assert_int_equal(r->format, SCAN_COV_NATIVE);
	assert_int_equal(r->nfiles, 2);
	f = file_of(r, "src/a.c");
	assert_int_equal(f->nlines, 3);
	assert_int_equal(f->lines[0].line, 2);
	assert_int_equal(hits_of(f, 13), 2);
	assert_int_equal(hits_of(f, 12), 3);
	assert_int_equal(file_of(r, "src/empty.c")->nlines, 0);
	scan_coverage_free(r);

	r = parse_ok("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[{\"path\":\"a\",\"lines\":{\"1\":1e300}}]}",
	             SCAN_COV_NATIVE);
	assert_int_equal(r->files[0].lines[0].hits, UINT32_MAX);
	scan_coverage_free(r);
}

static void test_native_errors(void **state)
{
	(void)state;
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":2,\"files\":[]}", SCAN_COV_AUTO, SCAN_EVERSION,
	                 "version 2");
	expect_error_str("{\"format\":\"rampart-coverage\",\"files\":[]}", SCAN_COV_AUTO, SCAN_EPARSE, "\"version\"");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1}", SCAN_COV_AUTO, SCAN_EPARSE, "\"files\"");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[{\"path\":\"a\",\"lines\":{\"x\":1}}]}",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "files[0]: line key");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[{\"path\":\"a\",\"lines\":{\"1\":-1}}]}",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "files[0]: hits of line 1");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[{\"path\":\"a\",\"lines\":{\"1\":1.5}}]}",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "whole number");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[{\"lines\":{}}]}",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "files[0] has no \"path\"");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[7]}",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "files[0] is not an object");
	expect_error_str("{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[]} {}", SCAN_COV_AUTO, SCAN_EPARSE,
	                 "text after");
	expect_error_str("{\"format\":\"rampart-coverage\",\n\"version\":1,\"files\":[}", SCAN_COV_NATIVE, SCAN_EPARSE,
	                 "line 2: malformed JSON");
	/* Named explicitly, a JSON without the key says what it lacks. */
	expect_error_str("{\"files\":[]}", SCAN_COV_NATIVE, SCAN_EPARSE, "no \"format\"");
	expect_error_str("[]", SCAN_COV_NATIVE, SCAN_EPARSE, "not an object");
}

/* --- detection -------------------------------------------------------------- */

static void test_detection(void **state)
{
	static const struct { const char *text; scan_cov_format fmt; } cases[] = {
		{ "\xEF\xBB\xBF<?xml version=\"1.0\"?><coverage><sources/></coverage>", SCAN_COV_COBERTURA },
		{ "\n  <coverage><sources/></coverage>", SCAN_COV_COBERTURA },
		{ "<coverage><packages/></coverage>", SCAN_COV_COBERTURA },
		{ "<coverage line-rate=\"0\"/>", SCAN_COV_COBERTURA },
		{ "<!-- x --><report name=\"x\"/>", SCAN_COV_JACOCO },
		{ "<coverage generated=\"1\"><project/></coverage>", SCAN_COV_CLOVER },
		{ "<coverage clover=\"4\"/>", SCAN_COV_CLOVER },
		{ "\n\nSF:a.c\nend_of_record\n", SCAN_COV_LCOV },
		{ "TN:\n", SCAN_COV_LCOV },
		{ " {\"format\":\"rampart-coverage\",\"version\":1,\"files\":[]}", SCAN_COV_NATIVE },
	};
	/* <report/> in UTF-16LE with its BOM. */
	static const char utf16[] = "\xFF\xFE<\0r\0e\0p\0o\0r\0t\0/\0>\0";
	scan_cov_report *r;

	(void)state;
	assert_int_equal(scan_coverage_parse(&r, utf16, sizeof(utf16) - 1, SCAN_COV_AUTO), 0);
	assert_int_equal(r->format, SCAN_COV_JACOCO);
	scan_coverage_free(r);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		r = parse_ok(cases[i].text, SCAN_COV_AUTO);
		if (r->format != cases[i].fmt)
			fail_msg("case %zu: detected %s", i, scan_coverage_format_name(r->format));
		scan_coverage_free(r);
	}
}

static void test_detection_rejects_other_formats(void **state)
{
	static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01";
	const char *unknown = "unknown coverage format (expected Cobertura, JaCoCo, Clover, LCOV or Rampart JSON)";

	(void)state;
	expect_error(png, sizeof(png) - 1, SCAN_COV_AUTO, SCAN_EPARSE, unknown);
	expect_error_str("{\"files\": []}", SCAN_COV_AUTO, SCAN_EPARSE, unknown);
	expect_error_str("{\"format\": \"istanbul\"}", SCAN_COV_AUTO, SCAN_EPARSE, unknown);
	expect_error_str("[1, 2]", SCAN_COV_AUTO, SCAN_EPARSE, unknown);
	expect_error_str("<!DOCTYPE html>\n<html><head><title>x</title></head><body><br></body></html>",
	                 SCAN_COV_AUTO, SCAN_EPARSE, "root element <html>");
	expect_error_str("<html lang=en><body>", SCAN_COV_AUTO, SCAN_EPARSE, "not well-formed XML at line 1");
	expect_error_str("<coverage><foo/></coverage>", SCAN_COV_AUTO, SCAN_EPARSE, "neither");
	expect_error_str("", SCAN_COV_AUTO, SCAN_EPARSE, "empty");
	expect_error_str(" \n\t", SCAN_COV_AUTO, SCAN_EPARSE, "empty");
	expect_error_str("mode: set\ngithub.com/x/y.go:1.1,2.2 1 1\n", SCAN_COV_AUTO, SCAN_EPARSE, unknown);
	expect_error(NULL, 0, SCAN_COV_AUTO, SCAN_EPARSE, "empty");
	expect_error(NULL, 3, SCAN_COV_AUTO, SCAN_EINVAL, NULL);
}

/* --- hostile XML ------------------------------------------------------------ */

static const scan_cov_format xml_formats[] = { SCAN_COV_AUTO, SCAN_COV_COBERTURA, SCAN_COV_JACOCO, SCAN_COV_CLOVER };
#define NXML (sizeof(xml_formats) / sizeof(xml_formats[0]))

static void test_xml_external_entity_refused(void **state)
{
	const char *xxe =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n"
		"<coverage><sources><source>&e;</source></sources></coverage>";
	const char *xxe_param =
		"<!DOCTYPE report [<!ENTITY % p SYSTEM \"http://127.0.0.1:1/evil.dtd\"> %p;]><report/>";
	const char *undeclared =
		"<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\">"
		"<report><package name=\"&e;\"/>&e;</report>";

	(void)state;
	for (size_t i = 0; i < NXML; i++) {
		expect_error_str(xxe, xml_formats[i], SCAN_EPARSE, "internal subset");
		expect_error_str(xxe_param, xml_formats[i], SCAN_EPARSE, "internal subset");
	}
	expect_error_str(undeclared, SCAN_COV_JACOCO, SCAN_EPARSE, "entity");
	expect_error_str(undeclared, SCAN_COV_AUTO, SCAN_EPARSE, "entity");
}

static void test_xml_billion_laughs_refused(void **state)
{
	const char *lol =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE lolz [\n"
		" <!ENTITY lol \"lol\">\n"
		" <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
		" <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
		" <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
		" <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
		" <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
		" <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
		" <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
		" <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
		" <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
		"]>\n"
		"<coverage><sources><source>&lol9;</source></sources></coverage>\n";
	double t0 = th_cpu_seconds();

	(void)state;
	for (size_t i = 0; i < NXML; i++)
		expect_error_str(lol, xml_formats[i], SCAN_EPARSE, "line 2:");
	assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
}

static void test_xml_deep_nesting_fails_fast(void **state)
{
	static const char *const roots[] = { "coverage", "coverage", "report", "coverage" };
	enum { DEPTH = 100000 };
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	for (size_t i = 0; i < NXML; i++) {
		double t0;
		scan_buf_clear(&b);
		scan_buf_printf(&b, "<%s><sources>", roots[i]);
		for (int d = 0; d < DEPTH; d++)
			scan_buf_puts(&b, "<a>");
		assert_int_equal(scan_buf_failed(&b), 0);
		t0 = th_cpu_seconds();
		expect_error(b.ptr, b.size, xml_formats[i], SCAN_ELIMIT, "nested deeper than 64 levels");
		assert_true(th_cpu_seconds() - t0 < FAST_SECONDS);
	}
	/* 64 levels are fine. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<report>");
	for (int d = 1; d < SCAN_COV_XML_DEPTH_MAX; d++)
		scan_buf_puts(&b, "<a>");
	for (int d = 1; d < SCAN_COV_XML_DEPTH_MAX; d++)
		scan_buf_puts(&b, "</a>");
	scan_buf_puts(&b, "</report>");
	scan_coverage_free(parse_ok(b.ptr, SCAN_COV_AUTO));
	scan_buf_dispose(&b);
}

static void test_xml_attribute_and_path_limits(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	char *pad = malloc(SCAN_COV_XML_ATTR_MAX + 2);

	(void)state;
	assert_non_null(pad);
	memset(pad, 'x', SCAN_COV_XML_ATTR_MAX + 1);
	pad[SCAN_COV_XML_ATTR_MAX + 1] = '\0';
	scan_buf_printf(&b, "<report name=\"%s\"/>", pad);
	expect_error(b.ptr, b.size, SCAN_COV_JACOCO, SCAN_ELIMIT, "attribute 'name' longer than");

	pad[SCAN_COV_PATH_MAX + 1] = '\0';
	scan_buf_clear(&b);
	scan_buf_printf(&b, "<report><package name=\"p\"><sourcefile name=\"%s\"/></package></report>", pad);
	expect_error(b.ptr, b.size, SCAN_COV_JACOCO, SCAN_ELIMIT, "path longer than");
	scan_buf_clear(&b);
	scan_buf_printf(&b, "<coverage><sources><source>%s</source></sources></coverage>", pad);
	expect_error(b.ptr, b.size, SCAN_COV_COBERTURA, SCAN_ELIMIT, "<source> longer than");
	free(pad);
	scan_buf_dispose(&b);
}

static void test_size_limit(void **state)
{
	size_t len = (size_t)SCAN_COV_MAX_BYTES + 1;
	char *big = malloc(len);

	(void)state;
	assert_non_null(big);
	memset(big, ' ', len);
	memcpy(big, "TN:\n", 4);
	expect_error(big, len, SCAN_COV_AUTO, SCAN_ELIMIT, "larger than 25 MiB");
	expect_error(big, len, SCAN_COV_LCOV, SCAN_ELIMIT, "larger than 25 MiB");
	/* Exactly the limit is read. */
	{
		scan_cov_report *r = NULL;
		assert_int_equal(scan_coverage_parse(&r, big, len - 1, SCAN_COV_LCOV), 0);
		scan_coverage_free(r);
	}
	free(big);
}

/* --- path mapping ----------------------------------------------------------- */

/* Parse a native report naming paths, each with one line covered `i + 1` times. */
static scan_cov_report *report_of(const char *const *paths, size_t n)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_cov_report *r;

	scan_buf_puts(&b, "{\"format\":\"rampart-coverage\",\"version\":1,\"files\":[");
	for (size_t i = 0; i < n; i++) {
		scan_buf_printf(&b, "%s{\"path\":\"", i ? "," : "");
		for (const char *p = paths[i]; *p; p++)
			scan_buf_printf(&b, *p == '\\' || *p == '"' ? "\\%c" : "%c", *p);
		scan_buf_printf(&b, "\",\"lines\":{\"%zu\":%zu,\"100\":0}}", i + 1, i + 1);
	}
	scan_buf_puts(&b, "]}");
	r = parse_ok(b.ptr, SCAN_COV_NATIVE);
	scan_buf_dispose(&b);
	return r;
}

/* Map one report path; the repository path it lands on, or "" when dropped. */
static void expect_map(const char *report_path, const char *const *repo, size_t nrepo, const char *root,
                       const char *want)
{
	scan_cov_report *r = report_of(&report_path, 1);

	assert_int_equal(scan_coverage_map_paths(r, repo, nrepo, root), 0);
	if (!*want) {
		if (r->nfiles)
			fail_msg("'%s' mapped to '%s', expected unmapped", report_path, r->files[0].path);
		assert_int_equal(r->unmapped, 1);
	} else {
		if (r->nfiles != 1)
			fail_msg("'%s' is unmapped, expected '%s'", report_path, want);
		assert_string_equal(r->files[0].path, want);
		assert_int_equal(r->unmapped, 0);
	}
	scan_coverage_free(r);
}

static void test_map_normalising(void **state)
{
	static const char *const repo[] = { "src/a.c", "src/lib/b.c", "README.md" };

	(void)state;
	expect_map("src/a.c", repo, 3, NULL, "src/a.c");
	expect_map("src\\lib\\b.c", repo, 3, NULL, "src/lib/b.c");
	expect_map("./src//lib/./b.c", repo, 3, NULL, "src/lib/b.c");
	expect_map("src/lib/../a.c", repo, 3, NULL, "src/a.c");
	expect_map("C:\\work\\proj\\src\\a.c", repo, 3, "/work/proj", "src/a.c");
	expect_map("C:\\work\\proj\\src\\a.c", repo, 3, "C:\\work\\proj\\", "src/a.c");
	expect_map("/work/proj/src/a.c", repo, 3, "/work/proj/", "src/a.c");
	expect_map("/work/proj/./src/../src/a.c", repo, 3, "/work//proj", "src/a.c");
	/* '..' climbing out of the path is refused, not guessed at. */
	expect_map("../../src/a.c", repo, 3, NULL, "");
	expect_map("/../src/a.c", repo, 3, NULL, "");
	expect_map("src/../../a.c", repo, 3, NULL, "");
	expect_map(".", repo, 3, NULL, "");
	expect_map("/", repo, 3, "/", "");
	expect_map("src/missing.c", repo, 3, NULL, "");
	/* Case matters: repositories live on case-sensitive file systems. */
	expect_map("SRC/A.C", repo, 3, NULL, "");
}

static void test_map_absolute_under_root(void **state)
{
	static const char *const repo[] = { "src/a.c", "build/src/a.c", "a.c" };

	(void)state;
	/* Under root: exactly that file, however many share its suffix. */
	expect_map("/home/u/proj/src/a.c", repo, 3, "/home/u/proj", "src/a.c");
	expect_map("/home/u/proj/a.c", repo, 3, "/home/u/proj", "a.c");
	/* Under root but not a repository file (generated): dropped, no suffix guess. */
	expect_map("/home/u/proj/out/gen/a.c", repo, 3, "/home/u/proj", "");
	/* A sibling directory sharing root's prefix is not under root. */
	expect_map("/home/u/proj2/build/src/a.c", repo, 3, "/home/u/proj", "build/src/a.c");
	/* Root "/" makes every absolute path relative to it. */
	expect_map("/src/a.c", repo, 3, "/", "src/a.c");
}

static void test_map_suffix_and_ambiguity(void **state)
{
	static const char *const repo[] = {
		"src/main/java/com/acme/A.java",
		"src/test/java/com/acme/ATest.java",
		"mod1/src/util.c",
		"mod2/src/util.c",
		"mod2/lib/util.c",
		"docs/util.c.md",
		"x/util.c-old/y.c",
		"y.c",
	};

	(void)state;
	/* JaCoCo package path: a unique repository file ends in it. */
	expect_map("com/acme/A.java", repo, 8, NULL, "src/main/java/com/acme/A.java");
	/* A CI build path ends in a repository file. */
	expect_map("/home/runner/work/p/p/mod1/src/util.c", repo, 8, "/home/me/p", "mod1/src/util.c");
	/* Two files end in "src/util.c": the longest match isn't unique. */
	expect_map("src/util.c", repo, 8, NULL, "");
	expect_map("util.c", repo, 8, NULL, "");
	/* "lib/util.c" has one. */
	expect_map("lib/util.c", repo, 8, NULL, "mod2/lib/util.c");
	/* Component boundaries: "c-old/y.c" is no suffix of "x/util.c-old/y.c". */
	expect_map("old/y.c", repo, 8, NULL, "y.c");
	expect_map("util.c-old/y.c", repo, 8, NULL, "x/util.c-old/y.c");
	/* The longest match wins over a shorter one. */
	expect_map("/ci/x/util.c-old/y.c", repo, 8, NULL, "x/util.c-old/y.c");
	/* Trailing components shared, neither path a suffix of the other (a build in a copy). */
	expect_map("/app/main/java/com/acme/A.java", repo, 8, NULL, "src/main/java/com/acme/A.java");
	expect_map("/ci/mod3/lib/util.c", repo, 8, NULL, "mod2/lib/util.c");
	expect_map("/ci/mod3/src/util.c", repo, 8, NULL, "");
	/* ... but a file name alone is no evidence when both sides have directories. */
	expect_map("/usr/include/y.c", repo, 8, NULL, "y.c");
	expect_map("/usr/include/A.java", repo, 8, NULL, "");
	expect_map("x/A.java", repo, 8, NULL, "");
}

static void test_map_cobertura_sources(void **state)
{
	/* coverage.py: a filename relative to a source root. */
	const char *xml =
		"<coverage line-rate=\"1\"><sources><source>/ci/proj/src</source><source>/ci/proj/lib</source></sources>"
		"<packages><package><classes>"
		"<class filename=\"pkg/mod.py\"><lines><line number=\"1\" hits=\"1\"/></lines></class>"
		"<class filename=\"tool.py\"><lines><line number=\"1\" hits=\"1\"/></lines></class>"
		"</classes></package></packages></coverage>";
	static const char *const repo[] = { "src/pkg/mod.py", "lib/tool.py", "tool.py", "tests/tool.py" };
	scan_cov_report *r;

	(void)state;
	/* With the repository at the source's parent, the joined path decides. */
	r = parse_ok(xml, SCAN_COV_AUTO);
	assert_int_equal(scan_coverage_map_paths(r, repo, 4, "/ci/proj"), 0);
	assert_int_equal(r->nfiles, 2);
	assert_string_equal(r->files[0].path, "lib/tool.py");
	assert_string_equal(r->files[1].path, "src/pkg/mod.py");
	scan_coverage_free(r);

	/* Elsewhere, a relative filename that is a repository file wins first. */
	r = parse_ok(xml, SCAN_COV_AUTO);
	assert_int_equal(scan_coverage_map_paths(r, repo, 4, "/home/me/proj"), 0);
	assert_int_equal(r->nfiles, 2);
	assert_string_equal(r->files[0].path, "src/pkg/mod.py");
	assert_string_equal(r->files[1].path, "tool.py");
	scan_coverage_free(r);

	/* Without a top-level tool.py, the joined "/ci/proj/lib/tool.py" ends in lib/tool.py. */
	r = parse_ok(xml, SCAN_COV_AUTO);
	{
		static const char *const repo2[] = { "src/pkg/mod.py", "lib/tool.py", "tests/tool.py" };
		assert_int_equal(scan_coverage_map_paths(r, repo2, 3, NULL), 0);
	}
	assert_int_equal(r->nfiles, 2);
	assert_string_equal(r->files[0].path, "lib/tool.py");
	scan_coverage_free(r);
}

static void test_map_merges_and_counts(void **state)
{
	static const char *const paths[] = {
		"/ci/p/src/a.c", "src/a.c", "C:\\p\\src\\a.c", "nowhere.c", "src/b.c", "../x.c",
	};
	static const char *const repo[] = { "src/b.c", "src/a.c", "src/b.c" };
	scan_cov_report *r = report_of(paths, 6);
	const scan_cov_file *f;

	(void)state;
	/* report_of's files are sorted by path; find where each went by its hits. */
	assert_int_equal(scan_coverage_map_paths(r, repo, 3, NULL), 0);
	assert_int_equal(r->nfiles, 2);
	assert_int_equal(r->unmapped, 2);
	assert_sorted_unique(r);
	f = file_of(r, "src/a.c");
	/* Three report files, each with its own line and line 100 uncovered. */
	assert_int_equal(f->nlines, 4);
	assert_int_equal(hits_of(f, 100), 0);
	assert_int_equal(covered(f), 3);
	assert_int_equal(file_of(r, "src/b.c")->nlines, 2);

	/* Mapping again is stable, and unmapped accumulates only new drops. */
	assert_int_equal(scan_coverage_map_paths(r, repo, 3, NULL), 0);
	assert_int_equal(r->nfiles, 2);
	assert_int_equal(r->unmapped, 2);

	/* No repository files: everything is dropped. */
	assert_int_equal(scan_coverage_map_paths(r, NULL, 0, NULL), 0);
	assert_int_equal(r->nfiles, 0);
	assert_int_equal(r->unmapped, 4);
	scan_coverage_free(r);
}

/* 100k repository files sharing few basenames, 10k report files: no quadratic pass. */
static void test_map_scales(void **state)
{
	enum { REPO = 100000, REPORT = 10000 };
	static const char *const base[] = { "index.js", "__init__.py", "util.c", "README.md" };
	char **repo = calloc(REPO, sizeof(*repo));
	scan_cov_report *r = calloc(1, sizeof(*r));
	double t0;

	(void)state;
	assert_non_null(repo);
	assert_non_null(r);
	for (size_t i = 0; i < REPO; i++) {
		char buf[128];
		snprintf(buf, sizeof(buf), "pkg%zu/sub%zu/%s", i / 4, i % 7, base[i % 4]);
		repo[i] = strdup(buf);
		assert_non_null(repo[i]);
	}
	/* Built directly: the parse is not what is measured here. */
	r->format = SCAN_COV_NATIVE;
	r->files = calloc(REPORT, sizeof(*r->files));
	assert_non_null(r->files);
	r->nfiles = REPORT;
	for (size_t i = 0; i < REPORT; i++) {
		char buf[160];
		size_t k = i * 10;
		/* Half absolute CI paths, half bare basenames (ambiguous). */
		if (i % 2)
			snprintf(buf, sizeof(buf), "/ci/build/%s", repo[k]);
		else
			snprintf(buf, sizeof(buf), "%s", base[k % 4]);
		r->files[i].path = strdup(buf);
		r->files[i].lines = malloc(sizeof(*r->files[i].lines));
		assert_non_null(r->files[i].path);
		assert_non_null(r->files[i].lines);
		r->files[i].lines[0].line = 1;
		r->files[i].lines[0].hits = 1;
		r->files[i].nlines = 1;
	}
	t0 = th_cpu_seconds();
	assert_int_equal(scan_coverage_map_paths(r, (const char *const *)repo, REPO, "/home/me/p"), 0);
	assert_true(th_cpu_seconds() - t0 < 5.0);
	assert_int_equal(r->nfiles, REPORT / 2);
	assert_int_equal(r->unmapped, REPORT / 2);
	scan_coverage_free(r);
	for (size_t i = 0; i < REPO; i++)
		free(repo[i]);
	free(repo);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_names),
		cmocka_unit_test(test_gcovr_cobertura_fixture),
		cmocka_unit_test(test_lcov_fixture),
		cmocka_unit_test(test_coveragepy_fixture),
		cmocka_unit_test(test_jacoco_fixture),
		cmocka_unit_test(test_clover_fixture),
		cmocka_unit_test(test_fixtures_map_onto_repository),
		cmocka_unit_test(test_cobertura_classes_methods_sources),
		cmocka_unit_test(test_cobertura_errors),
		cmocka_unit_test(test_cobertura_line_zero_skipped_hits_saturate),
		cmocka_unit_test(test_jacoco_groups_and_doctype),
		cmocka_unit_test(test_jacoco_errors),
		cmocka_unit_test(test_clover_variants),
		cmocka_unit_test(test_clover_errors),
		cmocka_unit_test(test_lcov_records_and_merging),
		cmocka_unit_test(test_lcov_errors),
		cmocka_unit_test(test_lcov_file_limit),
		cmocka_unit_test(test_native),
		cmocka_unit_test(test_native_errors),
		cmocka_unit_test(test_detection),
		cmocka_unit_test(test_detection_rejects_other_formats),
		cmocka_unit_test(test_xml_external_entity_refused),
		cmocka_unit_test(test_xml_billion_laughs_refused),
		cmocka_unit_test(test_xml_deep_nesting_fails_fast),
		cmocka_unit_test(test_xml_attribute_and_path_limits),
		cmocka_unit_test(test_size_limit),
		cmocka_unit_test(test_map_normalising),
		cmocka_unit_test(test_map_absolute_under_root),
		cmocka_unit_test(test_map_suffix_and_ambiguity),
		cmocka_unit_test(test_map_cobertura_sources),
		cmocka_unit_test(test_map_merges_and_counts),
		cmocka_unit_test(test_map_scales),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
