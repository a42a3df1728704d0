/*
 * tests/unit/test_sca_sbom.c - SBOMs as inventories: CycloneDX JSON as
 * cdxgen, syft and trivy write it (1.4, 1.5, 1.6), SPDX 2.3 JSON as syft
 * and trivy write it; package URLs read back (purl_parse.c), round-trips
 * with scan_model__purl, skipped components, and hostile input.
 */
#include "sca_expect.h"
#include "model/purl.h"
#include "lockfile/sbom_read.h"

#define D SCAN_DEP_DIRECT
#define T SCAN_DEP_TRANSITIVE
#define DEV SCAN_DEP_DEV
#define OPT SCAN_DEP_OPTIONAL

/* sca_want with the ecosystem: an SBOM mixes them. */
typedef struct {
	scan_ecosystem eco;
	const char *name, *version;
	unsigned flags, line;
	const char *deps, *license;
} sbom_want;

static void sbom_expect(const scan_sca_inventory *inv, const sbom_want *want, size_t n)
{
	bool ok = inv->count == n;

	for (size_t i = 0; ok && i < n; i++) {
		const scan_component *c = &inv->items[i];
		scan_buf b = SCAN_BUF_INIT;
		sca_deps_string(inv, c, &b);
		ok = c->ecosystem == want[i].eco && !strcmp(c->name, want[i].name) &&
		     sca_streq(c->version, want[i].version) && c->flags == want[i].flags && c->line == want[i].line &&
		     sca_streq(b.size ? b.ptr : NULL, want[i].deps) && sca_streq(c->license, want[i].license) &&
		     c->purl && !strncmp(c->purl, "pkg:", 4);
		if (!ok)
			fprintf(stderr, "component %zu differs: want %s %s@%s\n", i, scan_ecosystem_name(want[i].eco),
			        want[i].name, want[i].version ? want[i].version : "NULL");
		scan_buf_dispose(&b);
	}
	if (!ok) {
		fprintf(stderr, "got %zu components, want %zu:\n", inv->count, n);
		sca_dump(inv);
		fail_msg("inventory differs");
	}
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void expect_fixture(scan_sca_extract_fn fn, const char *file, const sbom_want *want, size_t n,
                           const char *problem)
{
	scan_sca_inventory inv;

	sca_run_fixture(&inv, fn, "sbom", file);
	sbom_expect(&inv, want, n);
	if (problem) {
		assert_int_equal(inv.nproblems, 1);
		assert_string_equal(inv.problems[0].file, file);
		assert_string_equal(inv.problems[0].message, problem);
	} else {
		assert_int_equal(inv.nproblems, 0);
	}
	scan_inventory__dispose(&inv);
}

static void test_detects(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_cyclonedx_json("bom.json", "bom.json"));
	assert_true(scan_lockfile__is_cyclonedx_json("sbom/app.cdx.json", "app.cdx.json"));
	assert_true(scan_lockfile__is_cyclonedx_json("dist/app.bom.json", "app.bom.json"));
	assert_false(scan_lockfile__is_cyclonedx_json("x/bom.xml", "bom.xml"));
	assert_false(scan_lockfile__is_cyclonedx_json("x/.cdx.json", ".cdx.json"));
	assert_false(scan_lockfile__is_cyclonedx_json("x/app.spdx.json", "app.spdx.json"));
	assert_true(scan_lockfile__is_spdx_json("x/app.spdx.json", "app.spdx.json"));
	assert_false(scan_lockfile__is_spdx_json("x/app.spdx", "app.spdx"));
	assert_false(scan_lockfile__is_spdx_json("x/bom.json", "bom.json"));
}

/*
 * cdxgen 10, CycloneDX 1.5, an npm project: scoped packages (purl
 * %40babel, bom-ref @babel), qs listed twice, scope optional, a local
 * package without a purl that the project depends on (its dependencies
 * are transitive, it is counted as skipped), a license expression, a purl
 * with a qualifier. The project (metadata.component) is not a component.
 */
static void test_cdxgen_npm(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_NPM, "@babel/code-frame", "7.23.5", OPT | T, 75, "@babel/highlight@7.23.4", "MIT" },
		{ SCAN_ECO_NPM, "@babel/highlight", "7.23.4", OPT | T, 107, NULL, "MIT" },
		{ SCAN_ECO_NPM, "express", "4.18.2", D, 130, "body-parser@1.20.1 qs@6.11.0", "MIT" },
		{ SCAN_ECO_NPM, "body-parser", "1.20.1", T, 152, "qs@6.11.0", "MIT" },
		{ SCAN_ECO_NPM, "qs", "6.11.0", T, 168, NULL, "BSD-3-Clause" },
		{ SCAN_ECO_NPM, "@types/node", "20.11.5", D | OPT, 184, NULL, "MIT" },
		{ SCAN_ECO_NPM, "node-forge", "1.3.1", D, 198, NULL, "(BSD-3-Clause OR GPL-2.0)" },
		{ SCAN_ECO_NPM, "fsevents", "2.3.3", OPT, 248, NULL, "MIT" },
	};
	scan_sca_inventory inv;

	(void)state;
	expect_fixture(scan_lockfile__extract_cyclonedx_json, "cdxgen-npm.cdx.json", want, N(want),
	               "skipped 1 of 10 components: 1 without a package URL");
	sca_run_fixture(&inv, scan_lockfile__extract_cyclonedx_json, "sbom", "cdxgen-npm.cdx.json");
	assert_string_equal(sca_find(&inv, "@babel/code-frame")->purl, "pkg:npm/%40babel/code-frame@7.23.5");
	assert_string_equal(sca_find(&inv, "fsevents")->purl, "pkg:npm/fsevents@2.3.3");
	assert_string_equal(sca_find(&inv, "fsevents")->file, "cdxgen-npm.cdx.json");
	scan_inventory__dispose(&inv);
}

/*
 * cdxgen, CycloneDX 1.6, Maven: group:artifact names, ?type=jar and
 * classifier qualifiers, components nested two deep under a module,
 * scope excluded (DEV), several licenses (AND), license by name, 1.6's
 * license acknowledgement, a pkg:generic platform (unsupported, counted).
 */
