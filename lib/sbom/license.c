/* lib/sbom/license.c - license strings of components: SPDX expressions, names people write, kinds */
#include <string.h>
#include "scan/license.h"
#include "sbom/license_expr.h"
#include "sbom/spdx_list.h"
#include "sbom/spdx_table.h" /* generated at build time by gen_spdx_table */
#include "util/error.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
/* Free text with more words than this is a license body or a sentence: no keyword guessing. */
#define LICENSE_KEYWORD_WORDS_MAX 12

/* Short names for the tables below. */
#define U SCAN_LICENSE_UNKNOWN
#define P SCAN_LICENSE_PERMISSIVE
#define W SCAN_LICENSE_WEAK_COPYLEFT
#define S SCAN_LICENSE_STRONG_COPYLEFT
#define N SCAN_LICENSE_NETWORK_COPYLEFT

/*
 * The kind of each license family, decided from the terms of the licenses
 * themselves:
 *   P  notices and disclaimers only; no obligation to share source
 *      (MIT/BSD/ISC/Apache style, public-domain dedications, the open
 *      government data licences, all-permissive FSF notices).
 *   W  changes to the licensed files or library must stay under the
 *      license, but a larger work that only uses them need not: file-level
 *      (MPL, EPL, CDDL, the MPL-derived licences) or library-level (LGPL)
 *      reciprocity, share-alike limited to the database or font itself
 *      (ODbL, CDLA-Sharing, OFL).
 *   S  a distributed derivative or combined work as a whole must be under
 *      the same terms (GPL, CC-BY-SA, Sleepycat, QPL, the CeCILL v1/v2
 *      licences).
 *   N  S, and making the software available over a network counts as
 *      distribution (AGPL; OSL "external deployment"; EUPL
 *      "communication"; RPL; SSPL; the Parity licences; CAL).
 *   U  listed only to override a family pattern: non-commercial or
 *      no-derivatives Creative Commons, a field-of-use ban.
 * Anything not listed (source-available, proprietary, rare licences) is
 * unknown, which a policy treats as needing review.
 *
 * An entry ending in '*' is a family: it matches its stem alone or
 * followed by '-' ("GPL*" is GPL-2.0-only, GPL-3.0+, not LGPL-2.1), and
 * the longest stem wins; exact entries win over families.
 */
typedef struct {
	const char *pattern;
	unsigned char kind;
} license_family;

