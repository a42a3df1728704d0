/* lib/version/version.c - one entry point over the ecosystems' version orderings */
#include <assert.h>
#include <string.h>
#include "version/ver_int.h"
#include "util/error.h"

#define VER_STR_(x) #x
#define VER_STR(x) VER_STR_(x)

/*
 * Which ordering each ecosystem uses. The families live in ver_*.c, one
 * per specification; this file only dispatches and words the errors.
 */
scan_version__vfamily scan_version__ver_family(scan_ecosystem eco)
{
	switch (eco) {
	case SCAN_ECO_NPM: return SCAN_SCA__VF_NPM;
	case SCAN_ECO_PYPI: return SCAN_SCA__VF_PEP440;
	case SCAN_ECO_GO: return SCAN_SCA__VF_GO;
	case SCAN_ECO_CARGO: return SCAN_SCA__VF_SEMVER;
	case SCAN_ECO_MAVEN: return SCAN_SCA__VF_MAVEN;
	case SCAN_ECO_RUBYGEMS: return SCAN_SCA__VF_RUBYGEMS;
	case SCAN_ECO_NUGET: return SCAN_SCA__VF_NUGET;
	case SCAN_ECO_PACKAGIST: return SCAN_SCA__VF_COMPOSER;
	case SCAN_ECO_DEBIAN: return SCAN_SCA__VF_DPKG;
	case SCAN_ECO_ALPINE: return SCAN_SCA__VF_APK;
	case SCAN_ECO__COUNT: break;
	}
	assert(!"unknown ecosystem");
	return SCAN_SCA__VF_SEMVER;
}

const char *scan_version__ver_parse(scan_version__ver *v, scan_version__vfamily f, const char *s)
{
	/* Bounded before anything reads it: spans are 16-bit, parsers linear. */
	size_t n = strnlen(s, SCAN_SCA_VERSION_MAX + 1);

	v->family = f;
	if (n == 0)
		return "empty";
	if (n > SCAN_SCA_VERSION_MAX)
		return "longer than " VER_STR(SCAN_SCA_VERSION_MAX) " bytes";
	switch (f) {
	case SCAN_SCA__VF_SEMVER: return scan_version__semver_parse(&v->u.semver, s, n, 0);
	case SCAN_SCA__VF_NPM: return scan_version__semver_parse(&v->u.semver, s, n, SCAN_SCA__SEMVER_NPM);
	case SCAN_SCA__VF_GO: return scan_version__go_parse(&v->u.semver, s, n);
	case SCAN_SCA__VF_PEP440: return scan_version__pep440_parse(&v->u.pep440, s, n);
	case SCAN_SCA__VF_MAVEN: return scan_version__maven_parse(&v->u.maven, s, n);
	case SCAN_SCA__VF_RUBYGEMS: return scan_version__rubygems_parse(&v->u.rubygems, s, n);
	case SCAN_SCA__VF_NUGET: return scan_version__nuget_parse(&v->u.nuget, s, n);
	case SCAN_SCA__VF_COMPOSER: return scan_version__composer_parse(&v->u.composer, s, n);
	case SCAN_SCA__VF_DPKG: return scan_version__dpkg_parse(&v->u.dpkg, s, n);
	case SCAN_SCA__VF_APK: return scan_version__apk_parse(&v->u.apk, s, n);
	}
	return "unknown version scheme";
}

int scan_version__ver_order(const scan_version__ver *a, const scan_version__ver *b)
{
	assert(a->family == b->family);
	switch (a->family) {
	case SCAN_SCA__VF_SEMVER:
	case SCAN_SCA__VF_NPM:
	case SCAN_SCA__VF_GO: return scan_version__semver_order(&a->u.semver, &b->u.semver);
	case SCAN_SCA__VF_PEP440: return scan_version__pep440_order(&a->u.pep440, &b->u.pep440);
	case SCAN_SCA__VF_MAVEN: return scan_version__maven_order(&a->u.maven, &b->u.maven);
	case SCAN_SCA__VF_RUBYGEMS: return scan_version__rubygems_order(&a->u.rubygems, &b->u.rubygems);
	case SCAN_SCA__VF_NUGET: return scan_version__nuget_order(&a->u.nuget, &b->u.nuget);
	case SCAN_SCA__VF_COMPOSER: return scan_version__composer_order(&a->u.composer, &b->u.composer);
	case SCAN_SCA__VF_DPKG: return scan_version__dpkg_order(&a->u.dpkg, &b->u.dpkg);
	case SCAN_SCA__VF_APK: return scan_version__apk_order(&a->u.apk, &b->u.apk);
	}
	return 0;
}

int scan_version__ver_fail(scan_ecosystem eco, const char *s, const char *why)
{
	/* Quote at most 80 bytes: the version may be a hostile megabyte. */
	size_t n = strnlen(s, 81);

	return scan_util__error(SCAN_EPARSE, "'%.*s%s' is not a valid %s version (%s)", (int)(n > 80 ? 80 : n), s,
	                        n > 80 ? "..." : "", scan_ecosystem_name(eco), why);
}

int scan_version__check(scan_ecosystem eco, const char *v)
{
	scan_version__ver pv;
	const char *why;

	assert(v);
	why = scan_version__ver_parse(&pv, scan_version__ver_family(eco), v);
	return why ? scan_version__ver_fail(eco, v, why) : 0;
}

int scan_version__cmp(scan_ecosystem eco, const char *a, const char *b, int *cmp)
{
	scan_version__vfamily f = scan_version__ver_family(eco);
	scan_version__ver pa, pb;
	const char *why;

	assert(a && b && cmp);
	*cmp = 0;
	if ((why = scan_version__ver_parse(&pa, f, a)) != NULL)
		return scan_version__ver_fail(eco, a, why);
	if ((why = scan_version__ver_parse(&pb, f, b)) != NULL)
		return scan_version__ver_fail(eco, b, why);
	*cmp = scan_version__sign(scan_version__ver_order(&pa, &pb));
	return 0;
}

/* --- helpers ---------------------------------------------------------------- */

int scan_version__digits_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c;

	while (alen > 0 && *a == '0')
		a++, alen--;
	while (blen > 0 && *b == '0')
		b++, blen--;
	if (alen != blen)
		return alen < blen ? -1 : 1;
	if (alen == 0)
		return 0;
	c = memcmp(a, b, alen);
	return scan_version__sign(c);
}

int scan_version__bytes_cmp(const char *a, size_t alen, const char *b, size_t blen, bool fold)
{
	size_t n = alen < blen ? alen : blen;

	for (size_t i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (fold) {
			x = scan_version__lower(x);
			y = scan_version__lower(y);
		}
		if (x != y)
			return x < y ? -1 : 1;
	}
	return alen == blen ? 0 : alen < blen ? -1 : 1;
}

bool scan_version__word_eq(const char *s, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n && word[i]; i++)
		if (scan_version__lower((unsigned char)s[i]) != word[i])
			return false;
	return i == n && !word[i];
}

size_t scan_version__digits_at(const char *s, size_t i, size_t n)
{
	size_t k = i;

	while (k < n && scan_version__isdigit((unsigned char)s[k]))
		k++;
	return k - i;
}
