/* lib/lockfile/extract_gradle.c - Gradle lock state and dependency verification metadata */
#include <string.h>
#include "lockfile/extractors.h"
#include "lockfile/xmlread.h"
#include "util/error.h"

/* --- gradle.lockfile ------------------------------------------------------ */

/*
 * Dependency locking (Gradle 6+) writes one gradle.lockfile per project,
 * and buildscript-gradle.lockfile for the build script's own class path:
 *
 *   # This is a Gradle generated file for dependency locking.
 *   com.google.guava:guava:31.1-jre=compileClasspath,runtimeClasspath
 *   empty=annotationProcessor
 *
 * Gradle 4.8-5 wrote one file per configuration instead,
 * gradle/dependency-locks/<configuration>.lockfile, with bare
 * group:artifact:version lines. Each line is a resolved module of the
 * whole graph: the file does not say which are direct. A module only on
 * test configurations is SCAN_DEP_DEV, and so is everything of the build
 * script, which runs Gradle and never ships.
 */

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

bool scan_lockfile__is_gradle_lock(const char *path, const char *base)
{
	if (ends_with(base, "gradle.lockfile"))
		return true;
	return ends_with(base, ".lockfile") && strstr(path, "gradle/dependency-locks/") != NULL;
}

/*
 * Whether configuration name[0..len) is a test one. Names are camelCase:
 * testRuntimeClasspath, integrationTestCompileClasspath,
 * testFixturesApiElements; latestClasspath is not.
 */
static bool is_test_config(const char *name, size_t len)
{
	if (len >= 4 && !memcmp(name, "test", 4))
		return true;
	for (size_t i = 1; i + 4 <= len; i++)
		if (!memcmp(name + i, "Test", 4))
			return true;
	return false;
}

/* Every configuration of the comma-separated list is a test one (an empty list is not). */
static bool only_test_configs(const char *s, size_t len)
{
	bool any = false;
	size_t i = 0;

	while (i < len) {
		size_t j = i, a, b;
		while (j < len && s[j] != ',')
			j++;
		a = i;
		b = j;
		while (a < b && (s[a] == ' ' || s[a] == '\t'))
			a++;
		while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
			b--;
		if (b > a) {
			if (!is_test_config(s + a, b - a))
				return false;
			any = true;
		}
		i = j + 1;
	}
	return any;
}

int scan_lockfile__extract_gradle_lock(scan_sca_doc *d, const char *text, size_t len)
{
	const char *base = strrchr(d->file, '/');
	bool buildscript, legacy_test = false;
	size_t pos = 0;
	unsigned line = 0;

	base = base ? base + 1 : d->file;
	buildscript = !strncmp(base, "buildscript-", 12);
	/* Per-configuration files name the configuration after themselves. */
	if (!ends_with(base, "gradle.lockfile") && ends_with(base, ".lockfile"))
		legacy_test = is_test_config(base, strlen(base) - strlen(".lockfile"));
	if (len > SCAN_SCA_FILE_MAX)
		return scan_lockfile__fail(d, SCAN_ELIMIT, 0, "larger than %zu MB", SCAN_SCA_FILE_MAX >> 20);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	while (pos < len) {
		const char *s = text + pos, *eol = memchr(s, '\n', len - pos);
		size_t n = eol ? (size_t)(eol - s) : len - pos;
		const char *eq, *c1, *c2;
		size_t coords;
		unsigned flags = 0;
		int idx;

		pos += n + (eol ? 1 : 0);
		line++;
		while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		while (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		if (!n || *s == '#')
			continue;
		eq = memchr(s, '=', n);
		coords = eq ? (size_t)(eq - s) : n;
		if (coords == 5 && !memcmp(s, "empty", 5))
			continue; /* configurations that resolved to nothing */
		c1 = memchr(s, ':', coords);
		c2 = c1 ? memchr(c1 + 1, ':', coords - (size_t)(c1 + 1 - s)) : NULL;
		if (!c1 || !c2 || c1 == s || c2 == c1 + 1 || c2 + 1 == s + coords ||
		    memchr(c2 + 1, ':', coords - (size_t)(c2 + 1 - s)) || memchr(s, ' ', coords))
			return scan_lockfile__fail(d, SCAN_EPARSE, line, "expected group:artifact:version=configurations");
		if (buildscript)
			flags |= SCAN_DEP_DEV;
		else if (eq ? only_test_configs(eq + 1, n - coords - 1) : legacy_test)
			flags |= SCAN_DEP_DEV;
		idx = scan_lockfile__add(d, SCAN_ECO_MAVEN, s, (size_t)(c2 - s), c2 + 1, coords - (size_t)(c2 + 1 - s),
		                         flags, line);
		if (idx < 0)
			return idx;
	}
	return 0;
}

/* --- gradle/verification-metadata.xml ------------------------------------- */

/*
 * Dependency verification lists a checksum (or signature) for every module
 * the build resolved, plugins and build tools included:
 *
 *   <verification-metadata xmlns="https://schema.gradle.org/dependency-verification">
 *     <components>
 *       <component group="org.slf4j" name="slf4j-api" version="1.7.36">
 *         <artifact name="slf4j-api-1.7.36.jar"><sha256 value="..."/></artifact>
 *
 * It says nothing about how a module is used: flags stay unset.
 */

bool scan_lockfile__is_gradle_verification(const char *path, const char *base)
{
	(void)base;
	return !strcmp(path, "gradle/verification-metadata.xml") ||
	       ends_with(path, "/gradle/verification-metadata.xml");
}

static int verification_start(scan_sca_xml *x, const char *path, const char **attrs)
{
	const char *group, *name, *version;
	scan_sca_doc *d = scan_lockfile__xml_doc(x);
	char coords[2 * SCAN_SCA_NAME_MAX + 2];
	size_t glen, nlen;
	int idx;

	if (scan_lockfile__xml_depth(x) == 1) {
		if (strcmp(path, "verification-metadata"))
			return scan_lockfile__xml_fail(x, SCAN_EPARSE, "root element is <%.64s>, not <verification-metadata>",
			                               path);
		return 0;
	}
	if (strcmp(path, "verification-metadata/components/component"))
		return 0;
	group = scan_lockfile__xml_attr(attrs, "group");
	name = scan_lockfile__xml_attr(attrs, "name");
	version = scan_lockfile__xml_attr(attrs, "version");
	if (!group || !name || !version || !*group || !*name || !*version)
		return scan_lockfile__xml_fail(x, SCAN_EPARSE, "<component> needs group, name and version");
	glen = strlen(group);
	nlen = strlen(name);
	if (glen + 1 + nlen > SCAN_SCA_NAME_MAX)
		return scan_lockfile__xml_fail(x, SCAN_EPARSE, "invalid package name");
	memcpy(coords, group, glen);
	coords[glen] = ':';
	memcpy(coords + glen + 1, name, nlen);
	idx = scan_lockfile__add(d, SCAN_ECO_MAVEN, coords, glen + 1 + nlen, version, strlen(version), 0,
	                         scan_lockfile__xml_line(x));
	return idx < 0 ? idx : 0;
}

int scan_lockfile__extract_gradle_verification(scan_sca_doc *d, const char *text, size_t len)
{
	static const scan_sca_xml_handlers h = { verification_start, NULL };

	return scan_lockfile__xml_parse(d, NULL, text, len, &h, NULL);
}