static const license_family families[] = {
	/* permissive */
	{ "0BSD", P }, { "AAL", P }, { "Adobe-2006", P }, { "Adobe-Glyph", P }, { "AFL*", P },
	{ "Afmparse", P }, { "AML", P }, { "AMPAS", P }, { "ANTLR-PD*", P }, { "APAFML", P },
	{ "Apache*", P }, { "Artistic*", P }, { "Bahyph", P }, { "Barr", P }, { "bcrypt-Solar-Designer", P },
	{ "Beerware", P }, { "Bitstream-Charter", P }, { "Bitstream-Vera", P }, { "blessing", P },
	{ "BlueOak-1.0.0", P }, { "Boehm-GC*", P }, { "Borceux", P }, { "Brian-Gladman*", P }, { "BSD*", P },
	{ "BSL-1.0", P }, { "bzip2*", P }, { "CC-BY*", P }, { "CC-PDDC", P }, { "CC-PDM-1.0", P },
	{ "CC0-1.0", P }, { "CDLA-Permissive*", P }, { "CECILL-B", P }, { "CERN-OHL-P-2.0", P },
	{ "CFITSIO", P }, { "ClArtistic", P }, { "Clips", P }, { "CMU-Mach*", P }, { "CNRI-Jython", P },
	{ "CNRI-Python*", P }, { "Crossword", P }, { "CrystalStacker", P }, { "Cube", P }, { "curl", P },
	{ "DEC-3-Clause", P }, { "diffmark", P }, { "DL-DE-BY-2.0", P }, { "DL-DE-ZERO-2.0", P }, { "DOC", P },
	{ "DSDP", P }, { "dtoa", P }, { "ECL*", P }, { "EFL*", P }, { "eGenix", P }, { "Entessa", P },
	{ "ESA-PL-permissive-2.4", P }, { "etalab-2.0", P }, { "EUDatagrid", P }, { "Eurosym", P },
	{ "Fair", P }, { "FreeBSD-DOC", P }, { "FSFAP*", P }, { "FSFUL*", P }, { "FSFULLR", P },
	{ "FSFULLRSD", P }, { "FSFULLRWD", P }, { "FTL", P }, { "GD", P }, { "Giftware", P },
	{ "gtkbook", P }, { "HaskellReport", P }, { "HP-1986", P }, { "HP-1989", P }, { "HPND*", P },
	{ "HTMLTIDY", P }, { "IBM-pibs", P }, { "ICU", P }, { "IJG*", P }, { "ImageMagick", P },
	{ "Info-ZIP", P }, { "Intel", P }, { "ISC*", P }, { "Jam", P }, { "JasPer-2.0", P }, { "Kazlib", P },
	{ "Latex2e", P }, { "Leptonica", P }, { "libpng*", P }, { "libtiff", P }, { "LiLiQ-P-1.1", P },
	{ "Linux-OpenIB", P }, { "LOOP", P }, { "LPPL*", P }, { "Mackerras-3-Clause*", P }, { "magaz", P },
	{ "Martin-Birgmeier", P }, { "metamail", P }, { "Minpack", P }, { "MIPS", P }, { "MirOS", P },
	{ "MIT*", P }, { "MITNFA", P }, { "MPEG-SSG", P }, { "mpi-permissive", P }, { "mpich2", P },
	{ "MTLL", P }, { "MulanPSL*", P }, { "Multics", P }, { "Mup", P }, { "Naumen", P }, { "NCBI-PD", P },
	{ "NCSA", P }, { "Net-SNMP", P }, { "NetCDF", P }, { "Newsletr", P }, { "NICTA-1.0", P },
	{ "NIST-PD*", P }, { "NIST-Software", P }, { "NLOD*", P }, { "NTIA-PD", P }, { "NTP*", P },
	{ "Nunit", P }, { "ODC-By-1.0", P }, { "OFFIS", P }, { "OGDL-Taiwan-1.0", P },
	{ "OGL-Canada-2.0", P }, { "OGL-UK*", P }, { "OGTSL", P }, { "OLDAP*", P }, { "OpenSSL*", P },
	{ "PADL", P }, { "PDDL-1.0", P }, { "PHP*", P }, { "pkgconf", P }, { "Plexus", P },
	{ "PostgreSQL", P }, { "PSF-2.0", P }, { "psfrag", P }, { "psutils", P }, { "Python*", P },
	{ "Qhull", P }, { "radvd", P }, { "Rdisc", P }, { "Ruby", P }, { "SAX-PD*", P }, { "Saxpath", P },
	{ "SchemeReport", P }, { "SGI-B-2.0", P }, { "SGP4", P }, { "SMLNJ", P }, { "snprintf", P },
	{ "Soundex", P }, { "Spencer*", P }, { "SSH-OpenSSH", P }, { "SSH-short", P },
	{ "SSLeay-standalone", P }, { "StandardML-NJ", P }, { "Sun-PPP*", P }, { "SunPro", P }, { "SWL", P },
	{ "Symlinks", P }, { "TCL", P }, { "TCP-wrappers", P }, { "TermReadKey", P }, { "TMate", P },
	{ "TTWL", P }, { "TTYP0", P }, { "TU-Berlin*", P }, { "UCAR", P }, { "UMich-Merit", P },
	{ "Unicode*", P }, { "UnixCrypt", P }, { "Unlicense*", P }, { "UPL-1.0", P }, { "URT-RLE", P },
	{ "Vixie-Cron", P }, { "VSL-1.0", P }, { "W3C*", P }, { "w3m", P }, { "Widget-Workshop", P },
	{ "WordNet", P }, { "Wsuipa", P }, { "WTFPL", P }, { "X11*", P }, { "Xdebug-1.03", P },
	{ "Xerox", P }, { "XFree86-1.1", P }, { "Xfig", P }, { "xinetd", P }, { "xlock", P }, { "Xnet", P },
	{ "xpp", P }, { "xzoom", P }, { "Zed", P }, { "Zeeff", P }, { "Zend-2.0", P }, { "Zlib", P },
	{ "zlib-acknowledgement", P }, { "ZPL*", P },
	/* not open source, though the family pattern says otherwise */
	{ "BSD-3-Clause-No-Military-License", U }, { "CC-BY-NC*", U }, { "CC-BY-ND*", U },
	{ "Unicode-TOU", U },
	/* weak copyleft */
	{ "APL-1.0", W }, { "APSL*", W }, { "CAL-1.0-Combined-Work-Exception", W }, { "CATOSL-1.1", W },
	{ "CDDL*", W }, { "CDLA-Sharing-1.0", W }, { "CECILL-C", W }, { "CERN-OHL-W-2.0", W },
	{ "CPAL-1.0", W }, { "CPL-1.0", W }, { "CUA-OPL-1.0", W }, { "eCos-2.0", W }, { "EPL*", W },
	{ "ErlPL-1.1", W }, { "ESA-PL-weak-copyleft-2.4", W }, { "gSOAP-1.3b", W }, { "Interbase-1.0", W },
	{ "IPL-1.0", W }, { "LGPL*", W }, { "LGPLLR", W }, { "LiLiQ-R-1.1", W }, { "LPL*", W },
	{ "Motosoto", W }, { "MPL*", W }, { "MS-PL", W }, { "MS-RL", W }, { "NASA-1.3", W }, { "Nokia", W },
	{ "NOSL", W }, { "NPL*", W }, { "OCCT-PL", W }, { "ODbL-1.0", W }, { "OFL*", W }, { "OSET-PL-2.1", W },
	{ "RHeCos-1.1", W }, { "RPSL-1.0", W }, { "RSCPL", W }, { "SPL-1.0", W }, { "Watcom-1.0", W },
	{ "wxWindows", W },
	/* the deprecated "GPL with an exception" ids: the exceptions allow linking */
	{ "GPL-2.0-with-autoconf-exception", W }, { "GPL-2.0-with-bison-exception", W },
	{ "GPL-2.0-with-classpath-exception", W }, { "GPL-2.0-with-font-exception", W },
	{ "GPL-2.0-with-GCC-exception", W }, { "GPL-3.0-with-autoconf-exception", W },
	{ "GPL-3.0-with-GCC-exception", W },
	/* strong copyleft */
	{ "Arphic-1999", S }, { "BSD-Protection", S }, { "CC-BY-SA*", S }, { "CC-SA-1.0", S },
	{ "CECILL-1.0", S }, { "CECILL-1.1", S }, { "CECILL-2.0", S }, { "CECILL-2.1", S },
	{ "CERN-OHL-1.1", S }, { "CERN-OHL-1.2", S }, { "CERN-OHL-S-2.0", S }, { "copyleft-next*", S },
	{ "D-FSL-1.0", S }, { "ESA-PL-strong-copyleft-2.4", S }, { "GFDL*", S }, { "GPL*", S }, { "LAL*", S },
	{ "LiLiQ-Rplus-1.1", S }, { "NGPL", S }, { "QPL*", S }, { "SimPL-2.0", S }, { "Sleepycat", S },
	{ "TAPR-OHL-1.0", S }, { "TGPPL-1.0", S },
	/* network copyleft */
	{ "AGPL*", N }, { "CAL-1.0", N }, { "EUPL*", N }, { "NPOSL-3.0", N }, { "OSL*", N }, { "Parity*", N },
	{ "RPL*", N }, { "SSPL-1.0", N }, { "UCL-1.0", N },
};

