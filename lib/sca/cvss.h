/* lib/sca/cvss.h - CVSS v2, v3.0, v3.1 and v4.0 vector parsing and scoring */
#ifndef SCAN_SCA_CVSS_H
#define SCAN_SCA_CVSS_H

typedef enum { SCAN_CVSS_V2 = 2, SCAN_CVSS_V3 = 3, SCAN_CVSS_V4 = 4 } scan_cvss_version;

/*
 * Longest vector accepted, in bytes. Every metric may appear at most once, so
 * the longest well-formed vector (v4.0 with all 32 metrics, "U:Amber") is
 * 178 bytes, plus whatever blanks surround it: anything longer than this
 * limit is malformed, and refused before parsing.
 */
#define SCAN_CVSS_VECTOR_MAX 512

/*
 * Parse a CVSS vector and compute its score, 0.0 to 10.0 with one decimal.
 *
 *   "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"      v3.1, Roundup of Appendix A
 *   "CVSS:3.0/..."                                     v3.0, its own (plain ceiling) Roundup
 *   "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/..."       v4.0
 *   "AV:N/AC:L/Au:N/C:P/I:P/A:P", "(AV:N/.../A:P)"      v2
 *
 * Every base metric must be present; the others are optional. Metrics may
 * come in any order, each at most once; names and values are case-sensitive
 * as in the specifications. Whitespace around the vector is ignored.
 *
 * v2 and v3.x: the Base score. Temporal and Environmental metrics are checked
 * (name and value) but do not change the result.
 * v4.0: the score of the whole vector, as the v4.0 specification defines it:
 * Threat (E) and Environmental (CR/IR/AR, M*) metrics take part, so a vector
 * with them gets its CVSS-BT/BE/BTE score, one without them its CVSS-B
 * score. Supplemental metrics (S, AU, R, V, RE, U) are checked and ignored.
 *
 * On success *score (and *version, when not NULL) are set and 0 is returned.
 * A malformed vector (wrong or missing prefix, unknown, duplicate or missing
 * base metric, bad value, empty component, too long) returns SCAN_EPARSE with
 * a message, and leaves *score and *version as they were.
 */
int scan_sca__cvss_score(const char *vector, double *score, scan_cvss_version *version);

/*
 * The qualitative rating of a score: for v3.x and v4.0 the scale of their
 * specifications, "none" (0.0), "low" (0.1-3.9), "medium" (4.0-6.9), "high"
 * (7.0-8.9), "critical" (9.0-10.0); for v2, which defines none, NVD's bands:
 * "low" (0.0-3.9), "medium" (4.0-6.9), "high" (7.0-10.0).
 * Static storage. NULL for a score outside 0.0-10.0 (or NaN) or an unknown
 * version; a score with more decimals is rated after rounding to one.
 */
const char *scan_sca__cvss_severity(double score, scan_cvss_version version);

#endif