static void test_cdxgen_maven(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_MAVEN, "org.springframework.boot:spring-boot-starter-web", "3.2.2", D, 62,
		  "io.netty:netty-transport-native-epoll@4.1.100.Final org.springframework:spring-web@6.1.3", "Apache-2.0" },
		{ SCAN_ECO_MAVEN, "org.springframework:spring-web", "6.1.3", T, 102, NULL, "Apache-2.0" },
		{ SCAN_ECO_MAVEN, "io.netty:netty-transport-native-epoll", "4.1.100.Final", T, 123, NULL,
		  "Apache-2.0 AND BSD-style (bundled Sun code)" },
		{ SCAN_ECO_MAVEN, "org.apache.logging.log4j:log4j-core", "2.17.1", D, 137, NULL, "Apache-2.0" },
		{ SCAN_ECO_MAVEN, "com.example:billing-core", "1.4.0", D, 146, "com.google.guava:guava@32.1.3-jre", NULL },
		{ SCAN_ECO_MAVEN, "com.google.guava:guava", "32.1.3-jre", T, 162, "com.google.guava:failureaccess@1.0.1",
		  "Apache-2.0" },
		{ SCAN_ECO_MAVEN, "com.google.guava:failureaccess", "1.0.1", T, 171, NULL, NULL },
		{ SCAN_ECO_MAVEN, "junit:junit", "4.13.2", D | DEV, 192, NULL, "Eclipse Public License 1.0" },
	};

	(void)state;
	expect_fixture(scan_lockfile__extract_cyclonedx_json, "cdxgen-maven.cdx.json", want, N(want),
	               "skipped 1 of 9 components: 1 of an unsupported type (first: unsupported package URL type 'generic')");
}

/*
 * syft 0.104, CycloneDX 1.4, a Debian image: purls with upstream=<source>
 * (libc6 and libc-bin are glibc, gcc-12-base and libgcc-s1 are gcc-12),
 * '&' written \u0026, bom-refs with package-id, an epoch, an
 * operating-system component (not a package, not counted), a python
 * binary as pkg:generic (counted). No dependency of the image itself: no
 * DIRECT/TRANSITIVE bits; edges within one source are dropped.
 */
static void test_syft_debian(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_DEBIAN, "base-files", "12.4+deb12u5", 0, 25, NULL, "GPL" },
		{ SCAN_ECO_DEBIAN, "gcc-12", "12.2.0-14", 0, 67, "glibc@2.36-9+deb12u4", "GPL-3.0-only" },
		{ SCAN_ECO_DEBIAN, "glibc", "2.36-9+deb12u4", 0, 92, "gcc-12@12.2.0-14", "GPL-2.0-only AND LGPL-2.1-only" },
		{ SCAN_ECO_DEBIAN, "openssl", "3.0.11-1~deb12u2", 0, 162, "glibc@2.36-9+deb12u4", "Apache-2.0" },
		{ SCAN_ECO_DEBIAN, "zlib", "1:1.2.13.dfsg-1", 0, 177, "glibc@2.36-9+deb12u4", "Zlib" },
		{ SCAN_ECO_PYPI, "requests", "2.31.0", 0, 204, NULL, "Apache-2.0" },
	};
	scan_sca_inventory inv;

	(void)state;
	expect_fixture(scan_lockfile__extract_cyclonedx_json, "syft-debian.cdx.json", want, N(want),
	               "skipped 1 of 9 components: 1 of an unsupported type (first: unsupported package URL type 'generic')");
	sca_run_fixture(&inv, scan_lockfile__extract_cyclonedx_json, "sbom", "syft-debian.cdx.json");
	assert_string_equal(sca_find(&inv, "glibc")->purl, "pkg:deb/debian/glibc@2.36-9%2Bdeb12u4");
	scan_inventory__dispose(&inv);
}

/*
 * trivy 0.49, CycloneDX 1.5, an Alpine image with two npm lockfiles:
 * image -> operating system -> top-level apk packages, image -> lockfile
 * application -> direct npm packages. Packages named by their origin
 * (SrcName: ssl_client is busybox, libssl3 and libcrypto3 are openssl);
 * qs twice, once under a UUID bom-ref, DIRECT through the second lockfile
 * and TRANSITIVE through express: DIRECT wins.
 */
static void test_trivy_alpine(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_ALPINE, "busybox", "1.36.1-r15", D, 46, "musl@1.2.4_git20230717-r4 openssl@3.1.4-r5",
		  "GPL-2.0-only" },
		{ SCAN_ECO_ALPINE, "openssl", "3.1.4-r5", T, 91, "musl@1.2.4_git20230717-r4", "Apache-2.0" },
		{ SCAN_ECO_ALPINE, "musl", "1.2.4_git20230717-r4", T, 177, NULL, "MIT" },
		{ SCAN_ECO_ALPINE, "zlib", "1.3.1-r0", D, 267, "musl@1.2.4_git20230717-r4", "Zlib" },
		{ SCAN_ECO_NPM, "express", "4.19.2", D, 312, "qs@6.11.0", "MIT" },
		{ SCAN_ECO_NPM, "qs", "6.11.0", D, 340, NULL, "MIT" },
	};

	(void)state;
	expect_fixture(scan_lockfile__extract_cyclonedx_json, "trivy-alpine.cdx.json", want, N(want), NULL);
}

/*
 * trivy 0.57, CycloneDX 1.6, a repository: go.mod and poetry.lock as
 * applications between the project and its direct dependencies; a Go
 * module path with capitals; a purl with a subpath (#tools/cache).
 */
static void test_trivy_repo(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_GO, "github.com/Azure/azure-sdk-for-go/sdk/azcore", "v1.9.1", D, 51, "golang.org/x/sys@v0.15.0",
		  "MIT" },
		{ SCAN_ECO_GO, "github.com/sirupsen/logrus", "v1.9.3", D, 73, "golang.org/x/sys@v0.15.0", "MIT" },
		{ SCAN_ECO_GO, "golang.org/x/sys", "v0.15.0", T, 97, NULL, "BSD-3-Clause" },
		{ SCAN_ECO_GO, "k8s.io/client-go", "v0.28.4", D, 121, NULL, "Apache-2.0" },
		{ SCAN_ECO_PYPI, "certifi", "2024.2.2", T, 160, NULL, NULL },
		{ SCAN_ECO_PYPI, "charset-normalizer", "3.3.2", T, 177, NULL, NULL },
		{ SCAN_ECO_PYPI, "requests", "2.31.0", D, 194, "certifi@2024.2.2 charset-normalizer@3.3.2 urllib3@2.2.1",
		  NULL },
		{ SCAN_ECO_PYPI, "typing-extensions", "4.9.0", D, 211, NULL, NULL },
		{ SCAN_ECO_PYPI, "urllib3", "2.2.1", T, 228, NULL, NULL },
	};

	(void)state;
	expect_fixture(scan_lockfile__extract_cyclonedx_json, "trivy-repo.cdx.json", want, N(want), NULL);
}