/*
 * Exceptions that let other code link with or use the output of a
 * strong-copyleft component without coming under it (runtime libraries,
 * class libraries, generated parsers, kernel headers, fonts in
 * documents): the result is weak copyleft. Not here: exceptions that
 * only allow combining with other free software or with one named
 * library (Universal-FOSS, the OpenSSL exceptions). Patterns as above.
 */
static const char *const linking_exceptions[] = {
	"Autoconf-exception*", "Bison-exception*", "Bootloader-exception", "Classpath-exception-2.0*",
	"CLISP-exception-2.0", "eCos-exception-2.0", "Fawkes-Runtime-exception", "FLTK-exception",
	"Font-exception-2.0", "freertos-exception-2.0", "GCC-exception*", "GNAT-exception",
	"GNU-compiler-exception", "gnu-javamail-exception", "GPL-3.0-linking-exception",
	"GPL-3.0-linking-source-exception", "GStreamer-exception*", "i2p-gpl-java-exception",
	"Independent-modules-exception", "KiCad-libraries-exception", "Libtool-exception",
	"Linux-syscall-note", "mif-exception", "OCaml-LGPL-linking-exception",
	"OpenJDK-assembly-exception-1.0", "polyparse-exception", "PS-or-PDF-font-exception-20170817",
	"Qt-LGPL-exception-1.1", "SANE-exception", "Simple-Library-Usage-exception",
	"SWI-exception", "Texinfo-exception", "u-boot-exception-2.0", "UBDL-exception",
	"WxWindows-exception-3.1",
};

/*
 * What people write instead of an identifier, as name keys
 * (spdx_list.h). An entry with an id names exactly that license; one
 * without names a family whose versions or variants differ ("BSD",
 * "GPLv2" without "only" or "or later"), so only its kind is known and
 * the text is kept. Names the SPDX list itself gives ("MIT License",
 * "Apache License 2.0", "GNU General Public License v2.0 or later") are
 * found in the generated table and need no entry here.
 */
typedef struct {
	const char *key;
	const char *id;
	unsigned char kind;
} license_alias;

