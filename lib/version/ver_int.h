/* lib/version/ver_int.h - shared by the version orderings (version.c, ver_*.c, osv_range.c) */
#ifndef SCAN_SCA_VER_INT_H
#define SCAN_SCA_VER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "model/purl.h"
#include "version/version.h"

/*
 * A version is parsed once into a small fixed structure on the caller's
 * stack and compared as often as needed, so matching a component against
 * many advisory ranges neither allocates nor re-reads its text. Parsed
 * forms point into the text they came from (spans are offsets into it),
 * which must outlive them.
 *
 * Versions are untrusted (lockfiles, downloaded advisories): at most
 * SCAN_SCA_VERSION_MAX bytes, at most SCAN_SCA__VER_PARTS_MAX numbers,
 * identifiers or tokens; longer is refused as not a version. Numbers of
 * any length are compared as digit strings, so nothing overflows.
 */
#define SCAN_SCA__VER_PARTS_MAX 64

/* s[off, off + len) of the version text. */
typedef struct {
	uint16_t off, len;
} scan_version__span;

/* How the text of each ecosystem is read. */
typedef enum {
	SCAN_SCA__VF_SEMVER,    /* SemVer 2.0 exactly (crates.io, OSV SEMVER ranges) */
	SCAN_SCA__VF_NPM,       /* SemVer with node-semver's tolerance: blanks, "=", "v" */
	SCAN_SCA__VF_GO,        /* SemVer with an optional "v" */
	SCAN_SCA__VF_PEP440,
	SCAN_SCA__VF_MAVEN,
	SCAN_SCA__VF_RUBYGEMS,
	SCAN_SCA__VF_NUGET,
	SCAN_SCA__VF_COMPOSER,
	SCAN_SCA__VF_DPKG,
	SCAN_SCA__VF_APK,
} scan_version__vfamily;

/* --- SemVer 2.0 (npm, crates.io, Go) ------------------------------------ */

typedef struct {
	const char *s;
	scan_version__span major, minor, patch;
	scan_version__span pre;        /* the dot-separated identifiers after '-'; len 0: a release */
} scan_version__semver;

enum {
	SCAN_SCA__SEMVER_NPM = 1u << 0, /* surrounding blanks, then "=" and "v" (node-semver loose prefix) */
	SCAN_SCA__SEMVER_V = 1u << 1,   /* an optional leading "v" (Go) */
};

/*
 * Each parser reads s[0, n) (n <= SCAN_SCA_VERSION_MAX, the caller checks)
 * and returns NULL, or a static reason why it is not a version. Each
 * order function returns <0, 0 or >0.
 */
const char *scan_version__semver_parse(scan_version__semver *v, const char *s, size_t n, unsigned flags);
int scan_version__semver_order(const scan_version__semver *a, const scan_version__semver *b);
const char *scan_version__go_parse(scan_version__semver *v, const char *s, size_t n);
/*
 * Dot-separated pre-release identifiers (both non-empty, already checked):
 * numeric ones numerically and below the others, the others byte by byte
 * (ASCII case folded when fold: NuGet), then the longer list higher.
 */
int scan_version__prerelease_cmp(const char *as, scan_version__span a, const char *bs, scan_version__span b, bool fold);

/* --- PEP 440 (PyPI) ------------------------------------------------------ */

typedef struct {
	const char *s;
	scan_version__span epoch;      /* len 0: epoch 0 */
	scan_version__span release[SCAN_SCA__VER_PARTS_MAX];
	uint8_t nrelease;
	int8_t pre;                /* -1 none, 0 a, 1 b, 2 rc */
	bool post, dev;
	scan_version__span pre_n, post_n, dev_n; /* len 0: the implicit 0 */
	uint8_t nlocal;            /* 0: no local version label */
	scan_version__span local[SCAN_SCA__VER_PARTS_MAX];
} scan_version__pep440;

const char *scan_version__pep440_parse(scan_version__pep440 *v, const char *s, size_t n);
int scan_version__pep440_order(const scan_version__pep440 *a, const scan_version__pep440 *b);

/* --- Maven ----------------------------------------------------------------- */

typedef struct {
	uint16_t off, len;
	char prefix;               /* '.' or '-' (a qualifier is always '-') */
	int8_t qual;               /* -1 for a number, else the qualifier's rank */
} scan_version__mvn_token;

typedef struct {
	const char *s;
	uint8_t n;
	scan_version__mvn_token t[SCAN_SCA__VER_PARTS_MAX];
} scan_version__maven;

const char *scan_version__maven_parse(scan_version__maven *v, const char *s, size_t n);
int scan_version__maven_order(const scan_version__maven *a, const scan_version__maven *b);

/* --- RubyGems -------------------------------------------------------------- */

typedef struct {
	const char *s;
	uint8_t n;                 /* canonical segments */
	struct scan_version__gem_seg {
		uint16_t off, len;     /* off == UINT16_MAX: the "pre" a '-' stands for */
		bool num;
	} seg[SCAN_SCA__VER_PARTS_MAX];
} scan_version__rubygems;