/*
 * syft 1.0, SPDX 2.3, a directory: the root CONTAINS every package, which
 * says nothing about direct dependencies; DEPENDENCY_OF edges; an OTHER
 * relationship to a file; qs as two packages; licenseDeclared, else
 * licenseConcluded, never NOASSERTION; a binary without a purl (counted).
 */
static void test_syft_spdx(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_NPM, "@types/node", "20.11.5", 0, 36, NULL, "MIT" },
		{ SCAN_ECO_NPM, "body-parser", "1.20.1", 0, 60, "qs@6.11.0", "MIT" },
		{ SCAN_ECO_NPM, "express", "4.18.2", 0, 84, "body-parser@1.20.1 qs@6.11.0", "MIT" },
		{ SCAN_ECO_MAVEN, "com.google.guava:guava", "32.1.3-jre", 0, 108, NULL, "Apache-2.0" },
		{ SCAN_ECO_PYPI, "Jinja2", "3.1.3", 0, 127, NULL, "BSD-3-Clause" },
		{ SCAN_ECO_NPM, "qs", "6.11.0", 0, 146, NULL, "BSD-3-Clause" },
	};

	(void)state;
	expect_fixture(scan_lockfile__extract_spdx_json, "syft-webapp.spdx.json", want, N(want),
	               "skipped 1 of 8 components: 1 without a package URL");
}

/*
 * trivy 0.50, SPDX 2.3, a Debian image: DESCRIBES the image, which
 * CONTAINS the operating system and an application, which CONTAIN their
 * top-level packages (DIRECT); DEPENDS_ON below them (TRANSITIVE). Source
 * packages from "built package from: <name> <version>", %2B in versions,
 * an epoch qualifier; the image's own pkg:oci purl is not a component.
 */
static void test_trivy_spdx(void **state)
{
	static const sbom_want want[] = {
		{ SCAN_ECO_DEBIAN, "gcc-12", "12.2.0-14", T, 65, "glibc@2.36-9+deb12u4", "GPL-3.0-only" },
		{ SCAN_ECO_DEBIAN, "glibc", "2.36-9+deb12u4", T, 89, "gcc-12@12.2.0-14", "LGPL-2.1-only AND GPL-2.0-only" },
		{ SCAN_ECO_DEBIAN, "openssl", "3.0.11-1~deb12u2", D, 137, "glibc@2.36-9+deb12u4", "Apache-2.0" },
		{ SCAN_ECO_DEBIAN, "zlib", "1:1.2.13.dfsg-1", D, 161, "glibc@2.36-9+deb12u4", "Zlib" },
		{ SCAN_ECO_PYPI, "flask", "3.0.2", D, 195, NULL, "BSD-3-Clause" },
		{ SCAN_ECO_PYPI, "werkzeug", "3.0.1", D, 218, NULL, "BSD-3-Clause" },
	};

	(void)state;
	expect_fixture(scan_lockfile__extract_spdx_json, "trivy-debian.spdx.json", want, N(want), NULL);
}

/*
 * SPDX 2.2 as older tools wrote it: documentDescribes, PACKAGE_MANAGER,
 * no primaryPackagePurpose; the root DEPENDS_ON its direct dependencies;
 * DEV_DEPENDENCY_OF and OPTIONAL_DEPENDENCY_OF; versionInfo when the purl
 * has none; a relationship to another document's element; NOASSERTION.
 */