static const license_alias aliases[] = {
	{ "2 clause bsd", "BSD-2-Clause", P }, { "3 clause bsd", "BSD-3-Clause", P },
	{ "agpl", NULL, N }, { "agpl 3", NULL, N }, { "agpl 3 only", "AGPL-3.0-only", N },
	{ "agpl 3 or later", "AGPL-3.0-or-later", N }, { "agpl 3+", "AGPL-3.0-or-later", N },
	{ "apache", NULL, P }, { "apache 2", "Apache-2.0", P }, { "apache software", NULL, P },
	{ "apache software 2", "Apache-2.0", P }, { "asl 2", "Apache-2.0", P },
	{ "boost", "BSL-1.0", P }, { "boost software", "BSL-1.0", P },
	{ "bsd", NULL, P }, { "bsd 2 clause", "BSD-2-Clause", P }, { "bsd 3 clause", "BSD-3-Clause", P },
	{ "bsd new", "BSD-3-Clause", P }, { "bsd simplified", "BSD-2-Clause", P }, { "bsd style", NULL, P },
	{ "cc 0", "CC0-1.0", P }, { "cc 0 1", "CC0-1.0", P }, { "cc by 4", "CC-BY-4.0", P },
	{ "cc by sa 4", "CC-BY-SA-4.0", S }, { "cddl", NULL, W }, { "eclipse public", NULL, W },
	{ "epl", NULL, W }, { "epl 1", "EPL-1.0", W }, { "epl 2", "EPL-2.0", W }, { "eupl", NULL, N },
	{ "expat", "MIT", P }, { "gnu agpl 3", NULL, N }, { "gnu general public", NULL, S },
	{ "gnu general public 2", NULL, S }, { "gnu general public 3", NULL, S }, { "gnu gpl", NULL, S },
	{ "gnu gpl 2", NULL, S }, { "gnu gpl 3", NULL, S }, { "gnu lgpl", NULL, W }, { "gpl", NULL, S },
	{ "gpl 2", NULL, S }, { "gpl 2 only", "GPL-2.0-only", S }, { "gpl 2 or later", "GPL-2.0-or-later", S },
	{ "gpl 2+", "GPL-2.0-or-later", S }, { "gpl 3", NULL, S }, { "gpl 3 only", "GPL-3.0-only", S },
	{ "gpl 3 or later", "GPL-3.0-or-later", S }, { "gpl 3+", "GPL-3.0-or-later", S },
	{ "lgpl", NULL, W }, { "lgpl 2", NULL, W }, { "lgpl 2.1", NULL, W },
	{ "lgpl 2.1 only", "LGPL-2.1-only", W }, { "lgpl 2.1 or later", "LGPL-2.1-or-later", W },
	{ "lgpl 2.1+", "LGPL-2.1-or-later", W }, { "lgpl 3", NULL, W }, { "lgpl 3 only", "LGPL-3.0-only", W },
	{ "lgpl 3 or later", "LGPL-3.0-or-later", W }, { "lgpl 3+", "LGPL-3.0-or-later", W },
	{ "mit style", NULL, P }, { "modified bsd", "BSD-3-Clause", P }, { "mpl", NULL, W },
	{ "mpl 1.1", "MPL-1.1", W }, { "mpl 2", "MPL-2.0", W }, { "new bsd", "BSD-3-Clause", P },
	{ "ofl", NULL, W }, { "ofl 1.1", "OFL-1.1", W }, { "perl", NULL, P }, { "perl 5", NULL, P },
	{ "psf", NULL, P }, { "public domain", NULL, P }, { "python software foundation", NULL, P },
	{ "revised bsd", "BSD-3-Clause", P }, { "sil open font", NULL, W },
	{ "simplified bsd", "BSD-2-Clause", P }, { "universal permissive", "UPL-1.0", P },
};

/*
 * Last resort for short free text: family words. Every phrase found must
 * agree on a kind, or the text stays unknown ("MIT or GPL" could be
 * either). Longer phrases come first, so "lesser general public" is read
 * before "general public".
 */
static const license_alias keywords[] = {
	{ "common development and distribution", NULL, W }, { "python software foundation", NULL, P },
	{ "affero general public", NULL, N },
	{ "european union public", NULL, N }, { "lesser general public", NULL, W },
	{ "library general public", NULL, W }, { "all rights reserved", NULL, U },
	{ "mozilla public", NULL, W }, { "eclipse public", NULL, W }, { "general public", NULL, S },
	{ "public domain", NULL, P }, { "non commercial", NULL, U }, { "cc 0", NULL, P },
	{ "affero", NULL, N }, { "agpl", NULL, N }, { "apache", NULL, P }, { "artistic", NULL, P },
	{ "boost", NULL, P }, { "bsd", NULL, P }, { "cddl", NULL, W }, { "commercial", NULL, U },
	{ "epl", NULL, W }, { "eupl", NULL, N }, { "expat", NULL, P }, { "gpl", NULL, S }, { "isc", NULL, P },
	{ "lgpl", NULL, W }, { "mit", NULL, P }, { "mpl", NULL, W }, { "noncommercial", NULL, U },
	{ "postgresql", NULL, P }, { "proprietary", NULL, U }, { "psf", NULL, P }, { "see", NULL, U },
	{ "unlicense", NULL, P }, { "unlicensed", NULL, U }, { "wtfpl", NULL, P }, { "x11", NULL, P },
	{ "zlib", NULL, P },
};