const char *scan_version__rubygems_parse(scan_version__rubygems *v, const char *s, size_t n);
int scan_version__rubygems_order(const scan_version__rubygems *a, const scan_version__rubygems *b);

/* --- NuGet ----------------------------------------------------------------- */

typedef struct {
	const char *s;
	scan_version__span num[4];     /* len 0: 0 */
	scan_version__span pre;        /* len 0: a release */
} scan_version__nuget;

const char *scan_version__nuget_parse(scan_version__nuget *v, const char *s, size_t n);
int scan_version__nuget_order(const scan_version__nuget *a, const scan_version__nuget *b);

/* --- Composer (Packagist) -------------------------------------------------- */

typedef struct {
	const char *s;
	uint8_t n;
	struct scan_version__php_token {
		uint16_t off, len;     /* digits, for a number */
		int8_t special;        /* -1 for a number, else PHP's rank of the word */
	} t[SCAN_SCA__VER_PARTS_MAX];
} scan_version__composer;

const char *scan_version__composer_parse(scan_version__composer *v, const char *s, size_t n);
int scan_version__composer_order(const scan_version__composer *a, const scan_version__composer *b);

/* --- dpkg (Debian) --------------------------------------------------------- */

typedef struct {
	const char *s;
	scan_version__span epoch, upstream, revision; /* len 0: none (epoch 0, revision "0") */
} scan_version__dpkg;

const char *scan_version__dpkg_parse(scan_version__dpkg *v, const char *s, size_t n);
int scan_version__dpkg_order(const scan_version__dpkg *a, const scan_version__dpkg *b);

/* --- apk (Alpine) ---------------------------------------------------------- */

typedef struct {
	const char *s;
	uint8_t nnum, nsuf;
	char letter;               /* 0: none */
	scan_version__span num[SCAN_SCA__VER_PARTS_MAX];
	struct scan_version__apk_suffix {
		int8_t rank;           /* <0 before a release (_alpha.._rc), >0 after (_cvs.._p) */
		scan_version__span n;
	} suf[SCAN_SCA__VER_PARTS_MAX];
	scan_version__span hash;       /* len 0: none */
	scan_version__span revision;   /* the -r build number; len 0: -r0 */
} scan_version__apk;

const char *scan_version__apk_parse(scan_version__apk *v, const char *s, size_t n);
int scan_version__apk_order(const scan_version__apk *a, const scan_version__apk *b);

/* --- any of them ----------------------------------------------------------- */

typedef struct {
	scan_version__vfamily family;
	union {
		scan_version__semver semver;
		scan_version__pep440 pep440;
		scan_version__maven maven;
		scan_version__rubygems rubygems;
		scan_version__nuget nuget;
		scan_version__composer composer;
		scan_version__dpkg dpkg;
		scan_version__apk apk;
	} u;
} scan_version__ver;

/* The family that orders eco's versions. */
scan_version__vfamily scan_version__ver_family(scan_ecosystem eco);
/*
 * Parse s (NUL-terminated) as a version of family f: NULL, or a static
 * reason it is not one. Raises nothing: osv_range.c skips unparseable
 * events silently, and the public functions word the message.
 */
const char *scan_version__ver_parse(scan_version__ver *v, scan_version__vfamily f, const char *s);
/* Both of the same family. <0, 0 or >0. */
int scan_version__ver_order(const scan_version__ver *a, const scan_version__ver *b);
/* Raise SCAN_EPARSE naming the version, the ecosystem and why. */
int scan_version__ver_fail(scan_ecosystem eco, const char *s, const char *why);

/* --- helpers for the parsers ----------------------------------------------- */

static inline bool scan_version__isdigit(int c) { return c >= '0' && c <= '9'; }
static inline bool scan_version__isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool scan_version__isalnum(int c) { return scan_version__isdigit(c) || scan_version__isalpha(c); }
static inline int scan_version__lower(int c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }
static inline bool scan_version__isblank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
static inline scan_version__span scan_version__mkspan(size_t off, size_t len)
{
	scan_version__span sp = { (uint16_t)off, (uint16_t)len };
	return sp;
}

/* Digits after a run of leading zeros: the same number of any length compares equal. */
int scan_version__digits_cmp(const char *a, size_t alen, const char *b, size_t blen);
static inline int scan_version__span_num_cmp(const char *as, scan_version__span a, const char *bs, scan_version__span b)
{
	return scan_version__digits_cmp(as + a.off, a.len, bs + b.off, b.len);
}
/* Bytes, then length (a prefix sorts first); ASCII case folded when fold. */
int scan_version__bytes_cmp(const char *a, size_t alen, const char *b, size_t blen, bool fold);
/* s[0, n) equals word (lowercase ASCII), ignoring ASCII case. */
bool scan_version__word_eq(const char *s, size_t n, const char *word);
/* The number of digits at s[i..n). */
size_t scan_version__digits_at(const char *s, size_t i, size_t n);

static inline int scan_version__sign(int x) { return (x > 0) - (x < 0); }

#endif
