/* lib/sca/cvss.c - CVSS v2, v3.0, v3.1 and v4.0 scores from vector strings */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "sca/cvss.h"
#include "scan/common.h"
#include "util/error.h"

/*
 * Vectors come from advisories (OSV, GHSA, NVD, CNA records): untrusted text.
 * The parser walks the string once under SCAN_CVSS_VECTOR_MAX, looks every
 * name and value up in the version's metric table, and computes from table
 * indexes only, so nothing it reads is used as a number or a size.
 *
 * Sources, by version:
 *   v2    A Complete Guide to the CVSS Version 2.0, section 3.2.1 (base
 *         equation), as also given on NVD's v2 equations page.
 *   v3.0  CVSS v3.0 Specification, section 8.1; "Round up" is the smallest
 *         number with one decimal equal to or higher than its input, which
 *         the v3.0 calculators compute as ceil(x * 10) / 10 on the double.
 *   v3.1  CVSS v3.1 Specification, section 7.1, with the Roundup of its
 *         Appendix A (done on an integer scaled by 100000, so float noise
 *         such as 4.000000000000001 does not round up to 4.1). This is the
 *         only difference between the 3.0 and 3.1 Base equations, and none
 *         of the 2592 Base vectors hits it (a unit test checks): it shows in
 *         Temporal and Environmental scores, which are not computed here.
 *   v4.0  CVSS v4.0 Specification, section 8: the vector falls into one of
 *         270 MacroVectors (equivalence classes EQ1..EQ6, tables 24-29)
 *         whose scores FIRST publishes; the score is then lowered towards
 *         the next lower MacroVector of each EQ in proportion to the vector's
 *         severity distance from the highest severity vector(s) of its own
 *         MacroVector, and the mean of those reductions is taken.
 */

/* A value's index in its metric's list is what the scoring uses. */
typedef struct {
	const char *name;
	const char *const *values; /* NULL-terminated */
	bool base;                 /* mandatory */
} cvss_metric;

#define VALUES(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* At most this many metrics in any version's table (v4.0 has 32). */
#define CVSS_METRICS_MAX 40
/* Bytes of input quoted back in an error message. */
#define CVSS_QUOTE_MAX 24

/* ---- v2 ---------------------------------------------------------------- */

enum { V2_AV, V2_AC, V2_AU, V2_C, V2_I, V2_A };

/* Value orders match the weight tables below. */
static const cvss_metric v2_metrics[] = {
	{ "AV", VALUES("L", "A", "N"), true },
	{ "AC", VALUES("H", "M", "L"), true },
	{ "Au", VALUES("M", "S", "N"), true },
	{ "C", VALUES("N", "P", "C"), true },
	{ "I", VALUES("N", "P", "C"), true },
	{ "A", VALUES("N", "P", "C"), true },
	/* Temporal and Environmental (guide sections 2.2, 2.3): checked, not scored. */
	{ "E", VALUES("U", "POC", "F", "H", "ND"), false },
	{ "RL", VALUES("OF", "TF", "W", "U", "ND"), false },
	{ "RC", VALUES("UC", "UR", "C", "ND"), false },
	{ "CDP", VALUES("N", "L", "LM", "MH", "H", "ND"), false },
	{ "TD", VALUES("N", "L", "M", "H", "ND"), false },
	{ "CR", VALUES("L", "M", "H", "ND"), false },
	{ "IR", VALUES("L", "M", "H", "ND"), false },
	{ "AR", VALUES("L", "M", "H", "ND"), false },
};

static const double v2_av[] = { 0.395, 0.646, 1.0 };   /* L A N */
static const double v2_ac[] = { 0.35, 0.61, 0.71 };    /* H M L */
static const double v2_au[] = { 0.45, 0.56, 0.704 };   /* M S N */
static const double v2_cia[] = { 0.0, 0.275, 0.660 };  /* N P C */

/* ---- v3.0 / v3.1 ------------------------------------------------------- */

enum { V3_AV, V3_AC, V3_PR, V3_UI, V3_S, V3_C, V3_I, V3_A };

static const cvss_metric v3_metrics[] = {
	{ "AV", VALUES("N", "A", "L", "P"), true },
	{ "AC", VALUES("L", "H"), true },
	{ "PR", VALUES("N", "L", "H"), true },
	{ "UI", VALUES("N", "R"), true },
	{ "S", VALUES("U", "C"), true },
	{ "C", VALUES("H", "L", "N"), true },
	{ "I", VALUES("H", "L", "N"), true },
	{ "A", VALUES("H", "L", "N"), true },
	/* Temporal and Environmental: checked, not scored. */
	{ "E", VALUES("X", "U", "P", "F", "H"), false },
	{ "RL", VALUES("X", "O", "T", "W", "U"), false },
	{ "RC", VALUES("X", "U", "R", "C"), false },
	{ "CR", VALUES("X", "L", "M", "H"), false },
	{ "IR", VALUES("X", "L", "M", "H"), false },
	{ "AR", VALUES("X", "L", "M", "H"), false },
	{ "MAV", VALUES("X", "N", "A", "L", "P"), false },
	{ "MAC", VALUES("X", "L", "H"), false },
	{ "MPR", VALUES("X", "N", "L", "H"), false },
	{ "MUI", VALUES("X", "N", "R"), false },
	{ "MS", VALUES("X", "U", "C"), false },
	{ "MC", VALUES("X", "N", "L", "H"), false },
	{ "MI", VALUES("X", "N", "L", "H"), false },
	{ "MA", VALUES("X", "N", "L", "H"), false },
};