static void test_spdx22(void **state)
{
	static const char doc[] =
		"{\"spdxVersion\": \"SPDX-2.2\", \"SPDXID\": \"SPDXRef-DOCUMENT\", \"name\": \"app\",\n"
		" \"documentDescribes\": [\"SPDXRef-app\"],\n"
		" \"packages\": [\n"
		"  {\"SPDXID\": \"SPDXRef-app\", \"name\": \"app\", \"externalRefs\": [{\"referenceCategory\": "
		"\"PACKAGE_MANAGER\", \"referenceType\": \"purl\", \"referenceLocator\": \"pkg:cargo/app@0.1.0\"}]},\n"
		"  {\"SPDXID\": \"SPDXRef-serde\", \"name\": \"serde\", \"versionInfo\": \"1.0.197\", \"licenseDeclared\": "
		"\"NOASSERTION\", \"licenseConcluded\": \"MIT OR Apache-2.0\", \"externalRefs\": [{\"referenceCategory\": "
		"\"PACKAGE_MANAGER\", \"referenceType\": \"purl\", \"referenceLocator\": \"pkg:cargo/serde\"}]},\n"
		"  {\"SPDXID\": \"SPDXRef-derive\", \"name\": \"serde_derive\", \"versionInfo\": \"1.0.197\", "
		"\"externalRefs\": [{\"referenceCategory\": \"PACKAGE-MANAGER\", \"referenceType\": \"purl\", "
		"\"referenceLocator\": \"pkg:cargo/serde_derive@1.0.197\"}]},\n"
		"  {\"SPDXID\": \"SPDXRef-criterion\", \"name\": \"criterion\", \"licenseDeclared\": \"NONE\", "
		"\"externalRefs\": [{\"referenceCategory\": \"PACKAGE-MANAGER\", \"referenceType\": \"purl\", "
		"\"referenceLocator\": \"pkg:cargo/criterion@0.5.1\"}]},\n"
		"  {\"SPDXID\": \"SPDXRef-libc\", \"name\": \"libc\", "
		"\"externalRefs\": [{\"referenceCategory\": \"PACKAGE-MANAGER\", \"referenceType\": \"purl\", "
		"\"referenceLocator\": \"pkg:cargo/libc@0.2.153\"}]}\n"
		" ],\n"
		" \"relationships\": [\n"
		"  {\"spdxElementId\": \"SPDXRef-app\", \"relationshipType\": \"DEPENDS_ON\", \"relatedSpdxElement\": \"SPDXRef-serde\"},\n"
		"  {\"spdxElementId\": \"SPDXRef-derive\", \"relationshipType\": \"DEPENDENCY_OF\", \"relatedSpdxElement\": \"SPDXRef-serde\"},\n"
		"  {\"spdxElementId\": \"SPDXRef-criterion\", \"relationshipType\": \"DEV_DEPENDENCY_OF\", \"relatedSpdxElement\": \"SPDXRef-app\"},\n"
		"  {\"spdxElementId\": \"SPDXRef-libc\", \"relationshipType\": \"OPTIONAL_DEPENDENCY_OF\", \"relatedSpdxElement\": \"SPDXRef-serde\"},\n"
		"  {\"spdxElementId\": \"SPDXRef-serde\", \"relationshipType\": \"DEPENDS_ON\", \"relatedSpdxElement\": \"DocumentRef-other:SPDXRef-x\"}\n"
		" ]}\n";
	static const sbom_want want[] = {
		{ SCAN_ECO_CARGO, "serde", "1.0.197", D, 5, "libc@0.2.153 serde_derive@1.0.197", "MIT OR Apache-2.0" },
		{ SCAN_ECO_CARGO, "serde_derive", "1.0.197", T, 6, NULL, NULL },
		{ SCAN_ECO_CARGO, "criterion", "0.5.1", D | DEV, 7, NULL, NULL },
		{ SCAN_ECO_CARGO, "libc", "0.2.153", T | OPT, 8, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_spdx_json, "app.spdx.json", doc);
	sbom_expect(&inv, want, N(want));
	assert_int_equal(inv.nproblems, 0);
	scan_inventory__dispose(&inv);
}

/*
 * CycloneDX 1.2 written compactly (every line is 1): the project listed
 * again among its components, a component without a bom-ref, a purl
 * without a version (the component's version stands in), a bom-ref used
 * twice (the first wins), dependencies naming refs that do not exist, a
 * component that is neither, no graph entry for the project (no bits).
 */
static void test_cdx_compact(void **state)
{
	static const char doc[] =
		"{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.2\",\"version\":1,"
		"\"metadata\":{\"component\":{\"bom-ref\":\"app\",\"type\":\"application\",\"name\":\"app\"}},"
		"\"components\":["
		"{\"bom-ref\":\"app\",\"type\":\"application\",\"name\":\"app\",\"purl\":\"pkg:gem/app@1.0.0\"},"
		"{\"type\":\"library\",\"name\":\"rack\",\"version\":\"3.0.9\",\"purl\":\"pkg:gem/rack\"},"
		"{\"bom-ref\":\"r\",\"type\":\"library\",\"name\":\"rails\",\"version\":\"7.1.3\",\"purl\":\"pkg:gem/rails@7.1.3\"},"
		"{\"bom-ref\":\"r\",\"type\":\"library\",\"name\":\"nokogiri\",\"version\":\"1.16.2\","
		"\"purl\":\"pkg:gem/nokogiri@1.16.2?platform=x86_64-linux\"},"
		"{\"bom-ref\":\"j\",\"type\":\"library\",\"name\":\"Newtonsoft.Json\",\"purl\":\"pkg:nuget/Newtonsoft.Json@13.0.3\"},"
		"{\"bom-ref\":\"c\",\"type\":\"library\",\"name\":\"console\",\"purl\":\"pkg:composer/Symfony/Console@v6.4.3\"}],"
		"\"dependencies\":[{\"ref\":\"r\",\"dependsOn\":[\"j\",\"nope\",\"r\"]},{\"ref\":\"ghost\",\"dependsOn\":[\"r\"]}]}";
	static const sbom_want want[] = {
		{ SCAN_ECO_RUBYGEMS, "rack", "3.0.9", 0, 1, NULL, NULL },
		{ SCAN_ECO_RUBYGEMS, "rails", "7.1.3", 0, 1, "Newtonsoft.Json@13.0.3", NULL },
		{ SCAN_ECO_RUBYGEMS, "nokogiri", "1.16.2", 0, 1, NULL, NULL },
		{ SCAN_ECO_NUGET, "Newtonsoft.Json", "13.0.3", 0, 1, NULL, NULL },
		{ SCAN_ECO_PACKAGIST, "symfony/console", "6.4.3", 0, 1, NULL, NULL },
	};
	scan_sca_inventory inv;

	(void)state;
	sca_run_str(&inv, scan_lockfile__extract_cyclonedx_json, "bom.json", doc);
	sbom_expect(&inv, want, N(want));
	assert_int_equal(inv.nproblems, 0);
	scan_inventory__dispose(&inv);
}

/* What cannot be checked is counted, reported once, and does not fail the document. */
static void test_skipped(void **state)
{
	static const char doc[] =
		"{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.5\",\"components\":["
		"{\"type\":\"library\",\"name\":\"ok\",\"purl\":\"pkg:npm/ok@1.0.0\"},"
		"{\"type\":\"library\",\"name\":\"openssl-libs\",\"purl\":\"pkg:rpm/redhat/openssl-libs@3.0.7-25.el9\"},"
		"{\"type\":\"library\",\"name\":\"bash\",\"purl\":\"pkg:deb/ubuntu/bash@5.1-6ubuntu1\"},"
		"{\"type\":\"library\",\"name\":\"x\",\"purl\":\"pkg:npm/%zz@1\"},"
		"{\"type\":\"library\",\"name\":\"y\",\"purl\":\"npm/y@1\"},"
		"{\"type\":\"library\",\"name\":\"z\",\"purl\":\"pkg:npm/z%0a@1\"},"
		"{\"type\":\"library\",\"name\":\"p\",\"purl\":\"pkg:pypi/ns/p@1\"},"
		"{\"type\":\"library\",\"name\":\"nopurl\"},"
		"{\"type\":\"framework\",\"name\":\"nopurl2\"},"
		"{\"type\":\"file\",\"name\":\"/etc/passwd\"},"
		"{\"type\":\"operating-system\",\"name\":\"ubuntu\"}]}";
	scan_sca_inventory inv;
	scan_sca_doc d;
	scan_sbom_stats st;

	(void)state;
	scan_inventory__init(&inv);
	assert_int_equal(scan_lockfile__doc_begin(&d, &inv, "bom.json", -1), 0);
	assert_int_equal(scan_lockfile__read_cyclonedx(&d, doc, strlen(doc), &st), 0);
	assert_int_equal(scan_lockfile__doc_end(&d), 0);
	assert_int_equal(inv.count, 1);
	assert_int_equal(st.packages, 1);
	assert_int_equal(st.no_purl, 2);
	assert_int_equal(st.unsupported, 2);
	assert_int_equal(st.bad_purl, 4);
	assert_string_equal(st.first_skipped, "unsupported package URL type 'rpm'");
	scan_inventory__dispose(&inv);

	sca_run_str(&inv, scan_lockfile__extract_cyclonedx_json, "bom.json", doc);
	assert_int_equal(inv.nproblems, 1);
	assert_string_equal(inv.problems[0].message,
	                    "skipped 8 of 9 components: 2 without a package URL, 2 of an unsupported type,"
	                    " 4 with an invalid package URL (first: unsupported package URL type 'rpm')");
	assert_null(strchr(inv.problems[0].message, '\n'));
	scan_inventory__dispose(&inv);
}

#define CDX_HEAD "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.5\","

static const struct {
	bool spdx;
	const char *text, *want;
	int code;
} bad_docs[] = {
	{ false, "{\"bomFormat\": ", "not valid JSON", SCAN_EPARSE },
	{ false, "[]", "not a CycloneDX JSON document", SCAN_EPARSE },
	{ false, "{\"bomFormat\":\"SPDX\"}", "not a CycloneDX JSON document", SCAN_EPARSE },
	{ false, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.1\"}", "unsupported CycloneDX specVersion '1.1'",
	  SCAN_EPARSE },
	{ false, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":1.5}", "specVersion '(none)'", SCAN_EPARSE },
	{ false, CDX_HEAD "\"components\":{}}", "\"components\" of the document is not an array", SCAN_EPARSE },
	{ false, CDX_HEAD "\"components\":[1]}", "a component is not an object", SCAN_EPARSE },
	{ false, CDX_HEAD "\"components\":[{\"purl\":\"pkg:npm/a@1\",\"components\":\"x\"}]}",
	  "\"components\" of a component is not an array", SCAN_EPARSE },
	{ false, CDX_HEAD "\"dependencies\":[{\"ref\":\"a\",\"dependsOn\":\"b\"}]}",
	  "\"dependsOn\" of a dependency is not an array", SCAN_EPARSE },
	{ false, CDX_HEAD "\"dependencies\":[\"a\"]}", "an entry of \"dependencies\" is not an object", SCAN_EPARSE },
	/* Duplicate keys: one tool would read the first purl, another the second. */
	{ false, CDX_HEAD "\"components\":[{\"purl\":\"pkg:npm/a@1\",\"purl\":\"pkg:npm/b@1\"}]}",
	  "duplicate key 'purl'", SCAN_EPARSE },
	{ true, "{\"spdxVersion\":\"SPDX-3.0\"}", "not an SPDX 2 JSON document", SCAN_EPARSE },
	{ true, "{\"@context\":\"https://spdx.org/rdf/3.0.1/spdx-context.jsonld\"}", "spdxVersion is '(none)'",
	  SCAN_EPARSE },
	{ true, "{\"spdxVersion\":\"SPDX-2.3\",\"packages\":[[]]}", "a package is not an object", SCAN_EPARSE },
	{ true, "{\"spdxVersion\":\"SPDX-2.3\",\"relationships\":{\"a\":1}}",
	  "\"relationships\" of the document is not an array", SCAN_EPARSE },
	{ true, "{\"spdxVersion\":\"SPDX-2.3\",\"relationships\":[null]}", "a relationship is not an object",
	  SCAN_EPARSE },
	{ true, "{\"spdxVersion\":\"SPDX-2.3\",\"spdxVersion\":\"SPDX-2.2\"}", "duplicate key 'spdxVersion'",
	  SCAN_EPARSE },
};

static void test_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(bad_docs); i++)
		sca_expect_error(bad_docs[i].spdx ? scan_lockfile__extract_spdx_json : scan_lockfile__extract_cyclonedx_json,
		                 bad_docs[i].spdx ? "a.spdx.json" : "bom.json", bad_docs[i].text, strlen(bad_docs[i].text),
		                 bad_docs[i].code, bad_docs[i].want);
}