const char *scan_license_type(scan_license_kind kind)
{
	switch (kind) {
	case SCAN_LICENSE_PERMISSIVE:
		return "permissive";
	case SCAN_LICENSE_WEAK_COPYLEFT:
	case SCAN_LICENSE_STRONG_COPYLEFT:
	case SCAN_LICENSE_NETWORK_COPYLEFT:
		return "copyleft";
	default:
		return "unknown";
	}
}

const char *scan_license_kind_name(scan_license_kind kind)
{
	static const char *const names[] = { "unknown", "permissive", "weak-copyleft", "strong-copyleft",
	                                     "network-copyleft" };

	return (unsigned)kind < N_ELEMS(names) ? names[kind] : "unknown";
}

const char *scan_license_list_version(void)
{
	return SCAN_SPDX_LIST_VERSION;
}

static const scan_spdx_entry *find_entry(const scan_spdx_entry *t, size_t n, const char *id, size_t len)
{
	size_t lo = 0, hi = n;

	if (!len || len > SCAN_SPDX_KEY_MAX)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = scan_spdx__idncmp(id, len, t[mid].id);
		if (!d)
			return &t[mid];
		if (d < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const char *scan_license_spdx_id(const char *id, size_t len, unsigned *flags)
{
	const scan_spdx_entry *e = find_entry(scan_spdx__licenses, N_ELEMS(scan_spdx__licenses), id, len);

	if (flags)
		*flags = e ? e->flags : 0;
	return e ? e->id : NULL;
}

const char *scan_license_spdx_exception(const char *id, size_t len)
{
	const scan_spdx_entry *e = find_entry(scan_spdx__exceptions, N_ELEMS(scan_spdx__exceptions), id, len);

	return e ? e->id : NULL;
}

static bool ci_equal(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (scan_spdx__lower(a[i]) != scan_spdx__lower(b[i]))
			return false;
	return true;
}

/*
 * How well pattern ("X*" or "X") matches id, case-insensitively: 0 not at
 * all, the stem length for a family member ("X-..."), one more than that
 * when id is the whole pattern.
 */
static size_t pattern_match(const char *pattern, const char *id, size_t len)
{
	size_t plen = strlen(pattern);
	bool family = plen && pattern[plen - 1] == '*';

	plen -= family;
	if (len < plen || !ci_equal(id, pattern, plen))
		return 0;
	if (len == plen)
		return plen + 1;
	return family && id[plen] == '-' ? plen : 0;
}

/*
 * The kind of one license identifier, on the list or not ("GPL-4.0" is
 * still a GPL): an exact entry, else the family with the longest stem.
 */
static scan_license_kind family_kind(const char *id, size_t len)
{
	size_t best = 0;
	scan_license_kind kind = U;

	for (size_t i = 0; i < N_ELEMS(families); i++) {
		size_t m = pattern_match(families[i].pattern, id, len);
		bool family = families[i].pattern[strlen(families[i].pattern) - 1] == '*';
		if (m && !family)
			return families[i].kind;
		if (m > best) {
			best = m;
			kind = families[i].kind;
		}
	}
	return kind;
}

static bool is_linking_exception(const char *id, size_t len)
{
	for (size_t i = 0; i < N_ELEMS(linking_exceptions); i++)
		if (pattern_match(linking_exceptions[i], id, len))
			return true;
	return false;
}

/* OR: the licensee picks, so the most permissive known choice decides. */
static scan_license_kind kind_or(scan_license_kind a, scan_license_kind b)
{
	if (a == P || b == P)
		return P;
	if (a == U || b == U)
		return U;
	return a < b ? a : b;
}

/* AND: every part applies, so the most restrictive decides; an unknown part hides only a permissive rest. */
static scan_license_kind kind_and(scan_license_kind a, scan_license_kind b)
{
	if (a == U)
		return b >= W ? b : U;
	if (b == U)
		return a >= W ? a : U;
	return a > b ? a : b;
}

/* ---- free text ---- */

/* One license for every key equal to key in t, or NULL with *kind the kind they agree on. */
static const char *lookup_key(const scan_spdx_key *t, size_t n, const char *key, scan_license_kind *kind,
                              bool *found)
{
	size_t lo = 0, hi = n, first, last;
	scan_license_kind k = U;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(t[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	for (last = first; last < n && !strcmp(t[last].key, key); last++)
		;
	*found = last > first;
	if (!*found)
		return NULL;
	for (size_t i = first; i < last; i++) {
		const char *id = scan_spdx__licenses[t[i].license].id;
		scan_license_kind ki = family_kind(id, strlen(id));
		if (i == first)
			k = ki;
		else if (k != ki)
			k = U;
	}
	*kind = k;
	return last - first == 1 ? scan_spdx__licenses[t[first].license].id : NULL;
}

static const char *lookup_name(const char *key, scan_license_kind *kind, bool *found)
{
	for (size_t i = 0; i < N_ELEMS(aliases); i++)
		if (!strcmp(aliases[i].key, key)) {
			*found = true;
			*kind = aliases[i].id ? family_kind(aliases[i].id, strlen(aliases[i].id)) : aliases[i].kind;
			return aliases[i].id;
		}
	return lookup_key(scan_spdx__names, N_ELEMS(scan_spdx__names), key, kind, found);
}

/* Family words of a short key; U when none or when they disagree. */
static scan_license_kind keyword_kind(const char *key)
{
	const char *p = key;
	scan_license_kind kind = U;
	bool any = false;
	unsigned words = 1;

	for (const char *q = key; *q; q++)
		words += *q == ' ';
	if (words > LICENSE_KEYWORD_WORDS_MAX)
		return U;
	while (*p) {
		size_t wl = strcspn(p, " ");
		bool matched = false;

		for (size_t i = 0; i < N_ELEMS(keywords) && !matched; i++) {
			size_t kl = strlen(keywords[i].key);
			if (!strncmp(p, keywords[i].key, kl) && (p[kl] == ' ' || p[kl] == '\0')) {
				if (keywords[i].kind == U)
					return U;
				if (any && kind != keywords[i].kind)
					return U;
				kind = keywords[i].kind;
				any = true;
				matched = true;
				wl = kl;
			}
		}
		p += wl;
		while (*p == ' ')
			p++;
	}
	return kind;
}

/* The license a URL names: the generated seeAlso table, or an id in a URL of the SPDX or OSI site. */
static const char *lookup_url(const char *key, scan_license_kind *kind)
{
	static const char *const id_sites[] = { "spdx.org/licenses/", "opensource.org/licenses/",
	                                        "opensource.org/license/", "choosealicense.com/licenses/" };
	bool found;
	const char *id = lookup_key(scan_spdx__urls, N_ELEMS(scan_spdx__urls), key, kind, &found);

	if (found)
		return id;
	for (size_t i = 0; i < N_ELEMS(id_sites); i++) {
		size_t n = strlen(id_sites[i]), len;
		const char *rest = key + n;
		unsigned flags;

		if (strncmp(key, id_sites[i], n))
			continue;
		len = strlen(rest);
		if (scan_spdx__has_suffix(rest, len, "-license"))
			len -= strlen("-license");
		if (strchr(rest, '/') || !(id = scan_license_spdx_id(rest, len, &flags)))
			break;
		*kind = family_kind(id, strlen(id));
		return id;
	}
	*kind = U;
	return NULL;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Free text to an identifier when it names exactly one license; else
 * NULL, with *kind what can still be told (the family, or unknown).
 */
static const char *free_text(const char *s, size_t len, scan_license_kind *kind)
{
	char key[SCAN_SPDX_KEY_MAX], bare[SCAN_SPDX_KEY_MAX], bare_key[SCAN_SPDX_KEY_MAX];
	const char *id;
	bool found = false;
	size_t n = 0;

	*kind = U;
	/* A PyPI classifier: "License :: OSI Approved :: MIT License" is what follows the last "::". */
	for (size_t i = len; i >= 2; i--)
		if (s[i - 2] == ':' && s[i - 1] == ':') {
			s += i;
			len -= i;
			break;
		}
	while (len && is_blank(*s))
		s++, len--;
	while (len && is_blank(s[len - 1]))
		len--;
	if (!len || len > SCAN_LICENSE_TEXT_MAX)
		return NULL;
	if (scan_spdx__url_key(key, sizeof(key), s, len))
		return lookup_url(key, kind);
	if (!scan_spdx__name_key(key, sizeof(key), s, len))
		return NULL;
	id = lookup_name(key, kind, &found);
	if (found)
		return id;
	/* "GNU General Public License v2 or later (GPLv2+)": without the parenthesised abbreviation. */
	if (memchr(s, '(', len) && len < sizeof(bare)) {
		int depth = 0;
		for (size_t i = 0; i < len; i++) {
			if (s[i] == '(')
				depth++;
			else if (s[i] == ')' && depth > 0)
				depth--;
			else if (!depth)
				bare[n++] = s[i];
		}
		if (scan_spdx__name_key(bare_key, sizeof(bare_key), bare, n)) {
			id = lookup_name(bare_key, kind, &found);
			if (found)
				return id;
		}
	}
	*kind = keyword_kind(key);
	return NULL;
}

/* ---- the kind and spelling of an expression ---- */

typedef struct {
	unsigned terms;
	bool known;            /* every identifier is on the list or a reference */
	bool deprecated, has_ref, compound;
	const char *single;    /* the listed spelling, while the expression is one plain identifier */
	scan_buf *out;         /* the canonical spelling */
} expr_kind;

/* idstring = 1*(ALPHA / DIGIT / "-" / "." ) */
static bool is_idstring(const char *s, size_t len)
{
	if (!len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] == ':')
			return false;
	return true;
}

/* ["DocumentRef-" idstring ":"] "LicenseRef-" idstring */
static bool is_license_ref(const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len);

	if (colon) {
		size_t dl = (size_t)(colon - s);
		if (dl < 12 || scan_spdx__idncmp(s, 12, "DocumentRef-") || !is_idstring(s + 12, dl - 12))
			return false;
		len -= dl + 1;
		s = colon + 1;
	}
	return len > 11 && !scan_spdx__idncmp(s, 11, "LicenseRef-") && is_idstring(s + 11, len - 11);
}

/* simple-expression: a license id (with '+', which STRICT_IDS allows only at the end) or a reference. */
static int kind_leaf(void *ctx, const char *id, size_t len)
{
	expr_kind *p = ctx;
	bool plus = id[len - 1] == '+';
	const char *listed;
	unsigned flags;
	scan_license_kind kind;

	len -= plus;
	if (++p->terms > SCAN_LICENSE_EXPR_TERMS_MAX)
		return -1;
	if (memchr(id, ':', len) || (len >= 11 && !scan_spdx__idncmp(id, 11, "LicenseRef-"))) {
		if (!is_license_ref(id, len) || plus)
			return -1;
		p->has_ref = true;
		p->single = NULL;
		scan_buf_put(p->out, id, len);
		return U;
	}
	/* "GPL-2.0+" is an id of its own (deprecated), not GPL-2.0 and '+'. */
	if (plus && (listed = scan_license_spdx_id(id, len + 1, &flags)) != NULL)
		plus = false;
	else
		listed = scan_license_spdx_id(id, len, &flags);
	if (listed) {
		p->deprecated |= (flags & SCAN_SPDX_DEPRECATED) != 0;
		kind = family_kind(listed, strlen(listed));
	} else {
		/*
		 * "Apache-2" or "GPLv3" where an identifier belongs: what would the
		 * words say? With its '+' first: "GPLv2+" is GPL-2.0-or-later.
		 */
		listed = NULL;
		if (plus && (listed = free_text(id, len + 1, &kind)) != NULL)
			plus = false;
		if (!listed)
			listed = free_text(id, len, &kind);
		if (listed) {
			scan_license_spdx_id(listed, strlen(listed), &flags);
			p->deprecated |= (flags & SCAN_SPDX_DEPRECATED) != 0;
		} else {
			p->known = false;
			if (kind == U)
				kind = family_kind(id, len);
		}
	}
	p->single = p->terms == 1 && !plus && listed ? listed : NULL;
	if (listed)
		scan_buf_puts(p->out, listed);
	else
		scan_buf_put(p->out, id, len);
	if (plus)
		scan_buf_putc(p->out, '+');
	return kind;
}

/* A linking exception makes a strong copyleft weak. The grammar's exception is a bare idstring. */
static int kind_with(void *ctx, int kind, const char *exc, size_t len)
{
	expr_kind *p = ctx;
	const char *listed;

	if (exc[len - 1] == '+' || !is_idstring(exc, len))
		return -1;
	p->compound = true;
	p->single = NULL;
	if ((listed = scan_license_spdx_exception(exc, len))) {
		scan_buf_puts(p->out, listed);
		if (kind == S && is_linking_exception(listed, strlen(listed)))
			kind = W;
	} else {
		p->known = false;
		scan_buf_put(p->out, exc, len);
	}
	return kind;
}

static int kind_and_op(void *ctx, int a, int b)
{
	((expr_kind *)ctx)->compound = true;
	return (int)kind_and((scan_license_kind)a, (scan_license_kind)b);
}

static int kind_or_op(void *ctx, int a, int b)
{
	((expr_kind *)ctx)->compound = true;
	return (int)kind_or((scan_license_kind)a, (scan_license_kind)b);
}

/* Strictly the grammar, but blanks of any kind, and OR as Cargo's old "MIT/Apache-2.0" writes it. */
static const scan_license_expr_ops kind_ops = {
	SCAN_LICENSE_EXPR_SLASH_OR | SCAN_LICENSE_EXPR_ALL_BLANKS | SCAN_LICENSE_EXPR_STRICT_IDS,
	kind_leaf, kind_with, kind_and_op, kind_or_op,
};

static int put_norm(scan_buf *norm, const char *s, size_t len)
{
	int rc;

	if (!norm)
		return 0;
	scan_buf_put(norm, s, len);
	if ((rc = scan_buf_failed(norm)) != 0)
		return scan_util__error(rc, rc == SCAN_ELIMIT ? "license does not fit its buffer" : "out of memory");
	return 0;
}

int scan_license_analyze(scan_license_info *info, scan_buf *norm, const char *text)
{
	scan_buf scratch;
	expr_kind p;
	const char *s = text, *id;
	size_t len;
	int kind, rc;
	unsigned flags;
	scan_license_kind k;

	memset(info, 0, sizeof(*info));
	if (!s)
		return 0;
	len = strlen(s);
	while (len && is_blank(*s))
		s++, len--;
	while (len && is_blank(s[len - 1]))
		len--;
	if (!len || (len == 11 && !scan_spdx__idncmp(s, len, "NOASSERTION")))
		return 0;
	info->form = SCAN_LICENSE_TEXT;
	if (len > SCAN_LICENSE_TEXT_MAX)
		return put_norm(norm, s, len);

	scan_buf_init(&scratch, 2 * SCAN_LICENSE_TEXT_MAX);
	memset(&p, 0, sizeof(p));
	p.known = true;
	p.out = &scratch;
	kind = scan_license__expr_eval(&kind_ops, &p, &scratch, s, len);
	if (kind >= 0) {
		info->kind = (scan_license_kind)kind;
		info->deprecated = p.deprecated;
		info->has_ref = p.has_ref;
		if (p.single && !p.compound) {
			info->form = SCAN_LICENSE_ID;
			scan_license_spdx_id(p.single, strlen(p.single), &flags);
			info->osi_approved = (flags & SCAN_SPDX_OSI) != 0;
			rc = put_norm(norm, p.single, strlen(p.single));
		} else if (p.known) {
			info->form = SCAN_LICENSE_EXPRESSION;
			if ((rc = scan_buf_failed(&scratch)) != 0)
				rc = scan_util__error(rc, "out of memory");
			else
				rc = put_norm(norm, scratch.ptr, scratch.size);
		} else {
			info->deprecated = false;
			info->has_ref = false;
			rc = put_norm(norm, s, len);
		}
		scan_buf_dispose(&scratch);
		return rc;
	}
	scan_buf_dispose(&scratch);
	/* Not an expression: what people write. */
	if ((id = free_text(s, len, &k))) {
		info->form = SCAN_LICENSE_ID;
		info->kind = family_kind(id, strlen(id));
		scan_license_spdx_id(id, strlen(id), &flags);
		info->deprecated = (flags & SCAN_SPDX_DEPRECATED) != 0;
		info->osi_approved = (flags & SCAN_SPDX_OSI) != 0;
		return put_norm(norm, id, strlen(id));
	}
	info->kind = k;
	return put_norm(norm, s, len);
}

int scan_license__check_tables(void)
{
	char key[SCAN_SPDX_KEY_MAX];

	for (size_t i = 0; i < N_ELEMS(aliases); i++) {
		if (aliases[i].id && !scan_license_spdx_id(aliases[i].id, strlen(aliases[i].id), NULL))
			return scan_util__error(SCAN_EINVAL, "alias '%s' names '%s', which is not on the list",
			                        aliases[i].key, aliases[i].id);
		if (!scan_spdx__name_key(key, sizeof(key), aliases[i].key, strlen(aliases[i].key)) ||
		    strcmp(key, aliases[i].key))
			return scan_util__error(SCAN_EINVAL, "alias '%s' is not a name key (its key is '%s')",
			                        aliases[i].key, key);
	}
	for (size_t i = 0; i < N_ELEMS(keywords); i++)
		if (!scan_spdx__name_key(key, sizeof(key), keywords[i].key, strlen(keywords[i].key)) ||
		    strcmp(key, keywords[i].key))
			return scan_util__error(SCAN_EINVAL, "keyword '%s' is not a name key", keywords[i].key);
	for (size_t i = 0; i < N_ELEMS(families); i++) {
		const char *pat = families[i].pattern;
		size_t len = strlen(pat);
		if (pat[len - 1] == '*')
			len--;
		/* A family stem need not be an id itself ("GPL"), but some id must be in it. */
		bool found = pat[strlen(pat) - 1] == '*' ? false : scan_license_spdx_id(pat, len, NULL) != NULL;
		for (size_t k = 0; !found && k < N_ELEMS(scan_spdx__licenses); k++)
			found = pattern_match(pat, scan_spdx__licenses[k].id, strlen(scan_spdx__licenses[k].id)) > 0;
		if (!found)
			return scan_util__error(SCAN_EINVAL, "license family '%s' matches no listed license", pat);
	}
	for (size_t i = 0; i < N_ELEMS(linking_exceptions); i++) {
		const char *pat = linking_exceptions[i];
		bool found = false;
		for (size_t k = 0; !found && k < N_ELEMS(scan_spdx__exceptions); k++)
			found = pattern_match(pat, scan_spdx__exceptions[k].id, strlen(scan_spdx__exceptions[k].id)) > 0;
		if (!found)
			return scan_util__error(SCAN_EINVAL, "linking exception '%s' matches no listed exception", pat);
	}
	return 0;
}

scan_license_kind scan_license_classify(const char *text)
{
	scan_license_info info;

	if (scan_license_analyze(&info, NULL, text) != 0)
		return SCAN_LICENSE_UNKNOWN;
	return info.kind;
}