static const double v3_av[] = { 0.85, 0.62, 0.55, 0.2 };  /* N A L P */
static const double v3_ac[] = { 0.77, 0.44 };             /* L H */
static const double v3_pr_unchanged[] = { 0.85, 0.62, 0.27 }; /* N L H */
static const double v3_pr_changed[] = { 0.85, 0.68, 0.5 };
static const double v3_ui[] = { 0.85, 0.62 };             /* N R */
static const double v3_cia[] = { 0.56, 0.22, 0.0 };       /* H L N */

/* ---- v4.0 -------------------------------------------------------------- */

enum {
	V4_AV, V4_AC, V4_AT, V4_PR, V4_UI, V4_VC, V4_VI, V4_VA, V4_SC, V4_SI, V4_SA,
	V4_E, V4_CR, V4_IR, V4_AR,
	V4_MAV, V4_MAC, V4_MAT, V4_MPR, V4_MUI, V4_MVC, V4_MVI, V4_MVA, V4_MSC, V4_MSI, V4_MSA,
};

/*
 * Values are listed most severe first, so that an index is the value's
 * "level" in the severity distance of section 8.2 (AV: N=0, A=1, L=2, P=3 ...),
 * after an offset: "X" (Not Defined) comes first in the optional metrics, and
 * SC/SI/SA start at 1 because the modified MSI/MSA have "S" (Safety) above H.
 */
static const cvss_metric v4_metrics[] = {
	{ "AV", VALUES("N", "A", "L", "P"), true },
	{ "AC", VALUES("L", "H"), true },
	{ "AT", VALUES("N", "P"), true },
	{ "PR", VALUES("N", "L", "H"), true },
	{ "UI", VALUES("N", "P", "A"), true },
	{ "VC", VALUES("H", "L", "N"), true },
	{ "VI", VALUES("H", "L", "N"), true },
	{ "VA", VALUES("H", "L", "N"), true },
	{ "SC", VALUES("H", "L", "N"), true },
	{ "SI", VALUES("H", "L", "N"), true },
	{ "SA", VALUES("H", "L", "N"), true },
	/* Threat */
	{ "E", VALUES("X", "A", "P", "U"), false },
	/* Environmental */
	{ "CR", VALUES("X", "H", "M", "L"), false },
	{ "IR", VALUES("X", "H", "M", "L"), false },
	{ "AR", VALUES("X", "H", "M", "L"), false },
	{ "MAV", VALUES("X", "N", "A", "L", "P"), false },
	{ "MAC", VALUES("X", "L", "H"), false },
	{ "MAT", VALUES("X", "N", "P"), false },
	{ "MPR", VALUES("X", "N", "L", "H"), false },
	{ "MUI", VALUES("X", "N", "P", "A"), false },
	{ "MVC", VALUES("X", "H", "L", "N"), false },
	{ "MVI", VALUES("X", "H", "L", "N"), false },
	{ "MVA", VALUES("X", "H", "L", "N"), false },
	{ "MSC", VALUES("X", "H", "L", "N"), false },
	{ "MSI", VALUES("X", "S", "H", "L", "N"), false },
	{ "MSA", VALUES("X", "S", "H", "L", "N"), false },
	/* Supplemental: checked, never scored (section 4). */
	{ "S", VALUES("X", "N", "P"), false },
	{ "AU", VALUES("X", "N", "Y"), false },
	{ "R", VALUES("X", "A", "U", "I"), false },
	{ "V", VALUES("X", "D", "C"), false },
	{ "RE", VALUES("X", "L", "M", "H"), false },
	{ "U", VALUES("X", "Clear", "Green", "Amber", "Red"), false },
};

/*
 * MacroVector scores: the lookup table FIRST publishes with the v4.0
 * specification (section 8.2), as shipped in FIRST's calculator,
 * github.com/FIRSTdotorg/cvss-v4-calculator, cvss_lookup.js ("Copyright FIRST,
 * Red Hat, and contributors", BSD-2-Clause). Transcribed from the copy in
 * github.com/RedHatProductSecurity/cvss-v4-calculator, src/cvss/cvss_lookup.js
 * (commit b0c4b8fef2a3), checked against the copy of FIRSTdotorg commit
 * c5b0d409ae9f in the Rust cvss crate 2.2.0 (src/v4/scoring/lookup.rs).
 * Keys are the six EQ levels EQ1..EQ6; sorted, 270 entries.
 */