static void test_hostile(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	scan_sca_inventory inv;
	double t0 = th_cpu_seconds();

	(void)state;
	/* Nesting past the JSON limit. */
	scan_buf_puts(&b, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.5\",\"x\":");
	for (int i = 0; i < 300; i++)
		scan_buf_putc(&b, '[');
	for (int i = 0; i < 300; i++)
		scan_buf_putc(&b, ']');
	scan_buf_putc(&b, '}');
	sca_expect_error(scan_lockfile__extract_cyclonedx_json, "bom.json", b.ptr, b.size, SCAN_ELIMIT, "nested deeper");

	/* Components nested 60 deep (within the JSON limit): read, each under the last. */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.5\",\"components\":");
	for (int i = 0; i < 60; i++)
		scan_buf_printf(&b, "[{\"purl\":\"pkg:cargo/c%d@1.0.0\",\"components\":", i);
	scan_buf_puts(&b, "[]");
	for (int i = 0; i < 60; i++)
		scan_buf_puts(&b, "}]");
	scan_buf_putc(&b, '}');
	sca_run_str(&inv, scan_lockfile__extract_cyclonedx_json, "bom.json", b.ptr);
	assert_int_equal(inv.count, 60);
	assert_string_equal(inv.items[59].name, "c59");
	scan_inventory__dispose(&inv);

	/*
	 * 50,000 components in a chain under the project, and one entry whose
	 * dependsOn names the same ref 200,000 times.
	 */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.6\","
	                  "\"metadata\":{\"component\":{\"bom-ref\":\"root\",\"type\":\"application\",\"name\":\"r\"}},"
	                  "\"components\":[");
	for (int i = 0; i < 50000; i++)
		scan_buf_printf(&b, "%s{\"bom-ref\":\"c%d\",\"type\":\"library\",\"purl\":\"pkg:npm/p%d@1.0.%d\","
		                "\"licenses\":[{\"license\":{\"id\":\"MIT\"}}]}", i ? "," : "", i, i, i);
	scan_buf_puts(&b, "],\"dependencies\":[{\"ref\":\"root\",\"dependsOn\":[\"c0\"]}");
	for (int i = 0; i + 1 < 50000; i++)
		scan_buf_printf(&b, ",{\"ref\":\"c%d\",\"dependsOn\":[\"c%d\"]}", i, i + 1);
	scan_buf_puts(&b, ",{\"ref\":\"c7\",\"dependsOn\":[");
	for (int i = 0; i < 200000; i++)
		scan_buf_puts(&b, i ? ",\"c9\"" : "\"c9\"");
	scan_buf_puts(&b, "]}]}");
	assert_false(scan_buf_failed(&b));
	sca_run_str(&inv, scan_lockfile__extract_cyclonedx_json, "bom.json", b.ptr);
	assert_int_equal(inv.count, 50000);
	assert_int_equal(inv.items[0].flags, SCAN_DEP_DIRECT);
	assert_int_equal(inv.items[49999].flags, SCAN_DEP_TRANSITIVE);
	assert_int_equal(inv.items[7].ndeps, 2);
	assert_string_equal(inv.items[123].version, "1.0.123");
	assert_int_equal(inv.items[123].line, 1);
	scan_inventory__dispose(&inv);
	scan_buf_dispose(&b);
	if (th_cpu_seconds() - t0 > SCA_FAST_SECONDS)
		fail_msg("took %.2f s", th_cpu_seconds() - t0);
}

/* ---- package URLs ---- */

static void test_purl_parse(void **state)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_purl p;
	const char *s;

	(void)state;
	s = "pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?repository_url=repo.spring.io%2Frelease"
	    "&Classifier=sources#org/apache/./../batik/";
	assert_int_equal(scan_model__purl_parse(&p, s, strlen(s), &a), 0);
	assert_string_equal(p.type, "maven");
	assert_string_equal(p.ns, "org.apache.xmlgraphics");
	assert_string_equal(p.name, "batik-anim");
	assert_string_equal(p.version, "1.9.1");
	assert_int_equal(p.nqualifiers, 2);
	assert_string_equal(p.qualifiers[0].key, "classifier");
	assert_string_equal(p.qualifiers[0].value, "sources");
	assert_string_equal(scan_model__purl_qualifier(&p, "repository_url"), "repo.spring.io/release");
	assert_null(scan_model__purl_qualifier(&p, "type"));
	assert_string_equal(p.subpath, "org/apache/batik");

	s = "PKG:NPM/%40angular/animation@12.3.1";
	assert_int_equal(scan_model__purl_parse(&p, s, strlen(s), &a), 0);
	assert_string_equal(p.type, "npm");
	assert_string_equal(p.ns, "@angular");
	assert_null(p.subpath);
	assert_int_equal(p.nqualifiers, 0);

	/* Leading slashes after the scheme, an unencoded scope, empty qualifier values dropped. */
	s = "pkg://npm/@types/node@20.1.0?foo=&bar=1";
	assert_int_equal(scan_model__purl_parse(&p, s, strlen(s), &a), 0);
	assert_string_equal(p.ns, "@types");
	assert_string_equal(p.name, "node");
	assert_string_equal(p.version, "20.1.0");
	assert_int_equal(p.nqualifiers, 1);

	s = "pkg:golang/google.golang.org/genproto#googleapis/api/annotations";
	assert_int_equal(scan_model__purl_parse(&p, s, strlen(s), &a), 0);
	assert_string_equal(p.ns, "google.golang.org");
	assert_string_equal(p.name, "genproto");
	assert_null(p.version);
	assert_string_equal(p.subpath, "googleapis/api/annotations");

	/* An encoded '@', '/', '?' and '#' stay inside their part. */
	s = "pkg:generic/a%3Fb%23c@1%2F2%40x";
	assert_int_equal(scan_model__purl_parse(&p, s, strlen(s), &a), 0);
	assert_string_equal(p.name, "a?b#c");
	assert_string_equal(p.version, "1/2@x");

	/* Not NUL-terminated: only len bytes are read. */
	assert_int_equal(scan_model__purl_parse(&p, "pkg:cargo/serde@1.0.0XYZ", 21, &a), 0);
	assert_string_equal(p.version, "1.0.0");
	scan_arena__dispose(&a);
}

static void expect_purl_error(const char *s, size_t len, int code, const char *want)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_purl p;
	int err = scan_model__purl_parse(&p, s, len, &a);

	if (err != code)
		fail_msg("'%s': expected %d, got %d", s, code, err);
	if (!strstr(scan_error_last()->message, want))
		fail_msg("message '%s' lacks '%s'", scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
	scan_arena__dispose(&a);
}

static void test_purl_errors(void **state)
{
	char *big;

	(void)state;
	expect_purl_error("npm/foo@1", 9, SCAN_EPARSE, "does not start with 'pkg:'");
	expect_purl_error("pkgs:npm/foo", 12, SCAN_EPARSE, "does not start with 'pkg:'");
	expect_purl_error("pkg:npm", 7, SCAN_EPARSE, "no name after the type");
	expect_purl_error("pkg:npm/", 8, SCAN_EPARSE, "no name");
	expect_purl_error("pkg:npm/@1.0", 12, SCAN_EPARSE, "no name");
	expect_purl_error("pkg:npm/foo@", 12, SCAN_EPARSE, "empty version");
	expect_purl_error("pkg:npm/%zz", 11, SCAN_EPARSE, "not followed by two hex digits");
	expect_purl_error("pkg:npm/foo%4", 13, SCAN_EPARSE, "not followed by two hex digits");
	expect_purl_error("pkg:npm/foo%0A", 14, SCAN_EPARSE, "control character");
	expect_purl_error("pkg:npm/foo%00bar", 17, SCAN_EPARSE, "control character");
	expect_purl_error("pkg:npm/foo\nbar", 15, SCAN_EPARSE, "control character");
	expect_purl_error("pkg:npm/foo?a", 13, SCAN_EPARSE, "is not key=value");
	expect_purl_error("pkg:npm/foo?a=1&A=2", 19, SCAN_EPARSE, "appears twice");
	expect_purl_error("pkg:npm/foo?1a=b", 16, SCAN_EPARSE, "not a valid key");
	expect_purl_error("pkg:1npm/foo", 12, SCAN_EPARSE, "not a valid type");
	expect_purl_error("pkg:n_pm/foo", 12, SCAN_EPARSE, "not a valid type");
	expect_purl_error("pkg:npm/a%2Fb/c", 15, SCAN_EPARSE, "decodes to a '/'");
	expect_purl_error("pkg:npm/x#a%2Fb", 15, SCAN_EPARSE, "decodes to a '/'");
	big = malloc(SCAN_SCA_PURL_MAX + 2);
	assert_non_null(big);
	memset(big, 'a', SCAN_SCA_PURL_MAX + 1);
	memcpy(big, "pkg:npm/", 8);
	big[SCAN_SCA_PURL_MAX + 1] = '\0';
	expect_purl_error(big, SCAN_SCA_PURL_MAX + 1, SCAN_ELIMIT, "longer than 8192 bytes");
	free(big);
}