static const struct v4_macro {
	char eq[7];
	double score;
} v4_lookup[] = {
	{ "000000", 10 }, { "000001", 9.9 }, { "000010", 9.8 }, { "000011", 9.5 },
	{ "000020", 9.5 }, { "000021", 9.2 }, { "000100", 10 }, { "000101", 9.6 },
	{ "000110", 9.3 }, { "000111", 8.7 }, { "000120", 9.1 }, { "000121", 8.1 },
	{ "000200", 9.3 }, { "000201", 9 }, { "000210", 8.9 }, { "000211", 8 },
	{ "000220", 8.1 }, { "000221", 6.8 }, { "001000", 9.8 }, { "001001", 9.5 },
	{ "001010", 9.5 }, { "001011", 9.2 }, { "001020", 9 }, { "001021", 8.4 },
	{ "001100", 9.3 }, { "001101", 9.2 }, { "001110", 8.9 }, { "001111", 8.1 },
	{ "001120", 8.1 }, { "001121", 6.5 }, { "001200", 8.8 }, { "001201", 8 },
	{ "001210", 7.8 }, { "001211", 7 }, { "001220", 6.9 }, { "001221", 4.8 },
	{ "002001", 9.2 }, { "002011", 8.2 }, { "002021", 7.2 }, { "002101", 7.9 },
	{ "002111", 6.9 }, { "002121", 5 }, { "002201", 6.9 }, { "002211", 5.5 },
	{ "002221", 2.7 }, { "010000", 9.9 }, { "010001", 9.7 }, { "010010", 9.5 },
	{ "010011", 9.2 }, { "010020", 9.2 }, { "010021", 8.5 }, { "010100", 9.5 },
	{ "010101", 9.1 }, { "010110", 9 }, { "010111", 8.3 }, { "010120", 8.4 },
	{ "010121", 7.1 }, { "010200", 9.2 }, { "010201", 8.1 }, { "010210", 8.2 },
	{ "010211", 7.1 }, { "010220", 7.2 }, { "010221", 5.3 }, { "011000", 9.5 },
	{ "011001", 9.3 }, { "011010", 9.2 }, { "011011", 8.5 }, { "011020", 8.5 },
	{ "011021", 7.3 }, { "011100", 9.2 }, { "011101", 8.2 }, { "011110", 8 },
	{ "011111", 7.2 }, { "011120", 7 }, { "011121", 5.9 }, { "011200", 8.4 },
	{ "011201", 7 }, { "011210", 7.1 }, { "011211", 5.2 }, { "011220", 5 },
	{ "011221", 3 }, { "012001", 8.6 }, { "012011", 7.5 }, { "012021", 5.2 },
	{ "012101", 7.1 }, { "012111", 5.2 }, { "012121", 2.9 }, { "012201", 6.3 },
	{ "012211", 2.9 }, { "012221", 1.7 }, { "100000", 9.8 }, { "100001", 9.5 },
	{ "100010", 9.4 }, { "100011", 8.7 }, { "100020", 9.1 }, { "100021", 8.1 },
	{ "100100", 9.4 }, { "100101", 8.9 }, { "100110", 8.6 }, { "100111", 7.4 },
	{ "100120", 7.7 }, { "100121", 6.4 }, { "100200", 8.7 }, { "100201", 7.5 },
	{ "100210", 7.4 }, { "100211", 6.3 }, { "100220", 6.3 }, { "100221", 4.9 },
	{ "101000", 9.4 }, { "101001", 8.9 }, { "101010", 8.8 }, { "101011", 7.7 },
	{ "101020", 7.6 }, { "101021", 6.7 }, { "101100", 8.6 }, { "101101", 7.6 },
	{ "101110", 7.4 }, { "101111", 5.8 }, { "101120", 5.9 }, { "101121", 5 },
	{ "101200", 7.2 }, { "101201", 5.7 }, { "101210", 5.7 }, { "101211", 5.2 },
	{ "101220", 5.2 }, { "101221", 2.5 }, { "102001", 8.3 }, { "102011", 7 },
	{ "102021", 5.4 }, { "102101", 6.5 }, { "102111", 5.8 }, { "102121", 2.6 },
	{ "102201", 5.3 }, { "102211", 2.1 }, { "102221", 1.3 }, { "110000", 9.5 },
	{ "110001", 9 }, { "110010", 8.8 }, { "110011", 7.6 }, { "110020", 7.6 },
	{ "110021", 7 }, { "110100", 9 }, { "110101", 7.7 }, { "110110", 7.5 },
	{ "110111", 6.2 }, { "110120", 6.1 }, { "110121", 5.3 }, { "110200", 7.7 },
	{ "110201", 6.6 }, { "110210", 6.8 }, { "110211", 5.9 }, { "110220", 5.2 },
	{ "110221", 3 }, { "111000", 8.9 }, { "111001", 7.8 }, { "111010", 7.6 },
	{ "111011", 6.7 }, { "111020", 6.2 }, { "111021", 5.8 }, { "111100", 7.4 },
	{ "111101", 5.9 }, { "111110", 5.7 }, { "111111", 5.7 }, { "111120", 4.7 },
	{ "111121", 2.3 }, { "111200", 6.1 }, { "111201", 5.2 }, { "111210", 5.7 },
	{ "111211", 2.9 }, { "111220", 2.4 }, { "111221", 1.6 }, { "112001", 7.1 },
	{ "112011", 5.9 }, { "112021", 3 }, { "112101", 5.8 }, { "112111", 2.6 },
	{ "112121", 1.5 }, { "112201", 2.3 }, { "112211", 1.3 }, { "112221", 0.6 },
	{ "200000", 9.3 }, { "200001", 8.7 }, { "200010", 8.6 }, { "200011", 7.2 },
	{ "200020", 7.5 }, { "200021", 5.8 }, { "200100", 8.6 }, { "200101", 7.4 },
	{ "200110", 7.4 }, { "200111", 6.1 }, { "200120", 5.6 }, { "200121", 3.4 },
	{ "200200", 7 }, { "200201", 5.4 }, { "200210", 5.2 }, { "200211", 4 },
	{ "200220", 4 }, { "200221", 2.2 }, { "201000", 8.5 }, { "201001", 7.5 },
	{ "201010", 7.4 }, { "201011", 5.5 }, { "201020", 6.2 }, { "201021", 5.1 },
	{ "201100", 7.2 }, { "201101", 5.7 }, { "201110", 5.5 }, { "201111", 4.1 },
	{ "201120", 4.6 }, { "201121", 1.9 }, { "201200", 5.3 }, { "201201", 3.6 },
	{ "201210", 3.4 }, { "201211", 1.9 }, { "201220", 1.9 }, { "201221", 0.8 },
	{ "202001", 6.4 }, { "202011", 5.1 }, { "202021", 2 }, { "202101", 4.7 },
	{ "202111", 2.1 }, { "202121", 1.1 }, { "202201", 2.4 }, { "202211", 0.9 },
	{ "202221", 0.4 }, { "210000", 8.8 }, { "210001", 7.5 }, { "210010", 7.3 },
	{ "210011", 5.3 }, { "210020", 6 }, { "210021", 5 }, { "210100", 7.3 },
	{ "210101", 5.5 }, { "210110", 5.9 }, { "210111", 4 }, { "210120", 4.1 },
	{ "210121", 2 }, { "210200", 5.4 }, { "210201", 4.3 }, { "210210", 4.5 },
	{ "210211", 2.2 }, { "210220", 2 }, { "210221", 1.1 }, { "211000", 7.5 },
	{ "211001", 5.5 }, { "211010", 5.8 }, { "211011", 4.5 }, { "211020", 4 },
	{ "211021", 2.1 }, { "211100", 6.1 }, { "211101", 5.1 }, { "211110", 4.8 },
	{ "211111", 1.8 }, { "211120", 2 }, { "211121", 0.9 }, { "211200", 4.6 },
	{ "211201", 1.8 }, { "211210", 1.7 }, { "211211", 0.7 }, { "211220", 0.8 },
	{ "211221", 0.2 }, { "212001", 5.3 }, { "212011", 2.4 }, { "212021", 1.4 },
	{ "212101", 2.4 }, { "212111", 1.2 }, { "212121", 0.5 }, { "212201", 1 },
	{ "212211", 0.3 }, { "212221", 0.1 },
};

/*
 * The highest severity vector(s) of each EQ level (section 8.2; FIRST's
 * calculator, max_composed.js, same provenance as the table above), written
 * as levels of the metrics the EQ covers. The published strings are quoted.
 */
typedef struct {
	unsigned char lv[6];
} v4_max;

/* EQ1: AV, PR, UI */
static const v4_max v4_max_eq1_0[] = { { { 0, 0, 0 } } };       /* AV:N/PR:N/UI:N */
static const v4_max v4_max_eq1_1[] = {
	{ { 1, 0, 0 } },                                          /* AV:A/PR:N/UI:N */
	{ { 0, 1, 0 } },                                          /* AV:N/PR:L/UI:N */
	{ { 0, 0, 1 } },                                          /* AV:N/PR:N/UI:P */
};
static const v4_max v4_max_eq1_2[] = {
	{ { 3, 0, 0 } },                                          /* AV:P/PR:N/UI:N */
	{ { 1, 1, 1 } },                                          /* AV:A/PR:L/UI:P */
};
/* EQ2: AC, AT */
static const v4_max v4_max_eq2_0[] = { { { 0, 0 } } };          /* AC:L/AT:N */
static const v4_max v4_max_eq2_1[] = {
	{ { 1, 0 } },                                             /* AC:H/AT:N */
	{ { 0, 1 } },                                             /* AC:L/AT:P */
};
/* EQ3 and EQ6 together: VC, VI, VA, CR, IR, AR (H=0, L/M=1, N/L=2) */
static const v4_max v4_max_eq36_00[] = {
	{ { 0, 0, 0, 0, 0, 0 } },                                 /* VC:H/VI:H/VA:H/CR:H/IR:H/AR:H */
};
static const v4_max v4_max_eq36_01[] = {
	{ { 0, 0, 1, 1, 1, 0 } },                                 /* VC:H/VI:H/VA:L/CR:M/IR:M/AR:H */
	{ { 0, 0, 0, 1, 1, 1 } },                                 /* VC:H/VI:H/VA:H/CR:M/IR:M/AR:M */
};
static const v4_max v4_max_eq36_10[] = {
	{ { 1, 0, 0, 0, 0, 0 } },                                 /* VC:L/VI:H/VA:H/CR:H/IR:H/AR:H */
	{ { 0, 1, 0, 0, 0, 0 } },                                 /* VC:H/VI:L/VA:H/CR:H/IR:H/AR:H */
};
static const v4_max v4_max_eq36_11[] = {
	{ { 1, 0, 1, 0, 1, 0 } },                                 /* VC:L/VI:H/VA:L/CR:H/IR:M/AR:H */
	{ { 1, 0, 0, 0, 1, 1 } },                                 /* VC:L/VI:H/VA:H/CR:H/IR:M/AR:M */
	{ { 0, 1, 0, 1, 0, 1 } },                                 /* VC:H/VI:L/VA:H/CR:M/IR:H/AR:M */
	{ { 0, 1, 1, 1, 0, 0 } },                                 /* VC:H/VI:L/VA:L/CR:M/IR:H/AR:H */
	{ { 1, 1, 0, 0, 0, 1 } },                                 /* VC:L/VI:L/VA:H/CR:H/IR:H/AR:M */
};
static const v4_max v4_max_eq36_21[] = {
	{ { 1, 1, 1, 0, 0, 0 } },                                 /* VC:L/VI:L/VA:L/CR:H/IR:H/AR:H */
};
/* EQ4: SC, SI, SA (S=0, H=1, L=2, N=3) */
static const v4_max v4_max_eq4_0[] = { { { 1, 0, 0 } } };       /* SC:H/SI:S/SA:S */
static const v4_max v4_max_eq4_1[] = { { { 1, 1, 1 } } };       /* SC:H/SI:H/SA:H */
static const v4_max v4_max_eq4_2[] = { { { 2, 2, 2 } } };       /* SC:L/SI:L/SA:L */