static void expect_package(const char *s, int code, scan_ecosystem eco, const char *name, const char *version,
                           const char *distro)
{
	scan_arena a = SCAN_ARENA_INIT;
	scan_purl p;
	scan_purl_package pk;

	if (scan_model__purl_parse(&p, s, strlen(s), &a) < 0)
		fail_msg("'%s': %s", s, scan_error_last()->message);
	if (scan_model__purl_package(&pk, &p, &a) != code)
		fail_msg("'%s': expected %d: %s", s, code, scan_error_last()->message);
	if (code == 0) {
		assert_int_equal(pk.ecosystem, eco);
		assert_string_equal(pk.name, name);
		assert_true(sca_streq(pk.version, version));
		assert_true(sca_streq(pk.distro, distro));
	} else {
		assert_non_null(strstr(scan_error_last()->message, name));
	}
	scan_arena__dispose(&a);
}

static void test_purl_package(void **state)
{
	(void)state;
	expect_package("pkg:npm/%40scope/name@1.0.0", 0, SCAN_ECO_NPM, "@scope/name", "1.0.0", NULL);
	expect_package("pkg:npm/scope/name@1.0.0", 0, SCAN_ECO_NPM, "@scope/name", "1.0.0", NULL);
	expect_package("pkg:npm/lodash", 0, SCAN_ECO_NPM, "lodash", NULL, NULL);
	expect_package("pkg:pypi/django-rest-framework@3.14.0", 0, SCAN_ECO_PYPI, "django-rest-framework", "3.14.0", NULL);
	expect_package("pkg:golang/github.com/Azure/go-autorest/autorest@v0.11.29", 0, SCAN_ECO_GO,
	               "github.com/Azure/go-autorest/autorest", "v0.11.29", NULL);
	expect_package("pkg:golang/stdlib@v1.22.0", 0, SCAN_ECO_GO, "stdlib", "v1.22.0", NULL);
	expect_package("pkg:cargo/serde_json@1.0.114", 0, SCAN_ECO_CARGO, "serde_json", "1.0.114", NULL);
	expect_package("pkg:maven/org.apache.logging.log4j/log4j-core@2.17.1?type=jar", 0, SCAN_ECO_MAVEN,
	               "org.apache.logging.log4j:log4j-core", "2.17.1", NULL);
	expect_package("pkg:gem/nokogiri@1.16.2?platform=x86_64-linux", 0, SCAN_ECO_RUBYGEMS, "nokogiri", "1.16.2", NULL);
	expect_package("pkg:nuget/Newtonsoft.Json@13.0.3", 0, SCAN_ECO_NUGET, "Newtonsoft.Json", "13.0.3", NULL);
	expect_package("pkg:composer/Laravel/Framework@v10.48.4", 0, SCAN_ECO_PACKAGIST, "laravel/framework", "10.48.4",
	               NULL);
	expect_package("pkg:deb/debian/curl@7.88.1-10%2Bdeb12u5?arch=amd64&distro=debian-12", 0, SCAN_ECO_DEBIAN, "curl",
	               "7.88.1-10+deb12u5", "debian-12");
	/* Source package from upstream=, with or without its own version; an epoch qualifier. */
	expect_package("pkg:deb/debian/libc6@2.36-9?upstream=glibc", 0, SCAN_ECO_DEBIAN, "glibc", "2.36-9", NULL);
	expect_package("pkg:deb/debian/libgcrypt20@1.10.1-3?upstream=libgcrypt20%401%3A1.10.1-3", 0, SCAN_ECO_DEBIAN,
	               "libgcrypt20", "1:1.10.1-3", NULL);
	expect_package("pkg:deb/Debian/zlib1g@1.2.13.dfsg-1?epoch=1", 0, SCAN_ECO_DEBIAN, "zlib1g", "1:1.2.13.dfsg-1",
	               NULL);
	expect_package("pkg:deb/debian/zlib1g@1.2.13.dfsg-1?epoch=0", 0, SCAN_ECO_DEBIAN, "zlib1g", "1.2.13.dfsg-1", NULL);
	expect_package("pkg:apk/alpine/libssl3@3.1.4-r5?arch=x86_64&upstream=openssl&distro=alpine-3.19.1", 0,
	               SCAN_ECO_ALPINE, "openssl", "3.1.4-r5", "alpine-3.19.1");

	expect_package("pkg:deb/ubuntu/bash@5.1", SCAN_EINVAL, 0, "unsupported package URL type 'deb' of 'ubuntu'", NULL,
	               NULL);
	expect_package("pkg:apk/wolfi/git@2.39.0-r1", SCAN_EINVAL, 0, "'apk' of 'wolfi'", NULL, NULL);
	expect_package("pkg:deb/curl@7", SCAN_EINVAL, 0, "no distribution", NULL, NULL);
	expect_package("pkg:rpm/fedora/curl@7.50.3-1.fc25", SCAN_EINVAL, 0, "unsupported package URL type 'rpm'", NULL,
	               NULL);
	expect_package("pkg:github/package-url/purl-spec@244fd47e07d1004", SCAN_EINVAL, 0, "'github'", NULL, NULL);
	expect_package("pkg:pypi/ns/name@1", SCAN_EPARSE, 0, "pypi package URL with a namespace", NULL, NULL);
	expect_package("pkg:npm/a/b/c@1", SCAN_EPARSE, 0, "a scope is one segment", NULL, NULL);
	expect_package("pkg:maven/a/b/c@1", SCAN_EPARSE, 0, "a group id is one segment", NULL, NULL);
	expect_package("pkg:composer/a/b/c@1", SCAN_EPARSE, 0, "a vendor is one segment", NULL, NULL);
	expect_package("pkg:npm/a%2Fb@1", SCAN_EPARSE, 0, "name 'a/b' holds a '/'", NULL, NULL);
	expect_package("pkg:golang/example.com/a%2Fb@v1", 0, SCAN_ECO_GO, "example.com/a/b", "v1", NULL);
	/* Found by fuzzing: each would build a purl that reads back as another package. */
	expect_package("pkg:golang/example.com%2F%2Fm", SCAN_EPARSE, 0, "has an empty path segment", NULL, NULL);
	expect_package("pkg:maven/org.xmlgraphics:/", SCAN_EPARSE, 0, "holds a ':'", NULL, NULL);
	expect_package("pkg:deb/debian/libc2@2.32?upstream=glib/x", SCAN_EPARSE, 0, "upstream 'glib/x' holds a '/'", NULL,
	               NULL);
}