typedef struct {
	const v4_max *v;
	size_t n;
} v4_maxset;

#define MAXSET(a) { a, sizeof(a) / sizeof((a)[0]) }

static const v4_maxset v4_max_eq1[3] = { MAXSET(v4_max_eq1_0), MAXSET(v4_max_eq1_1), MAXSET(v4_max_eq1_2) };
static const v4_maxset v4_max_eq2[2] = { MAXSET(v4_max_eq2_0), MAXSET(v4_max_eq2_1) };
static const v4_maxset v4_max_eq36[3][2] = {
	{ MAXSET(v4_max_eq36_00), MAXSET(v4_max_eq36_01) },
	{ MAXSET(v4_max_eq36_10), MAXSET(v4_max_eq36_11) },
	{ { NULL, 0 }, MAXSET(v4_max_eq36_21) },  /* EQ3=2 with EQ6=0 cannot happen */
};
static const v4_maxset v4_max_eq4[3] = { MAXSET(v4_max_eq4_0), MAXSET(v4_max_eq4_1), MAXSET(v4_max_eq4_2) };

/*
 * The depth of each MacroVector in each EQ: its largest severity distance
 * plus one, in steps of 0.1 (FIRST's calculator, max_severity.js, same
 * provenance as the table above). EQ5 (E alone) has no distance inside a
 * MacroVector: its depth is 1 and its distance always 0.
 */
static const int v4_depth_eq1[3] = { 1, 4, 5 };
static const int v4_depth_eq2[2] = { 1, 2 };
static const int v4_depth_eq36[3][2] = { { 7, 6 }, { 8, 8 }, { 0, 10 } };
static const int v4_depth_eq4[3] = { 6, 5, 4 };

/* ---- parsing ----------------------------------------------------------- */

/* s[0..len) for a message: printable ASCII only, cut at CVSS_QUOTE_MAX. */
static const char *quote(char *out, size_t cap, const char *s, size_t len)
{
	size_t n = 0;

	assert(cap > 4);
	for (size_t i = 0; i < len && n + 4 < cap; i++)
		out[n++] = (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\'') ? s[i] : '?';
	if (n < len) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
	return out;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Index of s[0..len) in a NULL-terminated list, or -1. */
static int find_value(const char *const *list, const char *s, size_t len)
{
	for (int i = 0; list[i]; i++)
		if (strlen(list[i]) == len && !memcmp(list[i], s, len))
			return i;
	return -1;
}

static int find_metric(const cvss_metric *table, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(table[i].name) == len && !memcmp(table[i].name, s, len))
			return (int)i;
	return -1;
}

/*
 * "NAME:VALUE/NAME:VALUE..." in s[0..len) into val[] (value indexes, -1 for
 * absent). label names the version in messages.
 */
static int parse_metrics(const char *s, size_t len, const cvss_metric *table, size_t n, int *val,
                         const char *label)
{
	char q1[CVSS_QUOTE_MAX], q2[CVSS_QUOTE_MAX];
	size_t pos = 0;

	assert(n <= CVSS_METRICS_MAX);
	for (size_t i = 0; i < n; i++)
		val[i] = -1;
	while (pos < len) {
		const char *c = s + pos, *slash = memchr(c, '/', len - pos), *colon;
		size_t clen = slash ? (size_t)(slash - c) : len - pos;
		int m, v;

		if (!clen)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: empty metric (a '//' or a trailing '/')", label);
		colon = memchr(c, ':', clen);
		if (!colon || colon == c || colon == c + clen - 1)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: malformed metric '%s' (expected NAME:VALUE)", label,
			                        quote(q1, sizeof(q1), c, clen));
		m = find_metric(table, n, c, (size_t)(colon - c));
		if (m < 0)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: unknown metric '%s'", label,
			                        quote(q1, sizeof(q1), c, (size_t)(colon - c)));
		if (val[m] >= 0)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: duplicate metric '%s'", label, table[m].name);
		v = find_value(table[m].values, colon + 1, clen - (size_t)(colon + 1 - c));
		if (v < 0)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: bad value '%s' for metric '%s'", label,
			                        quote(q2, sizeof(q2), colon + 1, clen - (size_t)(colon + 1 - c)), table[m].name);
		val[m] = v;
		pos += clen + 1;
		/* A '/' that ends the string leaves an empty last metric. */
		if (slash && pos == len)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: empty metric (a '//' or a trailing '/')", label);
	}
	for (size_t i = 0; i < n; i++)
		if (table[i].base && val[i] < 0)
			return scan_util__error(SCAN_EPARSE, "cvss %s vector: missing base metric '%s'", label, table[i].name);
	return 0;
}

/* ---- scoring ----------------------------------------------------------- */

/* v2 guide 3.2.1: round_to_1_decimal, half up. In tenths. */
static int v2_score(const int *val)
{
	double impact, expl, f, x;
	int t;

	impact = 10.41 * (1 - (1 - v2_cia[val[V2_C]]) * (1 - v2_cia[val[V2_I]]) * (1 - v2_cia[val[V2_A]]));
	expl = 20 * v2_av[val[V2_AV]] * v2_ac[val[V2_AC]] * v2_au[val[V2_AU]];
	f = impact == 0 ? 0 : 1.176;
	x = ((0.6 * impact) + (0.4 * expl) - 1.5) * f;
	t = (int)floor(x * 10 + 0.5);
	return t < 0 ? 0 : t > 100 ? 100 : t;
}

/* v3.1 Appendix A Roundup, in tenths; x >= 0. */
static int roundup_31(double x)
{
	long long i = llround(x * 100000);

	return (int)(i % 10000 == 0 ? i / 10000 : i / 10000 + 1);
}

/* v3.0 "Round up", in tenths: the ceiling taken on the double itself. */
static int roundup_30(double x)
{
	return (int)ceil(x * 10);
}

static int v3_score(const int *val, bool v31)
{
	bool changed = val[V3_S] == 1;
	double iss, impact, expl, pr;

	pr = changed ? v3_pr_changed[val[V3_PR]] : v3_pr_unchanged[val[V3_PR]];
	iss = 1 - ((1 - v3_cia[val[V3_C]]) * (1 - v3_cia[val[V3_I]]) * (1 - v3_cia[val[V3_A]]));
	if (changed)
		impact = 7.52 * (iss - 0.029) - 3.25 * pow(iss - 0.02, 15);
	else
		impact = 6.42 * iss;
	expl = 8.22 * v3_av[val[V3_AV]] * v3_ac[val[V3_AC]] * pr * v3_ui[val[V3_UI]];
	if (impact <= 0)
		return 0;
	if (changed)
		return v31 ? roundup_31(fmin(1.08 * (impact + expl), 10)) : roundup_30(fmin(1.08 * (impact + expl), 10));
	return v31 ? roundup_31(fmin(impact + expl, 10)) : roundup_30(fmin(impact + expl, 10));
}

/*
 * The metrics v4.0 scores with, as levels (0 = most severe), after the
 * Environmental metrics replace the Base ones they modify and the Not Defined
 * Threat and Security Requirement values take their highest severity
 * (E:X as E:A, CR:X as CR:H), as section 8 prescribes.
 */
typedef struct {
	int av, ac, at, pr, ui;
	int vc, vi, va;     /* H=0 L=1 N=2 */
	int sc, si, sa;     /* S=0 H=1 L=2 N=3 (only MSI/MSA can be S) */
	int e;              /* A=0 P=1 U=2 */
	int cr, ir, ar;     /* H=0 M=1 L=2 */
} v4_eff;

/* A modified metric ("X" first) overrides its base metric's level. */
static int v4_modified(const int *val, int base, int mod)
{
	return val[mod] > 0 ? val[mod] - 1 : val[base];
}

static v4_eff v4_effective(const int *val)
{
	v4_eff m;

	m.av = v4_modified(val, V4_AV, V4_MAV);
	m.ac = v4_modified(val, V4_AC, V4_MAC);
	m.at = v4_modified(val, V4_AT, V4_MAT);
	m.pr = v4_modified(val, V4_PR, V4_MPR);
	m.ui = v4_modified(val, V4_UI, V4_MUI);
	m.vc = v4_modified(val, V4_VC, V4_MVC);
	m.vi = v4_modified(val, V4_VI, V4_MVI);
	m.va = v4_modified(val, V4_VA, V4_MVA);
	/* SC/SI/SA: base H,L,N -> 1..3; MSC X,H,L,N -> 1..3; MSI/MSA X,S,H,L,N -> 0..3 */
	m.sc = val[V4_MSC] > 0 ? val[V4_MSC] : val[V4_SC] + 1;
	m.si = val[V4_MSI] > 0 ? val[V4_MSI] - 1 : val[V4_SI] + 1;
	m.sa = val[V4_MSA] > 0 ? val[V4_MSA] - 1 : val[V4_SA] + 1;
	/* Absent or X: the highest severity. */
	m.e = val[V4_E] > 0 ? val[V4_E] - 1 : 0;
	m.cr = val[V4_CR] > 0 ? val[V4_CR] - 1 : 0;
	m.ir = val[V4_IR] > 0 ? val[V4_IR] - 1 : 0;
	m.ar = val[V4_AR] > 0 ? val[V4_AR] - 1 : 0;
	return m;
}