/* Every purl scan_model__purl builds parses back to the same package and builds the same purl again. */
static void test_purl_roundtrip(void **state)
{
	static const struct {
		scan_ecosystem eco;
		const char *name, *version;
	} cases[] = {
		{ SCAN_ECO_NPM, "lodash", "4.17.21" },
		{ SCAN_ECO_NPM, "@Babel/Core", "7.24.0" },
		{ SCAN_ECO_NPM, "@types/node", "20.11.5-beta+exp.sha.5114f85" },
		{ SCAN_ECO_NPM, "weird name%?#&=", "1.0.0/2@3" },
		{ SCAN_ECO_NPM, "\xe6\x97\xa5\xe6\x9c\xac", "1" },
		{ SCAN_ECO_NPM, "no-version", NULL },
		{ SCAN_ECO_PYPI, "Zope.Interface", "6.2" },
		{ SCAN_ECO_PYPI, "django_rest__framework", "3.14.0" },
		{ SCAN_ECO_PYPI, "ruamel.yaml.clib", "0.2.8" },
		{ SCAN_ECO_GO, "github.com/Azure/azure-sdk-for-go/sdk/azcore", "v1.9.1" },
		{ SCAN_ECO_GO, "stdlib", "v1.22.0" },
		{ SCAN_ECO_GO, "gopkg.in/yaml.v3", "v3.0.1" },
		{ SCAN_ECO_GO, "github.com/foo/bar/v2", "v2.0.0+incompatible" },
		{ SCAN_ECO_GO, "example.com/a@b", "v0.0.0-20240101000000-abcdef123456" },
		{ SCAN_ECO_CARGO, "serde_json", "1.0.114" },
		{ SCAN_ECO_MAVEN, "org.apache.logging.log4j:log4j-core", "2.17.1" },
		{ SCAN_ECO_MAVEN, "com.example:art@fact", "1.0-SNAPSHOT" },
		{ SCAN_ECO_MAVEN, "no-group", "1" },
		{ SCAN_ECO_RUBYGEMS, "nokogiri", "1.16.2-x86_64-linux" },
		{ SCAN_ECO_RUBYGEMS, "rack", NULL },
		{ SCAN_ECO_NUGET, "Newtonsoft.Json", "13.0.3" },
		{ SCAN_ECO_NUGET, "System.Text.Json", "8.0.0-rc.2.23479.6" },
		{ SCAN_ECO_PACKAGIST, "Symfony/Console", "6.4.3" },
		{ SCAN_ECO_PACKAGIST, "vendor/pkg", "vendor-branch" },
		{ SCAN_ECO_PACKAGIST, "acme/p\xc3\xa4" "ckage", "dev-main" },
		{ SCAN_ECO_DEBIAN, "libc6", "1:2.36-9+deb12u4" },
		{ SCAN_ECO_DEBIAN, "g++-12", "12.2.0-14" },
		{ SCAN_ECO_ALPINE, "busybox", "1.36.1-r15" },
		{ SCAN_ECO_ALPINE, "py3-setuptools", "69.0.3-r0" },
	};
	scan_arena a = SCAN_ARENA_INIT;

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		const char *purl, *again, *k1, *k2;
		scan_purl p;
		scan_purl_package pk;

		assert_int_equal(scan_model__purl(&a, cases[i].eco, cases[i].name, cases[i].version, &purl), 0);
		if (scan_model__purl_parse(&p, purl, strlen(purl), &a) < 0 || scan_model__purl_package(&pk, &p, &a) < 0)
			fail_msg("'%s' (%s): %s", purl, cases[i].name, scan_error_last()->message);
		if (pk.ecosystem != cases[i].eco || !sca_streq(pk.version, cases[i].version))
			fail_msg("'%s' read back as %s %s@%s", purl, scan_ecosystem_name(pk.ecosystem), pk.name,
			         pk.version ? pk.version : "NULL");
		assert_int_equal(scan_model__purl(&a, pk.ecosystem, pk.name, pk.version, &again), 0);
		if (strcmp(purl, again))
			fail_msg("'%s' -> %s -> '%s'", purl, pk.name, again);
		/* The name may come back normalised, never as another package. */
		assert_int_equal(scan_model__name_key(&a, cases[i].eco, cases[i].name, &k1), 0);
		assert_int_equal(scan_model__name_key(&a, pk.ecosystem, pk.name, &k2), 0);
		if (strcmp(k1, k2))
			fail_msg("'%s': %s is not %s", purl, pk.name, cases[i].name);
	}
	scan_arena__dispose(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detects),
		cmocka_unit_test(test_cdxgen_npm),
		cmocka_unit_test(test_cdxgen_maven),
		cmocka_unit_test(test_syft_debian),
		cmocka_unit_test(test_trivy_alpine),
		cmocka_unit_test(test_trivy_repo),
		cmocka_unit_test(test_syft_spdx),
		cmocka_unit_test(test_trivy_spdx),
		cmocka_unit_test(test_spdx22),
		cmocka_unit_test(test_cdx_compact),
		cmocka_unit_test(test_skipped),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_purl_parse),
		cmocka_unit_test(test_purl_errors),
		cmocka_unit_test(test_purl_package),
		cmocka_unit_test(test_purl_roundtrip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