/* Score of a MacroVector in tenths, or -1 when there is none (a level past the last). */
static int v4_lookup_score(const int eq[6])
{
	char key[6];
	size_t lo = 0, hi = sizeof(v4_lookup) / sizeof(v4_lookup[0]);

	for (int i = 0; i < 6; i++) {
		if (eq[i] < 0 || eq[i] > 9)
			return -1;
		key[i] = (char)('0' + eq[i]);
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(key, v4_lookup[mid].eq, 6);

		if (!c)
			return (int)lround(v4_lookup[mid].score * 10);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/*
 * Severity distance of cur[0..n) from the first highest severity vector of
 * the set that it does not exceed in severity anywhere (every per-metric
 * distance >= 0), in steps of 0.1. Each EQ covers its own metrics, so taking
 * the first such vector per EQ is the same as taking the first such
 * combination of the five sets. Every vector of a MacroVector has one; if
 * none fitted, 0 (no reduction) is the conservative answer.
 */
static int v4_distance(const v4_maxset *set, const int *cur, size_t n)
{
	for (size_t k = 0; k < set->n; k++) {
		int sum = 0;
		bool fits = true;

		for (size_t i = 0; i < n; i++) {
			int d = cur[i] - set->v[k].lv[i];

			if (d < 0) {
				fits = false;
				break;
			}
			sum += d;
		}
		if (fits)
			return sum;
	}
	return 0;
}

/*
 * The reductions are rationals with denominators depth (1..10) and count
 * (1..5); computing them over V4_DEN, a multiple of all of these, keeps the
 * arithmetic exact, so a result halfway between two tenths rounds up as in
 * FIRST's calculator rather than by float accident.
 */
#define V4_DEPTH_LCM 840   /* lcm(1, 2, 4, 5, 6, 7, 8, 10) */
#define V4_COUNT_LCM 60    /* lcm(1, 2, 3, 4, 5) */
#define V4_DEN ((long long)V4_DEPTH_LCM * V4_COUNT_LCM)

static int v4_score(const int *val)
{
	v4_eff m = v4_effective(val);
	int eq[6], lower[6], score, n = 0;
	long long reduce = 0, x;

	/* Section 8.2: no impact on either system, no score. */
	if (m.vc == 2 && m.vi == 2 && m.va == 2 && m.sc == 3 && m.si == 3 && m.sa == 3)
		return 0;

	/* Tables 24-29 */
	if (m.av == 0 && m.pr == 0 && m.ui == 0)
		eq[0] = 0;
	else if (m.av == 3 || !(m.av == 0 || m.pr == 0 || m.ui == 0))
		eq[0] = 2;
	else
		eq[0] = 1;
	eq[1] = m.ac == 0 && m.at == 0 ? 0 : 1;
	if (m.vc == 0 && m.vi == 0)
		eq[2] = 0;
	else if (m.vc == 0 || m.vi == 0 || m.va == 0)
		eq[2] = 1;
	else
		eq[2] = 2;
	if (m.si == 0 || m.sa == 0)
		eq[3] = 0;
	else if (m.sc == 1 || m.si == 1 || m.sa == 1)
		eq[3] = 1;
	else
		eq[3] = 2;
	eq[4] = m.e;
	eq[5] = (m.cr == 0 && m.vc == 0) || (m.ir == 0 && m.vi == 0) || (m.ar == 0 && m.va == 0) ? 0 : 1;

	score = v4_lookup_score(eq);
	if (score < 0)
		return 0; /* unreachable: every reachable MacroVector is in the table */

	/*
	 * For each EQ: the drop to its next lower MacroVector (one level down;
	 * EQ3 and EQ6 move together), and how far down its own MacroVector the
	 * vector already is (distance / depth). An EQ with no lower MacroVector
	 * takes no part, not even in the count.
	 */
	{
		const int av_pr_ui[3] = { m.av, m.pr, m.ui };
		const int ac_at[2] = { m.ac, m.at };
		const int imp[6] = { m.vc, m.vi, m.va, m.cr, m.ir, m.ar };
		const int sub[3] = { m.sc, m.si, m.sa };
		int dist[5], depth[5], low[5];

		memcpy(lower, eq, sizeof(lower));
		lower[0]++;
		low[0] = v4_lookup_score(lower);
		memcpy(lower, eq, sizeof(lower));
		lower[1]++;
		low[1] = v4_lookup_score(lower);
		memcpy(lower, eq, sizeof(lower));
		if (eq[2] == 0 && eq[5] == 0) {
			/* Two ways down, 00 -> 01 and 00 -> 10: the higher of the two. */
			int l6, l3;

			lower[5]++;
			l6 = v4_lookup_score(lower);
			lower[5]--;
			lower[2]++;
			l3 = v4_lookup_score(lower);
			low[2] = l6 > l3 ? l6 : l3;
		} else if (eq[2] == 1 && eq[5] == 0) {
			lower[5]++;  /* 10 -> 11 */
			low[2] = v4_lookup_score(lower);
		} else if (eq[5] == 1 && eq[2] < 2) {
			lower[2]++;  /* 01 -> 11, 11 -> 21 */
			low[2] = v4_lookup_score(lower);
		} else {
			low[2] = -1; /* 21: there is no 32 */
		}
		memcpy(lower, eq, sizeof(lower));
		lower[3]++;
		low[3] = v4_lookup_score(lower);
		memcpy(lower, eq, sizeof(lower));
		lower[4]++;
		low[4] = v4_lookup_score(lower);

		dist[0] = v4_distance(&v4_max_eq1[eq[0]], av_pr_ui, 3);
		depth[0] = v4_depth_eq1[eq[0]];
		dist[1] = v4_distance(&v4_max_eq2[eq[1]], ac_at, 2);
		depth[1] = v4_depth_eq2[eq[1]];
		dist[2] = v4_distance(&v4_max_eq36[eq[2]][eq[5]], imp, 6);
		depth[2] = v4_depth_eq36[eq[2]][eq[5]];
		dist[3] = v4_distance(&v4_max_eq4[eq[3]], sub, 3);
		depth[3] = v4_depth_eq4[eq[3]];
		dist[4] = 0;
		depth[4] = 1;

		for (int i = 0; i < 5; i++) {
			if (low[i] < 0 || depth[i] <= 0)
				continue;
			reduce += (long long)(score - low[i]) * dist[i] * (V4_DEPTH_LCM / depth[i]);
			n++;
		}
	}
	x = (long long)score * V4_DEN - (n ? reduce * (V4_COUNT_LCM / n) : 0);
	if (x < 0)
		x = 0;
	if (x > 100 * V4_DEN)
		x = 100 * V4_DEN;
	return (int)((x + V4_DEN / 2) / V4_DEN);
}

/* ---- API --------------------------------------------------------------- */

int scan_sca__cvss_score(const char *vector, double *score, scan_cvss_version *version)
{
	int val[CVSS_METRICS_MAX], tenths, rc;
	char q[CVSS_QUOTE_MAX];
	const char *s = vector;
	size_t len;

	assert(vector && score);
	len = strnlen(vector, SCAN_CVSS_VECTOR_MAX + 1);
	if (len > SCAN_CVSS_VECTOR_MAX)
		return scan_util__error(SCAN_EPARSE, "cvss vector longer than %d bytes", SCAN_CVSS_VECTOR_MAX);
	while (len && is_space(*s)) {
		s++;
		len--;
	}
	while (len && is_space(s[len - 1]))
		len--;
	if (!len)
		return scan_util__error(SCAN_EPARSE, "empty cvss vector");

	if (len >= 5 && !memcmp(s, "CVSS:", 5)) {
		const char *slash = memchr(s, '/', len);
		size_t plen = slash ? (size_t)(slash - s) : len;
		const char *body = slash ? slash + 1 : s + len;
		size_t blen = len - (size_t)(body - s);
		bool v31 = plen == 8 && !memcmp(s, "CVSS:3.1", 8);

		if (v31 || (plen == 8 && !memcmp(s, "CVSS:3.0", 8))) {
			if (slash && !blen)
				return scan_util__error(SCAN_EPARSE, "cvss %s vector: empty metric (a '//' or a trailing '/')",
				                        v31 ? "3.1" : "3.0");
			rc = parse_metrics(body, blen, v3_metrics, sizeof(v3_metrics) / sizeof(v3_metrics[0]), val,
			                   v31 ? "3.1" : "3.0");
			if (rc)
				return rc;
			tenths = v3_score(val, v31);
			if (version)
				*version = SCAN_CVSS_V3;
		} else if (plen == 8 && !memcmp(s, "CVSS:4.0", 8)) {
			if (slash && !blen)
				return scan_util__error(SCAN_EPARSE, "cvss 4.0 vector: empty metric (a '//' or a trailing '/')");
			rc = parse_metrics(body, blen, v4_metrics, sizeof(v4_metrics) / sizeof(v4_metrics[0]), val, "4.0");
			if (rc)
				return rc;
			tenths = v4_score(val);
			if (version)
				*version = SCAN_CVSS_V4;
		} else {
			return scan_util__error(SCAN_EPARSE, "unsupported cvss vector prefix '%s'", quote(q, sizeof(q), s, plen));
		}
	} else {
		/* v2 has no prefix; NVD and others sometimes wrap it in parentheses. */
		if (s[0] == '(' || s[len - 1] == ')') {
			if (len < 2 || s[0] != '(' || s[len - 1] != ')')
				return scan_util__error(SCAN_EPARSE, "cvss 2.0 vector: unbalanced parentheses");
			s++;
			len -= 2;
		}
		if (!len)
			return scan_util__error(SCAN_EPARSE, "empty cvss vector");
		rc = parse_metrics(s, len, v2_metrics, sizeof(v2_metrics) / sizeof(v2_metrics[0]), val, "2.0");
		if (rc)
			return rc;
		tenths = v2_score(val);
		if (version)
			*version = SCAN_CVSS_V2;
	}
	*score = tenths / 10.0;
	return 0;
}

const char *scan_sca__cvss_severity(double score, scan_cvss_version version)
{
	int t;

	/* Written so that NaN fails too. */
	if (!(score >= 0 && score <= 10))
		return NULL;
	t = (int)floor(score * 10 + 0.5);
	switch (version) {
	case SCAN_CVSS_V2:
		return t < 40 ? "low" : t < 70 ? "medium" : "high";
	case SCAN_CVSS_V3:
	case SCAN_CVSS_V4:
		return t == 0 ? "none" : t < 40 ? "low" : t < 70 ? "medium" : t < 90 ? "high" : "critical";
	}
	return NULL;
}
